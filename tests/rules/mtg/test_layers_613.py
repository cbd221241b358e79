"""Characteristic values through the layers (613), and effects that change what face up
means: Ixidron's characteristic-defining P/T (604.3), effects on a permanent (types, loses
all abilities, base P/T, can't be turned face up), 702.37e's parenthesis, 701.40b, named
counters (122.1). The engine directly; the JSON API per viewer is in
tests/web/api/test_layers_api.py."""

from __future__ import annotations

from typing import Any

from app.rules.mtg.cards import HideawayCondition
from app.rules.mtg.hideaway import condition_holds
from app.rules.mtg.state import Zone
from tests.rules.mtg.table import Game, Table

SCREAM: dict[str, Any] = {
    "type": "apply_effect",
    "source": "Unable to Scream",
    "loses_all_abilities": True,
    "add_types": ["Artifact", "Creature"],
    "add_subtypes": ["Toy"],
    "base_power": 0,
    "base_toughness": 2,
    "cant_turn_face_up": True,
}
GOYF_LIKE = {"name": "Star Beast", "types": ["Creature"], "power": "*", "toughness": "1+*"}


def pt(game: Game, object_id: str, who: str = "judge") -> tuple[Any, Any]:
    seen = game.obj_view(who, object_id)
    assert seen is not None
    return seen.power, seen.toughness


def ixidron_table() -> Game:
    return (
        Table()
        .battlefield("Alice", "Ixidron")
        .battlefield("Bob", "Exalted Angel")
        .battlefield("Alice", "Grizzly Bears")
        .battlefield("Bob", "Serra Angel")
        .start()
    )


def test_604_3_ixidrons_pt_is_the_number_of_face_down_creatures_in_every_view():
    game = ixidron_table()
    ixidron = game.id("Ixidron")
    # 208.2a: never null, never "*": a number, the same for everyone.
    assert {pt(game, ixidron, who) for who in ("Alice", "Bob", "spectator", "judge")} == {(0, 0)}
    game.do(None, type="turn_face_down", via="ixidron", source=ixidron)
    assert {pt(game, ixidron, who) for who in ("Alice", "Bob", "spectator", "judge")} == {(3, 3)}
    game.do("Bob", type="turn_face_up", object=game.id("Exalted Angel"), via="morph")
    assert pt(game, ixidron, "Bob") == (2, 2)


def test_604_3_phased_out_face_down_creatures_are_not_counted():
    game = ixidron_table()
    game.do(None, type="turn_face_down", via="ixidron", source=game.id("Ixidron"))
    game.do("Alice", type="phase_out", object=game.id("Grizzly Bears"))
    assert pt(game, game.id("Ixidron")) == (2, 2)


def test_708_2_a_face_down_ixidron_is_a_2_2_with_no_ability_to_count():
    game = (
        Table()
        .battlefield("Alice", "Ixidron", face_down="effect")
        .battlefield("Bob", "Exalted Angel", face_down="morph")
        .start()
    )
    ixidron = game.id("Ixidron")
    for who in ("Alice", "Bob", "spectator", "judge"):
        assert pt(game, ixidron, who) == (2, 2)


def test_613_4c_counters_and_pumps_apply_on_top_of_the_defined_value():
    game = ixidron_table()
    ixidron = game.id("Ixidron")
    game.do(None, type="turn_face_down", via="ixidron", source=ixidron)
    game.do("Alice", type="add_counter", object=ixidron, counter="+1/+1", amount=2)
    game.do("Alice", type="pump", object=ixidron, power=1, toughness=0)
    assert pt(game, ixidron) == (6, 5)


def test_707_2_a_copy_of_a_face_up_ixidron_copies_its_defining_ability():
    game = (
        Table()
        .battlefield("Alice", "Ixidron")
        .battlefield("Bob", "Clone")
        .battlefield("Bob", "Exalted Angel", face_down="morph")
        .start()
    )
    clone = game.id("Clone")
    game.do(None, type="copy", object=clone, source=game.id("Ixidron"))
    assert pt(game, clone, "Alice") == (1, 1)
    assert game.obj_view("Alice", clone).name == "Ixidron"


