"""Judge scenarios over JSON: list them, and build one as a fresh game with its own links."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Body, Request
from pydantic import Field

from app.demo import create_scenario_game
from app.scenarios.library import all_scenarios, get_scenario
from app.scenarios.runner import ScenarioError
from app.store.repository import CreatedGame
from app.web.client_address import is_this_machine
from app.web.deps import RepositoryDep
from app.web.errors import ApiError, ErrorBody
from app.web.models import GameCreated, ScenarioGameCreate, ScenarioPublic

router = APIRouter(prefix="/api", tags=["scenarios"])


@router.get("/scenarios", response_model=list[ScenarioPublic], summary="The judge scenarios")
def list_scenarios() -> list[ScenarioPublic]:
    return [ScenarioPublic.model_validate(s.model_dump()) for s in all_scenarios()]


@router.post(
    "/scenarios/{key}/games",
    status_code=201,
    response_model=GameCreated,
    responses={404: {"model": ErrorBody}, 422: {"model": ErrorBody}},
    summary="Build a scenario as a new game (fresh tokens, shown once)",
)
def create_from_scenario(
    key: Annotated[str, Field(max_length=80)],
    repository: RepositoryDep,
    body: Annotated[ScenarioGameCreate | None, Body()] = None,
) -> GameCreated:
    scenario = get_scenario(key)
    if scenario is None:
        raise ApiError(404, "not_found", "No scenario with that key.")
    try:
        created = create_scenario_game(repository, key, body.players if body else None)
    except ScenarioError as err:
        raise ApiError(422, "invalid", str(err)) from err
    return GameCreated.of(created, scenario.title)


@router.get(
    "/demo",
    response_model=list[GameCreated],
    responses={404: {"model": ErrorBody}, 403: {"model": ErrorBody}},
    summary="Demo mode only, from this machine only: the demo games and their links",
)
def demo_games(request: Request) -> list[GameCreated]:
    games: list[tuple[CreatedGame, str]] | None = getattr(request.app.state, "demo_games", None)
    if not request.app.state.settings.demo or games is None:
        raise ApiError(404, "not_found", "Demo mode is off.")
    if not is_this_machine(request.scope):
        raise ApiError(403, "forbidden", "The demo links are shown on this machine only.")
    return [GameCreated.of(created, title) for created, title in games]
