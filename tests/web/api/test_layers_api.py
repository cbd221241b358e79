"""Characteristics through the layers and what face up means, through the JSON API: what
Alice, Bob, the spectator and the judge read at each step (issue 16). Ixidron's computed P/T
(604.3), an effect taking a face-down creature's morph cost away (702.37e), Unable to Scream
on a manifested card (701.40b, can't be turned face up), counters of any kind (122.1)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.conftest import bearer
from tests.rules.mtg.test_layers_613 import SCREAM

pytestmark = pytest.mark.both_databases

VIEWERS = ("Alice", "Bob", "spectator", "judge")


class Api:
    def __init__(self, client, game_id: str, tokens: dict[str, str]):
        self.client, self.game_id, self.tokens = client, game_id, tokens

    def act(self, who: str, body: dict[str, Any]):
        return self.client.post(
            f"/api/games/{self.game_id}/actions", headers=bearer(self.tokens[who]), json=body
        )

    def ok(self, who: str, body: dict[str, Any]) -> None:
        response = self.act(who, body)
        assert response.status_code == 200, response.text

    def raw(self, who: str) -> str:
        """The view and the log as `who` reads them, as raw JSON text."""
        headers = bearer(self.tokens[who])
        view = self.client.get(f"/api/games/{self.game_id}/view", headers=headers)
        log = self.client.get(f"/api/games/{self.game_id}/log", headers=headers)
        assert view.status_code == log.status_code == 200
        return view.text + log.text

    def view(self, who: str) -> dict[str, Any]:
        headers = bearer(self.tokens[who])
        return self.client.get(f"/api/games/{self.game_id}/view", headers=headers).json()

    def seen(self, who: str, object_id: str) -> dict[str, Any]:
        return next(o for o in self.view(who)["objects"] if o["id"] == object_id)

    def id_of(self, name: str) -> str:
        (found,) = [o["id"] for o in self.view("judge")["objects"] if o["name"] == name]
        return found

    def pt(self, object_id: str) -> dict[str, tuple[Any, Any]]:
        """Each viewer's power and toughness of one object."""
        return {
            who: (self.seen(who, object_id)["power"], self.seen(who, object_id)["toughness"])
            for who in VIEWERS
        }


def api_game(client, make_game, setup: list[dict[str, Any]]) -> Api:
    game_id, tokens = make_game(client, setup=setup)
    return Api(client, game_id, tokens)


def test_604_3_ixidrons_pt_in_every_view(client, make_game):
    api = api_game(
        client,
        make_game,
        [
            {"owner": "Alice", "zone": "battlefield", "card": "Ixidron"},
            {"owner": "Bob", "zone": "battlefield", "card": "Exalted Angel"},
            {"owner": "Alice", "zone": "battlefield", "card": "Grizzly Bears"},
        ],
    )
    ixidron = api.id_of("Ixidron")
    assert api.pt(ixidron) == dict.fromkeys(VIEWERS, (0, 0))
    # Ixidron's "as it enters": the judge turns the other two face down.
    api.ok("judge", {"type": "turn_face_down", "via": "ixidron", "source": ixidron})
    assert api.pt(ixidron) == dict.fromkeys(VIEWERS, (2, 2))
    angel, bears = api.id_of("Exalted Angel"), api.id_of("Grizzly Bears")
    for who in VIEWERS:
        assert api.seen(who, angel)["power"] == api.seen(who, bears)["power"] == 2
    # Each face-down card's name reaches only its controller (and the judge) from now on.
    assert api.seen("Alice", angel)["name"] is None and api.seen("Bob", bears)["name"] is None
    assert api.seen("spectator", angel)["name"] is None
    assert api.seen("spectator", bears)["name"] is None
    # One turns face up: every view counts one fewer.
    api.ok("Bob", {"type": "turn_face_up", "object": angel, "via": "morph"})
    assert api.pt(ixidron) == dict.fromkeys(VIEWERS, (1, 1))
    assert api.seen("Alice", angel)["name"] == "Exalted Angel"
    # (Bob's log names it: it was face up when turned down. His view no longer does.)
    assert "Grizzly Bears" not in json.dumps(api.view("Bob"))
    # Counters apply on top of the defined value (613.4c).
    api.ok("Alice", {"type": "add_counter", "object": ixidron, "counter": "+1/+1"})
    assert api.pt(ixidron) == dict.fromkeys(VIEWERS, (2, 2))


def test_708_2_a_face_down_ixidron_is_a_2_2_in_every_view(client, make_game):
    api = api_game(
        client,
        make_game,
        [
            {"owner": "Alice", "zone": "battlefield", "card": "Ixidron", "face_down": "effect"},
            {"owner": "Bob", "zone": "battlefield", "card": "Exalted Angel",
             "face_down": "morph"},
        ],
    )  # fmt: skip
    ixidron = next(o["id"] for o in api.view("Alice")["objects"] if o["name"] == "Ixidron")
    assert api.pt(ixidron) == dict.fromkeys(VIEWERS, (2, 2))
    for who in ("Bob", "spectator"):
        assert "Ixidron" not in api.raw(who)


