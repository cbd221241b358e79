"""Demo games: every shipped judge scenario, built once in a fresh database."""

from __future__ import annotations

from app.scenarios.library import all_scenarios, get_scenario
from app.scenarios.model import Scenario
from app.scenarios.runner import create_scenario_game as _create
from app.store.repository import CreatedGame, GameRepository

SCENARIOS: list[Scenario] = list(all_scenarios())


def create_scenario_game(
    repository: GameRepository, key: str, players: list[str] | None = None
) -> CreatedGame:
    scenario = get_scenario(key)
    if scenario is None:
        raise KeyError(key)
    return _create(repository, scenario, players)


def load_demo_games(repository: GameRepository) -> list[tuple[CreatedGame, str]]:
    """Build each scenario as a game, with its title, unless the database already has games
    (several workers start at once; only an empty database gets them). Tokens are returned,
    never logged."""
    if repository.count_games() > 0:
        return []
    return [
        (create_scenario_game(repository, scenario.key), scenario.title) for scenario in SCENARIOS
    ]
