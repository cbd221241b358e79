"""Rulings (a pinned, published moment of a game), export/import, and editions compared."""

from __future__ import annotations

import secrets
from typing import Annotated, Literal

from fastapi import APIRouter, Path, Query, Response
from pydantic import BaseModel, ConfigDict, Field

from app.rules.core.errors import RuleError
from app.rules.core.events import Event, Text
from app.rules.redact import (
    LogEntryView,
    View,
    Viewer,
    VisibilityRow,
    fork_state,
    log_for,
    view_for,
    visibility_table,
)
from app.scenarios.editions import EditionComparison, compare_editions
from app.scenarios.export import export_game
from app.scenarios.model import Scenario
from app.scenarios.runner import ScenarioError, create_scenario_game
from app.store.repository import CreatedGame, GameRepository, RulingNotFound, RulingRecord
from app.web.api import GameCreated
from app.web.errors import ApiError, ErrorBody
from app.web.scenarios_api import created_body
from app.web.seats import GameId, RepositoryDep, ViewerDep

router = APIRouter(prefix="/api", tags=["rulings"])

Slug = Annotated[str, Path(min_length=8, max_length=24, pattern=r"^[A-Za-z0-9_-]+$")]
_NOT_FOUND = {404: {"model": ErrorBody, "description": "No such ruling"}}


class RulingCreate(BaseModel):
    model_config = ConfigDict(extra="forbid")

    version: int | None = Field(default=None, ge=0, description="Default: the current version")
    # A player's name, "spectator" or "judge"; one or several.
    viewpoint: str | list[str] = Field(description='A player name, "spectator" or "judge"')
    title: str = Field(min_length=1, max_length=120)
    note: str = Field(default="", max_length=2000)


class RulingCreated(BaseModel):
    slug: str
    url: str
    version: int


class Viewpoint(BaseModel):
    viewer: Viewer
    view: View
    log: list[LogEntryView]


class RulingPublic(BaseModel):
    """Exactly what the ruling publishes: each viewpoint's redacted view and log."""

    slug: str
    url: str
    title: str
    note: str
    version: int
    ruleset: str
    created_at: str
    viewpoints: list[Viewpoint]
    visibility: list[VisibilityRow]


def _require_judge(viewer: Viewer) -> None:
    if viewer.kind != "judge":
        raise ApiError(403, "forbidden", "Only the judge's link can do this.")


def _viewers(spec: str | list[str], players: list[str]) -> list[Viewer]:
    names = [spec] if isinstance(spec, str) else spec
    if not names or len(names) > 6:
        raise ApiError(422, "invalid", "Give one to six viewpoints.")
    viewers: list[Viewer] = []
    for name in dict.fromkeys(names):
        if name == "judge":
            viewers.append(Viewer.judge())
        elif name == "spectator":
            viewers.append(Viewer.spectator())
        elif name in players:
            viewers.append(Viewer.seat(name))
        else:
            raise ApiError(
                422, "invalid", "A viewpoint is a player of this game, 'spectator' or 'judge'."
            )
    return viewers


def ruling_public(record: RulingRecord) -> RulingPublic:
    """The one place a ruling's content is built: every part goes through view_for/log_for."""
    return RulingPublic(
        slug=record.slug,
        url=f"/r/{record.slug}",
        title=record.title,
        note=record.note,
        version=record.version,
        ruleset=record.ruleset,
        created_at=record.created_at,
        viewpoints=[
            Viewpoint(
                viewer=viewer,
                view=view_for(record.state, viewer),
                log=log_for(record.log, viewer, record.ruleset),
            )
            for viewer in record.viewpoints
        ],
        visibility=visibility_table(record.state, record.viewpoints),
    )


def load_ruling(repository: GameRepository, slug: str) -> RulingRecord:
    try:
        return repository.get_ruling(slug)
    except RulingNotFound as err:
        raise ApiError(404, "not_found", "No ruling at this address.") from err


@router.post(
    "/games/{game_id}/rulings",
    status_code=201,
    response_model=RulingCreated,
    responses={403: {"model": ErrorBody}, 404: {"model": ErrorBody}, 422: {"model": ErrorBody}},
    summary="Publish a ruling: an immutable copy of this game at a version (judge only)",
)
def create_ruling(
    game_id: GameId, body: RulingCreate, viewer: ViewerDep, repository: RepositoryDep
) -> RulingCreated:
    _require_judge(viewer)
    info = repository.info(game_id)
    version = info.version if body.version is None else body.version
    if version > info.version:
        raise ApiError(404, "not_found", f"This game has no version {version} yet.")
    players = repository.load(game_id, version).player_names()
    record = repository.create_ruling(
        game_id, version, _viewers(body.viewpoint, players), body.title, body.note
    )
    return RulingCreated(slug=record.slug, url=f"/r/{record.slug}", version=record.version)


@router.get(
    "/rulings/{slug}",
    response_model=RulingPublic,
    responses=_NOT_FOUND,
    summary="A ruling, as published",
)
def get_ruling(slug: Slug, repository: RepositoryDep, response: Response) -> RulingPublic:
    public = ruling_public(load_ruling(repository, slug))
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
    return created_body(fork_record(repository, record), record.title)


def fork_record(repository: GameRepository, record: RulingRecord) -> CreatedGame:
    """The ruling's moment as a new game (the API and the ruling page's button)."""
    state = fork_state(record.state, record.viewpoints, seed=secrets.token_hex(16))
    event = Event(
        kind="fork",
        rules=(),
        public=Text(
            en=f"Opened from the ruling \u201c{record.title}\u201d (version {record.version}).",
            fr=f"Ouverte depuis la décision \u00ab {record.title} \u00bb (version {record.version}).",
        ),
    )
    return repository.create_game_from_state(
        state, [event], origin=f'{{"forked_from": "{record.slug}"}}', title=record.title
    )


@router.get(
    "/games/{game_id}/export",
    response_model=Scenario,
    responses={403: {"model": ErrorBody}, 404: {"model": ErrorBody}},
    summary="The game as a scenario file (facedown-scenario/1), judge only",
)
def export(
    game_id: GameId,
    viewer: ViewerDep,
    repository: RepositoryDep,
    response: Response,
    up_to: Annotated[int | None, Query(ge=0)] = None,
) -> Scenario:
    _require_judge(viewer)
    response.headers["Content-Disposition"] = f'attachment; filename="facedown-{game_id}.json"'
    return export_game(repository, game_id, up_to)


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
    return created_body(created, scenario.title)


@router.get(
    "/games/{game_id}/editions",
    response_model=EditionComparison,
    responses={403: {"model": ErrorBody}, 404: {"model": ErrorBody}},
    summary="Every step judged again under another edition, differences flagged (judge only)",
)
def editions(
    game_id: GameId,
    viewer: ViewerDep,
    repository: RepositoryDep,
    ruleset: Annotated[Literal["mtg", "mtg-2004"], Query()],
) -> EditionComparison:
    _require_judge(viewer)
    return compare_editions(repository, game_id, ruleset)
