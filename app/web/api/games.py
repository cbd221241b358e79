"""The games of the JSON API (docs/DESIGN.md, "The HTTP contract"): create, view, act, log. Routes
parse, call the store or app/web/game_service.py, and return public models built by
app.rules.views: a GameState never leaves through here."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Query
from fastapi.responses import Response
from pydantic import BaseModel

from app.rules.families import ACTION_TYPES
from app.rules.redact import View
from app.web import game_service
from app.web.action_body import refuse_spectators
from app.web.deps import ApiSeatDep, CatalogDep, GameId, RepositoryDep, ViewerDep
from app.web.errors import ErrorBody
from app.web.models import ActionResult, GameCreate, GameCreated, GameLog
from app.web.setup_builder import build_setup

router = APIRouter(prefix="/api", tags=["games"])


def model_json(model: BaseModel) -> Response:
    """A public model as JSON, serialized once by pydantic's core. Returned as is, FastAPI
    would validate it against the route's response model again and then serialize it: a
    fifth of an action's cost (bench/, README "Performance"). The routes keep their
    response_model for the OpenAPI page."""
    return Response(model.model_dump_json(), media_type="application/json")


_ACTION_BODY_EXAMPLES = {
    "a move at the version it was offered": {
        "value": {"type": "resolve", "expected_version": 3},
    },
    "judge acting for a player": {
        "value": {
            "type": "resolve",
            "as": "Alice",
            "expected_version": 3,
            "request_id": "b6f1c0",
        },
    },
}

_AUTH_ERRORS: dict[int | str, dict[str, Any]] = {
    401: {"model": ErrorBody, "description": "Missing or malformed token"},
    403: {"model": ErrorBody, "description": "Token not valid for this game, or not allowed"},
}
_VERSION_ERRORS = {**_AUTH_ERRORS, 404: {"model": ErrorBody, "description": "No such version"}}


# -- routes ----------------------------------------------------------------------------------


@router.post(
    "/games",
    status_code=201,
    response_model=GameCreated,
    responses={422: {"model": ErrorBody, "description": "Invalid setup (names the field)"}},
    summary="Create a game and its seat links",
)
def create_game(body: GameCreate, repository: RepositoryDep, catalog: CatalogDep) -> GameCreated:
    created = repository.create_game(build_setup(body, catalog), body.title)
    return GameCreated.of(created, body.title)


@router.get(
    "/games/{game_id}/view",
    response_model=View,
    responses=_VERSION_ERRORS,
    summary="The game as this token's viewer may see it",
)
def get_view(
    game_id: GameId,
    seat: ApiSeatDep,
    version: Annotated[int | None, Query(ge=0, description="A past version (default: now)")] = None,
) -> Response:
    return model_json(game_service.game_view(seat.repository, game_id, seat.viewer, version))


@router.post(
    "/games/{game_id}/actions",
    response_model=ActionResult,
    responses={
        **_AUTH_ERRORS,
        404: {"model": ErrorBody, "description": "No such object (or hidden from you)"},
        409: {"model": ErrorBody, "description": "Stale expected_version, or game over"},
        422: {"model": ErrorBody, "description": "Illegal action (cites the rules) or bad body"},
        503: {"model": ErrorBody, "description": "Database busy: retry after Retry-After"},
    },
    summary="Apply one action",
    description=(
        'The body is one action, `{"type": ..., ...}` with `type` one of '
        + ", ".join(f"`{t}`" for t in ACTION_TYPES)
        + "; `judge_add_card`'s `card` may be a catalog name (English or French) or an "
        "inline definition; plus optional `expected_version` (409 if the game is elsewhere), `request_id` "
        "(a retried request returns the stored result instead of applying twice) and, for "
        "the judge only, `as` (the player to act for)."
    ),
)
def post_action(
    game_id: GameId,
    seat: ApiSeatDep,
    body: Annotated[dict[str, Any], Body(openapi_examples=_ACTION_BODY_EXAMPLES)],
) -> Response:
    viewer = seat.viewer
    refuse_spectators(viewer)
    result = game_service.perform(seat.repository, game_id, viewer, body, seat.catalog)
    return model_json(
        ActionResult(
            version=result.version,
            events=game_service.events_seen(result, viewer),
            replayed=result.replayed,
        )
    )


@router.get(
    "/games/{game_id}/log",
    response_model=GameLog,
    responses=_VERSION_ERRORS,
    summary="The log of actions and events, redacted for this viewer",
)
def get_log(
    game_id: GameId,
    viewer: ViewerDep,
    repository: RepositoryDep,
    up_to: Annotated[int | None, Query(ge=0, description="Last version to include")] = None,
) -> GameLog:
    version, entries = game_service.game_log(repository, game_id, viewer, up_to)
    return GameLog(version=version, entries=entries)
