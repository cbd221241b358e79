"""Proposals over HTTP (issue 25, findings 1 and 2): every channel a seat or a spectator reads
— the page, its fragment, the log page, every card sheet, the JSON view and log — names a
proposal's source only as every viewer may know it, and shows who has accepted so far."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.security.test_leak_harness import APP
from tests.web.pages_support import HTMX, buttons, seat_client

SECRET = ("Serra Angel", "Ange de Serra")


class Game:
    def __init__(self, client: TestClient, players: list[str], setup: list[dict[str, Any]]):
        created = client.post(
            "/api/games", json={"ruleset": "mtg", "players": players, "setup": setup}
        )
        assert created.status_code == 201, created.text
        body = created.json()
        self.client, self.id = client, body["id"]
        self.tokens = {s["player"]: s["token"] for s in body["seats"]}
        self.tokens["spectator"] = body["spectator"]["token"]
        self.tokens["judge"] = body["judge"]["token"]
        self.browsers = {who: seat_client(APP, t) for who, t in self.tokens.items()}

    def bearer(self, who: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[who]}"}

    def act(self, who: str, action: dict[str, Any]) -> Any:
        response = self.client.post(
            f"/api/games/{self.id}/actions", json=action, headers=self.bearer(who)
        )
        assert response.status_code == 200, response.text
        return response

    def view(self, who: str) -> dict[str, Any]:
        return self.client.get(f"/api/games/{self.id}/view", headers=self.bearer(who)).json()

    def everything(self, who: str) -> str:
        """Every channel `who` reads about the game now."""
        browser = self.browsers[who]
        view = self.view(who)
        parts = [
            browser.get(f"/g/{self.id}").text,
            browser.get(f"/g/{self.id}", headers=HTMX).text,
            browser.get(f"/g/{self.id}/log").text,
            json.dumps(view),
            self.client.get(f"/api/games/{self.id}/log", headers=self.bearer(who)).text,
        ]
        parts += [browser.get(f"/g/{self.id}/objects/{o['id']}").text for o in view["objects"]]
        return "\n".join(parts)


@pytest.fixture(scope="module")
def client():
    with TestClient(APP) as test_client:
        yield test_client


def test_25_1_708_5_bobs_manifested_card_alice_controls_never_names_a_proposal(client):
    game = Game(
        client,
        ["Alice", "Bob"],
        [
            {"owner": "Alice", "zone": "battlefield", "card": "Thieving Amalgam"},
            {"owner": "Alice", "zone": "battlefield", "card": "Grizzly Bears"},
            {"owner": "Bob", "zone": "library", "card": "Serra Angel"},
            {"owner": "Bob", "zone": "library", "card": "Island"},
        ],
    )
    game.act("judge", {"type": "manifest", "player": "Alice", "from_player": "Bob"})
    objects = game.view("Bob")["objects"]
    manifested = next(o["id"] for o in objects if o.get("face_down"))
    bears = next(o["id"] for o in objects if o["name"] == "Grizzly Bears")
    game.act(
        "Bob",
        {
            "type": "propose",
            "action": {"type": "tap", "object": bears},
            "source_object": manifested,
        },
    )
    for who in ("Bob", "spectator"):
        seen = game.everything(who)
        assert "Face-down 2/2" in seen, who
        assert not any(name in seen for name in SECRET), who
    proposal = game.view("Alice")["proposals"][0]
    assert not any(name in proposal["text"] + proposal["text_fr"] for name in SECRET)
    game.act("Alice", {"type": "accept_proposal", "proposal": proposal["id"]})
    for who in ("Bob", "spectator"):
        assert not any(name in game.everything(who) for name in SECRET), who


def test_25_2_pages_show_who_has_accepted_and_only_the_missing_word_is_asked(client):
    game = Game(
        client,
        ["Alice", "Bob", "Carol"],
        [
            {"owner": "Alice", "zone": "battlefield", "card": "Grizzly Bears"},
            {"owner": "Carol", "zone": "battlefield", "card": "Llanowar Elves"},
        ],
    )
    ids = {o["name"]: o["id"] for o in game.view("judge")["objects"]}
    both = [ids["Grizzly Bears"], ids["Llanowar Elves"]]
    game.act(
        "Bob",
        {"type": "propose", "action": {"type": "turn_face_down", "objects": both, "via": "effect"}},
    )
    proposal_id = game.view("Alice")["proposals"][0]["id"]
    game.act("Alice", {"type": "accept_proposal", "proposal": proposal_id})
    for who in ("Alice", "Bob", "Carol", "spectator", "judge"):
        shown = game.view(who)["proposals"][0]
        assert (shown["accepted"], shown["waiting"]) == (["Alice"], ["Carol"]), who
        page = game.browsers[who].get(f"/g/{game.id}").text
        assert "Accepted so far by Alice" in page, who
    french = game.browsers["spectator"].get(f"/g/{game.id}", headers={"Accept-Language": "fr"})
    assert "Acceptée pour l&#39;instant par Alice" in french.text
    offered = {
        who: {b["type"] for b in buttons(game.browsers[who].get(f"/g/{game.id}").text)}
        for who in ("Alice", "Carol")
    }
    assert "accept_proposal" not in offered["Alice"] and "accept_proposal" in offered["Carol"]
    # Nothing applied yet: both creatures are face up to everyone.
    names = {o["name"] for o in game.view("spectator")["objects"]}
    assert {"Grizzly Bears", "Llanowar Elves"} <= names
    game.act("Carol", {"type": "accept_proposal", "proposal": proposal_id})
    assert game.view("spectator")["proposals"] == []
    assert all(o.get("face_down") for o in game.view("judge")["objects"])
