"""Every byte the server sends a viewer, over HTTP, for random legal games.

Two games are built with the same secret seed and the same steps; they differ only in the
names of Bob's cards. For Alice, Bob and a spectator this collects what the server sends
them — the full page, its htmx fragment, every card sheet, the log page, the JSON view and
log, an error body, the SSE stream (from version 0, and from the version before: a message
that carries a patch), and the response headers (ETag included) — and checks:

1. no name of a card hidden from that viewer, never legitimately shown to them, and no id
   of an object outside their view, appears anywhere in those bytes;
2. Alice's bytes are identical in both games while none of Bob's cards was shown to her
   (after normalising the game id, the seat's CSRF token and the version's timestamps),
   and identical up to the names of Bob's cards afterwards.

Bounded for CI; FACEDOWN_HYPOTHESIS=long runs a long profile by hand.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import app.store.new_games as repository_module
from app.main import create_app
from app.rules.core.state import GameState
from app.rules.families import parse_action
from app.rules.riftbound.cards import RiftboundCard as RbCard
from app.rules.riftbound.setup import RiftboundSetupCard as RbSetupCard
from app.settings import Settings
from tests.conftest import LONG_RUN as LONG
from tests.rules.conformance import riftbound_kit as rift
from tests.rules.conformance.mtg_kit import (
    ALICE_NAMES,
    BOB_NAMES,
    BOB_TWINS,
    PLAYERS,
    TWIN_MAP,
    _cards,
    an_action,
)
from tests.rules.conformance.mtg_kit import (
    witness as mtg_witness,
)
from tests.web.pages_support import seat_client

EXAMPLES = 100 if LONG else 3
STEPS = 25 if LONG else 8
SEED = "harness-seed-0123456789abcdef01"

_FOLDER = tempfile.mkdtemp(prefix="facedown-leak-")
APP = create_app(
    Settings(
        database_url=f"sqlite:///{Path(_FOLDER) / 'leak.db'}",
        rate_create="off",
        rate_act="off",
    )
)
# A stream sends its catch-up at once (`changed` for v=0), then waits out its lifetime: a
# hundredth of a second is enough to collect its bytes, and each collect opens one.
APP.state.broadcaster.lifetime = 0.01
APP.state.broadcaster.poll = 0.05
APP.state.broadcaster.ping = 0.05


def _body(ruleset: str, cards) -> dict[str, Any]:
    entries = []
    for card in cards:
        entry = card.model_dump(mode="json", exclude_defaults=True)
        entry["card"] = card.card.model_dump(mode="json", exclude_defaults=True)
        entries.append(entry)
    return {"ruleset": ruleset, "players": PLAYERS, "setup": entries}


class Deck:
    """One ruleset's twin games: the setup, the action generator and the witness."""

    def __init__(self, name, setup, bob, twins, twin_map, witness, draw_action) -> None:
        self.name, self.setup, self.bob, self.twins = name, setup, bob, twins
        self.twin_map, self.witness, self.draw_action = twin_map, witness, draw_action


def _rift_setup(bob: list[str]) -> dict[str, Any]:
    fields = [
        RbSetupCard(owner="Alice", zone="battlefields", card=RbCard(name="North Field", types=("Battlefield",)), controller="Alice"),
        RbSetupCard(owner="Bob", zone="battlefields", card=RbCard(name="South Field", types=("Battlefield",)), controller="Bob"),
    ]  # fmt: skip
    return _body(
        "riftbound",
        fields + rift._cards("Alice", rift.ALICE, "bf1") + rift._cards("Bob", bob, "bf2"),
    )


DECKS = [
    Deck(
        "mtg",
        lambda bob: _body("mtg", _cards("Alice", ALICE_NAMES) + _cards("Bob", bob)),
        BOB_NAMES,
        BOB_TWINS,
        TWIN_MAP,
        mtg_witness,
        an_action,
    ),
    Deck(
        "riftbound",
        _rift_setup,
        rift.BOB,
        rift.BOB_TWINS,
        dict(zip(rift.BOB_TWINS, rift.BOB, strict=True)),
        rift.witness,
        rift.an_action,
    ),
]


