"""Issue 16, turning up and dying: "as this is turned face up" effects (708.11; seed 707.11),
a creature with toughness 0 or less (704.5f), look-back triggers (603.10a) and "put into a
graveyard from anywhere" (603.6c), tokens made mid-game (111.1, 707.2 / 708.2). The engine
directly, with what each viewer reads; tests/web/api/test_turning_api.py goes through the API."""

from __future__ import annotations

import pytest

from app.rules.core.viewer import Viewer
from app.rules.mtg.state import Zone
from app.rules.offers import actions_for
from tests.rules.mtg.table import Table

VIEWERS = ("Alice", "Bob", "spectator", "judge")


def morph_hydra(game, who: str = "Alice"):
    game.do(who, type="cast_face_down", object=game.id("Hooded Hydra", Zone.HAND), via="morph")
    game.do(None, type="resolve")
    return game.find("Hooded Hydra", Zone.BATTLEFIELD)


def hydra_game() -> Table:
    return Table().hand("Alice", "Hooded Hydra").battlefield("Bob", "Grizzly Bears")


# --- 708.11 (seed 707.11): as this is turned face up ------------------------


def test_708_11_hooded_hydra_turns_up_a_5_5_with_five_counters_in_every_view():
    game = hydra_game().start()
    hydra = morph_hydra(game)
    game.do("Alice", type="turn_face_up", object=hydra.id)
    # One event: the counters are there as it becomes face up, not after (no 0/0 moment).
    assert [e.kind for e in game.last] == ["turn_face_up"]
    assert "707.11" in game.last[0].rules
    for who in VIEWERS:
        seen = game.obj_view(who, hydra.id)
        assert (seen.name, seen.power, seen.toughness) == ("Hooded Hydra", 5, 5), who
        assert seen.counters == {"+1/+1": 5} and seen.state_based == [], who
    assert "five +1/+1 counters" in game.last_text("Bob")


def test_708_11_a_stated_choice_is_required_and_shown_to_everyone():
    beast = {"name": "Odd Beast", "types": ["Creature"], "power": 3, "toughness": 3,
             "morph": "{2}", "as_turned_face_up": {"choice": "a color"}}  # fmt: skip
    game = Table().battlefield("Alice", beast, face_down="morph").start()
    beast_id = game.id("Odd Beast")
    err = game.refused("Alice", type="turn_face_up", object=beast_id)
    assert "707.11" in err.rules and "a color" in err.message_en
    game.do("Alice", type="turn_face_up", object=beast_id, stated_choice="green")
    for who in VIEWERS:
        assert game.obj_view(who, beast_id).chosen == "green", who
    assert "chooses green" in game.last_text("spectator")


def test_708_11_the_old_copy_flag_still_makes_vesuvan_a_copy():
    game = Table().hand("Alice", "Vesuvan Shapeshifter").battlefield("Bob", "Serra Angel").start()
    game.do("Alice", type="cast_face_down", object=game.id("Vesuvan Shapeshifter"), via="morph")
    game.do(None, type="resolve")
    shifter = game.find("Vesuvan Shapeshifter")
    assert shifter.card.as_turned_face_up is not None and shifter.card.as_turned_face_up.copies
    game.do("Alice", type="turn_face_up", object=shifter.id, choice=game.id("Serra Angel"))
    seen = game.obj_view("Bob", shifter.id)
    assert (seen.name, seen.power, seen.toughness) == ("Serra Angel", 4, 4)


# --- 704.5f: toughness 0 or less --------------------------------------------


