"""Timing (app/rules/mtg/timing.py): a seat is offered, and the engine accepts from it, only
what the rules allow now; the judge may still do it, warned before (the button) and after
(the log), with the rule."""

from __future__ import annotations

from typing import Any

import pytest

from app.rules import engine
from app.rules.core.errors import RuleError
from app.rules.core.timing import OFF_TIMING
from app.rules.families import parse_action
from app.rules.mtg.state import Zone
from app.rules.redact import Viewer, actions_for
from app.scenarios.library import all_scenarios
from app.scenarios.runner import game_setup, resolve_refs
from tests.rules.core.scenario_states import scenario_outcomes
from tests.rules.mtg.table import Game, Table

VIEWERS = ("Alice", "Bob", "judge", "spectator")
# The actions whose legality depends on the turn, the step, the stack or summoning sickness.
TIMING_BOUND = frozenset(
    {"cast", "cast_face_down", "cast_from_exile", "play_land", "attack", "foretell"}
)
# A morph creature with flash printed on its face (an inline card).
FLASH_MORPH: dict[str, Any] = {
    "name": "Quicksilver Test Drake",
    "types": ["Creature"],
    "subtypes": ["Drake"],
    "mana_cost": "{1}{U}",
    "power": 2,
    "toughness": 2,
    "text": "Flash\nMorph {U}",
    "morph": "{U}",
}


def offered(game: Game, who: str, object_id: str) -> list[Any]:
    viewer = Viewer.judge() if who == "judge" else Viewer.seat(who)
    return [o for o in actions_for(game.state, viewer) if o.object == object_id]


def offered_types(game: Game, who: str, object_id: str) -> set[str]:
    return {o.type for o in offered(game, who, object_id)}


def warnings(game: Game) -> list[str]:
    return [e.public.en for e in game.last if e.kind == OFF_TIMING]


# --- 302.1 / 117.1a: the case, Bob's Ixidron on Alice's turn ------------------------


def ixidron_on_alices_turn() -> Game:
    return Table().hand("Bob", "Ixidron").battlefield("Alice", "Serra Angel").start()


def test_302_1_bob_is_not_offered_ixidron_on_alices_turn_and_is_refused():
    game = ixidron_on_alices_turn()
    ixidron = game.id("Ixidron")
    assert "cast" not in offered_types(game, "Bob", ixidron)
    err = game.refused("Bob", type="cast", object=ixidron)  # the state stays as it was
    assert err.rules == ["302.1", "117.1a"] and err.kind == "rule"
    assert "Not at sorcery speed now" in err.message_en and "Alice's turn" in err.message_en
    assert "Pas en vitesse de rituel maintenant" in err.message_fr
    assert "tour d'Alice" in err.message_fr  # elided


def test_302_1_the_judge_is_warned_before_and_may_cast_bobs_ixidron_on_alices_turn():
    game = ixidron_on_alices_turn()
    ixidron = game.id("Ixidron")
    (button,) = [o for o in offered(game, "judge", ixidron) if o.type == "cast"]
    assert button.warning is not None and button.warning_fr is not None
    assert button.warning.startswith("Not at sorcery speed now — 302.1, 117.1a: ")
    assert "it is Alice's turn" in button.warning
    assert button.warning_fr.startswith("Pas en vitesse de rituel maintenant — 302.1, 117.1a : ")
    game.do(None, type="cast", object=ixidron)
    assert game.find("Ixidron").zone == Zone.STACK
    assert [e.kind for e in game.last] == ["cast", OFF_TIMING]
    assert game.last[-1].rules == ("302.1", "117.1a")
    for who in VIEWERS:  # public: whose turn it was is known to all
        text = game.last_text(who)
        assert "The rules wouldn't allow this now; the judge went on." in text


def test_302_1_the_judge_acting_as_bob_gets_bobs_answer():
    """Looking as Bob, the judge's page offers what Bob may do; acting "as" Bob (consent:
    directly, no proposal) is Bob's timing too. The judge as the judge goes on (above)."""
    game = ixidron_on_alices_turn()
    with pytest.raises(RuleError) as refused:
        engine.apply(
            game.state, parse_action({"type": "cast", "object": game.id("Ixidron")}), "Bob",
            consent=True,
        )  # fmt: skip
    assert refused.value.rules == ["302.1", "117.1a"]


def test_302_1_a_judges_button_in_time_has_no_warning():
    game = Table().hand("Alice", "Grizzly Bears").start()
    (button,) = [o for o in offered(game, "judge", game.id("Grizzly Bears")) if o.type == "cast"]
    assert button.warning is None
    game.do("Alice", type="cast", object=game.id("Grizzly Bears"))
    assert OFF_TIMING not in [e.kind for e in game.last]


