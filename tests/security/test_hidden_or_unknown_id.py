"""Issue 25, finding 3: a hidden id and a never-issued id get one answer, on every route.

Bob sends each request twice: once naming the id of a card in Alice's hand or library (hidden
from him: 402.3, 401.2), once naming an id the game never issued. Every route that takes an
object id — the JSON actions, the page's act form (plain and htmx), proposals (the object it
acts on and the card that does it), the card sheet, the hideaway choice and the judge's forms
— must answer both with the same status, headers and body: only the id itself, where a
validation error echoes what was sent, may differ. Otherwise a hostile seat can probe which
ids exist, and so follow a card it may not see (SECURITY.md, "Error messages")."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.rules.families import ACTION_MODELS, ACTION_TYPES
from app.rules.mtg.candidates import PROPOSABLE
from tests.security.test_leak_harness import APP
from tests.web.pages_support import HTMX, SAME_ORIGIN, csrf_of, seat_client

SETUP = [
    {"owner": "Alice", "zone": "hand", "card": "Serra Angel"},
    {"owner": "Alice", "zone": "library", "card": "Exalted Angel"},
    {"owner": "Alice", "zone": "battlefield", "card": "Grizzly Bears"},
    {"owner": "Bob", "zone": "battlefield", "card": "Llanowar Elves"},
    {"owner": "Bob", "zone": "hand", "card": "Lightning Bolt"},
]
NEVER_ISSUED = "5c0ffee15bad1dea"
_SCHEMAS = {
    m.model_fields["type"].annotation.__args__[0]: m.model_json_schema()  # type: ignore[union-attr]
    for m in ACTION_MODELS
}
# Header values that differ per request by design.
_VARYING = ("date", "content-length", "x-request-id")


class Game:
    def __init__(self, client: TestClient) -> None:
        created = client.post(
            "/api/games", json={"ruleset": "mtg", "players": ["Alice", "Bob"], "setup": SETUP}
        )
        assert created.status_code == 201, created.text
        body = created.json()
        self.id = body["id"]
        self.judge = {"Authorization": f"Bearer {body['judge']['token']}"}
        tokens = {s["player"]: s["token"] for s in body["seats"]}
        self.bob = {"Authorization": f"Bearer {tokens['Bob']}"}
        self.browser = seat_client(APP, tokens["Bob"])
        self.client = client
        objects = client.get(f"/api/games/{self.id}/view", headers=self.judge).json()["objects"]
        self.ids = {o["name"]: o["id"] for o in objects}
        self.hidden = [self.ids["Serra Angel"], self.ids["Exalted Angel"]]
        assert NEVER_ISSUED not in self.ids.values()
        self.page = self.browser.get(f"/g/{self.id}").text
        self.version = client.get(f"/api/games/{self.id}/view", headers=self.bob).json()["version"]

    def api(self, action: dict[str, Any]) -> Any:
        return self.client.post(f"/api/games/{self.id}/actions", json=action, headers=self.bob)

    def form(self, path: str, data: dict[str, str], htmx: bool = True) -> Any:
        headers = {**SAME_ORIGIN, **(HTMX if htmx else {})}
        if htmx:
            headers["X-CSRF-Token"] = csrf_of(self.page)
        else:
            data = {**data, "csrf": csrf_of(self.page)}
        return self.browser.post(f"/g/{self.id}{path}", data=data, headers=headers)

    def act_form(self, action: dict[str, Any], htmx: bool = True) -> Any:
        data = {"action": json.dumps(action), "expected_version": str(self.version)}
        return self.form("/act", data, htmx)


def answer(response: Any, sent: str) -> str:
    """Status, headers and body, with the id that was sent read as ID."""
    headers = sorted((k, v) for k, v in response.headers.items() if k.lower() not in _VARYING)
    return f"{response.status_code} {headers}\n{response.text}".replace(sent, "ID")


def _filler(schema: dict[str, Any], name: str, the_id: str) -> Any:
    """A value for one field: the id under test for an object id, else a plausible value."""
    if "anyOf" in schema:
        options = [s for s in schema["anyOf"] if s.get("type") != "null"]
        return _filler(options[0], name, the_id)
    if "enum" in schema:
        return schema["enum"][0]
    if "const" in schema:
        return schema["const"]
    kind = schema.get("type")
    if kind == "array":
        return [_filler(schema["items"], name, the_id)]
    if kind == "integer":
        return schema.get("minimum", 1)
    if kind == "boolean":
        return False
    if kind == "object":
        return {}
    if schema.get("maxLength") == 64:
        return the_id
    return "Alice" if name in ("player", "from_player", "by") else "x"


def action_with(kind: str, the_id: str) -> dict[str, Any]:
    schema = _SCHEMAS[kind]
    action: dict[str, Any] = {"type": kind}
    for name in schema.get("required", ()):
        if name != "type":
            action[name] = _filler(schema["properties"][name], name, the_id)
    # The optional id fields too (a copy's source, a turn face down's objects).
    for name, prop in schema.get("properties", {}).items():
        if name not in action and "64" in json.dumps(prop):
            action[name] = _filler(prop, name, the_id)
    return action


def _id_fields(kind: str) -> bool:
    return '"maxLength": 64' in json.dumps(_SCHEMAS[kind].get("properties", {}))


ID_TYPES = sorted(k for k in ACTION_TYPES if _id_fields(k) and k != "propose")
PROPOSED = sorted(k for k in PROPOSABLE if k in _SCHEMAS and _id_fields(k))


@pytest.fixture(scope="module")
def game():
    with TestClient(APP) as client:
        yield Game(client)


def _twins(game: Game, send) -> None:
    for hidden in game.hidden:
        mine, never = send(hidden), send(NEVER_ISSUED)
        assert answer(mine, hidden) == answer(never, NEVER_ISSUED)
        # Nothing happened: the game is at the same version.
        view = game.client.get(f"/api/games/{game.id}/view", headers=game.bob).json()
        assert view["version"] == game.version


@pytest.mark.parametrize("kind", ID_TYPES)
def test_25_3_every_action_answers_a_hidden_id_like_a_never_issued_one(game, kind):
    _twins(game, lambda the_id: game.api(action_with(kind, the_id)))
    _twins(game, lambda the_id: game.act_form(action_with(kind, the_id)))


@pytest.mark.parametrize("kind", PROPOSED)
def test_25_3_a_proposal_on_a_hidden_id_answers_like_one_on_a_never_issued_id(game, kind):
    def propose(the_id: str) -> dict[str, Any]:
        return {"type": "propose", "action": action_with(kind, the_id)}

    _twins(game, lambda the_id: game.api(propose(the_id)))
    _twins(game, lambda the_id: game.act_form(propose(the_id), htmx=False))


def test_25_3_a_hidden_source_object_answers_like_a_never_issued_one(game):
    bears = game.ids["Grizzly Bears"]

    def propose(the_id: str) -> dict[str, Any]:
        return {
            "type": "propose",
            "action": {"type": "tap", "object": bears},
            "source_object": the_id,
        }

    _twins(game, lambda the_id: game.api(propose(the_id)))
    _twins(game, lambda the_id: game.act_form(propose(the_id)))


def test_25_3_answering_a_proposal_by_a_hidden_object_id_answers_like_a_never_issued_id(game):
    for kind in ("accept_proposal", "refuse_proposal"):
        _twins(game, lambda the_id, kind=kind: game.api({"type": kind, "proposal": the_id}))


def test_25_3_the_card_sheet_of_a_hidden_id_is_the_sheet_of_a_never_issued_one(game):
    for headers in ({}, HTMX):
        _twins(
            game,
            lambda the_id, headers=headers: game.browser.get(
                f"/g/{game.id}/objects/{the_id}", headers=headers
            ),
        )


def test_25_3_the_hideaway_choice_and_the_judges_forms_answer_both_ids_alike(game):
    _twins(
        game,
        lambda the_id: game.form(
            "/choice", {"action": json.dumps({"type": "hideaway_exile", "object": the_id})}
        ),
    )
    for path in ("/judge/edit", "/judge/add", "/judge/search"):
        _twins(game, lambda the_id, path=path: game.form(path, {"object": the_id, "zone": "hand"}))


def test_25_3_the_ids_under_test_are_really_hidden_from_bob(game):
    """The twins compare something: Bob's own view has neither hidden id."""
    seen = json.dumps(game.client.get(f"/api/games/{game.id}/view", headers=game.bob).json())
    page = game.browser.get(f"/g/{game.id}").text
    for hidden in game.hidden:
        assert hidden not in seen and hidden not in page
    assert re.fullmatch(r"[0-9a-f]{16}", NEVER_ISSUED) and re.fullmatch(
        r"[0-9a-f]{16}", game.hidden[0]
    )
