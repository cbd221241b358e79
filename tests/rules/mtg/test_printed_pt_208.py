"""208.2a / 604.3: a "*" power or toughness is defined by an ability. The card model keeps it as
printed ("*", "1+*"), counters and pumps show after it, and a rule that needs the number
says it is unknown instead of reading 0."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from app.rules.mtg.cards import FlipFace, MtgCard
from app.rules.mtg.printed_pt import with_modifiers
from app.rules.mtg.state import Zone
from tests.rules.mtg.table import Table

TARMOGOYF = {
    "name": "Tarmogoyf",
    "types": ["Creature"],
    "subtypes": ["Lhurgoyf"],
    "mana_cost": "{1}{G}",
    "power": "*",
    "toughness": "1+*",
    "text": "Tarmogoyf's power is equal to the number of card types among cards in all "
    "graveyards and its toughness is equal to that number plus 1.",
}


def test_208_2a_a_star_value_is_kept_as_printed_and_a_number_stays_a_number():
    goyf = MtgCard.model_validate(TARMOGOYF)
    assert (goyf.power, goyf.toughness) == ("*", "1+*")
    bears = MtgCard.model_validate({"name": "Bears", "power": "2", "toughness": 2})
    assert (bears.power, bears.toughness) == (2, 2)
    flip = FlipFace(name="Half", power="*", toughness="-1")
    assert (flip.power, flip.toughness) == ("*", -1)
    odd = MtgCard.model_validate({"name": "Odd", "power": "∞", "toughness": "*²"})
    assert (odd.power, odd.toughness) == ("∞", "*²")


@pytest.mark.parametrize("bad", ["", "1 + *", "big", "*********", "+"])
def test_208_2a_a_star_value_is_one_short_printed_word(bad):
    with pytest.raises(ValidationError):
        MtgCard.model_validate({**TARMOGOYF, "power": bad})


def test_613_4c_modifiers_add_to_a_number_and_show_after_a_star():
    assert with_modifiers(2, 1) == 3
    assert with_modifiers("*", 2) == "*+2"
    assert with_modifiers("1+*", -1) == "1+*-1"
    assert with_modifiers("*", 0) == "*"


def test_208_2a_a_counter_on_a_star_creature_shows_as_printed_plus_the_counter():
    game = Table().battlefield("Alice", TARMOGOYF).start()
    goyf = game.id("Tarmogoyf")
    game.do("Alice", type="add_counter", object=goyf, counter="+1/+1")
    seen = game.obj_view("Bob", goyf)
    assert (seen.power, seen.toughness) == ("*+1", "1+*+1")
    assert (seen.card.power, seen.card.toughness) == ("*", "1+*")


def test_604_3_face_down_a_star_creature_is_a_plain_2_2():
    game = Table().battlefield("Alice", {**TARMOGOYF, "morph": "{G}"}, face_down="morph").start()
    seen = game.obj_view("Bob", game.id("Tarmogoyf"))
    assert (seen.power, seen.toughness) == (2, 2)


def _mosswort(*creatures):
    table = Table()
    for creature in creatures:
        table.battlefield("Alice", creature)
    table.hand("Alice", "Mosswort Bridge").library("Alice", "Serra Angel", "Forest")
    game = table.start()
    game.do("Alice", type="play_land", object=game.id("Mosswort Bridge"))
    game.do("Alice", type="hideaway_exile", object=game.id("Serra Angel", Zone.LIBRARY))
    land = game.id("Mosswort Bridge", Zone.BATTLEFIELD)
    game.do(None, type="untap", object=land)
    return game, land


def test_208_2a_a_total_power_condition_with_a_star_creature_must_be_stated_not_read_as_0():
    game, land = _mosswort(TARMOGOYF, "Serra Angel")
    err = game.refused("Alice", type="hideaway_play", source=land)
    assert "208.2a" in err.rules and "condition_met" in err.message_en
    game.do("Alice", type="hideaway_play", source=land, condition_met=True)
    game.do(None, type="resolve")
    ability = game.state.abilities[0]
    game.do("Alice", type="hideaway_accept", ability=ability.id)  # her "may" (608.2d)
    assert game.find("Serra Angel", Zone.STACK).controller == "Alice"


def test_208_2a_a_stated_false_keeps_the_card_hidden():
    game, land = _mosswort(TARMOGOYF)
    game.do("Alice", type="hideaway_play", source=land, condition_met=False)
    game.do(None, type="resolve")
    assert game.find("Serra Angel", Zone.EXILE).face_down
    assert "condition is not met" in game.last_text("Bob")


def test_208_2a_without_a_star_creature_the_total_power_is_counted():
    game, land = _mosswort("Serra Angel")
    game.do("Alice", type="hideaway_play", source=land)
    game.do(None, type="resolve")
    assert game.find("Serra Angel", Zone.EXILE).face_down