def test_702_37e_losing_all_abilities_takes_the_morph_way_up_told_to_its_controller_only(
    client, make_game
):
    api = api_game(
        client,
        make_game,
        [{"owner": "Bob", "zone": "battlefield", "card": "Exalted Angel", "face_down": "morph"}],
    )
    angel = api.id_of("Exalted Angel")
    effect = {"type": "apply_effect", "object": angel, "source": "Humble",
              "loses_all_abilities": True}  # fmt: skip
    # Alice's effect on Bob's permanent must be proposed.
    refused = api.act("Alice", effect)
    assert refused.status_code == 403, refused.text
    api.ok("Alice", {"type": "propose", "action": effect})
    proposal = api.view("Bob")["proposals"][0]["id"]
    api.ok("Bob", {"type": "accept_proposal", "proposal": proposal})
    for who in VIEWERS:
        seen = api.seen(who, angel)
        assert (seen["face_down"], seen["power"], seen["abilities"]) == (True, 2, [])
    assert "loses all abilities" in api.raw("Alice") and "Humble" in api.raw("spectator")
    # The refusal names the card to Bob, who may see it; nothing reaches anyone else.
    answer = api.act("Bob", {"type": "turn_face_up", "object": angel, "via": "morph"})
    assert answer.status_code in (403, 409, 422), answer.text
    body = answer.json()
    assert "Exalted Angel" in body["message"] and "702.37e" in str(body)
    # Alice may not even try: refused before anything about the card is said.
    theirs = api.act("Alice", {"type": "turn_face_up", "object": angel, "via": "morph"})
    assert theirs.status_code in (403, 409, 422) and "Exalted Angel" not in theirs.text
    for who in ("Alice", "spectator"):
        assert "Exalted Angel" not in api.raw(who)
    assert api.seen("judge", angel)["face_down"]


def test_701_40b_unable_to_scream_on_a_manifested_card_in_every_view(client, make_game):
    api = api_game(
        client,
        make_game,
        [
            {"owner": "Alice", "zone": "library", "card": "Grizzly Bears"},
            {"owner": "Alice", "zone": "library", "card": "Exalted Angel"},
        ],
    )
    api.ok("Alice", {"type": "manifest", "player": "Alice"})
    bears = next(o["id"] for o in api.view("Alice")["objects"] if o["name"] == "Grizzly Bears")
    api.ok("Bob", {"type": "propose", "action": {**SCREAM, "object": bears}})
    api.ok(
        "Alice", {"type": "accept_proposal", "proposal": api.view("Alice")["proposals"][0]["id"]}
    )
    for who in VIEWERS:
        seen = api.seen(who, bears)
        assert (seen["power"], seen["toughness"]) == (0, 2)
        assert seen["types"] == ["Creature", "Artifact"] and seen["subtypes"] == ["Toy"]
        assert seen["face_down"] and seen["text"] == ""
    answer = api.act("Alice", {"type": "turn_face_up", "object": bears, "via": "mana_cost"})
    assert answer.status_code in (403, 409, 422), answer.text
    assert "Unable to Scream" in answer.text and "Grizzly Bears" in answer.text
    for who in ("Bob", "spectator"):
        assert "Grizzly Bears" not in api.raw(who)
    # Without "can't be turned face up", losing its abilities leaves 701.40b's way up.
    api.ok("Alice", {"type": "manifest", "player": "Alice"})
    angel = next(o["id"] for o in api.view("Alice")["objects"] if o["name"] == "Exalted Angel")
    api.ok("Alice", {"type": "apply_effect", "object": angel, "loses_all_abilities": True})
    api.ok("Alice", {"type": "turn_face_up", "object": angel, "via": "mana_cost"})
    for who in VIEWERS:
        seen = api.seen(who, angel)
        assert (seen["name"], seen["power"], seen["text"]) == ("Exalted Angel", 4, "")


def test_122_1_a_named_counter_shows_in_every_view(client, make_game):
    api = api_game(
        client,
        make_game,
        [{"owner": "Bob", "zone": "battlefield", "card": "Exalted Angel", "face_down": "morph"}],
    )
    angel = api.id_of("Exalted Angel")
    api.ok("Bob", {"type": "add_counter", "object": angel, "counter": "stun", "amount": 2})
    api.ok("Bob", {"type": "add_counter", "object": angel, "counter": "+1/+1"})
    for who in VIEWERS:
        seen = api.seen(who, angel)
        assert seen["counters"] == {"+1/+1": 1, "stun": 2}
        assert (seen["power"], seen["toughness"]) == (3, 3)
    assert "stun" in api.raw("spectator") and "Exalted Angel" not in api.raw("Alice")
    bad = api.act("Bob", {"type": "add_counter", "object": angel, "counter": "<b>x</b>"})
    assert bad.status_code == 422
