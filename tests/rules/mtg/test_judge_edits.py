"""The judge edits a running Magic game (issue 15): judge_add_card, judge_move, judge_remove,
judge_set_life. Each edit is logged without naming a hidden card to a seat that may not see
it; a zone change or turning face down gives a new id (400.7, DESIGN invariant 3)."""

from __future__ import annotations

from typing import Any

import pytest

from app.rules import engine
from app.rules.core.errors import RuleError
from app.rules.families import parse_action
from app.rules.mtg.state import Zone
from tests.rules.mtg.table import Game, Table, card


def _card(name: str) -> dict[str, Any]:
    return card(name).model_dump(mode="json", exclude_defaults=True)


def empty(ruleset: str = "mtg") -> Game:
    return Table(ruleset=ruleset).start()  # type: ignore[arg-type]


def add(game: Game, name: str, **fields: Any) -> Game:
    fields.setdefault("owner", "Alice")
    return game.do(None, type="judge_add_card", card=_card(name), **fields)


def seen_names(game: Game, who: str) -> str:
    """Everything `who` may read: the view and the log."""
    return game.view_json(who) + game.log_text(who)


# --- judge only ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        {"type": "judge_add_card", "card": {"name": "Grizzly Bears"}, "owner": "Alice"},
        {"type": "judge_move", "object": "HIDDEN", "zone": "graveyard"},
        {"type": "judge_move", "object": "0000000000000000", "zone": "graveyard"},
        {"type": "judge_remove", "object": "HIDDEN"},
        {"type": "judge_set_life", "player": "Alice", "life": 1},
    ],
)
def test_judge_edit_a_seat_is_refused_the_same_way_whatever_it_names(action):
    game = add(empty(), "Exalted Angel", owner="Bob", zone="hand")
    hidden = game.id("Exalted Angel")
    action = {k: (hidden if v == "HIDDEN" else v) for k, v in action.items()}
    for seat in ("Alice", "Bob"):
        err = game.refused(seat, **action)
        assert err.kind == "forbidden"
        assert err.message_en == "Only the judge can edit the table."
        assert "Exalted Angel" not in err.message_en + err.message_fr


# --- judge_add_card --------------------------------------------------------------------------


def test_707_3_judge_puts_a_card_face_down_like_setup_and_names_it_only_to_its_controller():
    game = add(empty(), "Exalted Angel", controller="Alice", face_down="morph")
    angel = game.find("Exalted Angel")
    assert angel.zone == Zone.BATTLEFIELD and angel.face_down and angel.face_down_via == "morph"
    assert angel.entered_order == 1 and angel.controllers == ["Alice"]
    bob = game.log_text("Bob")
    assert "Judge: puts a card onto the battlefield under Alice's control" in bob
    assert "Face-down 2/2 (Alice) — morph, face down 1st" in bob
    assert "Exalted Angel" not in seen_names(game, "Bob")
    assert "Exalted Angel" not in seen_names(game, "spectator")
    assert "It is Exalted Angel." in game.log_text("Alice")
    assert "It is Exalted Angel." in game.log_text("judge")
    assert game.obj_view("Bob", angel.id).name is None
    assert "L'arbitre met une carte sur le champ de bataille" in game.last[0].public.fr


def test_707_6_judge_added_face_down_permanents_get_their_public_order():
    game = add(empty(), "Exalted Angel", face_down="morph")
    add(game, "Grizzly Bears", face_down="manifest")
    assert game.find("Exalted Angel").entered_order == 1
    assert game.find("Grizzly Bears").entered_order == 2
    assert "face down 2nd" in game.last_text("Bob")


def test_707_4_judge_puts_a_face_down_spell_on_the_stack_with_its_cast_order():
    game = add(empty(), "Exalted Angel", zone="stack", face_down="megamorph")
    spell = game.find("Exalted Angel")
    assert spell.zone == Zone.STACK and spell.cast_order == 1
    # Megamorph reads as morph to those who can't see the face (702.37b).
    assert "megamorph" not in game.log_text("Bob") and "Exalted Angel" not in game.log_text("Bob")
    game.do(None, type="resolve")
    assert game.find("Exalted Angel").zone == Zone.BATTLEFIELD


