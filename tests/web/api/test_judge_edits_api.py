"""The judge's table edits through the JSON API (issue 15): the judge's token may send them,
a seat's may not (nor the judge acting as a seat), and what each seat reads names only what
it may see, in the view, the log and time travel (stored edits replay as they were)."""

from __future__ import annotations

import pytest

from tests.conftest import api_act as act
from tests.conftest import bearer

pytestmark = pytest.mark.both_databases

ANGEL = {"name": "Exalted Angel", "types": ["Creature"], "power": 4, "toughness": 5,
         "mana_cost": "{4}{W}{W}", "morph": "{2}{W}{W}"}  # fmt: skip


def seen(client, game_id: str, token: str, version: int | None = None) -> str:
    query = f"?version={version}" if version is not None else ""
    view = client.get(f"/api/games/{game_id}/view{query}", headers=bearer(token))
    log = client.get(f"/api/games/{game_id}/log", headers=bearer(token))
    assert view.status_code == log.status_code == 200
    return view.text + log.text


def test_the_judge_rebuilds_a_table_and_each_seat_reads_only_what_it_may(client, make_game):
    game_id, tokens = make_game(client, setup=[])
    judge = tokens["judge"]
    put = {"type": "judge_add_card", "card": ANGEL, "owner": "Alice", "face_down": "morph"}
    assert act(client, game_id, judge, put).status_code == 200
    bears = {"type": "judge_add_card", "card": "Grizzly Bearz", "owner": "Bob"}
    # A name the card data doesn't know is refused with near misses; nothing changes.
    unknown = act(client, game_id, judge, bears)
    assert unknown.status_code == 422
    assert unknown.json()["details"][0]["suggestions"] == ["Grizzly Bears"]
    bears["card"] = {"name": "Grizzly Bears", "types": ["Creature"], "power": 2, "toughness": 2}
    assert act(client, game_id, judge, bears).status_code == 200
    life = act(client, game_id, judge, {"type": "judge_set_life", "player": "Bob", "life": 13})
    assert life.status_code == 200 and life.json()["version"] == 3

    view = client.get(f"/api/games/{game_id}/view", headers=bearer(judge)).json()
    angel = next(o["id"] for o in view["objects"] if o["name"] == "Exalted Angel")
    moved = act(client, game_id, judge, {"type": "judge_move", "object": angel, "tapped": True})
    assert moved.status_code == 200

    for who in ("Bob", "spectator"):
        assert "Exalted Angel" not in seen(client, game_id, tokens[who])
    assert "It is Exalted Angel." in seen(client, game_id, tokens["Alice"])
    assert "Judge: sets Bob's life total to 13" in seen(client, game_id, tokens["Bob"])
    bob_view = client.get(f"/api/games/{game_id}/view", headers=bearer(tokens["Bob"])).json()
    assert next(p["life"] for p in bob_view["players"] if p["name"] == "Bob") == 13
    (face_down,) = [o for o in bob_view["objects"] if o["face_down"]]
    assert face_down["tapped"] and face_down["name"] is None

    # Time travel replays the stored edits: still nothing for Bob, still the same table.
    for version in range(5):
        assert "Exalted Angel" not in seen(client, game_id, tokens["Bob"], version)
    past = client.get(f"/api/games/{game_id}/view?version=1", headers=bearer(judge)).json()
    assert [o["name"] for o in past["objects"]] == ["Exalted Angel"]


@pytest.mark.parametrize("as_judge", [False, True])
def test_a_seat_cannot_edit_the_table_and_learns_nothing(client, make_game, as_judge):
    game_id, tokens = make_game(client, setup=[])
    judge = tokens["judge"]
    put = {"type": "judge_add_card", "card": ANGEL, "owner": "Bob", "zone": "hand"}
    assert act(client, game_id, judge, put).status_code == 200
    view = client.get(f"/api/games/{game_id}/view", headers=bearer(judge)).json()
    hidden = view["objects"][0]["id"]
    token, extra = (judge, {"as": "Alice"}) if as_judge else (tokens["Alice"], {})
    answers = [
        act(client, game_id, token, {**body, **extra})
        for body in (
            {"type": "judge_move", "object": hidden, "zone": "graveyard"},
            {"type": "judge_move", "object": "0123456789abcdef", "zone": "graveyard"},
            {"type": "judge_remove", "object": hidden},
            {"type": "judge_set_life", "player": "Alice", "life": 99},
            {**put, "owner": "Alice"},
        )
    ]
    assert {r.status_code for r in answers} == {403}
    assert {r.json()["message"] for r in answers} == {"Only the judge can edit the table."}
    assert all("Exalted Angel" not in r.text for r in answers)
    assert client.get(f"/api/games/{game_id}/view", headers=bearer(judge)).json()["version"] == 1


def test_the_judge_edits_a_riftbound_table_through_the_api(client, make_game):
    setup = [
        {"owner": "Alice", "zone": "battlefields", "card": "Zaun Warrens", "controller": "Alice"},
        {"owner": "Bob", "zone": "battlefields", "card": "Vilemaw's Lair", "controller": "Bob"},
    ]
    game_id, tokens = make_game(client, setup=setup, ruleset="riftbound")
    judge = tokens["judge"]
    fae = {"name": "Blastcone Fae", "types": ["Unit"], "hidden": True, "might": 2}
    put = {"type": "judge_add_card", "card": fae, "owner": "Alice", "zone": "facedown",
           "location": "Zaun Warrens"}  # fmt: skip
    assert act(client, game_id, judge, put).status_code == 200, "facedown"
    # A body Magic's model reads too (no Riftbound-only field) is applied as Riftbound's.
    monk = {"type": "judge_add_card", "card": {"name": "Ember Monk", "types": ["Unit"]},
            "owner": "Bob"}  # fmt: skip
    assert act(client, game_id, judge, monk).status_code == 200
    points = act(client, game_id, judge, {"type": "judge_set_points", "player": "Bob", "points": 5})
    assert points.status_code == 200
    refused = act(client, game_id, tokens["Bob"], {"type": "judge_set_points", "player": "Bob",
                                                   "points": 8})  # fmt: skip
    assert refused.status_code == 403

    view = client.get(f"/api/games/{game_id}/view", headers=bearer(judge)).json()
    hidden = next(o["id"] for o in view["objects"] if o["name"] == "Blastcone Fae")
    moved = act(client, game_id, judge, {"type": "judge_move", "object": hidden, "zone": "hand"})
    assert moved.status_code == 200
    for version in range(5):
        assert "Blastcone" not in seen(client, game_id, tokens["Bob"], version)
    assert "It is Blastcone Fae." in seen(client, game_id, tokens["Alice"])
    bob = client.get(f"/api/games/{game_id}/view", headers=bearer(tokens["Bob"])).json()
    assert next(p["points"] for p in bob["players"] if p["name"] == "Bob") == 5
    assert [o["name"] for o in bob["objects"] if o["zone"] == "base"] == ["Ember Monk"]