# --- 307.1: a sorcery; the stack and the step -----------------------------------------------


def test_307_1_a_sorcery_waits_for_an_empty_stack():
    game = Table().hand("Alice", "Divination", "Grizzly Bears").start()
    game.do("Alice", type="cast", object=game.id("Grizzly Bears"))
    divination = game.id("Divination")
    assert "cast" not in offered_types(game, "Alice", divination)
    err = game.refused("Alice", type="cast", object=divination)
    assert err.rules == ["307.1", "117.1a"]
    assert "the stack isn't empty (1 spell or ability)" in err.message_en
    assert "la pile n'est pas vide (1 sort ou capacité)" in err.message_fr
    game.do(None, type="resolve")
    assert "cast" in offered_types(game, "Alice", divination)
    game.do("Alice", type="cast", object=divination)


@pytest.mark.parametrize(
    ("step", "allowed"),
    [("main1", True), ("main2", True), ("upkeep", False), ("combat_damage", False), ("end", False)],
)
def test_117_1a_a_creature_spell_only_in_a_main_phase(step: str, allowed: bool):
    game = Table().hand("Alice", "Grizzly Bears").start()
    game.do(None, type="judge_set_turn", step=step)
    bears = game.id("Grizzly Bears")
    assert ("cast" in offered_types(game, "Alice", bears)) is allowed
    if allowed:
        game.do("Alice", type="cast", object=bears)
    else:
        err = game.refused("Alice", type="cast", object=bears)
        assert err.rules == ["302.1", "117.1a"] and "it is the " in err.message_en


def test_304_1_an_instant_and_702_8a_a_flash_creature_any_time_with_priority():
    game = (
        Table()
        .hand("Bob", "Lightning Bolt", "Cosmos Charger", "Grizzly Bears")
        .battlefield("Alice", "Serra Angel")
        .start()
    )
    game.do(None, type="judge_set_turn", step="combat_damage")
    assert "cast" not in offered_types(game, "Bob", game.id("Grizzly Bears"))
    for name in ("Cosmos Charger", "Lightning Bolt"):  # on Alice's turn, above each other
        card = game.id(name)
        assert "cast" in offered_types(game, "Bob", card)
        game.do("Bob", type="cast", object=card)
        assert OFF_TIMING not in [e.kind for e in game.last]


# --- 702.37c / 708.2: a face-down spell is a 2/2 creature spell with no abilities ----------


def test_702_37c_a_face_down_spell_is_cast_at_sorcery_speed_even_with_flash_on_its_face():
    game = Table().hand("Bob", FLASH_MORPH, "Exalted Angel").start()
    drake = game.id("Quicksilver Test Drake")
    assert offered_types(game, "Bob", drake) >= {"cast"}  # flash: face up, on Alice's turn
    assert "cast_face_down" not in offered_types(game, "Bob", drake)
    flashy = game.refused("Bob", type="cast_face_down", object=drake, via="morph")
    plain = game.refused("Bob", type="cast_face_down", object=game.id("Exalted Angel"), via="morph")
    # The refusal is the same whatever the face: it tells nothing of the card (708.2).
    assert (flashy.rules, flashy.message_en, flashy.message_fr) == (
        plain.rules,
        plain.message_en,
        plain.message_fr,
    )
    assert flashy.rules == ["302.1", "707.2", "117.1a"]
    assert "a face-down creature spell is cast only" in flashy.message_en
    game.do("Bob", type="cast", object=drake)


def test_702_37c_the_judge_casting_face_down_off_timing_names_no_card():
    game = Table().hand("Bob", "Exalted Angel").start()
    angel = game.id("Exalted Angel")
    (button,) = [o for o in offered(game, "judge", angel) if o.type == "cast_face_down"]
    assert button.warning is not None and "face-down creature spell" in button.warning
    game.do(None, type="cast_face_down", object=angel, via="morph")
    for who in ("Alice", "spectator"):
        assert "Exalted Angel" not in game.last_text(who)
        assert "The rules wouldn't allow this now" in game.last_text(who)


# --- 305.1 / 305.2 / 116.2a: lands ----------------------------------------------------------


def test_305_2_a_second_land_is_refused_to_the_seat_and_warned_to_the_judge():
    game = Table().hand("Alice", "Forest", "Island").start()
    game.do("Alice", type="play_land", object=game.id("Forest"))
    island = game.id("Island")
    assert "play_land" not in offered_types(game, "Alice", island)
    err = game.refused("Alice", type="play_land", object=island)
    assert err.rules == ["305.2"] and "already played a land" in err.message_en
    (button,) = [o for o in offered(game, "judge", island) if o.type == "play_land"]
    assert button.warning is not None and button.warning.startswith("No land play left — 305.2: ")
    game.do(None, type="play_land", object=island)
    assert game.find("Island").zone == Zone.BATTLEFIELD
    assert warnings(game) and game.state.land_plays == {"Alice": 2}