def test_707_4_judge_refuses_a_face_down_spell_no_cast_makes():
    err = empty().refused(
        None, type="judge_add_card", card=_card("Grizzly Bears"), owner="Alice", zone="stack",
        face_down="manifest",
    )  # fmt: skip
    assert err.rules == ["707.4"]


def test_707_1_judge_refuses_a_face_down_card_in_a_hand():
    err = empty().refused(
        None, type="judge_add_card", card=_card("Exalted Angel"), owner="Alice", zone="hand",
        face_down="morph",
    )  # fmt: skip
    assert err.rules == ["707.1"]


def test_402_3_judge_puts_a_card_into_a_hand_named_only_to_its_owner():
    game = add(empty(), "Exalted Angel", zone="hand")
    angel = game.find("Exalted Angel")
    assert angel.zone == Zone.HAND
    assert "Judge: puts a card into Alice's hand." in game.log_text("Bob")
    assert "Exalted Angel" not in seen_names(game, "Bob")
    assert angel.id not in seen_names(game, "Bob")
    assert "It is Exalted Angel." in game.log_text("Alice")


def test_401_2_judge_puts_cards_at_a_library_position_known_to_nobody_but_the_judge():
    game = add(empty(), "Grizzly Bears", zone="library")
    add(game, "Serra Angel", zone="library")  # top by default
    add(game, "Exalted Angel", zone="library", library_position=1)
    add(game, "Forest", zone="library", library_position=99)  # past the end: the bottom
    order = [o.card.name for o in game.state.in_zone(Zone.LIBRARY, "Alice")]
    assert order == ["Serra Angel", "Exalted Angel", "Grizzly Bears", "Forest"]
    assert "Judge: puts a card into Alice's library, 2nd from the top." in game.log_text("Alice")
    for seat in ("Alice", "Bob"):
        assert "Exalted Angel" not in seen_names(game, seat)
    assert "It is Exalted Angel." in game.log_text("judge")


def test_110_5_judge_puts_a_permanent_with_its_status():
    game = add(
        empty(), "Grizzly Bears", controller="Bob", tapped=True, counters={"+1/+1": 2},
        attacking=True, is_token=True,
    )  # fmt: skip
    bears = game.find("Grizzly Bears")
    assert (bears.controller, bears.tapped, bears.counters) == ("Bob", True, {"+1/+1": 2})
    assert bears.attacked_turn == game.state.turn and bears.is_token
    assert game.state.attackers_this_turn == {"Bob": 1}
    text = game.last_text("Alice")
    assert "the token Grizzly Bears onto the battlefield under Bob's control" in text
    assert "tapped" in text and "counters: 2 +1/+1" in text and "attacking" in text


def test_709_2_judge_puts_a_flip_card_flipped():
    game = add(empty(), "Akki Lavarunner", flipped=True)
    assert game.find("Akki Lavarunner").flipped
    assert "Tok-Tok, Volcano Born" in game.log_text("Bob")


def test_709_1_judge_refuses_to_flip_a_card_that_has_no_other_half():
    err = empty().refused(
        None, type="judge_add_card", card=_card("Grizzly Bears"), owner="Alice", flipped=True
    )
    assert err.rules == ["709.1"]


def test_110_5_judge_refuses_status_off_the_battlefield():
    err = empty().refused(
        None, type="judge_add_card", card=_card("Grizzly Bears"), owner="Alice", zone="graveyard",
        tapped=True,
    )  # fmt: skip
    assert err.rules == ["110.5"]


def test_110_2_judge_refuses_a_controller_for_a_card_in_a_graveyard():
    err = empty().refused(
        None, type="judge_add_card", card=_card("Grizzly Bears"), owner="Alice", zone="graveyard",
        controller="Bob",
    )  # fmt: skip
    assert err.rules == ["110.2"] and err.field == "controller"
    # The refusal says what to choose instead: the card's owner, or a zone in play.
    assert "choose Alice, or the stack or the battlefield as its zone" in err.message_en
    assert "choisissez Alice, ou la pile ou le champ de bataille" in err.message_fr


def test_judge_edit_refuses_a_library_position_elsewhere_and_an_unknown_player():
    game = empty()
    err = game.refused(
        None, type="judge_add_card", card=_card("Forest"), owner="Alice", library_position=2
    )
    assert err.rules == ["judge.edit"] and err.field == "library_position"
    err = game.refused(None, type="judge_add_card", card=_card("Forest"), owner="Mallory")
    assert err.kind == "not_found"


