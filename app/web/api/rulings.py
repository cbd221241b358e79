"""Rulings (a pinned, published moment of a game), export/import, and editions compared."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Response

from app.rules.core.errors import RuleError
from app.rules.families import Ruleset, family_of
from app.scenarios.editions import EditionComparison, compare_editions
from app.scenarios.export import TakenBack, export_game
from app.scenarios.model import Scenario
from app.scenarios.runner import ScenarioError, create_scenario_game
from app.store.repository import GameRepository, RulingNotFound, RulingRecord
from app.web import game_service
from app.web.deps import GameId, JudgeViewerDep, RepositoryDep
from app.web.errors import ApiError, ErrorBody
from app.web.models import GameCreated, RulingCreate, RulingCreated, RulingPublic

router = APIRouter(prefix="/api", tags=["rulings"])

Slug = Annotated[str, Path(min_length=8, max_length=24, pattern=r"^[A-Za-z0-9_-]+$")]
_NOT_FOUND: dict[int | str, dict[str, Any]] = {
    404: {"model": ErrorBody, "description": "No such ruling"}
}
_JUDGE_ERRORS: dict[int | str, dict[str, Any]] = {
    403: {"model": ErrorBody},
    404: {"model": ErrorBody},
}
# A game taken back replays as a scenario only up to the version before.
_REPLAY_ERRORS: dict[int | str, dict[str, Any]] = {**_JUDGE_ERRORS, 409: {"model": ErrorBody}}


def load_ruling(repository: GameRepository, slug: str) -> RulingRecord:
    try:
        return repository.get_ruling(slug)
    except RulingNotFound as err:
        raise ApiError(404, "not_found", "No ruling at this address.") from err


@router.post(
    "/games/{game_id}/rulings",
    status_code=201,
    response_model=RulingCreated,
    responses={**_JUDGE_ERRORS, 422: {"model": ErrorBody}},
    summary="Publish a ruling: an immutable copy of this game at a version (judge only)",
)
def create_ruling(
    game_id: GameId, body: RulingCreate, judge: JudgeViewerDep, repository: RepositoryDep
) -> RulingCreated:
    info = repository.info(game_id)
    version = info.version if body.version is None else body.version
    if version > info.version:
        raise ApiError(404, "not_found", f"This game has no version {version} yet.")
    record = game_service.publish_ruling(
        repository, game_id, version, body.viewpoint, body.title, body.note
    )
    return RulingCreated(slug=record.slug, url=f"/r/{record.slug}", version=record.version)


@router.get(
    "/rulings/{slug}",
    response_model=RulingPublic,
    responses=_NOT_FOUND,
    summary="A ruling, as published",
)
def get_ruling(slug: Slug, repository: RepositoryDep, response: Response) -> RulingPublic:
    public = game_service.ruling_public(load_ruling(repository, slug))
    # Immutable, and readable by whoever holds the link.
    response.headers["Cache-Control"] = "public, max-age=86400, immutable"
    return public


@router.post(
    "/rulings/{slug}/fork",
    status_code=201,
    response_model=GameCreated,
    responses=_NOT_FOUND,
    summary="Open a ruling as a new game; cards its viewpoints couldn't see become placeholders",
)
def fork_ruling(slug: Slug, repository: RepositoryDep) -> GameCreated:
    record = load_ruling(repository, slug)
    return GameCreated.of(game_service.fork_record(repository, record), record.title)


@router.get(
    "/games/{game_id}/export",
    response_model=Scenario,
    responses=_REPLAY_ERRORS,
    summary="The game as a scenario file (facedown-scenario/1), judge only",
)
def export(
    game_id: GameId,
    judge: JudgeViewerDep,
    repository: RepositoryDep,
    response: Response,
    up_to: Annotated[int | None, Query(ge=0)] = None,
) -> Scenario:
    response.headers["Content-Disposition"] = f'attachment; filename="facedown-{game_id}.json"'
    try:
        return export_game(repository, game_id, up_to)
    except TakenBack as err:
        raise ApiError(409, "taken_back", f"This scenario can't be exported: {err}.") from err


@router.post(
    "/games/import",
    status_code=201,
    response_model=GameCreated,
    responses={422: {"model": ErrorBody}},
    summary="Build a new game from a scenario file",
)
def import_game(scenario: Scenario, repository: RepositoryDep) -> GameCreated:
    try:
        created = create_scenario_game(repository, scenario)
    except (ScenarioError, ValueError) as err:
        raise ApiError(422, "invalid", f"This scenario can't be built: {err}") from err
    except RuleError as err:
        raise ApiError(422, "invalid", f"This scenario can't be built: {err.message_en}") from err
    return GameCreated.of(created, scenario.title)


@router.get(
    "/games/{game_id}/editions",
    response_model=EditionComparison,
    responses=_REPLAY_ERRORS,
    summary="Every step judged again under another edition, differences flagged (judge only)",
)
def editions(
    game_id: GameId,
    judge: JudgeViewerDep,
    repository: RepositoryDep,
    ruleset: Annotated[
        Ruleset, Query(description="An edition of the game's own rules (its family's rulesets)")
    ],
) -> EditionComparison:
    if ruleset not in family_of(repository.info(game_id).ruleset).rulesets:
        raise ApiError(
            422, "invalid", f"ruleset: {ruleset!r} is not an edition of this game's rules."
        )
    try:
        return compare_editions(repository, game_id, ruleset)
    except TakenBack as err:
        raise ApiError(409, "taken_back", f"These steps can't be judged again: {err}.") from err