def test_305_1_a_land_is_played_with_an_empty_stack():
    game = Table().hand("Alice", "Forest", "Grizzly Bears").start()
    game.do("Alice", type="cast", object=game.id("Grizzly Bears"))
    err = game.refused("Alice", type="play_land", object=game.id("Forest"))
    assert err.rules == ["305.1", "116.2a"] and "stack isn't empty" in err.message_en


# --- 116.2h: foretelling during your own turn -----------------------------------------------


def test_116_2h_foretelling_on_another_players_turn_seat_refused_judge_warned():
    game = Table().hand("Bob", "Saw It Coming").start()
    card = game.id("Saw It Coming")
    assert "foretell" not in offered_types(game, "Bob", card)
    err = game.refused("Bob", type="foretell", object=card)
    assert err.rules == ["116.2h", "702.143a"]
    (button,) = [o for o in offered(game, "judge", card) if o.type == "foretell"]
    assert button.warning is not None and "116.2h" in button.warning
    game.do(None, type="foretell", object=card)
    assert game.find("Saw It Coming").zone == Zone.EXILE
    assert warnings(game)
    assert "Saw It Coming" not in game.last_text("Alice")  # the warning names no card


def test_116_2h_foretelling_on_your_own_turn_with_a_spell_on_the_stack():
    game = Table().hand("Alice", "Saw It Coming", "Grizzly Bears").start()
    game.do("Alice", type="cast", object=game.id("Grizzly Bears"))
    game.do("Alice", type="foretell", object=game.id("Saw It Coming"))  # any time with priority
    assert not warnings(game)


# --- 302.6: summoning sickness; 702.10 haste ------------------------------------------------


def test_302_6_a_creature_cast_this_turn_is_not_offered_attack_until_its_controllers_next_turn():
    game = Table().hand("Alice", "Grizzly Bears").start()
    game.do("Alice", type="cast", object=game.id("Grizzly Bears"))
    game.do(None, type="resolve")
    bears = game.id("Grizzly Bears")
    assert "attack" not in offered_types(game, "Alice", bears)
    err = game.refused("Alice", type="attack", objects=[bears])
    assert err.rules == ["302.6", "508.1a", "702.10"]
    assert "Summoning sick" in err.message_en and "Mal d'invocation" in err.message_fr
    game.do("Alice", type="next_turn")
    assert game.find("Grizzly Bears").summoning_sick  # Bob's turn began, not Alice's
    game.do("Bob", type="next_turn")
    assert "attack" in offered_types(game, "Alice", bears)
    game.do("Alice", type="attack", objects=[bears])
    assert not warnings(game)


def test_302_6_the_judge_may_attack_with_a_summoning_sick_creature_warned():
    game = Table().hand("Alice", "Grizzly Bears").start()
    game.do("Alice", type="cast", object=game.id("Grizzly Bears"))
    game.do(None, type="resolve")
    bears = game.id("Grizzly Bears")
    (button,) = [o for o in offered(game, "judge", bears) if o.type == "attack"]
    assert button.warning is not None and button.warning.startswith("Summoning sick — 302.6")
    game.do(None, type="attack", objects=[bears])
    assert [e.kind for e in game.last][:2] == ["attack", OFF_TIMING]


def test_702_10_haste_attacks_the_turn_it_enters():
    game = Table().hand("Alice", "Akki Lavarunner").start()
    game.do("Alice", type="cast", object=game.id("Akki Lavarunner"))
    game.do(None, type="resolve")
    akki = game.id("Akki Lavarunner")
    assert "attack" in offered_types(game, "Alice", akki)
    game.do("Alice", type="attack", objects=[akki])


def test_302_6_gaining_control_makes_it_new_to_its_controller():
    game = Table().battlefield("Bob", "Serra Angel").start()
    angel = game.id("Serra Angel")
    game.do(None, type="gain_control", object=angel, player="Alice")
    assert "attack" not in offered_types(game, "Alice", angel)
    assert game.refused("Alice", type="attack", objects=[angel]).rules[0] == "302.6"
    game.do("Alice", type="next_turn")
    game.do("Bob", type="next_turn")
    game.do("Alice", type="attack", objects=[angel])


