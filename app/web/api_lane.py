"""The JSON API's two hot routes (an action, the view now) served without FastAPI's request
machinery, when the request is plainly well formed.

FastAPI's work around a route — its middleware layers, the dependency solver, the request
and response wrappers — cost a JSON action about a tenth of its CPU (bench/, row 1 and
profile 7d), more than the route's own reading of who is asking. This lane, inside the edge
middleware (rate limits, body limit, NUL guard, headers and gzip still apply), takes a
request that FastAPI would accept as it stands:

- `POST /api/games/{id}/actions` with `Content-Type: application/json` and a body that is a
  JSON object; `GET /api/games/{id}/view` with no query string;
- a game id of the route's own shape, and `Authorization: Bearer <token>` as HTTPBearer reads
  it.

It then calls the very functions the route calls (`current_viewer`, then `post_action` or
`get_view` in the threadpool) and answers with what they return; a refusal they raise
(ApiError, RuleError, StaleVersion...) is answered by the app's own exception handler for
it (app/web/errors.py), as the route's would be. Anything else — another content type, a
body that isn't a JSON object, a query string, a missing or odd Authorization header — goes
to the route, whose checks answer it: the lane never writes an error of its own.
tests/web/test_api_lane.py sends the same requests with and without the lane and compares
the answers byte for byte.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from app.web.api.games import get_view, post_action
from app.web.deps import GAME_ID_SHAPE, ApiSeat, bearer, current_viewer
from app.web.exception_lookup import respond
from app.web.middleware.body_limit import Disconnected, read_body, replay

# The route's GameId (app/web/deps.py).
_ACTIONS = re.compile(f"/api/games/({GAME_ID_SHAPE})/actions")
_VIEW = re.compile(f"/api/games/({GAME_ID_SHAPE})/view")
_JSON = b"application/json"


class ApiLane:
    """Pure ASGI: a well-formed JSON action or view, straight to the route's own functions."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        method, path = scope["method"], scope["path"]
        if method == "POST":
            match = _ACTIONS.fullmatch(path)
        elif method == "GET" and not scope.get("query_string"):
            match = _VIEW.fullmatch(path)
        else:
            match = None
        if match is None:
            await self.app(scope, receive, send)
            return
        if method == "POST":
            await self._action(match[1], scope, receive, send)
        else:
            await self._view(match[1], scope, receive, send)

    async def _action(self, game_id: str, scope: Scope, receive: Receive, send: Send) -> None:
        if _content_type(scope) != _JSON:
            await self.app(scope, receive, send)
            return
        try:
            raw = await read_body(receive, sys.maxsize)  # the edge middleware bounds it
        except Disconnected:
            return  # the client left: nobody to answer
        body = _json_object(raw)
        if body is None:
            # The route reads the same bytes and says what is wrong with them.
            await self.app(scope, replay(raw, receive), send)
            return
        await self._answer(scope, replay(raw, receive), send, game_id, post_action, body)

    async def _view(self, game_id: str, scope: Scope, receive: Receive, send: Send) -> None:
        await self._answer(scope, receive, send, game_id, get_view)

    async def _answer(
        self,
        scope: Scope,
        receive: Receive,
        send: Send,
        game_id: str,
        route: Callable[..., Response],
        *args: Any,
    ) -> None:
        request = Request(scope, receive)
        credentials = await bearer(request)
        if credentials is None:
            await self.app(scope, receive, send)  # the route's 401
            return
        app: FastAPI = scope["app"]

        async def answer() -> Response:
            repository = app.state.repository.for_request()
            viewer = await current_viewer(game_id, repository, credentials)
            seat = ApiSeat(viewer, repository, app.state.catalog)
            response: Response = await run_in_threadpool(route, game_id, seat, *args)
            return response

        await respond(app, request, answer(), scope, receive, send)


def _content_type(scope: Scope) -> bytes | None:
    for name, value in scope["headers"]:
        if name == b"content-type":
            return bytes(value)
    return None


def _json_object(raw: bytes) -> dict[str, Any] | None:
    """The body as the route reads it (Starlette's `Request.json`: json.loads), when it is a
    JSON object; None for anything else (the route's validation answers it)."""
    try:
        body = json.loads(raw)
    except (ValueError, RecursionError):  # not JSON, or nested past the parser's depth
        return None
    return body if isinstance(body, dict) else None
