"""A pile manifested "in a random order" (Ghastly Conscription, issue 16): two of Bob's graveyard
cards become Alice's face-down creatures. Twin games differing only in their secret seed shuffle
the pile differently; Bob's and the spectator's JSON view, log and page must be byte-identical
(random ids and tokens numbered by first appearance), while Alice, who controls them, sees which
is which (708.5)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

import app.store.new_games as repository_module
from tests.security.test_hostile_seat import numbered
from tests.security.test_leak_harness import APP
from tests.web.pages_support import seat_client

pytestmark = pytest.mark.engine

SETUP = {
    "ruleset": "mtg",
    "players": ["Alice", "Bob"],
    "setup": [
        {"owner": "Alice", "zone": "hand", "card": "Ghastly Conscription"},
        {"owner": "Bob", "zone": "graveyard", "card": "Serra Angel"},
        {"owner": "Bob", "zone": "graveyard", "card": "Grizzly Bears"},
    ],
}


class Twin:
    """One game under a chosen secret seed, Alice's pile manifested through the API."""

    def __init__(self, client: TestClient, seed: str, monkeypatch: Any) -> None:
        monkeypatch.setattr(repository_module.secrets, "token_hex", lambda n=32: seed)
        created = client.post("/api/games", json=SETUP)
        monkeypatch.undo()
        assert created.status_code == 201, created.text
        body = created.json()
        self.client = client
        self.id = body["id"]
        self.tokens = {s["player"]: s["token"] for s in body["seats"]}
        self.tokens |= {"judge": body["judge"]["token"], "spectator": body["spectator"]["token"]}
        pile = [o["id"] for o in self.view("judge")["objects"] if o["zone"] == "graveyard"]
        action = {
            "type": "manifest_cards",
            "objects": pile,
            "player": "Alice",
            "random_order": True,
        }
        proposed = self.act(
            "Alice", {"type": "propose", "action": action, "source": "Ghastly Conscription"}
        )
        assert proposed.status_code == 200, proposed.text
        (proposal,) = self.view("Bob")["proposals"]
        accepted = self.act("Bob", {"type": "accept_proposal", "proposal": proposal["id"]})
        assert accepted.status_code == 200, accepted.text

    def act(self, who: str, action: dict[str, Any]) -> Any:
        return self.client.post(
            f"/api/games/{self.id}/actions", json=action, headers=self.bearer(who)
        )

    def bearer(self, who: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[who]}"}

    def view(self, who: str) -> dict[str, Any]:
        return self.client.get(f"/api/games/{self.id}/view", headers=self.bearer(who)).json()

    def first_entered(self) -> str:
        """The card that became the first face-down permanent (the judge's view)."""
        down = [o for o in self.view("judge")["objects"] if o["zone"] == "battlefield"]
        return down[0]["name"]

    def channels(self, who: str) -> dict[str, str]:
        got = {
            "view": self.client.get(f"/api/games/{self.id}/view", headers=self.bearer(who)).text,
            "log": self.client.get(f"/api/games/{self.id}/log", headers=self.bearer(who)).text,
            "page": seat_client(APP, self.tokens[who]).get(f"/g/{self.id}").text,
        }
        secrets = [self.id, *self.tokens.values()]
        return {k: numbered(v, secrets) for k, v in got.items()}


@pytest.fixture(scope="module")
def client():
    with TestClient(APP) as test_client:
        yield test_client


def test_701_40e_708_5_a_shuffled_pile_reads_the_same_to_bob_whichever_card_went_where(
    client, monkeypatch
):
    a = Twin(client, "pile-twin-seed-00000000000000000", monkeypatch)
    b = None
    for n in range(1, 40):
        other = Twin(client, f"pile-twin-seed-{n:017d}", monkeypatch)
        if other.first_entered() != a.first_entered():
            b = other
            break
    assert b is not None, "no seed shuffled the pile the other way"
    for who in ("Bob", "spectator"):
        mine, twin = a.channels(who), b.channels(who)
        for channel in mine:
            assert mine[channel] == twin[channel], f"{who} {channel} tells the twins apart"
        assert "Serra Angel" in mine["log"]  # the pile's cards were public: it names them
    # Alice controls them: she is told which is which, so her view differs.
    alice_a, alice_b = a.channels("Alice"), b.channels("Alice")
    assert alice_a["view"] != alice_b["view"]
    first = next(o for o in a.view("Alice")["objects"] if o["zone"] == "battlefield")
    assert first["name"] == a.first_entered() and first["face_down"] is True