def test_302_6_a_built_tables_permanents_are_controlled_since_the_turn_began_unless_said():
    game = (
        Table()
        .battlefield("Alice", "Serra Angel")
        .battlefield("Alice", "Grizzly Bears", summoning_sick=True)
        .start()
    )
    assert "attack" in offered_types(game, "Alice", game.id("Serra Angel"))
    assert "attack" not in offered_types(game, "Alice", game.id("Grizzly Bears"))
    # The judge adds a card, or says a permanent came under its controller's control this turn.
    game.do(None, type="judge_add_card", card={"name": "Llanowar Elves", "types": ["Creature"]},
            owner="Alice", zone="battlefield")  # fmt: skip
    assert "attack" in offered_types(game, "Alice", game.id("Llanowar Elves"))
    game.do(None, type="judge_move", object=game.id("Serra Angel"), summoning_sick=True)
    assert "302.6" in game.last[0].public.en
    assert "attack" not in offered_types(game, "Alice", game.id("Serra Angel"))


def test_302_6_a_judge_starting_another_players_turn_ends_their_summoning_sickness():
    game = Table().battlefield("Bob", "Grizzly Bears", summoning_sick=True).start()
    game.do(None, type="judge_set_turn", active_player="Bob", turn=2)
    assert "attack" in offered_types(game, "Bob", game.id("Grizzly Bears"))


def test_302_6_turning_face_down_keeps_it_the_same_permanent():
    game = Table().battlefield("Alice", "Grizzly Bears").hand("Alice", "Ixidron").start()
    game.do("Alice", type="cast", object=game.id("Ixidron"))
    game.do(None, type="resolve")
    down = [o for o in game.state.objects if o.face_down and o.zone == Zone.BATTLEFIELD]
    assert len(down) == 1 and not down[0].summoning_sick  # Ixidron's: no new control
    assert "attack" in offered_types(game, "Alice", down[0].id)
    assert "attack" not in offered_types(game, "Alice", game.id("Ixidron"))


# --- 508.1: attackers are declared in combat ------------------------------------------------


def test_508_1_no_attack_after_the_declare_attackers_step():
    game = Table().battlefield("Alice", "Serra Angel").start()
    game.do(None, type="judge_set_turn", step="declare_blockers")
    angel = game.id("Serra Angel")
    assert "attack" not in offered_types(game, "Alice", angel)
    err = game.refused("Alice", type="attack", objects=[angel])
    assert err.rules == ["508.1"] and "declare blockers step" in err.message_en


# --- The offers and the engine agree, over every shipped scenario ---------------------------


def _states_of(scenario: Any) -> list[Any]:
    """Every state a shipped scenario passes through, the judge acting as each player."""
    state = engine.new_game(game_setup(scenario), "timing-seed").state
    states = [state]
    for step in scenario.steps:
        action = parse_action(resolve_refs(step.action, state))
        try:
            state = engine.apply(state, action, step.as_, consent=True).state
        except RuleError:
            assert step.refused is not None
            continue
        states.append(state)
    return states


SCENARIOS = [s for s in all_scenarios() if s.ruleset != "riftbound"]


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.key for s in SCENARIOS])
def test_117_1a_offers_and_the_engine_agree_in_every_shipped_scenario(scenario: Any):
    """Every timing-bound button a seat is offered is accepted, none it would be refused for
    timing is offered; the judge's button is warned exactly when the seat would be refused
    for timing; and no shipped scenario makes the judge act off timing."""
    from app.rules.offers import candidates_for

    for state in _states_of(scenario):
        judge = {
            str(o.action): o for o in actions_for(state, Viewer.judge()) if o.type in TIMING_BOUND
        }
        for player in state.player_names():
            seat = Viewer.seat(player)
            mine = {str(o.action) for o in actions_for(state, seat)}
            for candidate in candidates_for(state, seat):
                if candidate.action["type"] not in TIMING_BOUND:
                    continue
                try:
                    engine.apply(state, parse_action(candidate.action), player, trial=True)
                    accepted, err = True, None
                except RuleError as refused:
                    accepted, err = False, refused
                assert (str(candidate.action) in mine) is accepted
                warned = judge.get(str(candidate.action))
                if err is not None and "timing" in _kind_of(err):
                    assert warned is not None and warned.warning is not None
                if accepted and warned is not None:
                    assert warned.warning is None


def _kind_of(err: RuleError) -> str:
    headlines = ("Not at sorcery speed now", "Not a time to", "No land play left", "Summoning sick")
    return "timing" if err.message_en.startswith(headlines) else "other"


def test_no_shipped_scenario_acts_off_timing():
    for scenario in SCENARIOS:
        for _step, out in scenario_outcomes(scenario, "timing-seed")[1]:
            assert OFF_TIMING not in [e.kind for e in out.events], scenario.key
