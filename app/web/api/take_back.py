"""Taking a game back to an earlier version, over the JSON API: the judge
does it at once; a player asks, and it happens once every other player still in the game has
agreed (or the judge accepts); anyone may decline. Each step is a new version, logged for
everyone, and the live pages hear of it like any action."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from fastapi.responses import Response

from app.rules.redact import Viewer
from app.store.repository import ActResult
from app.web import game_service
from app.web.api.games import model_json
from app.web.deps import GameId, RepositoryDep, ViewerDep
from app.web.errors import ErrorBody
from app.web.models import ActionResult
from app.web.take_back_models import TakeBackAnswerBody, TakeBackRequestBody, TakeBackStatus

router = APIRouter(prefix="/api", tags=["take-back"])

_ERRORS: dict[int | str, dict[str, Any]] = {
    401: {"model": ErrorBody, "description": "Missing or malformed token"},
    403: {"model": ErrorBody, "description": "A spectator, or a player taking back alone"},
    409: {"model": ErrorBody, "description": "Stale expected_version"},
    422: {"model": ErrorBody, "description": "Not an earlier version, or no such request"},
    503: {"model": ErrorBody, "description": "Database busy: retry after Retry-After"},
}


def _result(result: ActResult, viewer: Viewer) -> ActionResult:
    return ActionResult(
        version=result.version,
        events=game_service.events_seen(result, viewer),
        replayed=result.replayed,
    )


# Its own path: Starlette's 405 lists the methods of one route only, so a path served by two
# routes (GET and POST) would answer an unknown method with an Allow header missing one.
@router.get(
    "/games/{game_id}/take-back/pending",
    response_model=TakeBackStatus,
    responses={401: _ERRORS[401], 403: {"model": ErrorBody, "description": "Not this game"}},
    summary="The pending request to take the game back, if any",
)
def take_back_status(
    game_id: GameId, viewer: ViewerDep, repository: RepositoryDep
) -> TakeBackStatus:
    version, pending = game_service.take_back_status(repository, game_id)
    return TakeBackStatus(version=version, pending=pending)


@router.post(
    "/games/{game_id}/take-back",
    response_model=ActionResult,
    responses=_ERRORS,
    summary="Take the game back to version `to` (the judge), or ask to (a player)",
    description=(
        "The judge's call makes a new version whose state equals version `to`'s, logged as "
        "\u201ctaken back to `to` by the judge\u201d. A player's call asks the other players: "
        "it applies once every other player still in the game has agreed (see the answer "
        "route) or the judge accepts. No seat learns there anything it could not see at "
        "version `to` or now: every object gets a new id and the game's shuffles a new seed."
    ),
)
def post_take_back(
    game_id: GameId, viewer: ViewerDep, repository: RepositoryDep, body: TakeBackRequestBody
) -> Response:
    result = game_service.take_back(
        repository, game_id, viewer, to=body.to, expected_version=body.expected_version
    )
    return model_json(_result(result, viewer))


@router.post(
    "/games/{game_id}/take-back/answer",
    response_model=ActionResult,
    responses=_ERRORS,
    summary="Agree to or decline the pending request to take the game back",
    description=(
        "A player whose word is awaited agrees or declines (one decline ends the request); "
        "the last agreement takes the game back at once. The judge's `agree: true` takes it "
        "back at once, `agree: false` turns the request down."
    ),
)
def post_take_back_answer(
    game_id: GameId, viewer: ViewerDep, repository: RepositoryDep, body: TakeBackAnswerBody
) -> Response:
    result = game_service.take_back(
        repository, game_id, viewer, agree=body.agree, expected_version=body.expected_version
    )
    return model_json(_result(result, viewer))
