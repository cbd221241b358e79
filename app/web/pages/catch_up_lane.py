"""A page's catch-up (`GET /g/{id}` from htmx, after its stream said "changed") served
without FastAPI's request machinery, when the request is plainly well formed.

After a tap every open page of the game asks for what changed; the pages of one seat link
(a second tab, every spectator) find their answer already built, so what such a request
costs is mostly FastAPI's work around the route (its dependency solver, request and
response wrappers: bench/, row 8, the 8 ÷ 2 open pages). This lane, inside the edge
middleware like the JSON API's (app/web/api_lane.py), takes a catch-up that the route would
take as it stands:

- `GET /g/{id}` with `HX-Request: true`, a game id of the route's own shape, and a query of
  at most `since` and `seat` (each once; `seat` within the route's 40 characters);
- a seat cookie that opens this game (`page_seat`, the route's own check).

It then calls the route's own function (`game_page`, in the threadpool) with what its
dependencies would have given, and answers with its response; an exception is answered by
the app's handler for it, as from the route. Anything else — the whole page, another query,
no cookie or one that doesn't open the game — goes to the route. tests/web/pages/
test_catch_up_lane.py asks the same things of the app with and without the lane and compares
the answers byte for byte.
"""

from __future__ import annotations

import re

from fastapi import FastAPI
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

from app.web.deps import SeatAt, page_seat
from app.web.exception_lookup import handled
from app.web.pages.game import game_page
from app.web.seat_cookie import NoSeat

# The route's GameId: 1 to 32 of [A-Za-z0-9_-] (app/web/deps.py).
_PAGE = re.compile(r"/g/([A-Za-z0-9_-]{1,32})")
_QUERY = frozenset({"since", "seat"})
# The route's SeatParam: Query(alias="seat", max_length=40).
_SEAT_MAX = 40


class CatchUpLane:
    """Pure ASGI: a seat page's well-formed catch-up, straight to the route's own function."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "GET":
            await self.app(scope, receive, send)
            return
        match = _PAGE.fullmatch(scope["path"])
        if match is None or not _htmx(scope):
            await self.app(scope, receive, send)
            return
        request = Request(scope, receive)
        query = request.query_params.multi_items()
        names = [name for name, _ in query]
        seat_param = request.query_params.get("seat")
        if (
            not set(names) <= _QUERY
            or len(names) != len(set(names))
            or (seat_param is not None and len(seat_param) > _SEAT_MAX)
        ):
            await self.app(scope, receive, send)  # the route reads (or refuses) it
            return
        app: FastAPI = scope["app"]
        repository = app.state.repository.for_request()
        try:
            seat = await page_seat(match[1], request, repository)
        except NoSeat:
            await self.app(scope, receive, send)  # the route's own refusal
            return
        at = SeatAt(seat, seat_param, repository, app.state.viewer_cache)
        try:
            response = await run_in_threadpool(game_page, request, at)
        except Exception as exc:
            refusal = await handled(app, request, exc)
            if refusal is None:
                raise  # the server's error handler, as from the route
            response = refusal
        await response(scope, receive, send)


def _htmx(scope: Scope) -> bool:
    """`HX-Request: true`, read as the route reads it (the header's first value)."""
    for name, value in scope["headers"]:
        if name == b"hx-request":
            return bool(value == b"true")
    return False