def test_704_5f_a_morph_given_minus_2_minus_2_is_flagged_then_revealed_as_it_goes():
    game = hydra_game().start()
    hydra = morph_hydra(game)
    game.do(None, type="pump", object=hydra.id, power=-2, toughness=-2)
    assert [e.kind for e in game.last] == ["pump", "state_based"]
    for who in VIEWERS:
        seen = game.obj_view(who, hydra.id)
        assert seen.state_based == ["704.5f"] and seen.toughness == 0, who
    # The flag names nothing hidden: Bob and the spectator still don't know what it is.
    for who in ("Bob", "spectator"):
        assert "Hooded Hydra" not in game.view_json(who) + game.log_text(who), who
    game.do(None, type="state_based_actions")
    kinds = [e.kind for e in game.last]
    assert kinds[0] == "reveal_move" and "707.9" in game.last[0].rules
    assert game.find("Hooded Hydra").zone == Zone.GRAVEYARD
    # 603.10a: it died face down, a 2/2 with no abilities: its dies ability doesn't trigger.
    assert kinds[1:] == ["no_trigger"] and "603.10a" in game.last[1].rules
    for who in ("Bob", "spectator"):
        assert "does not trigger" in game.last_text(who)


def test_704_5f_a_0_0_that_turns_up_without_counters_is_flagged():
    bare = {"name": "Bare Ooze", "types": ["Creature"], "power": 0, "toughness": 0,
            "morph": "{1}"}  # fmt: skip
    game = Table().battlefield("Alice", bare, face_down="morph").start()
    ooze = game.id("Bare Ooze")
    game.do("Alice", type="turn_face_up", object=ooze)
    assert [e.kind for e in game.last] == ["turn_face_up", "state_based"]
    assert game.obj_view("spectator", ooze).state_based == ["704.5f"]
    assert "704.5f" in game.last_text("judge")


def test_704_5f_a_seat_puts_only_its_own_creatures_into_the_graveyard():
    zero = {"name": "Zero Wisp", "types": ["Creature"], "power": 0, "toughness": 0}
    game = Table().battlefield("Alice", zero).battlefield("Bob", dict(zero, name="Null Wisp"))
    game = game.start()
    assert game.obj_view("Bob", game.id("Zero Wisp")).state_based == ["704.5f"]
    game.do("Bob", type="state_based_actions")
    assert game.find("Null Wisp").zone == Zone.GRAVEYARD
    assert game.find("Zero Wisp").zone == Zone.BATTLEFIELD
    err = game.refused("Bob", type="state_based_actions")
    assert err.rules == ["704.5f"]
    game.do(None, type="state_based_actions")
    assert game.find("Zero Wisp").zone == Zone.GRAVEYARD


# --- 603.10a / 603.6c: look-back triggers ------------------------------------


def test_603_10a_a_face_up_hooded_hydra_dying_triggers_with_its_counters():
    game = hydra_game().start()
    hydra = morph_hydra(game)
    game.do("Alice", type="turn_face_up", object=hydra.id)
    game.do("Alice", type="move", object=hydra.id, to="graveyard")
    (trigger,) = [e for e in game.last if e.kind == "trigger"]
    # 603.10a decides it triggers; 603.2 / 603.3 put it on the stack (issue 27).
    assert trigger.rules == ("603.10a", "603.2", "603.3")
    for who in VIEWERS:
        text = game.last_text(who)
        assert "Snake" in text and "5 +1/+1 counter" in text, who


def test_603_6c_a_face_down_kozilek_put_into_a_graveyard_triggers_anyway():
    game = Table().battlefield("Alice", "Kozilek, Butcher of Truth", face_down="manifest")
    game = game.start()
    kozilek = game.id("Kozilek, Butcher of Truth")
    for who in ("Bob", "spectator"):
        assert "Kozilek" not in game.view_json(who)
    game.do("Alice", type="move", object=kozilek, to="graveyard")
    (trigger,) = [e for e in game.last if e.kind == "trigger"]
    assert trigger.rules[0] == "603.6c"
    assert not [e for e in game.last if e.kind == "no_trigger"]
    for who in VIEWERS:
        assert "shuffles their graveyard into their library" in game.last_text(who), who


def test_603_6c_from_anywhere_also_means_from_a_hand():
    game = Table().hand("Alice", "Kozilek, Butcher of Truth").start()
    game.do("Alice", type="move", object=game.id("Kozilek, Butcher of Truth"), to="graveyard")
    assert [e.rules[0] for e in game.last if e.kind == "trigger"] == ["603.6c"]


