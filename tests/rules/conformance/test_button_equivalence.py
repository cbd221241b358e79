"""The buttons offered when asked for are exactly the ones the engine accepts: over every
shipped scenario (both families), every viewer a page has, and every step of the scenario's
log, the game-wide buttons (by their moves' declared preconditions) and every object's sheet
(its candidates tried through the engine) are `actions_for`'s list, split by object: no button
the engine refuses, none missing, the same order, labels and warnings."""

from __future__ import annotations

import importlib
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.rules.core.errors import RuleError
from app.rules.core.events import Text
from app.rules.core.state import GameState
from app.rules.core.timing import warning_of
from app.rules.families import FAMILIES, family_of
from app.rules.mtg import stack
from app.rules.mtg.state import Zone
from app.rules.mtg.timing import cast_timing
from app.rules.redact import Candidate, Viewer, numbers_for_ruleset, option_if_legal
from app.scenarios.library import all_scenarios
from app.scenarios.model import Scenario
from app.web.page_buttons import PageButtons
from app.web.viewer_memo import ViewerMemo
from tests.conftest import quick_examples
from tests.rules.conformance.button_equivalence import mismatches, viewpoints
from tests.rules.conformance.kit import FamilyKit, attempt
from tests.rules.core.scenario_states import scenario_states
from tests.rules.mtg.table import Table

SCENARIOS = all_scenarios()


def states_of(scenario: Scenario) -> list[GameState]:
    """The scenario's game at version 0 and after each step (a refused step changes nothing,
    as the store keeps it)."""
    return scenario_states(scenario, f"buttons-{scenario.key}")


def test_the_shipped_scenarios_cover_both_families():
    assert {s.ruleset.split("-")[0] for s in SCENARIOS} >= {"mtg", "riftbound"}


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.key for s in SCENARIOS])
def test_page_buttons_are_the_engines_over_every_step_and_viewer(scenario: Scenario) -> None:
    for number, state in enumerate(states_of(scenario)):
        for viewer, acting_as in viewpoints(state.player_names()):
            found = mismatches(state, viewer, acting_as)
            assert not found, (number, viewer, acting_as, found)


# Random legal games of every registered family (the conformance kits: Traps' runs in
# tests/third_family/test_traps_buttons.py): states no scenario reaches.
KIT_MODULES = {
    "mtg": "tests.rules.conformance.mtg_kit",
    "riftbound": "tests.rules.conformance.riftbound_kit",
    "trap": "tests.third_family.traps_kit",
}
KITS: list[FamilyKit] = [
    importlib.import_module(KIT_MODULES[f.key]).KIT for f in FAMILIES if f.key in KIT_MODULES
]
# Every viewer's buttons at every step is costly: fewer games than the other properties, and
# one viewer per step, in turn (each viewer is checked every few steps of each game).
GAMES = quick_examples(5)


@pytest.mark.parametrize("kit", KITS, ids=[k.family for k in KITS])
def test_page_buttons_are_the_engines_in_random_games(kit: FamilyKit) -> None:
    @settings(kit.profile(), max_examples=min(kit.examples, GAMES))
    @given(st.data())
    def run(data: st.DataObject) -> None:
        state = kit.new_state(kit.bob, data.draw(kit.variants))
        viewers = viewpoints(state.player_names())
        for step in range(kit.steps):
            viewer, acting_as = viewers[step % len(viewers)]
            found = mismatches(state, viewer, acting_as)
            assert not found, (step, viewer, acting_as, found)
            actor, action = data.draw(kit.an_action(state))
            out, err = attempt(state, actor, action)
            if err is None:
                state = out.state

    run()


def _skinthinner_waiting_for_targets() -> GameState:
    """Alice's Skinthinner turned face up: its trigger is on top of the stack, its targets not
    chosen yet (neither the scenarios nor the random games reach this)."""
    game = (
        Table()
        .battlefield("Alice", "Skinthinner", face_down="morph")
        .battlefield("Bob", "Grizzly Bears")
        .start()
    )
    game.do("Alice", type="turn_face_up", object=game.id("Skinthinner"))
    return game.state


def test_603_3d_nobody_is_offered_resolve_while_the_top_trigger_waits_for_its_targets():
    state = _skinthinner_waiting_for_targets()
    for viewer, acting_as in viewpoints(state.player_names()):
        assert not mismatches(state, viewer, acting_as), (viewer, acting_as)
        loose = PageButtons(ViewerMemo(state, viewer), acting_as).loose()
        assert "resolve" not in [o.type for o in loose], (viewer, acting_as)


def _planted(monkeypatch: pytest.MonkeyPatch, kind: str, precondition: Any) -> None:
    """A precondition that is not the handler's check (the bug this property is for)."""
    rules = family_of("mtg").rules
    move = rules.moves_by_type[kind]
    monkeypatch.setitem(rules.moves_by_type, kind, replace(move, precondition=precondition))


def _refuse(ctx: Any, action: Any) -> None:
    raise RuleError([], "planted", "planted")


