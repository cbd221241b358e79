"""Seed 000 (French CR 707, today 708): one test per paragraph, named after it."""

from __future__ import annotations

import pytest

from app.rules.core.errors import RuleError
from app.rules.mtg.state import Zone
from tests.rules.mtg.table import Table


def morph_game():
    """Alice holds Exalted Angel (morph {2}{W}{W}) and Grizzly Bears; Bob holds a Serra Angel."""
    return (
        Table()
        .hand("Alice", "Exalted Angel", "Grizzly Bears")
        .hand("Bob", "Serra Angel")
        .library("Alice", "Divination", "Llanowar Elves")
        .start()
    )


def cast_and_resolve(game, name="Exalted Angel", via="morph", who="Alice"):
    game.do(who, type="cast_face_down", object=game.id(name, Zone.HAND), via=via)
    game.do(None, type="resolve")
    return game.find(name, Zone.BATTLEFIELD)


# --- 707.1 -----------------------------------------------------------------


def test_707_1_morph_lets_a_card_be_cast_face_down():
    game = morph_game()
    game.do("Alice", type="cast_face_down", object=game.id("Exalted Angel"), via="morph")
    spell = game.find("Exalted Angel", Zone.STACK)
    assert spell.face_down and spell.face_down_via == "morph"


def test_707_1_a_card_without_morph_is_refused_with_its_rule():
    game = morph_game()
    with pytest.raises(RuleError) as err:
        game.do("Alice", type="cast_face_down", object=game.id("Grizzly Bears"), via="morph")
    assert "702.37" in err.value.rules
    assert "no morph" in err.value.message_en
    assert game.find("Grizzly Bears").zone == Zone.HAND


# --- 707.2 / 707.2a --------------------------------------------------------


def test_707_2_face_down_spell_has_only_the_listed_characteristics():
    game = morph_game()
    game.do("Alice", type="cast_face_down", object=game.id("Exalted Angel"), via="morph")
    (spell,) = [o for o in game.view("Bob").objects if o.zone == "stack"]
    assert spell.name is None and spell.card is None
    assert (spell.power, spell.toughness) == (2, 2)
    assert spell.types == ["Creature"] and spell.subtypes == [] and spell.mana_cost is None
    assert spell.text == "" and spell.abilities == []


def test_707_2_face_down_values_are_the_copiable_values():
    game = (
        Table()
        .battlefield("Alice", "Exalted Angel", face_down="morph")
        .battlefield("Bob", "Clone")
        .start()
    )
    angel = game.find("Exalted Angel")
    game.do(None, type="copy", object=game.id("Clone"), source=angel.id)
    clone = next(o for o in game.view("Bob").objects if o.card and o.card.name == "Clone")
    # A face-up, nameless, colourless 2/2 (RULES-NOTES question 4).
    assert clone.face_down is False and clone.name is None
    assert (clone.power, clone.toughness, clone.mana_cost) == (2, 2, None)
    with pytest.raises(RuleError) as err:
        game.do("Bob", type="turn_face_up", object=game.id("Clone"))
    assert "707.7" in err.value.rules


def test_707_2a_face_up_permanent_turned_face_down_is_a_nameless_2_2():
    game = Table().battlefield("Bob", "Serra Angel").battlefield("Alice", "Ixidron").start()
    game.do(None, type="turn_face_down", via="ixidron", source=game.id("Ixidron"))
    angel = game.find("Serra Angel")
    assert angel.face_down and angel.face_down_via == "ixidron"
    seen_by_alice = next(o for o in game.view("Alice").objects if o.id == angel.id)
    assert seen_by_alice.name is None
    assert (seen_by_alice.power, seen_by_alice.toughness) == (2, 2)
    assert seen_by_alice.subtypes == [] and seen_by_alice.mana_cost is None
    # Ixidron itself stays face up.
    assert not game.find("Ixidron").face_down


# --- 707.3 -----------------------------------------------------------------


def test_707_3_put_onto_battlefield_face_down_enters_abilities_do_not_apply():
    game = Table().hand("Alice", "Clone").start()
    game.do("Alice", type="put_onto_battlefield_face_down", object=game.id("Clone"), via="effect")
    clone = game.find("Clone")
    assert clone.zone == Zone.BATTLEFIELD and clone.face_down
    assert clone.copy_of is None  # its "enter as a copy" ability never applied
    text = game.last_text("Alice")
    assert "707.3" in text or "don't apply" in text
    assert "triggers" not in text


