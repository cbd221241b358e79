"""Seed 003 (French CR 709, today 710): flip cards, one test per paragraph, named after it.

Akki Lavarunner (Akki coureur des laves) is a nonlegendary 1/1 that flips into Tok-Tok,
Volcano Born (Tok-Tok, né du volcan), a legendary 2/2.
"""

from __future__ import annotations

import pytest

from app.catalog import load_catalog
from app.rules.mtg.state import Zone
from app.rules.redact import numbers_for_ruleset
from tests.rules.mtg.flip_queries import (
    has_name,
    is_legendary,
    legendary_creature_bonus,
    matches_name,
    name_card,
    objects_named,
    search_library,
)
from tests.rules.mtg.table import Table

AKKI = "Akki Lavarunner"
TOKTOK = "Tok-Tok, Volcano Born"


def akki_in_play(**extra):
    return Table().battlefield("Alice", AKKI, **extra).hand("Alice", "Grizzly Bears").start()


def flipped_akki():
    game = akki_in_play()
    game.do("Alice", type="flip", object=game.id(AKKI))
    return game


# --- 709.1 / 710.1 -------------------------------------------------------------------


def test_709_1_a_flip_card_is_one_card_with_both_halves_printed():
    game = Table().hand("Alice", AKKI).start()
    (seen,) = [o for o in game.view("Alice").objects if o.zone == "hand"]
    assert seen.card is not None and seen.card.flip is not None
    assert seen.card.name == AKKI and seen.card.flip.name == TOKTOK
    assert seen.card.flip.name_fr == "Tok-Tok, né du volcan"


def test_709_1a_top_half_gives_the_normal_name_text_type_line_and_power():
    game = akki_in_play()
    akki = game.obj_view("Bob", game.id(AKKI))
    assert (akki.name, akki.name_fr) == (AKKI, "Akki coureur des laves")
    assert (akki.power, akki.toughness) == (1, 1)
    assert akki.subtypes == ["Goblin", "Warrior"] and akki.supertypes == []
    assert "flip it" in akki.text and akki.flipped is False


def test_709_1b_bottom_half_applies_only_on_the_battlefield_once_flipped():
    game = Table().hand("Alice", AKKI).battlefield("Alice", AKKI).start()
    in_hand = game.find(AKKI, Zone.HAND)
    err = game.refused("Alice", type="flip", object=in_hand.id)
    assert "709.1b" in err.rules
    game.do("Alice", type="flip", object=game.id(AKKI, Zone.BATTLEFIELD))
    tok = game.obj_view("Bob", game.id(AKKI, Zone.BATTLEFIELD))
    assert (tok.name, tok.power, tok.toughness) == (TOKTOK, 2, 2)
    assert tok.supertypes == ["Legendary"] and tok.subtypes == ["Goblin", "Shaman"]
    assert "Protection from red" in tok.text and "flip it" not in tok.text
    # The one in the hand is still only Akki Lavarunner.
    assert game.obj_view("Alice", in_hand.id).name == AKKI


def test_709_1c_colour_mana_cost_and_outside_effects_do_not_change():
    game = akki_in_play(counters={"+1/+1": 1})
    akki = game.id(AKKI)
    game.do("Alice", type="pump", object=akki, power=3, toughness=3)
    game.do("Alice", type="flip", object=akki)
    tok = game.obj_view("Bob", akki)
    assert tok.mana_cost == "{3}{R}"  # so still red
    # Tok-Tok's 2/2, plus the counter, plus the pump: both still apply.
    assert (tok.power, tok.toughness) == (2 + 1 + 3, 2 + 1 + 3)
    assert "709.1c" in game.last[0].rules


def test_709_1c_a_flipped_permanent_is_the_same_object():
    game = akki_in_play()
    before = game.id(AKKI)
    game.do("Alice", type="flip", object=before)
    assert game.id(AKKI) == before
    assert "Same permanent" in game.last_text("Bob")


# --- 709.2 / 710.2 -------------------------------------------------------------------


