"""Riftbound through the HTTP API: seed 001's paragraphs (811.1 to 811.6.a) as a judge and
the players would meet them, each viewer reading only what it may see."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import bearer

pytestmark = pytest.mark.both_databases

BASE_SETUP: list[dict[str, Any]] = [
    {"owner": "Alice", "zone": "battlefields", "card": "Zaun Warrens", "controller": "Alice"},
    {"owner": "Bob", "zone": "battlefields", "card": "Vilemaw's Lair", "controller": "Bob"},
    {"owner": "Alice", "zone": "battlefield", "card": "Noxus Saboteur", "location": "bf1"},
    {"owner": "Bob", "zone": "battlefield", "card": "Watchful Sentry", "location": "bf2"},
    {"owner": "Alice", "zone": "runes", "card": "Chaos Rune"},
    {"owner": "Alice", "zone": "runes", "card": "Chaos Rune"},
    {"owner": "Alice", "zone": "runes", "card": "Mind Rune"},
]


class Api:
    def __init__(self, client, make_game, extra: list[dict[str, Any]]):
        self.client = client
        self.game, self.tokens = make_game(client, setup=BASE_SETUP + extra, ruleset="riftbound")

    def view(self, who: str) -> dict[str, Any]:
        return self.client.get(
            f"/api/games/{self.game}/view", headers=bearer(self.tokens[who])
        ).json()

    def text(self, who: str) -> str:
        h = bearer(self.tokens[who])
        return (
            self.client.get(f"/api/games/{self.game}/view", headers=h).text
            + self.client.get(f"/api/games/{self.game}/log", headers=h).text
        )

    def id(self, name: str) -> str:
        ids = [o["id"] for o in self.view("judge")["objects"] if o["card"]["name"] == name]
        assert len(ids) == 1, (name, ids)
        return ids[0]

    def act(self, who: str, **action: Any):
        return self.client.post(
            f"/api/games/{self.game}/actions", json=action, headers=bearer(self.tokens[who])
        )


@pytest.fixture
def api(client, make_game):
    return lambda *extra: Api(client, make_game, list(extra))


def _hand(name: str, owner: str = "Alice") -> dict[str, Any]:
    return {"owner": owner, "zone": "hand", "card": name}


def _facedown(name: str) -> dict[str, Any]:
    return {"owner": "Alice", "zone": "facedown", "card": name, "location": "Zaun Warrens"}


def test_api_811_1_hiding_a_card_without_hidden_is_refused(api):
    game = api(_hand("Ember Monk"))
    r = game.act("Alice", type="hide", object=game.id("Ember Monk"), battlefield="bf1")
    assert r.status_code == 422 and "811.1" in r.json()["rules"]


def test_api_811_1_a_a_unit_a_spell_and_a_gear_can_each_be_hidden(api):
    for name in ("Tideturner", "Hidden Blade", "Zhonya's Hourglass"):
        game = api(_hand(name))
        assert (
            game.act("Alice", type="hide", object=game.id(name), battlefield="bf1").status_code
            == 200
        )


def test_api_811_1_b_hide_refused_elsewhere_then_accepted_and_redacted(api):
    game = api(_hand("Blastcone Fae"))
    r = game.act("Alice", type="hide", object=game.id("Blastcone Fae"), battlefield="bf2")
    assert r.status_code == 422 and {"811.1.b", "107.3.c"} <= set(r.json()["rules"])
    r = game.act("Alice", type="hide", object=game.id("Blastcone Fae"), battlefield="bf1")
    assert r.status_code == 200
    assert "Blastcone Fae" in r.text  # Alice's own events carry the private part
    assert "Blastcone Fae" not in game.text("Bob") and "Blastcone Fae" not in game.text("spectator")
    assert "Facedown card at Zaun Warrens (Alice)" in game.text("Bob")


def test_api_811_1_c_hide_is_its_own_action_type(api):
    game = api(_hand("Block"))
    r = game.act("Alice", type="hide", object=game.id("Block"), battlefield="bf1")
    assert r.json()["events"][0]["kind"] == "hide"


def test_api_811_1_c_1_and_c_2_hiding_is_not_playing_and_opens_no_chain(api):
    game = api(_hand("Block"))
    r = game.act("Alice", type="hide", object=game.id("Block"), battlefield="bf1")
    assert {"811.1.c.1", "811.1.c.2"} <= set(r.json()["events"][0]["rules"])
    assert game.view("Bob")["riftbound"]["state"] == "open"


def test_api_811_1_c_3_playing_from_hidden_opens_a_chain(api):
    game = api(_facedown("Block"))
    r = game.act("Alice", type="play", object=game.id("Block"), targets=[game.id("Noxus Saboteur")])
    assert r.status_code == 200 and "811.1.c.3" in r.json()["events"][0]["rules"]
    assert game.view("Bob")["riftbound"]["state"] == "closed"


def test_api_811_1_d_a_hidden_spell_needs_a_legal_target_there(api):
    game = api(_facedown("Hidden Blade"))
    r = game.act("Alice", type="move_unit", object=game.id("Noxus Saboteur"), to="base")
    assert r.status_code == 200  # Alice leaves: she loses bf1 and the card with it
    assert "Hidden Blade" in game.text("Bob")


def test_api_811_1_d_1_hidden_unit_goes_to_its_battlefield(api):
    game = api(_facedown("Windsinger"))
    r = game.act("Alice", type="play", object=game.id("Windsinger"), to="bf2")
    assert r.status_code == 422 and "811.1.d.1" in r.json()["rules"]
    assert game.act("Alice", type="play", object=game.id("Windsinger")).status_code == 200


def test_api_811_1_d_1_a_hidden_gear_goes_there_too(api):
    game = api(_facedown("Zhonya's Hourglass"))
    r = game.act("Alice", type="play", object=game.id("Zhonya's Hourglass"))
    assert "811.1.d.1.a" in r.json()["events"][0]["rules"]


def test_api_811_1_d_2_targets_at_that_battlefield(api):
    game = api(_facedown("Blastcone Fae"))
    fae = game.id("Blastcone Fae")
    r = game.act("Alice", type="play", object=fae, targets=[game.id("Watchful Sentry")])
    assert r.status_code == 422 and r.json()["rules"] == ["811.1.d.2"]
    assert "Blastcone Fae" not in game.text("Bob")  # a refusal reveals nothing to others


def test_api_811_1_d_3_a_unit_it_makes_you_play_enters_there(api):
    game = api(_facedown("Sprite Call"))
    game.act("Alice", type="play", object=game.id("Sprite Call"))
    game.act("Bob", type="resolve")
    sprite = next(o for o in game.view("Bob")["objects"] if o["name"] == "Sprite")
    assert sprite["location"] == "bf1"


def test_api_811_2_stand_united_bonus_applies_everywhere(api):
    game = api(
        _facedown("Stand United"),
        {"owner": "Alice", "zone": "base", "card": "Ember Monk", "counters": {"buff": 1}},
    )
    game.act(
        "Alice", type="play", object=game.id("Stand United"), targets=[game.id("Noxus Saboteur")]
    )
    game.act("Alice", type="resolve")
    powers = {o["name"]: o["might"] for o in game.view("Bob")["objects"]}
    assert powers["Ember Monk"] == 6 and powers["Noxus Saboteur"] == 5


def test_api_811_3_played_from_hand_for_its_cost(api):
    game = api(_hand("Fight or Flight"))
    r = game.act(
        "Alice",
        type="play",
        object=game.id("Fight or Flight"),
        targets=[game.id("Watchful Sentry")],
    )
    assert r.status_code == 200 and "811.3" in r.json()["events"][0]["rules"]


def test_api_811_4_redundant_hidden(api):
    card = {
        "name": "Twin Fae",
        "types": ["Unit"],
        "might": 2,
        "hidden": True,
        "keywords": ["Hidden", "Hidden"],
    }
    game = api({"owner": "Alice", "zone": "hand", "card": card})
    assert (
        game.act("Alice", type="hide", object=game.id("Twin Fae"), battlefield="bf1").status_code
        == 200
    )


def test_api_811_5_and_5_a_hidden_is_a_characteristic_seen_by_its_controller(api):
    game = api(_facedown("Hidden Blade"))
    mine = next(o for o in game.view("Alice")["objects"] if o["zone"] == "facedown")
    theirs = next(o for o in game.view("Bob")["objects"] if o["zone"] == "facedown")
    assert "Hidden" in mine["abilities"] and theirs["abilities"] == []


def test_api_811_6_reaction_on_the_opponents_turn(api):
    game = api(_facedown("Block"))
    assert game.act("Alice", type="next_turn").status_code == 200
    r = game.act("Alice", type="play", object=game.id("Block"), targets=[game.id("Noxus Saboteur")])
    assert r.status_code == 200 and "811.6" in r.json()["events"][0]["rules"]


def test_api_811_6_a_only_the_controller_sees_it_the_judge_sees_who(api):
    game = api(_facedown("Consult the Past"))
    assert "Consult the Past" not in game.text("Bob")
    judge = next(o for o in game.view("judge")["objects"] if o["zone"] == "facedown")
    assert judge["visible_to"]["players"] == ["Alice"] and judge["visible_to"]["rules"] == [
        "811.6.a"
    ]
    r = game.act("Bob", type="play", object=game.id("Consult the Past"))
    assert r.status_code in (403, 422) and "Consult the Past" not in r.text


def test_api_options_offer_hide_and_riftbound_actions_to_a_seat(client, make_game, api):
    game = api(_hand("Block"))
    r = client.get(f"/api/games/{game.game}/view", headers=bearer(game.tokens["Alice"]))
    assert (
        r.status_code == 200 and r.json()["riftbound"]["battlefields"][0]["controller"] == "Alice"
    )