def test_707_2_a_face_up_copy_of_a_face_down_creature_is_a_2_2():
    game = (
        Table()
        .battlefield("Alice", "Ixidron", face_down="effect")
        .battlefield("Bob", "Clone")
        .start()
    )
    clone = game.id("Clone")
    game.do(None, type="copy", object=clone, source=game.id("Ixidron"))
    assert pt(game, clone, "Bob") == (2, 2)
    assert game.obj_view("Bob", clone).name is None


def test_613_1f_a_star_left_without_its_ability_is_0():
    game = Table().battlefield("Alice", GOYF_LIKE).battlefield("Alice", "Ixidron").start()
    beast, ixidron = game.id("Star Beast"), game.id("Ixidron")
    assert pt(game, beast) == ("*", "1+*")  # an ability the engine doesn't count: as printed
    for obj in (beast, ixidron):
        game.do("Alice", type="apply_effect", object=obj, loses_all_abilities=True)
    assert pt(game, beast) == (0, 1)
    assert pt(game, ixidron) == (0, 0)


def test_613_unable_to_scream_layers_types_abilities_base_then_counters():
    game = Table().battlefield("Alice", "Exalted Angel").start()
    angel = game.id("Exalted Angel")
    game.do("Alice", type="add_counter", object=angel, counter="+1/+1")
    game.do("Alice", object=angel, **SCREAM)
    seen = game.obj_view("Bob", angel)
    assert (seen.power, seen.toughness) == (1, 3)  # base 0/2 (7b), then the counter (7c)
    assert seen.types == ["Creature", "Artifact"] and seen.subtypes == ["Angel", "Toy"]
    assert seen.text == "" and seen.abilities == []
    assert "Unable to Scream" in game.last_text("Bob")


def test_702_37e_a_face_down_creature_that_would_have_no_morph_cost_cant_be_turned_up():
    game = Table().battlefield("Bob", "Exalted Angel", face_down="morph").start()
    angel = game.id("Exalted Angel")
    game.do(None, type="apply_effect", object=angel, loses_all_abilities=True, source="Humble")
    err = game.refused("Bob", type="turn_face_up", object=angel, via="morph")
    assert "702.37e" in err.rules and "Exalted Angel" in err.message_en
    # Once the effect ends (it lasted until end of turn here: a fresh table), morph works.
    game = Table().battlefield("Bob", "Exalted Angel", face_down="morph").start()
    angel = game.id("Exalted Angel")
    game.do(None, type="apply_effect", object=angel, loses_all_abilities=True,
            until_end_of_turn=True)  # fmt: skip
    game.do("Alice", type="next_turn")
    game.do("Bob", type="turn_face_up", object=angel, via="morph")
    assert not game.find("Exalted Angel").face_down


def test_701_40b_a_manifested_creature_card_still_turns_up_for_its_mana_cost():
    game = Table().library("Alice", "Exalted Angel").start()
    game.do("Alice", type="manifest", player="Alice")
    angel = game.id("Exalted Angel")
    game.do("Alice", type="apply_effect", object=angel, loses_all_abilities=True)
    err = game.refused("Alice", type="turn_face_up", object=angel, via="morph")
    assert "702.37e" in err.rules
    game.do("Alice", type="turn_face_up", object=angel, via="mana_cost")
    # 708.8: the effect keeps applying once it is face up.
    seen = game.obj_view("Bob", angel)
    assert (seen.name, seen.power, seen.toughness, seen.text) == ("Exalted Angel", 4, 5, "")


def test_unable_to_scream_a_face_down_creature_cant_be_turned_face_up_at_all():
    game = Table().library("Alice", "Grizzly Bears").start()
    game.do("Alice", type="manifest", player="Alice")
    bears = game.id("Grizzly Bears")
    game.do("Alice", object=bears, **SCREAM)
    seen = game.obj_view("Bob", bears)
    assert (seen.power, seen.toughness, seen.subtypes) == (0, 2, ["Toy"])
    assert "Grizzly Bears" not in game.view_json("Bob") + game.log_text("Bob")
    err = game.refused("Alice", type="turn_face_up", object=bears, via="mana_cost")
    assert "effect.cant-turn-face-up" in err.rules and "Unable to Scream" in err.message_en


