"""Seat tokens: `Authorization: Bearer <token>` -> the Viewer that token is in one game.

A missing or malformed token is 401; a well-formed token that is not valid for this game is
403 with the same words whether the game exists or not, so a refusal tells a guesser nothing.
"""

from __future__ import annotations

import re
from typing import Annotated

from fastapi import Depends, Path, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.concurrency import run_in_threadpool

from app.rules.redact import Viewer
from app.store.repository import GameRepository
from app.web.errors import ApiError

# Tokens are secrets.token_urlsafe(24): 32 url-safe characters. Accept a little slack.
_TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{16,128}")

GameId = Annotated[
    str, Path(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$", description="Game id")
]

bearer = HTTPBearer(
    auto_error=False,
    description="The seat, judge or spectator token returned once by POST /api/games.",
)


async def get_repository(request: Request) -> GameRepository:
    return request.app.state.repository


RepositoryDep = Annotated[GameRepository, Depends(get_repository)]


async def current_viewer(
    game_id: GameId,
    repository: RepositoryDep,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
) -> Viewer:
    """Who is asking, as this game sees them."""
    token = credentials.credentials if credentials is not None else ""
    if not _TOKEN_SHAPE.fullmatch(token):
        raise ApiError(
            401,
            "unauthorized",
            "A seat token is required: send the header 'Authorization: Bearer <token>'.",
            headers={"WWW-Authenticate": "Bearer"},
        )
    # Remembered seats are answered here; an unknown token costs a database read, which
    # must not block the event loop (a network round trip on PostgreSQL).
    found = repository.remembered_token(token) or await run_in_threadpool(
        repository.resolve_token, token
    )
    if found is None or found[0] != game_id:
        raise ApiError(403, "forbidden", "This token does not open this game.")
    return found[1]


ViewerDep = Annotated[Viewer, Depends(current_viewer)]
