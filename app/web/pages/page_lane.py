"""A seat page's two hot requests — its catch-up (`GET /g/{id}` from htmx, after its stream
said "changed") and a tap (`POST /g/{id}/act`) — served without FastAPI's request
machinery, when the request is plainly well formed.

After a tap every open page of the game asks for what changed; the pages of one seat link
(a second tab, every spectator) find their answer already built, so what such a request
costs is mostly FastAPI's work around the route (its dependency solver, request and
response wrappers: bench/, row 8, the 8 ÷ 2 open pages), and a tap pays the same on top of
its own work. This lane, inside the edge middleware like the JSON API's (app/web/
api_lane.py), takes a request that the route would take as it stands:

- `GET /g/{id}` with `HX-Request: true` and a query of at most `since` and `seat` (each
  once; `seat` within the route's 40 characters);
- `POST /g/{id}/act` with no query;
- a game id of the routes' own shape, and a seat cookie that opens this game (`page_seat`,
  the routes' own check).

It then calls the route's own function (`game_page` in the threadpool, or `act` with its
form checked by the route's own `FormCheck`: CSRF, then no spectators) with what its
dependencies would have given, and answers with its response; an exception is answered by
the app's handler for it, as from the route. Anything else — the whole page, another query,
no cookie or one that doesn't open the game — goes to the route. tests/web/pages/
test_page_lane.py asks the same things of the app with and without the lane and compares
the answers byte for byte.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable

from fastapi import FastAPI
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from app.store.repository import GameRepository
from app.web.deps import ACTION_FORM, GAME_ID_SHAPE, SEAT_PARAM_MAX, SeatAt, page_seat
from app.web.exception_lookup import respond
from app.web.pages.chrome import is_htmx
from app.web.pages.game import act, game_page
from app.web.seat_cookie import NoSeat, PageSeat

# The routes' GameId (app/web/deps.py).
_PAGE = re.compile(f"/g/({GAME_ID_SHAPE})")
_ACT = re.compile(f"/g/({GAME_ID_SHAPE})/act")
_QUERY = frozenset({"since", "seat"})

# What a lane runs once the seat is known: the route's function, given its dependencies.
Answer = Callable[[Request, FastAPI, PageSeat, GameRepository], Awaitable[Response]]


class PageLane:
    """Pure ASGI: a seat page's well-formed catch-up or tap, straight to its route."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        method, path = scope["method"], scope["path"]
        answer: Answer | None = None
        game_id = ""
        request = None  # built only for a request this lane may take
        if method == "GET" and (match := _PAGE.fullmatch(path)) is not None:
            request = Request(scope, receive)
            if is_htmx(request):
                game_id, answer = match[1], _catch_up
        elif (
            method == "POST"
            and not scope.get("query_string")
            and (match := _ACT.fullmatch(path)) is not None
        ):
            request = Request(scope, receive)
            game_id, answer = match[1], _tap
        if answer is None or request is None:
            await self.app(scope, receive, send)
            return
        if answer is _catch_up and not _plain_catch_up(request):
            await self.app(scope, receive, send)  # the route reads (or refuses) it
            return
        app: FastAPI = scope["app"]
        repository = app.state.repository.for_request()
        try:
            seat = await page_seat(game_id, request, repository)
        except NoSeat:
            await self.app(scope, receive, send)  # the route's own refusal
            return
        await respond(app, request, answer(request, app, seat, repository), scope, receive, send)


def _plain_catch_up(request: Request) -> bool:
    """At most `since` and `seat`, each once, `seat` as long as the route takes it."""
    names = [name for name, _ in request.query_params.multi_items()]
    seat_param = request.query_params.get("seat")
    return (
        set(names) <= _QUERY
        and len(names) == len(set(names))
        and (seat_param is None or len(seat_param) <= SEAT_PARAM_MAX)
    )


async def _catch_up(
    request: Request, app: FastAPI, seat: PageSeat, repository: GameRepository
) -> Response:
    at = SeatAt(seat, request.query_params.get("seat"), repository, app.state.viewer_cache)
    response: Response = await run_in_threadpool(game_page, request, at)
    return response


async def _tap(
    request: Request, app: FastAPI, seat: PageSeat, repository: GameRepository
) -> Response:
    checked = await ACTION_FORM(request, seat)  # the act route's own check (FormCheckDep)
    return await act(request, checked, repository, app.state.viewer_cache)