def test_unable_to_scream_stops_illusionary_masks_turning_up_on_tapping():
    game = Table().battlefield("Alice", "Grizzly Bears", face_down="illusionary_mask").start()
    bears = game.id("Grizzly Bears")
    game.do("Alice", object=bears, **SCREAM)
    game.do("Alice", type="tap", object=bears)
    assert game.find("Grizzly Bears").face_down and game.find("Grizzly Bears").tapped


def test_708_8_effects_survive_turning_face_down_and_up_and_end_with_the_turn():
    game = Table().battlefield("Bob", "Exalted Angel").start()
    angel = game.id("Exalted Angel")
    game.do(None, type="apply_effect", object=angel, base_power=1, base_toughness=1,
            add_subtypes=["Frog"], until_end_of_turn=True)  # fmt: skip
    game.do(None, type="turn_face_down", via="effect", objects=[angel])
    angel = game.find("Exalted Angel").id
    assert pt(game, angel, "Alice") == (1, 1)
    game.do("Bob", type="turn_face_up", object=angel, via="morph")
    assert pt(game, angel, "Alice") == (1, 1)
    assert game.obj_view("Alice", angel).subtypes == ["Angel", "Frog"]
    game.do("Alice", type="next_turn")  # 514.2
    assert pt(game, angel, "Alice") == (4, 5)
    assert game.obj_view("Alice", angel).subtypes == ["Angel"]


def test_400_7_effects_end_with_a_zone_change():
    game = Table().battlefield("Alice", "Grizzly Bears").start()
    game.do("Alice", type="apply_effect", object=game.id("Grizzly Bears"), base_power=5)
    game.do("Alice", type="move", object=game.id("Grizzly Bears"), to="hand")
    assert game.find("Grizzly Bears", Zone.HAND).modifiers == []


def test_apply_effect_on_another_players_permanent_is_proposed():
    game = Table().battlefield("Bob", "Exalted Angel", face_down="morph").start()
    angel = game.id("Exalted Angel")
    err = game.refused("Alice", type="apply_effect", object=angel, loses_all_abilities=True)
    assert err.kind == "forbidden"
    game.do("Alice", type="propose", action={"type": "apply_effect", "object": angel,
                                             "source": "Humble", "loses_all_abilities": True})  # fmt: skip
    assert "Exalted Angel" not in game.log_text("Alice")
    game.do("Bob", type="accept_proposal", proposal=game.state.proposals[0].id)
    assert game.find("Exalted Angel").modifiers[0].loses_all_abilities


def test_122_1_a_counter_of_any_kind_is_public_and_changes_no_pt():
    game = Table().battlefield("Bob", "Exalted Angel", face_down="morph").start()
    angel = game.id("Exalted Angel")
    game.do("Bob", type="add_counter", object=angel, counter="stun", amount=2)
    game.do("Bob", type="add_counter", object=angel, counter="-1/-1")
    for who in ("Alice", "Bob", "spectator", "judge"):
        seen = game.obj_view(who, angel)
        assert seen.counters == {"-1/-1": 1, "stun": 2}
        assert (seen.power, seen.toughness) == (1, 1)


def test_702_75_hideaway_power_conditions_read_the_computed_value():
    game = (
        Table()
        .battlefield("Alice", "Ixidron")
        .battlefield("Alice", "Grizzly Bears", face_down="effect")
        .battlefield("Bob", "Exalted Angel", face_down="morph")
        .start()
    )
    total = HideawayCondition(kind="creatures_total_power", amount=4)
    # Ixidron is a 2/2 (two face-down creatures) and Alice's face-down creature a 2/2: 4.
    assert condition_holds(game.state, total, "Alice", None) is True
    assert (
        condition_holds(game.state, total.model_copy(update={"amount": 5}), "Alice", None) is False
    )
    strong = HideawayCondition(kind="creature_power_at_least", amount=2)
    assert condition_holds(game.state, strong, "Bob", None) is True
