"""Issue 18: a button's legality trial copies each object only when a move reads it
(app/rules/core/copy_on_read.py). For every button of every viewer, at every step of every
shipped scenario (and a starter game), the trial must accept and refuse exactly what a trial
on a full copy does, and leave the state it started from as it was."""

from __future__ import annotations

from typing import Any

import pytest

from app.rules import engine
from app.rules.core.copy_on_read import CopyOnRead
from app.rules.core.errors import RuleError
from app.rules.core.state import GameState
from app.rules.core.viewer import Viewer
from app.rules.families import family_of, parse_action
from app.rules.offers import candidates_for
from app.scenarios.library import all_scenarios
from app.scenarios.runner import game_setup
from tests.rules.core.scenario_states import scenario_states


def _legal(state: GameState, action: dict[str, Any], actor: str | None, trial: bool) -> bool:
    try:
        engine.apply(state, parse_action(action), actor, trial=trial)
    except RuleError:
        return False
    return True


def _states(scenario: Any) -> list[GameState]:
    return scenario_states(scenario, "copy-on-read")


def _viewers(state: GameState) -> list[Viewer]:
    return [Viewer(kind="judge")] + [Viewer(kind="player", player=p) for p in state.player_names()]


@pytest.mark.parametrize("scenario", all_scenarios(), ids=lambda s: s.key)
def test_copy_on_read_trial_agrees_with_a_full_copy(scenario: Any) -> None:
    tried = 0
    for state in _states(scenario):
        before = state.model_dump()
        for viewer in _viewers(state):
            actor = viewer.player if viewer.kind == "player" else None
            for candidate in candidates_for(state, viewer):
                lazy = _legal(state, candidate.action, actor, trial=True)
                full = _legal(state, candidate.action, actor, trial=False)
                assert lazy == full, (scenario.key, viewer, candidate.action)
                tried += 1
        # Nothing a trial did reached the state it started from.
        assert state.model_dump() == before, scenario.key
    assert tried > 0


def test_copy_on_read_copies_what_is_read_and_only_that() -> None:
    family = family_of("mtg")
    state = engine.new_game(game_setup(all_scenarios()[0]), "copy-on-read").state
    assert family.key == "mtg"
    trial = state.clone(lazy_objects=True)
    objects = trial.objects
    assert type(objects) is CopyOnRead
    first = state.objects[0]
    found = trial.get(first.id)
    assert found is not None and found is not first and found == first
    # Read again: the same copy, not a new one.
    assert trial.get(first.id) is found
    found.tapped = not first.tapped
    assert state.objects[0].tapped == first.tapped
    # Every other object is still the state's own until read.
    assert all(
        list.__getitem__(objects, i) is state.objects[i] for i in range(1, len(state.objects))
    )
    # Any way of reading hands out copies: iterating, indexing, slicing, popping, adding.
    assert all(o is not s for o, s in zip(objects, state.objects, strict=True))
    assert objects[-1] is not state.objects[-1]
    assert all(o is not s for o, s in zip(objects[:2], state.objects[:2], strict=True))
    # list + CopyOnRead must not hand out shared objects (its __radd__).
    assert all(o is not s for o, s in zip([] + objects, state.objects, strict=True))  # noqa: RUF005
    popped = trial.objects.pop()
    assert popped is not state.objects[-1]
    assert len(state.objects) == len(objects) + 1