def test_603_10a_a_face_down_hydra_moved_by_the_judge_does_not_trigger():
    game = hydra_game().start()
    hydra = morph_hydra(game)
    game.do(None, type="judge_move", object=hydra.id, zone="graveyard")
    assert [e.kind for e in game.last] == ["judge_move", "no_trigger"]


# --- 111.1 / 707.2 / 708.2: tokens mid-game ---------------------------------


def test_707_2_a_token_copy_of_a_face_down_creature_is_a_face_up_nameless_2_2():
    game = hydra_game().start()
    hydra = morph_hydra(game)
    game.do("Bob", type="create_token", player="Bob", copy_of=hydra.id)
    (token,) = [o for o in game.state.objects if o.is_token]
    for who in VIEWERS:
        seen = game.obj_view(who, token.id)
        assert not seen.face_down and seen.name is None, who
        assert (seen.power, seen.toughness) == (2, 2), who
    assert "Hooded Hydra" not in game.view_json("Bob") + game.log_text("Bob")
    err = game.refused("Bob", type="turn_face_up", object=token.id)
    assert "707.7" in err.rules


def test_708_2_a_token_created_face_down_hides_its_definition_until_it_leaves():
    snake = {"name": "Secret Serpent", "types": ["Creature"], "power": 5, "toughness": 5}
    game = Table().start()
    game.do("Alice", type="create_token", player="Alice", card=snake, face_down=True)
    (token,) = [o for o in game.state.objects if o.is_token]
    assert game.obj_view("Alice", token.id).name == "Secret Serpent"
    assert game.obj_view("judge", token.id).name == "Secret Serpent"
    for who in ("Bob", "spectator"):
        seen = game.obj_view(who, token.id)
        assert seen.face_down and seen.name is None and (seen.power, seen.toughness) == (2, 2)
        assert "Secret Serpent" not in game.view_json(who) + game.log_text(who), who
    game.do("Alice", type="move", object=token.id, to="graveyard")
    assert "707.9" in game.last[0].rules
    for who in ("Bob", "spectator"):
        assert "Secret Serpent" in game.last_text(who)
    assert not [o for o in game.state.objects if o.is_token]


@pytest.mark.parametrize("ruleset", ["mtg"])
def test_111_1_a_face_down_token_copy_is_proposed_without_naming_it(ruleset):
    game = Table(ruleset=ruleset).start()
    snake = {"name": "Secret Serpent", "types": ["Creature"], "power": 5, "toughness": 5}
    game.do("Alice", type="propose", action={"type": "create_token", "player": "Bob",
                                             "card": snake, "face_down": True})  # fmt: skip
    assert "Secret Serpent" not in game.view_json("Bob")


def test_704_5f_the_judge_and_the_controller_get_a_button_another_seat_proposes_it():

    zero = {"name": "Zero Wisp", "types": ["Creature"], "power": 0, "toughness": 0}
    game = Table().battlefield("Alice", zero).start()
    wisp = game.id("Zero Wisp")
    body = {"type": "state_based_actions", "object": wisp}
    for viewer in (Viewer.seat("Alice"), Viewer.judge()):
        buttons = {o.label: o.action for o in actions_for(game.state, viewer)}
        assert buttons["Put into graveyard (704.5f)"] == body, viewer
    err = game.refused("Bob", **body)
    assert "propose it" in err.message_en
    game.do("Bob", type="propose", action=body)
    game.do("Alice", type="accept_proposal", proposal=game.state.proposals[0].id)
    assert game.find("Zero Wisp").zone == Zone.GRAVEYARD


def test_603_10a_a_hydra_that_lost_all_abilities_dies_without_its_trigger():
    game = hydra_game().start()
    hydra = morph_hydra(game)
    game.do("Alice", type="turn_face_up", object=hydra.id)
    game.do(None, type="apply_effect", object=hydra.id, source="Test", loses_all_abilities=True)
    game.do("Alice", type="move", object=hydra.id, to="graveyard")
    assert [e.kind for e in game.last] == ["move", "no_trigger"]
    assert "had lost that ability" in game.last_text("Bob")
