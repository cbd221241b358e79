"""A real move copies only the objects it reads, and the new state shares the rest with the
state it started from (GameState.settle). docs/DESIGN.md invariant 1 must still hold: the
input is never changed, and the outcome is exactly what a move on a full copy gives. Checked
for every candidate action of every viewer at every step of every shipped scenario."""

from __future__ import annotations

from typing import Any

import pytest

from app.rules import engine
from app.rules.core.errors import RuleError
from app.rules.core.state import GameState
from app.rules.core.viewer import Viewer
from app.rules.families import parse_action
from app.rules.offers import candidates_for
from app.scenarios.library import all_scenarios
from app.scenarios.runner import game_setup
from tests.rules.core.scenario_states import scenario_states


def _outcome(state: GameState, action: dict[str, Any], actor: str | None) -> Any:
    try:
        out = engine.apply(state, parse_action(action), actor)
    except RuleError as err:
        return ("refused", err.rules, err.message_en)
    return out


def _states(scenario: Any) -> list[GameState]:
    return scenario_states(scenario, "shared-objects")


@pytest.mark.parametrize("scenario", all_scenarios(), ids=lambda s: s.key)
def test_invariant_1_a_move_sharing_unread_objects_changes_nothing_it_started_from(
    scenario: Any,
) -> None:
    applied = 0
    states = _states(scenario)
    dumps = [s.model_dump() for s in states]
    for state, before in zip(states, dumps, strict=True):
        viewers = [Viewer(kind="judge")] + [
            Viewer(kind="player", player=p) for p in state.player_names()
        ]
        for viewer in viewers:
            actor = viewer.player if viewer.kind == "player" else None
            for candidate in candidates_for(state, viewer):
                shared = _outcome(state, candidate.action, actor)
                # The same move on a copy that shares nothing with `state`.
                alone = _outcome(state.model_copy(deep=True), candidate.action, actor)
                if isinstance(shared, tuple):
                    assert shared == alone, (scenario.key, viewer, candidate.action)
                    continue
                assert not isinstance(alone, tuple), (scenario.key, candidate.action)
                assert shared.state.model_dump() == alone.state.model_dump()
                assert shared.events == alone.events
                assert type(shared.state.objects) is list  # settled: a plain list again
                applied += 1
                # A move on the new state leaves it as it was, and the one before it too.
                after = shared.state.model_dump()
                for again in candidates_for(shared.state, Viewer(kind="judge"))[:1]:
                    _outcome(shared.state, again.action, None)
                assert shared.state.model_dump() == after
        assert state.model_dump() == before, scenario.key
    # Every state of the scenario is still as it was made, after all those moves.
    assert [s.model_dump() for s in states] == dumps
    assert applied > 0


def test_invariant_1_a_tap_on_a_big_board_copies_only_the_tapped_permanent() -> None:
    """The point of sharing: a tap on a board of many objects copies one of them."""
    scenario = all_scenarios()[0]
    state = engine.new_game(game_setup(scenario), "shared-objects").state
    for viewer in [Viewer(kind="judge")]:
        for candidate in candidates_for(state, viewer):
            if candidate.action["type"] != "tap":
                continue
            out = engine.apply(state, parse_action(candidate.action), None)
            tapped = candidate.action["object"]
            copied = [o.id for o in out.state.objects if all(o is not p for p in state.objects)]
            assert copied == [tapped]
            assert len(state.objects) == len(out.state.objects) > 1
            return
    pytest.skip("no tap button in the first scenario")