def test_702_26_judge_puts_a_phased_out_permanent_in_2004_in_its_own_zone():
    game = add(empty("mtg-2004"), "Grizzly Bears", phased_out=True)
    assert game.find("Grizzly Bears").zone == Zone.PHASED_OUT
    game = add(empty(), "Grizzly Bears", phased_out=True)
    bears = game.find("Grizzly Bears")
    assert bears.zone == Zone.BATTLEFIELD and bears.phased_out


# --- judge_move ------------------------------------------------------------------------------


def test_400_7_judge_move_to_another_zone_gives_a_new_object():
    game = add(empty(), "Grizzly Bears", tapped=True, counters={"+1/+1": 1})
    old = game.id("Grizzly Bears")
    game.do(None, type="judge_move", object=old, zone="graveyard")
    bears = game.find("Grizzly Bears")
    assert bears.zone == Zone.GRAVEYARD and bears.id != old
    assert not bears.tapped and bears.counters == {}
    assert game.last[0].objects == (bears.id,)
    assert "Judge: moves Grizzly Bears into Alice's graveyard." in game.last_text("Bob")
    with pytest.raises(RuleError) as err:
        game.do(None, type="judge_move", object=old, zone="exile")
    assert err.value.kind == "not_found"


def test_400_7_judge_moves_a_hidden_card_onto_the_battlefield_face_down_unnamed():
    game = add(empty(), "Exalted Angel", zone="hand")
    add(game, "Grizzly Bears", zone="hand")
    old = game.id("Exalted Angel")
    game.do(None, type="judge_move", object=old, zone="battlefield", face_down="morph")
    angel = game.find("Exalted Angel")
    assert angel.id != old and angel.face_down and angel.entered_order == 1
    text = game.last_text("Bob")
    assert "Judge: moves a card in Alice's hand onto the battlefield under Alice's control" in text
    assert "Face-down 2/2 (Alice) — morph" in text
    assert "Exalted Angel" not in seen_names(game, "Bob")
    assert "It is Exalted Angel." in game.last_text("Alice")


def test_707_2a_judge_turning_a_permanent_face_down_gives_it_a_new_id():
    game = add(empty(), "Serra Angel", owner="Bob", tapped=True)
    old = game.id("Serra Angel")
    game.do(None, type="judge_move", object=old, face_down="effect")
    angel = game.find("Serra Angel")
    assert angel.id != old and angel.face_down and angel.tapped  # status stays: same permanent
    assert game.obj_view("Alice", angel.id).name is None
    assert old not in game.last[0].objects


def test_707_8_judge_move_face_down_null_turns_it_face_up_and_names_it():
    game = add(empty(), "Exalted Angel", face_down="morph")
    angel = game.id("Exalted Angel")
    game.do(None, type="judge_move", object=angel, face_down=None)
    assert not game.find("Exalted Angel").face_down
    assert game.id("Exalted Angel") == angel
    assert "turned face up: it is Exalted Angel" in game.last_text("Bob")


def test_judge_move_leaves_out_what_it_does_not_say_even_after_replay():
    game = add(empty(), "Exalted Angel", face_down="morph")
    angel = game.id("Exalted Angel")
    before = game.state
    action = parse_action({"type": "judge_move", "object": angel, "tapped": True})
    game.do(None, **action.model_dump(mode="json"))
    obj = game.find("Exalted Angel")
    assert obj.face_down and obj.tapped and obj.id == angel
    assert action.model_dump(mode="json") == {"type": "judge_move", "object": angel, "tapped": True}
    # Replayed from its stored JSON, the edit gives the same state.
    again = engine.apply(before, parse_action(action.model_dump(mode="json")), None, consent=True)
    assert again.state == game.state


def test_110_2_judge_gives_control_of_a_face_down_permanent_and_the_right_to_look_follows():
    game = add(empty(), "Exalted Angel", face_down="morph")
    angel = game.id("Exalted Angel")
    game.do(None, type="judge_move", object=angel, controller="Bob")
    assert game.find("Exalted Angel").controller == "Bob"
    assert game.obj_view("Bob", angel).name == "Exalted Angel"
    assert game.obj_view("Alice", angel).name is None
    assert "now under Bob's control" in game.last_text("Alice")


