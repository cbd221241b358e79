"""The judge's table-builder forms as the actions they post: only the fields set, every
value checked, a sheet's edit holding only what changed."""

from __future__ import annotations

import pytest

from app.web.judge_forms import (
    FormProblem,
    Placed,
    add_card_action,
    edit_action,
    parse_counters,
    set_score_action,
)
from app.web.pages.family_pages import judge_spec

MTG = judge_spec("mtg")
RIFTBOUND = judge_spec("riftbound")
PLAYERS = ["Alice", "Bob"]


def test_a_searched_card_with_defaults_is_added_by_name_on_the_battlefield():
    action = add_card_action({"card": "Exalted Angel", "owner": "Alice"}, MTG, PLAYERS)
    assert action == {
        "type": "judge_add_card",
        "card": "Exalted Angel",
        "owner": "Alice",
        "zone": "battlefield",
    }


def test_every_placement_field_reaches_the_action():
    form = {
        "card": "Exalted Angel",
        "owner": "Bob",
        "controller": "Alice",
        "zone": "battlefield",
        "face_down": "morph",
        "tapped": "1",
        "token": "1",
        "counters": "+1/+1=2, charge: 1",
    }
    action = add_card_action(form, MTG, PLAYERS)
    assert action["controller"] == "Alice" and action["face_down"] == "morph"
    assert action["tapped"] is True and action["is_token"] is True
    assert action["counters"] == {"+1/+1": 2, "charge": 1}


def test_a_library_position_is_sent_only_for_the_library():
    form = {"card": "Island", "owner": "Alice", "zone": "library", "library_position": "2"}
    assert add_card_action(form, MTG, PLAYERS)["library_position"] == 2
    form["zone"] = "hand"
    assert "library_position" not in add_card_action(form, MTG, PLAYERS)


def test_an_inline_definition_reads_the_type_line_costs_and_power():
    form = {
        "owner": "Alice",
        "def_name": "Homebrew Angel",
        "def_types": "Legendary Creature — Angel Warrior",
        "def_mana_cost": "{3}{W}",
        "def_morph": "{2}{W}{W}",
        "def_power": "4",
        "def_toughness": "-1",
        "def_text": "Flying",
    }
    card = add_card_action(form, MTG, PLAYERS)["card"]
    assert card == {
        "name": "Homebrew Angel",
        "types": ["Creature"],
        "supertypes": ["Legendary"],
        "subtypes": ["Angel", "Warrior"],
        "text": "Flying",
        "mana_cost": "{3}{W}",
        "morph": "{2}{W}{W}",
        "power": 4,
        "toughness": -1,
    }


def test_riftbound_sends_only_what_riftbound_has():
    form = {
        "card": "X",
        "owner": "Alice",
        "zone": "facedown",
        "location": "bf1",
        "face_down": "morph",
        "flipped": "1",
    }
    action = add_card_action(form, RIFTBOUND, PLAYERS)
    assert action["location"] == "bf1"
    assert "face_down" not in action and "flipped" not in action


@pytest.mark.parametrize(
    ("form", "field"),
    [
        ({"card": "Island", "owner": "Carol"}, "owner"),
        ({"card": "Island", "owner": "Alice", "controller": "Carol"}, "controller"),
        ({"owner": "Alice"}, "def_name"),
        ({"owner": "Alice", "def_name": "X", "def_power": "4a"}, "def_power"),
        ({"card": "Island", "owner": "Alice", "counters": "lots"}, "counters"),
    ],
)
def test_a_wrong_field_is_named_not_guessed(form, field):
    with pytest.raises(FormProblem) as raised:
        add_card_action(form, MTG, PLAYERS)
    assert raised.value.field == field