def test_707_3_illusionary_mask_takes_a_creature_card_from_hand():
    game = Table().hand("Alice", "Serra Angel", "Divination").start()
    game.do(
        "Alice",
        type="put_onto_battlefield_face_down",
        object=game.id("Serra Angel"),
        via="illusionary_mask",
    )
    assert game.find("Serra Angel").face_down_via == "illusionary_mask"
    with pytest.raises(RuleError) as err:
        game.do(
            "Alice",
            type="put_onto_battlefield_face_down",
            object=game.id("Divination"),
            via="illusionary_mask",
        )
    assert err.value.rules == ["card.illusionary-mask"]


# --- 707.4 -----------------------------------------------------------------


def test_707_4_cast_face_down_is_turned_face_down_before_the_stack():
    game = morph_game()
    hand_id = game.id("Exalted Angel")
    game.do("Alice", type="cast_face_down", object=hand_id, via="morph")
    spell = game.find("Exalted Angel", Zone.STACK)
    assert spell.id != hand_id  # a new object: nothing links it to the card in hand
    bob_text = game.last_text("Bob")
    assert "Exalted Angel" not in bob_text and "{3}" in bob_text
    assert "Exalted Angel" in game.last_text("Alice")


# --- 707.5 -----------------------------------------------------------------


def test_707_5_controller_may_look_at_their_face_down_permanent():
    game = morph_game()
    angel = cast_and_resolve(game)
    game.do("Alice", type="look", object=angel.id)
    assert "Exalted Angel" in game.last_text("Alice")
    assert "Exalted Angel" not in game.last_text("Bob")


def test_707_5_nobody_else_may_look():
    game = morph_game()
    angel = cast_and_resolve(game)
    with pytest.raises(RuleError) as err:
        game.do("Bob", type="look", object=angel.id)
    assert err.value.kind == "rule" and err.value.rules == ["707.5"]
    assert "Exalted Angel" not in err.value.message_en + err.value.message_fr


def test_707_5_controller_may_look_even_phased_out():
    game = morph_game()
    angel = cast_and_resolve(game)
    game.do("Alice", type="phase_out", object=angel.id)
    game.do("Alice", type="look", object=angel.id)
    assert "Exalted Angel" in game.last_text("Alice")
    alice_sees = next(o for o in game.view("Alice").objects if o.id == angel.id)
    assert alice_sees.phased_out and alice_sees.name == "Exalted Angel"


def test_707_5_look_rights_follow_the_controller():
    game = morph_game()
    angel = cast_and_resolve(game)
    game.do(None, type="gain_control", object=angel.id, player="Bob")
    game.do("Bob", type="look", object=angel.id)
    assert "Exalted Angel" in game.last_text("Bob")
    with pytest.raises(RuleError):
        game.do("Alice", type="look", object=angel.id)
    assert next(o for o in game.view("Alice").objects if o.id == angel.id).name is None


def test_707_5_opponent_view_never_names_the_face_down_card():
    game = morph_game()
    cast_and_resolve(game)
    assert "Exalted Angel" not in game.view_json("Bob")
    assert "Exalted Angel" not in game.view_json("spectator")
    assert "Exalted Angel" in game.view_json("Alice")


# --- 707.6 -----------------------------------------------------------------


def test_707_6_face_down_objects_are_told_apart_by_public_facts():
    game = (
        Table()
        .hand("Alice", "Exalted Angel", "Den Protector")
        .library("Alice", "Grizzly Bears")
        .start()
    )
    first = cast_and_resolve(game, "Exalted Angel")
    second = cast_and_resolve(game, "Den Protector", via="megamorph")
    game.do("Alice", type="manifest", player="Alice")
    labels = {o.id: o.label for o in game.view("Bob").objects if o.face_down}
    assert len(set(labels.values())) == 3
    assert "cast 1st" in labels[first.id] and "cast 2nd" in labels[second.id]
    # Megamorph is cast like morph: the label must not tell them apart.
    assert "megamorph" not in game.view_json("Bob")
    assert "manifested" in next(v for k, v in labels.items() if k not in (first.id, second.id))
    game.do("Alice", type="next_turn")
    game.do("Bob", type="next_turn")  # 302.6: it attacks on a later turn of Alice's
    game.do("Alice", type="attack", objects=[first.id])
    game.do("Alice", type="next_turn")
    label = next(o.label for o in game.view("Bob").objects if o.id == first.id)
    assert "attacked last turn" in label


# --- 707.7 -----------------------------------------------------------------


