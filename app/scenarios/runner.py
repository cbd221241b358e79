"""Build a scenario's situation in a new game: setup, then each step through the store."""

from __future__ import annotations

from typing import Any

from app.catalog.loader import Catalog, catalog_for, load_catalog
from app.rules.core.ids import object_id
from app.rules.core.setup import GameSetup
from app.rules.core.state import GameState
from app.rules.families import family_of, parse_action
from app.scenarios.model import Scenario
from app.scenarios.refusals import refusal_event
from app.store.repository import Brief, CreatedGame, GameRepository, Refused


class ScenarioError(ValueError):
    """A scenario that can't be built as written (a bad reference or a step refused)."""


def _rename(scenario: Scenario, players: list[str] | None) -> Scenario:
    if not players:
        return scenario
    if len(players) != len(scenario.players) or len(set(players)) != len(players):
        raise ScenarioError(f"This scenario needs {len(scenario.players)} different player names.")
    names = dict(zip(scenario.players, players, strict=True))
    data = scenario.model_dump(by_alias=True)
    data["players"] = players
    for entry in data["setup"]:
        entry["owner"] = names[entry["owner"]]
        if entry.get("controller"):
            entry["controller"] = names[entry["controller"]]
    for step in data["steps"]:
        if step.get("as"):
            step["as"] = names[step["as"]]
        if "player" in step["action"]:
            step["action"]["player"] = names[step["action"]["player"]]
    for expectation in data["expect"]:
        expectation["viewer"] = names.get(expectation["viewer"], expectation["viewer"])
    return Scenario.model_validate(data)


def game_setup(scenario: Scenario, catalog: Catalog | None = None) -> GameSetup:
    catalog = catalog_for(scenario.ruleset, catalog or load_catalog())
    cards = [
        {**e.model_dump(exclude_none=True), "card": catalog.resolve(e.card)} for e in scenario.setup
    ]
    return family_of(scenario.ruleset).rules.setup_model.model_validate(
        {
            "ruleset": scenario.ruleset,
            "players": scenario.players,
            "options": scenario.options,
            "cards": cards,
        }
    )


def resolve_refs(value: Any, state: GameState) -> Any:
    """Replace "@Card Name" by the id of the one object of that card now, and "#k" by the
    id of the k-th object this game created."""
    if isinstance(value, list):
        return [resolve_refs(v, state) for v in value]
    if isinstance(value, dict):
        return {k: resolve_refs(v, state) for k, v in value.items()}
    if isinstance(value, str) and value.startswith("#") and value[1:].isdigit():
        k = int(value[1:])
        if not 1 <= k <= state.id_counter:
            raise ScenarioError(f"{value}: this game has created {state.id_counter} objects.")
        return object_id(state.seed, k)
    if isinstance(value, str) and value.startswith("@"):
        name = value[1:]
        found = [o.id for o in state.objects if o.card.name == name]
        if len(found) != 1:
            raise ScenarioError(f"{value}: expected one object, found {len(found)}.")
        return found[0]
    return value


def create_scenario_game(
    repository: GameRepository, scenario: Scenario, players: list[str] | None = None
) -> CreatedGame:
    scenario = _rename(scenario, players)
    created = repository.create_game(game_setup(scenario), scenario.title)
    if scenario.question or scenario.answer:
        # The judge's page shows them and prefills the publish form.
        repository.save_brief(created.id, Brief.of(scenario.title, scenario))
    for number, step in enumerate(scenario.steps, start=1):
        state = repository.load(created.id)
        action = parse_action(resolve_refs(step.action, state))
        try:
            # A scenario is the judge's: it acts as each player directly.
            repository.act(created.id, action, step.as_, consent=True)
        except Refused as err:
            if step.refused is None:
                raise ScenarioError(f"step {number} was refused: {err.message_en}") from err
            # The refusal is often what the scenario asks about: the log shows it.
            repository.note_refusal(created.id, refusal_event(step.as_, err))
            continue
        if step.refused is not None:
            raise ScenarioError(f"step {number} should have been refused")
    return created