def test_judge_move_within_a_library_to_a_position():
    game = add(empty(), "Forest", zone="library")
    add(game, "Island", zone="library")
    add(game, "Grizzly Bears", zone="library")
    bears = game.id("Grizzly Bears")
    game.do(None, type="judge_move", object=bears, library_position=2)
    order = [o.card.name for o in game.state.in_zone(Zone.LIBRARY, "Alice")]
    assert order == ["Island", "Forest", "Grizzly Bears"]
    assert game.id("Grizzly Bears") != bears
    assert "Grizzly Bears" not in game.log_text("Alice")


def test_judge_move_sets_status_counters_attacking_and_phasing():
    game = add(empty(), "Grizzly Bears")
    bears = game.id("Grizzly Bears")
    game.do(
        None, type="judge_move", object=bears, tapped=True, counters={"+1/+1": 3, "-1/-1": 0},
        attacking=True, phased_out=True,
    )  # fmt: skip
    obj = game.find("Grizzly Bears")
    assert (obj.tapped, obj.counters, obj.phased_out, obj.id) == (True, {"+1/+1": 3}, True, bears)
    game.do(None, type="judge_move", object=bears, attacking=False, counters={}, phased_out=False)
    obj = game.find("Grizzly Bears")
    assert (obj.attacked_turn, obj.counters, obj.phased_out) == (None, {}, False)
    assert game.state.attackers_this_turn == {"Alice": 0}


def test_110_5_judge_status_changes_are_said_each_way_in_both_languages():
    """What the log says of each status the judge sets, then clears: a public line, the
    same for every seat (the Grizzly Bears are face up)."""
    game = add(empty(), "Grizzly Bears")
    bears = game.id("Grizzly Bears")
    game.do(
        None, type="judge_move", object=bears, tapped=True, attacking=True, phased_out=True,
        summoning_sick=True,
    )  # fmt: skip
    said = game.last[0].public
    assert said.en == (
        "Judge: changes Grizzly Bears (tapped, attacking, under its controller's control since "
        "this turn (302.6), phased out)."
    )
    assert "(engagé, attaquant, sous le contrôle de son contrôleur depuis ce tour-ci" in said.fr
    assert game.last_text("Bob") == game.last_text("spectator")
    game.do(
        None, type="judge_move", object=bears, tapped=False, attacking=False, phased_out=False,
        summoning_sick=False,
    )  # fmt: skip
    said = game.last[0].public
    assert said.en == (
        "Judge: changes Grizzly Bears (untapped, not attacking, under its controller's control "
        "since the turn began, phased in)."
    )
    assert said.fr.endswith("(dégagé, non attaquant, sous le contrôle de son contrôleur depuis le "
                            "début du tour, en phase).")  # fmt: skip


def test_judge_move_with_nothing_to_change_is_refused():
    game = add(empty(), "Grizzly Bears")
    err = game.refused(None, type="judge_move", object=game.id("Grizzly Bears"))
    assert err.rules == ["judge.edit"]


def test_judge_move_face_down_permanent_to_hand_stays_unnamed_to_others():
    game = add(empty(), "Exalted Angel", face_down="morph")
    game.do(None, type="judge_move", object=game.id("Exalted Angel"), zone="hand")
    assert game.find("Exalted Angel").zone == Zone.HAND
    assert "Exalted Angel" not in seen_names(game, "Bob")
    assert "It is Exalted Angel." in game.last_text("Alice")


# --- judge_remove and judge_set_life ----------------------------------------------------------


def test_judge_remove_takes_a_hidden_card_out_without_naming_it():
    game = add(empty(), "Exalted Angel", zone="hand")
    game.do(None, type="judge_remove", object=game.id("Exalted Angel"))
    assert [o for o in game.state.objects if o.card.name == "Exalted Angel"] == []
    assert "Judge: removes a card in Alice's hand from the game." in game.last_text("Bob")
    assert "Exalted Angel" not in game.log_text("Bob")
    assert "It was Exalted Angel." in game.last_text("Alice")


def test_judge_set_life_sets_a_life_total():
    game = empty().do(None, type="judge_set_life", player="Bob", life=7)
    assert next(p.life for p in game.state.players if p.name == "Bob") == 7
    assert "Judge: sets Bob's life total to 7 (it was 20)." in game.last_text("Alice")
    assert "L'arbitre fixe le total de points de vie de Bob à 7" in game.last[0].public.fr