def test_707_7_spells_cannot_be_turned_face_up():
    game = morph_game()
    game.do("Alice", type="cast_face_down", object=game.id("Exalted Angel"), via="morph")
    with pytest.raises(RuleError) as err:
        game.do("Alice", type="turn_face_up", object=game.id("Exalted Angel", Zone.STACK))
    assert err.value.rules == ["707.7"]


def test_707_7_only_the_controller_turns_it_face_up():
    game = morph_game()
    angel = cast_and_resolve(game)
    with pytest.raises(RuleError) as err:
        game.do("Bob", type="turn_face_up", object=angel.id)
    assert "707.7" in err.value.rules
    assert "Exalted Angel" not in err.value.message_en


def test_707_7_manifested_instant_cannot_be_turned_up():
    game = Table().library("Alice", "Lightning Bolt").start()
    game.do("Alice", type="manifest", player="Alice")
    with pytest.raises(RuleError) as err:
        game.do("Alice", type="turn_face_up", object=game.id("Lightning Bolt"))
    assert "701.40" in err.value.rules


def test_707_7_manifested_creature_turns_up_for_its_mana_cost():
    game = Table().library("Alice", "Serra Angel").start()
    game.do("Alice", type="manifest", player="Alice")
    game.do("Alice", type="turn_face_up", object=game.id("Serra Angel"))
    assert not game.find("Serra Angel").face_down
    assert "{3}{W}{W}" in game.last_text("Bob")


def test_707_7_ixidron_creatures_stay_down_without_morph():
    game = (
        Table()
        .battlefield("Bob", "Serra Angel")
        .battlefield("Bob", "Exalted Angel")
        .battlefield("Alice", "Ixidron")
        .start()
    )
    game.do(None, type="turn_face_down", via="ixidron", source=game.id("Ixidron"))
    with pytest.raises(RuleError) as err:
        game.do("Bob", type="turn_face_up", object=game.id("Serra Angel"))
    assert "card.ixidron" in err.value.rules
    game.do("Bob", type="turn_face_up", object=game.id("Exalted Angel"))
    assert not game.find("Exalted Angel").face_down


# --- 707.8 -----------------------------------------------------------------


def test_707_8_same_object_counters_and_effects_stay_no_enters_trigger():
    game = Table().hand("Alice", "Vesuvan Shapeshifter").start()
    shifter = cast_and_resolve(game, "Vesuvan Shapeshifter")
    game.do("Alice", type="add_counter", object=shifter.id, counter="+1/+1", amount=2)
    game.do("Alice", type="pump", object=shifter.id, power=3, toughness=3)
    game.do("Alice", type="turn_face_up", object=shifter.id)
    after = game.find("Vesuvan Shapeshifter")
    assert after.id == shifter.id and not after.face_down
    assert after.counters == {"+1/+1": 2}
    view = next(o for o in game.view("Bob").objects if o.id == shifter.id)
    assert (view.power, view.toughness) == (0 + 2 + 3, 0 + 2 + 3)
    assert "does not trigger" in game.last_text("Bob")


def test_707_8_megamorph_adds_a_counter_and_turned_face_up_triggers():
    game = Table().hand("Alice", "Den Protector", "Ashcloud Phoenix").start()
    den = cast_and_resolve(game, "Den Protector", via="megamorph")
    game.do("Alice", type="turn_face_up", object=den.id)
    assert game.find("Den Protector").counters == {"+1/+1": 1}
    # Den Protector's trigger waits on the stack: a seat couldn't cast a face-down spell now
    # (117.1a), the judge rebuilding the table can (warned).
    phoenix = cast_and_resolve(game, "Ashcloud Phoenix", who=None)
    game.do("Alice", type="turn_face_up", object=phoenix.id)
    assert [e.kind for e in game.last] == ["turn_face_up", "trigger"]


def test_707_8_illusionary_mask_creature_turns_up_as_it_becomes_tapped():
    game = Table().hand("Alice", "Serra Angel").start()
    game.do(
        "Alice",
        type="put_onto_battlefield_face_down",
        object=game.id("Serra Angel"),
        via="illusionary_mask",
    )
    with pytest.raises(RuleError):
        game.do("Alice", type="turn_face_up", object=game.id("Serra Angel"))
    game.do("Alice", type="tap", object=game.id("Serra Angel"))
    angel = game.find("Serra Angel")
    assert not angel.face_down and angel.tapped
    assert [e.kind for e in game.last] == ["turn_face_up", "tap"]


# --- 707.9 -----------------------------------------------------------------


