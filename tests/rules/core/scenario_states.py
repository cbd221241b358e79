"""Every state a shipped scenario passes through, for properties checked at each step."""

from __future__ import annotations

from typing import Any

from app.rules import engine
from app.rules.core.errors import RuleError
from app.rules.core.state import GameState
from app.rules.families import parse_action
from app.scenarios.runner import game_setup, resolve_refs


def scenario_outcomes(
    scenario: Any, seed: str
) -> tuple[engine.Outcome, list[tuple[Any, engine.Outcome]]]:
    """The scenario's set-up, and each step it takes with its outcome (a refused step
    skipped)."""
    setup = engine.new_game(game_setup(scenario), seed)
    state, steps = setup.state, []
    for step in scenario.steps:
        try:
            out = engine.apply(
                state, parse_action(resolve_refs(step.action, state)), step.as_, consent=True
            )
        except RuleError:
            continue
        steps.append((step, out))
        state = out.state
    return setup, steps


def scenario_states(scenario: Any, seed: str) -> list[GameState]:
    """The scenario's state before each step and after the last (a refused step skipped)."""
    setup, steps = scenario_outcomes(scenario, seed)
    return [setup.state] + [out.state for _, out in steps]