def test_709_2_every_other_zone_has_only_the_normal_characteristics():
    game = flipped_akki()
    game.do("Alice", type="move", object=game.id(AKKI), to="graveyard")
    dead = game.obj_view("Bob", game.id(AKKI))
    assert dead.zone == "graveyard" and dead.name == AKKI and dead.flipped is False
    assert (dead.power, dead.toughness, dead.supertypes) == (1, 1, [])


def test_709_2_example_search_for_a_legendary_card_cant_find_akki_lavarunner():
    game = Table().library("Alice", "Grizzly Bears", AKKI, "Island").start()
    found = search_library(game.state, "Alice", lambda o: is_legendary(o, game.state))
    assert found == []
    # Its flip half is legendary, yet in the library only the normal half exists.
    assert game.find(AKKI).card.flip.supertypes == ("Legendary",)


def test_709_2_example_legendary_creatures_get_2_2_affects_tok_tok_not_akki():
    game = Table().battlefield("Alice", AKKI).battlefield("Bob", AKKI).start()
    alices, bobs = (o.id for o in game.state.in_zone(Zone.BATTLEFIELD))
    assert legendary_creature_bonus(game.state) == {}
    game.do("Alice", type="flip", object=alices)
    assert legendary_creature_bonus(game.state) == {alices: (4, 4)}
    assert bobs not in legendary_creature_bonus(game.state)


# --- 709.3 / 710.3 -------------------------------------------------------------------


def test_709_3_flipped_status_is_clear_tapped_or_untapped_to_every_viewer():
    game = flipped_akki()
    akki = game.id(AKKI)
    for who in ("Alice", "Bob", "spectator", "judge"):
        seen = game.obj_view(who, akki)
        assert seen.flipped is True
        assert "flipped" in seen.label and "inversé" in seen.label_fr
    game.do("Alice", type="tap", object=akki)
    tapped = game.obj_view("Bob", akki)
    assert tapped.flipped is True and tapped.tapped is True
    assert "flipped" in tapped.label and "(tapped)" in tapped.label
    assert "inversé" in tapped.label_fr and "(engagé)" in tapped.label_fr


def test_709_3_a_face_down_flip_card_is_just_a_face_down_2_2():
    game = Table().battlefield("Alice", AKKI, face_down="effect").start()
    akki = game.id(AKKI)
    seen = game.obj_view("Bob", akki)
    assert (seen.name, seen.power, seen.toughness, seen.flipped) == (None, 2, 2, False)
    err = game.refused("Alice", type="flip", object=akki)
    assert "707.2" in err.rules


@pytest.mark.parametrize("via", ["effect", "ixidron"])
def test_709_3_a_flipped_permanent_turned_face_down_shows_no_flip_status(via):
    """A face-down permanent has only its face-down values (708.2): `flipped` would tell
    every viewer that the 2/2 is a flip card, and which one."""
    game = Table().battlefield("Alice", AKKI).battlefield("Bob", "Ixidron").start()
    game.do("Alice", type="flip", object=game.id(AKKI))
    action = {"source": game.id("Ixidron")} if via == "ixidron" else {"objects": [game.id(AKKI)]}
    game.do(None, type="turn_face_down", via=via, **action)
    assert game.find(AKKI).face_down
    for who in ("Alice", "Bob", "spectator", "judge"):
        seen = game.obj_view(who, game.id(AKKI))
        assert seen.flipped is False, who
        assert (seen.power, seen.toughness) == (2, 2)
        assert "flipped" not in seen.label and "inversé" not in seen.label_fr


# --- 709.4 / 710.4 -------------------------------------------------------------------


def test_709_4_flipping_is_one_way_a_second_flip_is_refused():
    game = flipped_akki()
    err = game.refused("Alice", type="flip", object=game.id(AKKI))
    assert err.rules == ["709.4"]
    assert numbers_for_ruleset(err.rules, "mtg") == ["709.4", "710.4"]
    assert "one-way" in err.message_en and "sens unique" in err.message_fr


