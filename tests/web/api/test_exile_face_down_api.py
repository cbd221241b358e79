"""Exile face down through the JSON API: foretell (702.143, 406.3, 406.3a, 406.3b) and an
imprint (Summoner's Egg). At each step, what Alice, Bob, the spectator and the judge read;
Bob's raw JSON (view, log, errors, time travel, a ruling from his side and its fork) never
holds the foretold card's name, its text, its foretell cost or the id it had in Alice's
hand."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import api_act as act
from tests.conftest import bearer

pytestmark = pytest.mark.both_databases

SETUP = [
    {"owner": "Alice", "zone": "hand", "card": "Saw It Coming"},
    {"owner": "Alice", "zone": "hand", "card": "Grizzly Bears"},
    {"owner": "Bob", "zone": "hand", "card": "Serra Angel"},
]
SECRETS = ("Saw It Coming", "Counter target spell", "{1}{U}")
LABEL = "Foretold card (Alice), foretold on turn 1"


def raw(client, game_id: str, token: str, version: int | None = None) -> str:
    query = f"?version={version}" if version is not None else ""
    view = client.get(f"/api/games/{game_id}/view{query}", headers=bearer(token))
    log = client.get(f"/api/games/{game_id}/log", headers=bearer(token))
    assert view.status_code == log.status_code == 200
    return view.text + log.text


def exiled(client, game_id: str, token: str) -> list[dict[str, Any]]:
    view = client.get(f"/api/games/{game_id}/view", headers=bearer(token)).json()
    return [o for o in view["objects"] if o["zone"] == "exile"]


def assert_hidden_from_bob_and_the_spectator(client, game_id, tokens, hand_id: str) -> None:
    for who in ("Bob", "spectator"):
        seen = raw(client, game_id, tokens[who])
        for secret in (*SECRETS, hand_id):
            assert secret not in seen, (who, secret)


def test_702_143_a_foretold_card_is_hidden_from_bob_until_cast_at_every_step(client, make_game):
    game_id, tokens = make_game(client, setup=SETUP)
    alice, bob, judge = tokens["Alice"], tokens["Bob"], tokens["judge"]
    hand = client.get(f"/api/games/{game_id}/view", headers=bearer(alice)).json()["objects"]
    hand_id = next(o["id"] for o in hand if o["name"] == "Saw It Coming")

    # 1. Alice foretells it on her turn.
    foretold = act(client, game_id, alice, {"type": "foretell", "object": hand_id})
    assert foretold.status_code == 200, foretold.text
    assert_hidden_from_bob_and_the_spectator(client, game_id, tokens, hand_id)
    views = {who: exiled(client, game_id, tokens[who]) for who in tokens}
    card_id = views["judge"][0]["id"]
    assert card_id != hand_id  # a new object (400.7)
    for who, objects in views.items():
        (card,) = objects
        assert card["id"] == card_id and card["label"] == LABEL and card["face_down"]
        assert card["exiled"] == {"via": "foretell", "by": "Alice", "turn": 1, "look": "owner",
                                  "source": "", "seen_by_all": False}  # fmt: skip
        sees = who in ("Alice", "judge")
        assert card["name"] == ("Saw It Coming" if sees else None), who
        assert (card["card"] is not None) == sees, who
    assert views["judge"][0]["visible_to"]["players"] == ["Alice"]
    assert views["judge"][0]["visible_to"]["rules"] == ["702.143a"]
    assert "It is Saw It Coming (foretell {1}{U})." in raw(client, game_id, alice)

    # 2. Bob asks to look at it: refused, and the refusal names nothing.
    look = act(client, game_id, bob, {"type": "look", "object": card_id})
    assert look.status_code == 422 and "702.143a" in look.json()["rules"]
    assert not any(secret in look.text for secret in SECRETS)

    # 3. Alice tries to cast it the same turn: refused (702.143a), nothing changes.
    cast = {"type": "cast_from_exile", "object": card_id, "via": "foretell"}
    same_turn = act(client, game_id, alice, cast)
    assert same_turn.status_code == 422 and "702.143a" in same_turn.json()["rules"]
    assert_hidden_from_bob_and_the_spectator(client, game_id, tokens, hand_id)

    # 4. Bob's turn: Bob can't cast it (406.3b); Alice can, for its foretell cost.
    assert act(client, game_id, alice, {"type": "next_turn"}).status_code == 200
    refused = act(client, game_id, bob, cast)
    assert refused.status_code == 422 and "406.3b" in refused.json()["rules"]
    assert not any(secret in refused.text for secret in SECRETS)
    assert_hidden_from_bob_and_the_spectator(client, game_id, tokens, hand_id)
    for version in range(3):  # time travel shows Bob nothing more
        seen = raw(client, game_id, bob, version)
        assert not any(secret in seen for secret in (*SECRETS, hand_id))

    # A ruling from Bob's side, and its fork, hold nothing of it either.
    slug = client.post(
        f"/api/games/{game_id}/rulings",
        json={"viewpoint": "Bob", "title": "Bob's side"},
        headers=bearer(judge),
    ).json()["slug"]
    ruling = client.get(f"/api/rulings/{slug}")
    assert ruling.status_code == 200 and "Foretold card (Alice)" in ruling.text
    assert not any(secret in ruling.text for secret in SECRETS)
    fork = client.post(f"/api/rulings/{slug}/fork").json()
    fork_view = client.get(f"/api/games/{fork['id']}/view", headers=bearer(fork["judge"]["token"]))
    assert not any(secret in fork_view.text for secret in SECRETS)
    # From Alice's side, it is kept.
    alice_slug = client.post(
        f"/api/games/{game_id}/rulings",
        json={"viewpoint": "Alice", "title": "Alice's side"},
        headers=bearer(judge),
    ).json()["slug"]
    alice_fork = client.post(f"/api/rulings/{alice_slug}/fork").json()
    kept = client.get(
        f"/api/games/{alice_fork['id']}/view", headers=bearer(alice_fork["judge"]["token"])
    )
    assert "Saw It Coming" in kept.text

    # 5. Alice casts it: turned face up just before (406.3a), everyone sees the spell.
    done = act(client, game_id, alice, cast)
    assert done.status_code == 200, done.text
    for who in ("Alice", "Bob", "spectator", "judge"):
        view = client.get(f"/api/games/{game_id}/view", headers=bearer(tokens[who])).json()
        (spell,) = [o for o in view["objects"] if o["zone"] == "stack"]
        assert spell["name"] == "Saw It Coming" and not spell["face_down"], who
        assert not [o for o in view["objects"] if o["zone"] == "exile"]
        assert "casts Saw It Coming for its foretell cost {1}{U}" in raw(client, game_id,
                                                                          tokens[who])  # fmt: skip


def test_406_3_summoners_egg_imprint_hidden_then_turned_face_up_for_all(client, make_game):
    setup = [
        {"owner": "Alice", "zone": "battlefield", "card": "Summoner's Egg"},
        {"owner": "Alice", "zone": "hand", "card": "Serra Angel"},
    ]
    game_id, tokens = make_game(client, setup=setup)
    alice, bob = tokens["Alice"], tokens["Bob"]
    hand = client.get(f"/api/games/{game_id}/view", headers=bearer(alice)).json()["objects"]
    angel = next(o["id"] for o in hand if o["name"] == "Serra Angel")
    egg = next(o["id"] for o in hand if o["name"] == "Summoner's Egg")
    imprint = {"type": "exile_face_down", "object": angel, "look": "exiler", "via": "imprint",
               "source": "Summoner's Egg"}  # fmt: skip
    assert act(client, game_id, alice, imprint).status_code == 200
    label = "Card imprinted face down by Alice with Summoner's Egg on turn 1 (Alice's)"
    for who in ("Alice", "Bob", "spectator", "judge"):
        (card,) = exiled(client, game_id, tokens[who])
        assert card["label"] == label and card["exiled"]["via"] == "imprint"
        assert card["name"] == ("Serra Angel" if who in ("Alice", "judge") else None), who
    for who in ("Bob", "spectator"):
        seen = raw(client, game_id, tokens[who])
        assert "Serra Angel" not in seen and "Flying" not in seen and angel not in seen
    card_id = exiled(client, game_id, alice)[0]["id"]
    # Bob may neither look at it nor turn it face up.
    assert act(client, game_id, bob, {"type": "look", "object": card_id}).status_code == 422
    up = {"type": "turn_face_up_in_exile", "object": card_id}
    assert act(client, game_id, bob, up).status_code == 403
    # The Egg dies; its trigger turns the card face up for everyone, then puts it onto the
    # battlefield (a creature card).
    died = {"type": "move", "object": egg, "to": "graveyard"}
    assert act(client, game_id, alice, died).status_code == 200
    assert act(client, game_id, alice, up).status_code == 200
    for who in ("Alice", "Bob", "spectator", "judge"):
        (card,) = exiled(client, game_id, tokens[who])
        assert card["name"] == "Serra Angel" and not card["face_down"], who
    back = {"type": "return_from_exile", "object": card_id}
    assert act(client, game_id, alice, back).status_code == 200
    view = client.get(f"/api/games/{game_id}/view", headers=bearer(bob)).json()
    (permanent,) = [o for o in view["objects"] if o["name"] == "Serra Angel"]
    assert permanent["zone"] == "battlefield" and permanent["controller"] == "Alice"