class Table:
    """One game over HTTP: its tokens and a browser (cookie jar) per viewer."""

    def __init__(self, client: TestClient, body: dict[str, Any], monkeypatch) -> None:
        monkeypatch.setattr(repository_module.secrets, "token_hex", lambda n=32: SEED)
        created = client.post("/api/games", json=body)
        monkeypatch.undo()
        assert created.status_code == 201, created.text
        body = created.json()
        self.id = body["id"]
        self.judge = body["judge"]["token"]
        self.tokens = {s["player"]: s["token"] for s in body["seats"]}
        self.tokens["spectator"] = body["spectator"]["token"]
        self.browsers = {who: seat_client(APP, token) for who, token in self.tokens.items()}
        self.client = client

    def state(self) -> GameState:
        return APP.state.repository.load(self.id)

    def act(self, actor: str | None, action: dict[str, Any]) -> int:
        body = {**action, **({"as": actor} if actor else {})}
        response = self.client.post(
            f"/api/games/{self.id}/actions",
            json=body,
            headers={"Authorization": f"Bearer {self.judge}"},
        )
        return response.status_code

    def collect(self, who: str) -> str:
        """Everything the server sends `who` about the game now, with headers."""
        browser = self.browsers[who]
        bearer = {"Authorization": f"Bearer {self.tokens[who]}"}
        responses = [
            browser.get(f"/g/{self.id}"),
            browser.get(f"/g/{self.id}", headers={"HX-Request": "true"}),
            browser.get(f"/g/{self.id}/log"),
            browser.get(f"/g/{self.id}/live?v=0"),
            self.client.get(f"/api/games/{self.id}/view", headers=bearer),
            self.client.get(f"/api/games/{self.id}/log", headers=bearer),
            # An error body: the same refused request in both games.
            self.client.post(
                f"/api/games/{self.id}/actions",
                json={"type": "look", "object": "0000000000000000"},
                headers=bearer,
            ),
        ]
        view = responses[4].json()
        # The stream's own bytes are compared too: past version 0 it has told the catch-up.
        assert responses[3].status_code == 200, responses[3].text
        assert not view["version"] or f'"version": {view["version"]}' in responses[3].text
        if view["version"]:
            # A page one version behind (its region was drawn by the last collect): the
            # stream tells it what changed, with the patch in the message (app/web/live.py).
            behind = browser.get(f"/g/{self.id}/live?v={view['version'] - 1}")
            assert behind.status_code == 200, behind.text
            responses.append(behind)
        for obj in view["objects"]:
            responses.append(browser.get(f"/g/{self.id}/objects/{obj['id']}"))
        parts = []
        for r in responses:
            # Content-Length follows the (compressed) body, which is compared decoded.
            headers = {
                k: v for k, v in r.headers.items() if k.lower() not in ("date", "content-length")
            }
            parts.append(f"{r.status_code} {sorted(headers.items())}\n{r.text}")
        return "\n".join(parts)

    def normalise(self, text: str) -> str:
        text = text.replace(self.id, "GAME")
        text = text.replace(": ping\n\n", "")  # SSE keep-alives: a matter of timing
        for token in (*self.tokens.values(), self.judge):
            text = text.replace(token, "TOKEN")
        text = re.sub(r'("X-CSRF-Token": "|name="csrf" value=")[^"&]*', r"\1CSRF", text)
        text = re.sub(r"(X-CSRF-Token&#34;:\s*&#34;)[^&]*", r"\1CSRF", text)
        # The same field inside a stream message's JSON (its quotes escaped).
        text = re.sub(r'(name=\\"csrf\\" value=\\")[^"\\]*', r"\1CSRF", text)
        return text


def _as_original(text: str, twin_map: dict[str, str]) -> str:
    # Longest first: a flip half's name may extend its card's name.
    for twin in sorted(twin_map, key=len, reverse=True):
        text = text.replace(twin, twin_map[twin])
    return text


def _first_difference(a: str, b: str) -> str:
    at = next(
        (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
    )
    return f"differs at {at}:\n  game A: {a[at - 300 : at + 300]!r}\n  game B: {b[at - 300 : at + 300]!r}"


@pytest.fixture(scope="module")
def client():
    with TestClient(APP) as test_client:
        yield test_client


@pytest.mark.parametrize("deck", DECKS, ids=[d.name for d in DECKS])
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_every_channel_every_viewer_random_games(client, monkeypatch, deck: Deck, data) -> None:
    a = Table(client, deck.setup(deck.bob), monkeypatch)
    b = Table(client, deck.setup(deck.twins), monkeypatch)
    witnesses = {
        who: deck.witness(None if who == "spectator" else who)
        for who in ("Alice", "Bob", "spectator")
    }
    shown = {"Alice": False, "spectator": False}
    for step in range(STEPS + 1):
        if step:
            state = a.state()
            actor, action = data.draw(deck.draw_action(state))
            parse_action(action)
            status_a, status_b = a.act(actor, action), b.act(actor, action)
            assert status_a == status_b, "legality depends on a hidden name"
        state = a.state()
        seen = {who: a.collect(who) for who in witnesses}
        for who, witness in witnesses.items():
            witness.check_bytes(state, seen[who])
        # Bob's cards are hidden from Alice and from the spectator alike: both must get the
        # same bytes from the twin games (up to names once one was legitimately shown).
        for who in ("Alice", "spectator"):
            mine = a.normalise(seen[who])
            twin = b.normalise(b.collect(who))
            shown[who] = shown[who] or any(n in mine for n in deck.twin_map.values())
            expected = _as_original(twin, deck.twin_map) if shown[who] else twin
            assert mine == expected, f"{who}: " + _first_difference(mine, expected)
