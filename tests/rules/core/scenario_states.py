"""Every state a shipped scenario passes through, for properties checked at each step."""

from __future__ import annotations

from typing import Any

from app.rules import engine
from app.rules.core.errors import RuleError
from app.rules.core.state import GameState
from app.rules.families import parse_action
from app.scenarios.runner import game_setup, resolve_refs


def scenario_states(scenario: Any, seed: str) -> list[GameState]:
    """The scenario's state before each step and after the last (a refused step skipped)."""
    state = engine.new_game(game_setup(scenario), seed).state
    out = [state]
    for step in scenario.steps:
        try:
            state = engine.apply(
                state, parse_action(resolve_refs(step.action, state)), step.as_, consent=True
            ).state
        except RuleError:
            continue
        out.append(state)
    return out
