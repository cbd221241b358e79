"""A page's game-wide buttons check each move's declared precondition on the state itself, not
on a copy (Ctx's `reading`, app/rules/offers.py's `loose_options`). That is safe only while no
precondition changes what it reads: docs/DESIGN.md invariant 1, the state a move starts from is
never changed, holds for the states the pages and the cache share. Checked for every viewer at
every step of every shipped scenario, and for the table's own states."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from app.rules.core.context import Ctx
from app.rules.core.state import GameState
from app.rules.core.viewer import Viewer
from app.rules.families import family_of
from app.rules.offers import candidates_about, loose_options
from app.scenarios.library import all_scenarios
from tests.rules.core.scenario_states import scenario_states


def _viewers(state: GameState) -> list[Viewer]:
    return [Viewer(kind="judge")] + [Viewer(kind="player", player=p) for p in state.player_names()]


def _checked(state: GameState) -> int:
    """Every viewer's game-wide buttons worked out on `state`; the state read before and
    after each must be the same, down to each object's identity. The preconditions run."""
    ran = 0
    before = state.model_dump()
    objects = list.__iter__(state.objects)
    ids = [id(o) for o in objects]
    for viewer in _viewers(state):
        loose_options(state, viewer)
        ran += len(candidates_about(state, viewer, None))
        assert state.model_dump() == before, viewer
        assert [id(o) for o in list.__iter__(state.objects)] == ids, viewer
    return ran


@pytest.mark.parametrize("scenario", all_scenarios(), ids=lambda s: s.key)
def test_invariant_1_preconditions_read_the_shared_state_and_change_nothing(scenario: Any) -> None:
    ran = sum(_checked(state) for state in scenario_states(scenario, "read-only"))
    assert ran > 0, scenario.key  # the scenario offers game-wide buttons at some step


def test_a_context_for_reading_is_the_state_itself() -> None:
    scenario = all_scenarios()[0]
    state = scenario_states(scenario, "read-only")[0]
    rules = family_of(state.ruleset).rules
    ctx: Ctx[GameState] = Ctx(
        state, None, rules.visibility.in_view, rules, trial=True, reading=True
    )
    assert ctx.state is state and ctx.started_from is state
    assert ctx.trial and ctx.judge and ctx.events == [] and not ctx.consented
    copied: Ctx[GameState] = Ctx(state, None, rules.visibility.in_view, rules, trial=True)
    assert copied.state is not state


def test_the_check_fails_with_a_precondition_that_changes_what_it_reads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The planted bug: a precondition that taps the first object it finds."""
    state = next(
        s
        for scenario in all_scenarios()
        for s in scenario_states(scenario, "read-only")
        if s.ruleset == "mtg" and s.objects
    )
    rules = family_of(state.ruleset).rules
    move = rules.moves_by_type["next_turn"]
    real = move.precondition
    assert real is not None

    def meddling(ctx: Any, action: Any) -> Any:
        obj = ctx.state.objects[0]
        obj.tapped = not obj.tapped
        return real(ctx, action)

    monkeypatch.setitem(rules.moves_by_type, "next_turn", replace(move, precondition=meddling))
    with pytest.raises(AssertionError):
        _checked(state)