@pytest.mark.parametrize(
    ("kind", "precondition", "where"),
    [
        # Too loose: resolve offered with an empty stack, or a trigger waiting for targets.
        ("resolve", lambda ctx, action: None, "start"),
        ("resolve", lambda ctx, action: stack.top_of_stack(ctx) and None, "targets"),
        # Too strict: ending the turn never offered, to the active player or the judge.
        ("next_turn", _refuse, "start"),
    ],
    ids=["resolve-too-loose", "resolve-forgets-603.3d", "next-turn-too-strict"],
)
def test_the_property_fails_with_a_precondition_that_is_not_the_handlers_check(
    monkeypatch: pytest.MonkeyPatch, kind: str, precondition: Any, where: str
) -> None:
    if where == "targets":
        state = _skinthinner_waiting_for_targets()
    else:
        state = states_of(next(s for s in SCENARIOS if s.ruleset == "mtg"))[0]
    assert not any(mismatches(state, v, a) for v, a in viewpoints(state.player_names()))
    _planted(monkeypatch, kind, precondition)
    found = [f for v, a in viewpoints(state.player_names()) for f in mismatches(state, v, a)]
    assert found and all(f.startswith("game-wide") for f in found), found


def _table_states() -> list[tuple[str, GameState]]:
    """A casual table's game-wide buttons in the states their preconditions tell apart: an
    empty library (nothing to mill, look at or reveal), a mulligan owed to the bottom (no
    keeping yet), a hand kept (no more mulligans)."""
    deck = ["Forest"] * 10
    empty = Table().library("Bob", *deck).start()
    game = Table().library("Alice", *deck).library("Bob", *deck).start()
    for _ in range(7):
        game.do("Alice", type="draw", player="Alice")
    states = [("Alice's library empty", empty.state), ("a hand", game.state)]
    game.do("Alice", type="mulligan", player="Alice")
    states.append(("a mulligan owed", game.state))
    hand = game.state.in_zone(Zone.HAND, "Alice")
    game.do("Alice", type="mulligan_bottom", player="Alice", objects=[hand[0].id])
    states.append(("kept", game.state))
    return states


def test_103_5_and_401_2_table_buttons_are_the_engines_in_the_states_they_differ():
    offered: dict[str, list[str]] = {}
    for name, state in _table_states():
        for viewer, acting_as in viewpoints(state.player_names()):
            assert not mismatches(state, viewer, acting_as), (name, viewer, acting_as)
        loose = PageButtons(ViewerMemo(state, Viewer.seat("Alice"))).loose()
        offered[name] = [o.type for o in loose if o.action.get("player") == "Alice"]
    # 401.2 / 701.17 / 701.20: nothing to take from an empty library; a draw still is.
    assert "draw" in offered["Alice's library empty"]
    assert not {"mill", "look_top", "reveal_top"} & set(offered["Alice's library empty"])
    # 103.5: keeping waits for the card owed to the bottom; once kept, no more mulligans.
    assert {"mulligan", "keep"} <= set(offered["a hand"])
    assert "mulligan" in offered["a mulligan owed"] and "keep" not in offered["a mulligan owed"]
    assert not {"mulligan", "keep"} & set(offered["kept"])


def test_117_1a_a_declared_preconditions_off_timing_warning_reads_as_the_trials():
    """A precondition may return what the judge is warned of (app.rules.core.timing): the
    button then says it in the words a trial's logged event gives, in both languages."""
    game = Table().hand("Bob", "Grizzly Bears").start()  # Alice's turn: Bob's creature waits
    bears = game.find("Grizzly Bears")
    action = {"type": "cast", "object": bears.id}
    trial = option_if_legal(
        game.state, Candidate(action, Text(en="Cast", fr="Lancer"), bears.id), Viewer.judge()
    )
    problem = cast_timing(game.state, bears.card, "Bob", face_down=False)
    assert trial is not None and trial.warning and problem is not None
    numbers = ", ".join(numbers_for_ruleset(list(problem.rules), game.state.ruleset))
    declared = warning_of(problem, numbers)
    assert (declared.en, declared.fr) == (trial.warning, trial.warning_fr)
    assert "302.1" in declared.en and declared.fr != declared.en


def _tapped_bears() -> GameState:
    """Alice's tapped Grizzly Bears and Bob's untapped Serra Angel."""
    game = Table().battlefield("Alice", "Grizzly Bears").battlefield("Bob", "Serra Angel").start()
    game.do("Alice", type="tap", object=game.id("Grizzly Bears"))
    return game.state


@pytest.mark.parametrize(
    ("kind", "precondition"),
    [
        # Too loose: tap offered on a permanent already tapped (110.5).
        ("tap", lambda ctx, action: None),
        # Too strict: untap never offered, even on the tapped one.
        ("untap", _refuse),
    ],
    ids=["tap-too-loose", "untap-too-strict"],
)
def test_110_5_the_property_fails_with_an_object_moves_precondition_not_its_handlers(
    monkeypatch: pytest.MonkeyPatch, kind: str, precondition: Any
) -> None:
    """A sheet's buttons come from the object moves' declared preconditions too: one that
    is not the handler's check shows as a sheet that differs from the engine's list."""
    state = _tapped_bears()
    assert not any(mismatches(state, v, a) for v, a in viewpoints(state.player_names()))
    _planted(monkeypatch, kind, precondition)
    found = [f for v, a in viewpoints(state.player_names()) for f in mismatches(state, v, a)]
    assert found and any(f.startswith("sheet ") for f in found), found
    assert not any(f.startswith("game-wide") for f in found), found
