"""Issue 16, turning up and dying, through the JSON API: what Alice, Bob, the spectator and
the judge see at each step (views and logs, raw text), for "as this is turned face up"
(708.11), toughness 0 or less (704.5f), look-back triggers (603.10a, 603.6c) and tokens made
mid-game (111.1, 707.2 / 708.2)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import api_act as act
from tests.conftest import bearer

pytestmark = pytest.mark.both_databases

VIEWERS = ("Alice", "Bob", "spectator", "judge")


def ok(client, game_id: str, token: str, body: dict[str, Any]) -> None:
    response = act(client, game_id, token, body)
    assert response.status_code == 200, response.text


def view(client, game_id: str, token: str) -> dict[str, Any]:
    response = client.get(f"/api/games/{game_id}/view", headers=bearer(token))
    assert response.status_code == 200
    return response.json()


def seen(client, game_id: str, token: str) -> str:
    """The raw view and log text a viewer gets: what must not hold a hidden name."""
    log = client.get(f"/api/games/{game_id}/log", headers=bearer(token))
    assert log.status_code == 200
    return client.get(f"/api/games/{game_id}/view", headers=bearer(token)).text + log.text


def log_text(client, game_id: str, token: str) -> str:
    return client.get(f"/api/games/{game_id}/log", headers=bearer(token)).text


def the(client, game_id: str, token: str, object_id: str) -> dict[str, Any] | None:
    return next((o for o in view(client, game_id, token)["objects"] if o["id"] == object_id), None)


def morph_hydra(client, make_game) -> tuple[str, dict[str, str], str]:
    setup = [{"owner": "Alice", "zone": "hand", "card": "Hooded Hydra"},
             {"owner": "Bob", "zone": "battlefield", "card": "Grizzly Bears"}]  # fmt: skip
    game_id, tokens = make_game(client, setup=setup)
    (hydra,) = [o["id"] for o in view(client, game_id, tokens["Alice"])["objects"]
                if o["name"] == "Hooded Hydra"]  # fmt: skip
    ok(
        client,
        game_id,
        tokens["Alice"],
        {"type": "cast_face_down", "object": hydra, "via": "morph"},
    )
    ok(client, game_id, tokens["judge"], {"type": "resolve"})
    (hydra,) = [o["id"] for o in view(client, game_id, tokens["judge"])["objects"]
                if o["name"] == "Hooded Hydra"]  # fmt: skip
    return game_id, tokens, hydra


def test_708_11_hooded_hydra_turning_up_5_5_with_five_counters(client, make_game):
    game_id, tokens, hydra = morph_hydra(client, make_game)
    # Face down: Alice and the judge know it; Bob and the spectator see a nameless 2/2.
    for who in ("Alice", "judge"):
        assert the(client, game_id, tokens[who], hydra)["name"] == "Hooded Hydra"
    for who in ("Bob", "spectator"):
        down = the(client, game_id, tokens[who], hydra)
        assert (down["name"], down["power"], down["toughness"]) == (None, 2, 2)
        assert "Hooded Hydra" not in seen(client, game_id, tokens[who])
    # Bob can't turn it up for her.
    assert act(
        client, game_id, tokens["Bob"], {"type": "turn_face_up", "object": hydra}
    ).status_code in (403, 422)
    ok(client, game_id, tokens["Alice"], {"type": "turn_face_up", "object": hydra})
    for who in VIEWERS:
        up = the(client, game_id, tokens[who], hydra)
        assert (up["name"], up["power"], up["toughness"]) == ("Hooded Hydra", 5, 5), who
        assert up["counters"] == {"+1/+1": 5} and up["state_based"] == [], who
        assert "five +1/+1 counters" in log_text(client, game_id, tokens[who]), who

    # -5/-5: toughness 0, flagged in every view and told in the log; the judge confirms.
    ok(client, game_id, tokens["judge"], {"type": "pump", "object": hydra, "power": -5,
                                          "toughness": -5})  # fmt: skip
    for who in VIEWERS:
        assert the(client, game_id, tokens[who], hydra)["state_based"] == ["704.5f"], who
    assert "704.5f" in log_text(client, game_id, tokens["judge"])
    ok(client, game_id, tokens["judge"], {"type": "state_based_actions"})
    for who in VIEWERS:
        yard = [o for o in view(client, game_id, tokens[who])["objects"]
                if o["name"] == "Hooded Hydra"]  # fmt: skip
        assert [o["zone"] for o in yard] == ["graveyard"], who
        # 603.10a: it was face up with five counters as it last existed: five Snakes.
        text = log_text(client, game_id, tokens[who])
        assert "Snake" in text and "5 +1/+1 counter" in text and "603.10a" in text, who


def test_704_5f_and_603_10a_a_face_down_hydra_at_0_toughness_dies_without_triggering(
    client, make_game
):
    game_id, tokens, hydra = morph_hydra(client, make_game)
    ok(client, game_id, tokens["judge"], {"type": "pump", "object": hydra, "power": -2,
                                          "toughness": -2})  # fmt: skip
    for who in VIEWERS:
        down = the(client, game_id, tokens[who], hydra)
        assert down["state_based"] == ["704.5f"] and down["toughness"] == 0, who
    # The flag tells nothing hidden.
    for who in ("Bob", "spectator"):
        assert "Hooded Hydra" not in seen(client, game_id, tokens[who])
    # A seat performs the state-based actions for what it controls: Bob has nothing to do.
    assert act(client, game_id, tokens["Bob"], {"type": "state_based_actions"}).status_code == 422
    ok(client, game_id, tokens["Alice"], {"type": "state_based_actions"})
    for who in VIEWERS:
        text = log_text(client, game_id, tokens[who])
        # 708.9: revealed as it leaves; 603.10a: face down, it had no dies ability.
        assert "Hooded Hydra" in text and "does not trigger" in text, who
        assert "Snake creature token for each" not in text.split("does not trigger")[-1]


def test_603_6c_a_manifested_kozilek_triggers_from_the_graveyard(client, make_game):
    setup = [{"owner": "Alice", "zone": "battlefield", "card": "Kozilek, Butcher of Truth",
              "face_down": "manifest"}]  # fmt: skip
    game_id, tokens = make_game(client, setup=setup)
    (kozilek,) = [o["id"] for o in view(client, game_id, tokens["judge"])["objects"]]
    for who in ("Bob", "spectator"):
        assert "Kozilek" not in seen(client, game_id, tokens[who])
    ok(client, game_id, tokens["Alice"], {"type": "move", "object": kozilek, "to": "graveyard"})
    for who in VIEWERS:
        text = log_text(client, game_id, tokens[who])
        assert "shuffles their graveyard into their library" in text and "603.6c" in text, who
        assert "does not trigger" not in text, who


def test_707_2_a_token_copy_of_a_face_down_creature_and_708_2_a_token_made_face_down(
    client, make_game
):
    game_id, tokens, hydra = morph_hydra(client, make_game)
    ok(client, game_id, tokens["Bob"], {"type": "create_token", "player": "Bob",
                                        "copy_of": hydra})  # fmt: skip
    (copy,) = [o["id"] for o in view(client, game_id, tokens["judge"])["objects"] if o["token"]]
    for who in VIEWERS:
        token = the(client, game_id, tokens[who], copy)
        assert (token["face_down"], token["name"], token["power"], token["toughness"]) == (
            False, None, 2, 2), who  # fmt: skip
    assert "Hooded Hydra" not in seen(client, game_id, tokens["Bob"])
    # Face up already, with nothing to turn up: refused, and the refusal names nothing.
    refused = act(client, game_id, tokens["Bob"], {"type": "turn_face_up", "object": copy})
    assert refused.status_code == 422 and "Hooded Hydra" not in refused.text

    serpent = {"name": "Secret Serpent", "types": ["Creature"], "power": 5, "toughness": 5}
    ok(client, game_id, tokens["Alice"], {"type": "create_token", "player": "Alice",
                                          "card": serpent, "face_down": True})  # fmt: skip
    (hidden,) = [o["id"] for o in view(client, game_id, tokens["judge"])["objects"]
                 if o["token"] and o["id"] != copy]  # fmt: skip
    for who in ("Alice", "judge"):
        assert the(client, game_id, tokens[who], hidden)["name"] == "Secret Serpent"
    for who in ("Bob", "spectator"):
        token = the(client, game_id, tokens[who], hidden)
        assert token["face_down"] and (token["power"], token["toughness"]) == (2, 2)
        assert "Secret Serpent" not in seen(client, game_id, tokens[who])
    ok(client, game_id, tokens["Alice"], {"type": "move", "object": hidden, "to": "exile"})
    for who in ("Bob", "spectator"):
        assert "Secret Serpent" in log_text(client, game_id, tokens[who])  # 708.9