def test_707_9_face_down_permanent_revealed_when_it_leaves():
    game = morph_game()
    angel = cast_and_resolve(game)
    game.do("Alice", type="add_counter", object=angel.id)
    game.do("Alice", type="move", object=angel.id, to="hand")
    assert "Exalted Angel" in game.last_text("Bob")
    in_hand = game.find("Exalted Angel", Zone.HAND)
    assert in_hand.id != angel.id and in_hand.counters == {}
    assert game.state.get(angel.id) is None


def test_707_9_countered_face_down_spell_is_revealed():
    game = morph_game()
    game.do("Alice", type="cast_face_down", object=game.id("Exalted Angel"), via="morph")
    game.do(None, type="counter", object=game.id("Exalted Angel", Zone.STACK))
    assert "Exalted Angel" in game.last_text("Bob")
    assert game.find("Exalted Angel").zone == Zone.GRAVEYARD


def test_707_9_everything_face_down_is_revealed_at_the_end_of_the_game():
    game = morph_game()
    angel = cast_and_resolve(game)
    game.do(None, type="end_game")
    assert "Exalted Angel" in game.last_text("Bob")
    assert next(o for o in game.view("Bob").objects if o.id == angel.id).name == "Exalted Angel"
    with pytest.raises(RuleError) as err:
        game.do("Alice", type="look", object=angel.id)
    assert err.value.kind == "game_over"


# --- 707.10 ----------------------------------------------------------------


def test_707_10_face_down_copy_keeps_face_down_values_until_turned_up():
    game = Table().hand("Alice", "Exalted Angel").battlefield("Bob", "Willbender").start()
    angel = cast_and_resolve(game)
    game.do(None, type="copy", object=angel.id, source=game.id("Willbender"))
    seen = next(o for o in game.view("Bob").objects if o.id == angel.id)
    assert (seen.name, seen.power, seen.toughness) == (None, 2, 2)
    assert game.last[0].rules == ("707.10",)
    # Turned face up, it has the copied values: it shows Willbender's morph cost.
    game.do("Alice", type="turn_face_up", object=angel.id)
    assert "{1}{U}" in game.last_text("Bob")
    seen = next(o for o in game.view("Bob").objects if o.id == angel.id)
    assert (seen.name, seen.power, seen.toughness) == ("Willbender", 1, 2)


def test_707_10_copying_a_creature_without_morph_leaves_no_way_up():
    # 702.37e: the morph cost is the one it would have face up, i.e. the copy's.
    game = Table().hand("Alice", "Exalted Angel").battlefield("Bob", "Serra Angel").start()
    angel = cast_and_resolve(game)
    game.do(None, type="copy", object=angel.id, source=game.id("Serra Angel"))
    with pytest.raises(RuleError) as err:
        game.do("Alice", type="turn_face_up", object=angel.id)
    assert "707.7" in err.value.rules


# --- 707.11 ----------------------------------------------------------------


def test_707_11_as_turned_face_up_applies_while_it_turns():
    game = Table().hand("Alice", "Vesuvan Shapeshifter").battlefield("Bob", "Serra Angel").start()
    shifter = cast_and_resolve(game, "Vesuvan Shapeshifter")
    game.do("Alice", type="turn_face_up", object=shifter.id, choice=game.id("Serra Angel"))
    # One event: it is already a copy when it becomes face up, not after.
    assert [e.kind for e in game.last] == ["turn_face_up"]
    assert "707.11" in game.last[0].rules
    seen = next(o for o in game.view("Bob").objects if o.id == shifter.id)
    assert (seen.name, seen.power, seen.toughness) == ("Serra Angel", 4, 4)


@pytest.mark.parametrize("via", ["ixidron", "effect"])
def test_707_2a_a_permanent_turned_face_down_gets_a_new_id_nobody_can_follow(via):
    """DESIGN invariant 3: the face-up id would tell every viewer which card went down."""
    game = (
        Table()
        .battlefield("Bob", "Serra Angel")
        .battlefield("Bob", "Grizzly Bears")
        .battlefield("Alice", "Ixidron")
        .start()
    )
    before = {name: game.id(name) for name in ("Serra Angel", "Grizzly Bears")}
    action = (
        {"source": game.id("Ixidron")} if via == "ixidron" else {"objects": list(before.values())}
    )
    game.do(None, type="turn_face_down", via=via, **action)
    after = {name: game.id(name) for name in before}
    assert all(game.find(name).face_down for name in before)
    assert set(after.values()).isdisjoint(before.values())
    for who in ("Alice", "Bob", "spectator"):
        seen = {o.id for o in game.view(who).objects}
        assert seen.isdisjoint(before.values()) and set(after.values()) <= seen