@pytest.mark.parametrize(
    ("zone", "placed"),
    [("hand", "battlefield"), ("stack", "stack"), ("battlefield", "battlefield")],
)
def test_702_37_a_hits_face_down_button_adds_it_by_morph_where_it_can_be_face_down(zone, placed):
    """708.2: face down is a spell's or a permanent's; the form's zone is kept when it can
    hold a face-down card, else the card goes onto the battlefield."""
    form = {"card_as": "morph Exalted Angel", "owner": "Bob", "zone": zone, "face_down": ""}
    action = add_card_action(form, MTG, PLAYERS)
    assert action == {
        "type": "judge_add_card",
        "card": "Exalted Angel",
        "owner": "Bob",
        "zone": placed,
        "face_down": "morph",
    }


def test_702_143a_a_hits_foretold_button_puts_it_in_exile_foretold_whatever_the_zone():
    form = {"card_as": "exile:foretell Saw It Coming", "owner": "Alice", "zone": "battlefield"}
    action = add_card_action({**form, "face_down": "morph", "exiled_turn": "2"}, MTG, PLAYERS)
    assert action == {
        "type": "judge_add_card",
        "card": "Saw It Coming",
        "owner": "Alice",
        "zone": "exile",
        "exiled": {"via": "foretell", "turn": 2},
    }


@pytest.mark.parametrize("value", ["sideways Exalted Angel", "morph", "exile:nowhere Island"])
def test_a_hits_way_that_is_not_the_games_is_refused_not_guessed(value):
    with pytest.raises(FormProblem) as raised:
        add_card_action({"card_as": value, "owner": "Alice"}, MTG, PLAYERS)
    assert raised.value.field == "face_down"


def test_riftbound_has_no_way_for_a_hit():
    with pytest.raises(FormProblem):
        add_card_action({"card_as": "morph Some Card", "owner": "Alice"}, RIFTBOUND, PLAYERS)


def test_counters_read_several_spellings():
    assert parse_counters("2 +1/+1; charge x 3\nage:1") == {"+1/+1": 2, "charge": 3, "age": 1}
    assert parse_counters("") == {}


PLACED = Placed(
    id="abc",
    zone="battlefield",
    controller="Alice",
    face_down_via="morph",
    counters={"+1/+1": 1},
    status={"tapped": True, "flipped": False, "attacking": False, "phased_out": False},
)
UNCHANGED = {
    "zone": "battlefield",
    "controller": "Alice",
    "face_down": "morph",
    "tapped": "1",
    "counters": "+1/+1=1",
}


def test_an_unchanged_sheet_form_moves_nothing():
    assert edit_action(UNCHANGED, MTG, PLACED) == {"type": "judge_move", "object": "abc"}


def test_a_sheet_form_sends_only_what_changed():
    form = {**UNCHANGED, "zone": "hand", "tapped": "", "face_down": "", "counters": ""}
    assert edit_action(form, MTG, PLACED) == {
        "type": "judge_move",
        "object": "abc",
        "zone": "hand",
        "face_down": None,  # turned face up
        "tapped": False,
        "counters": {"+1/+1": 0},
    }


def test_the_remove_button_removes():
    assert edit_action({"do": "remove"}, MTG, PLACED) == {"type": "judge_remove", "object": "abc"}


def test_set_life_needs_a_player_and_a_number_and_may_be_negative():
    spec = MTG.__class__(**{**MTG.__dict__, "score": ("judge_set_life", "life")})
    assert set_score_action({"player": "Bob", "amount": "-3"}, spec, PLAYERS) == {
        "type": "judge_set_life",
        "player": "Bob",
        "life": -3,
    }
    with pytest.raises(FormProblem):
        set_score_action({"player": "Bob", "amount": ""}, spec, PLAYERS)
    with pytest.raises(FormProblem):
        set_score_action({"player": "Zed", "amount": "3"}, spec, PLAYERS)


def test_208_2a_an_inline_star_power_is_kept_as_printed():
    form = {"owner": "Alice", "def_name": "Goyf-ish", "def_power": "*", "def_toughness": "1+*"}
    card = add_card_action(form, MTG, PLAYERS)["card"]
    assert (card["power"], card["toughness"]) == ("*", "1+*")