def test_709_4_a_flipped_permanent_that_leaves_forgets_it_judge_question_11():
    game = flipped_akki()
    old = game.id(AKKI)
    game.do("Alice", type="move", object=old, to="hand")
    assert "709.4" in game.last[0].rules and "is not" in game.last_text("Bob")
    game.do("Alice", type="cast", object=game.id(AKKI))
    game.do(None, type="resolve")
    again = game.find(AKKI, Zone.BATTLEFIELD)
    assert again.id != old and again.flipped is False
    seen = game.obj_view("Bob", again.id)
    assert (seen.name, seen.power, seen.flipped) == (AKKI, 1, False)
    # It can flip again: it is a new object (400.7).
    game.do("Alice", type="flip", object=again.id)


def test_709_4_only_its_controller_flips_it():
    game = akki_in_play()
    err = game.refused("Bob", type="flip", object=game.id(AKKI))
    assert "709.1a" in err.rules


def test_709_flip_cards_did_not_exist_under_the_january_2004_rules():
    game = Table(ruleset="mtg-2004").battlefield("Alice", AKKI).start()
    err = game.refused("Alice", type="flip", object=game.id(AKKI))
    assert "709.1" in err.rules and "2004" in err.message_en


def test_709_a_card_without_a_flip_half_cant_flip():
    game = Table().battlefield("Alice", "Grizzly Bears").start()
    err = game.refused("Alice", type="flip", object=game.id("Grizzly Bears"))
    assert err.rules == ["709.1"]


# --- 709.5 / 710.5 -------------------------------------------------------------------


def test_709_5_a_player_may_name_the_flipped_name():
    catalog = load_catalog()
    assert name_card(TOKTOK, catalog).name == AKKI
    assert name_card("tok-tok, ne du volcan", catalog).name == AKKI  # French, no accents
    assert matches_name(catalog[AKKI], "Akki coureur des laves")
    assert name_card("Tok-Tok the Volcano", catalog) is None


def test_709_5_the_named_flipped_name_finds_only_a_flipped_permanent():
    game = Table().battlefield("Alice", AKKI).hand("Bob", AKKI).start()
    assert objects_named(game.state, TOKTOK) == []
    game.do("Alice", type="flip", object=game.id(AKKI, Zone.BATTLEFIELD))
    (named,) = objects_named(game.state, TOKTOK)
    assert named.zone == Zone.BATTLEFIELD
    assert not has_name(game.find(AKKI, Zone.HAND), TOKTOK, game.state)
    assert has_name(game.find(AKKI, Zone.HAND), AKKI, game.state)


# --- Copies (706.3 / today 707.3) -----------------------------------------------------


def test_706_3_a_copy_of_a_flipped_permanent_uses_its_own_unflipped_status():
    """Status is not copied; the copied information holds both halves and the copy uses
    the one its own status says (706.3 / 707.3; Vesuvan Doppelganger ruling 2004-12-01)."""
    game = Table().battlefield("Alice", AKKI).battlefield("Bob", "Clone").start()
    game.do("Alice", type="flip", object=game.id(AKKI))
    clone = game.find("Clone")
    game.do("Bob", type="copy", object=clone.id, source=game.id(AKKI))
    seen = game.obj_view("Alice", clone.id)
    assert (seen.name, seen.power, seen.flipped) == (AKKI, 1, False)
    assert "706.3" in game.last[0].rules
    assert numbers_for_ruleset(["706.3"], "mtg") == ["706.3", "707.3"]
    # The copy has the flip half too, so it can flip into Tok-Tok on its own.
    game.do("Bob", type="flip", object=clone.id)
    assert game.obj_view("Alice", clone.id).name == TOKTOK


def test_710_today_numbers_are_shown_beside_the_seed_numbers():
    for seed, today in [("709.1", "710.1"), ("709.2", "710.2"), ("709.3", "710.3"),
                        ("709.4", "710.4"), ("709.5", "710.5"), ("709.1c", "710.1c")]:  # fmt: skip
        assert numbers_for_ruleset([seed], "mtg") == [seed, today]
