"""The live stream of a seat page: "game G is now at version N", and what changed on the
page for its viewer (the broadcaster and the stream's messages: app/web/live.py; the patch:
app/web/pages/live_region.py's `stream_patch`).

A stream stays open for minutes, and everything on its call stack stays in memory that long:
through the middleware stack and FastAPI's routing that came to about 40 KB per stream. So a
well-formed request from a seat of the game is served by `LiveLane`, a pure-ASGI layer in
front of the stack: the same seat check as `SeatDep` (the same function), the same security
headers (app/web/middleware/headers.py's), and nothing else held. Anything it does
not take (no seat, a malformed `?v=`, `&seat=` or Last-Event-ID, a body, another method)
goes on to the route below, which answers as it always has: a refusal, or the same stream.
"""

from __future__ import annotations

import asyncio
import re
from typing import Annotated
from urllib.parse import unquote_plus

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool
from starlette.types import ASGIApp, Receive, Scope, Send

from app.web.deps import SEAT_PARAM_MAX, SeatAt, SeatDep, SeatParam, page_seat
from app.web.form_numbers import MalformedNumber
from app.web.live import (
    STREAMS_PER_SEAT,
    STREAMS_PER_SPECTATOR_LINK,
    Broadcaster,
    Patch,
    Patcher,
    VersionSource,
    catch_up_from,
    version_stream,
)
from app.web.middleware.headers import security_headers
from app.web.pages.acts_in_flight import ACTS
from app.web.pages.chrome import refused
from app.web.pages.live_region import (
    RegionKey,
    region_key,
    seat_link,
    stream_patch,
    stream_patch_at_once,
)
from app.web.seat_cookie import NoSeat, PageSeat

router = APIRouter(tags=["pages"], include_in_schema=False)

MAX_VERSION = 10**9


class VersionStreamResponse(Response):
    """The stream as a small ASGI response: no task group, one task listening for the
    client's disconnect (which ends the stream at once rather than at its next message)."""

    media_type = "text/event-stream"

    def __init__(
        self,
        repository: VersionSource,
        broadcaster: Broadcaster,
        seat: PageSeat,
        since: int,
        patcher: Patcher | None = None,
    ) -> None:
        # No body (hence no Content-Length): Response.__init__ would render an empty one.
        self.status_code = 200
        self.background = None
        self.init_headers({"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
        viewer = seat.viewer
        # At most a handful of streams per seat and game (app/web/live.py's bounds).
        bound = STREAMS_PER_SPECTATOR_LINK if viewer.kind == "spectator" else STREAMS_PER_SEAT
        key = f"{viewer.kind}:{viewer.player or ''}"
        self.stream = (repository, broadcaster, seat.game_id, since, key, bound, patcher)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        task = asyncio.current_task()
        assert task is not None
        gone = False

        def disconnected(listener: asyncio.Future[None]) -> None:
            nonlocal gone
            if not listener.cancelled():
                gone = True
                task.cancel()

        listener = asyncio.ensure_future(_until_disconnect(receive))
        listener.add_done_callback(disconnected)
        messages = version_stream(*self.stream)
        try:
            await send({"type": "http.response.start", "status": 200, "headers": self.raw_headers})
            async for chunk in messages:
                await send({"type": "http.response.body", "body": chunk, "more_body": True})
            await send({"type": "http.response.body", "body": b"", "more_body": False})
        except asyncio.CancelledError:
            if not gone:
                raise
            task.uncancel()  # the client left: a normal end, not an error
        finally:
            listener.remove_done_callback(disconnected)
            listener.cancel()
            await messages.aclose()


async def _until_disconnect(receive: Receive) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass


def page_patcher(scope: Scope, seat: PageSeat, seat_param: str | None) -> Patcher:
    """What changed on this stream's page, worked out for its viewer when a version comes:
    the page's seat (its cookie, checked when the stream opened), the judge's viewpoint the
    page was opened with, and the language the request asks for, as a catch-up fetch from
    that page would."""

    async def patch(shown: int, latest: int) -> Patch | int:
        state = scope["app"].state
        # The store's copy for one request: it reads the head afresh for each version.
        at = SeatAt(seat, seat_param, state.repository.for_request(), state.viewer_cache)
        request = Request(scope)
        if ACTS.busy(seat_link(at)):
            # This seat link's own action is on its way (its answer brings the region): the
            # version alone, and this stream reads and builds nothing.
            return latest
        # Nothing to diff from (the version alone, nothing built), or made a moment ago by
        # another page of this seat link (a second tab, everyone on the spectators' link):
        # said at once, with no thread, read or render.
        at_once = stream_patch_at_once(request, at, shown, latest)
        if at_once is not None:
            return at_once
        # Or is making it now (they are told at the same instant): its work, awaited.
        key = (region_key(request, at, shown), latest)
        work = _MAKING.get(key)
        if work is None:
            work = asyncio.ensure_future(run_in_threadpool(stream_patch, request, at, shown))
            _MAKING[key] = work
            work.add_done_callback(lambda done: _made(key, done))
        # Shielded: a stream that ends meanwhile doesn't cancel the others' patch.
        return await asyncio.shield(work)

    return patch


# The patches streams are working out now, by the region their page shows and the version
# they go to (on the event loop: no lock).
_MAKING: dict[tuple[RegionKey, int], asyncio.Future[Patch | int]] = {}


def _made(key: tuple[RegionKey, int], work: asyncio.Future[Patch | int]) -> None:
    _MAKING.pop(key, None)
    if not work.cancelled():
        work.exception()  # retrieved: each stream that awaited it has handled it already


_PATH = re.compile(r"/g/([A-Za-z0-9_-]{1,32})/live")
# `seat=` is the judge's viewpoint, as the page's own links carry it (urlencoded).
_QUERY = re.compile(rb"(?:v=([0-9]{1,10})(?:&seat=([A-Za-z0-9%+._~-]{1,200}))?)?")
_BODY_HEADERS = (b"content-length", b"transfer-encoding")


def _plain(scope: Scope) -> tuple[int, str | None] | None:
    """Where a plain stream request's page is (catch_up_from) and the judge's viewpoint it
    was opened with, or None when the request is anything but plain: the route then
    answers it."""
    query = _QUERY.fullmatch(scope.get("query_string", b""))
    if query is None:
        return None
    seat_param = unquote_plus(query[2].decode("ascii")) if query[2] else None
    if seat_param is not None and len(seat_param) > SEAT_PARAM_MAX:
        return None
    v = int(query[1]) if query[1] else None
    if v is not None and v > MAX_VERSION:
        return None
    last_event_id: str | None = None
    for name, value in scope["headers"]:
        if name in _BODY_HEADERS and value != b"0":
            return None
        if name == b"last-event-id":
            if last_event_id is not None:
                return None
            last_event_id = value.decode("latin-1")
    try:
        return catch_up_from(v, last_event_id), seat_param
    except MalformedNumber:
        return None


class LiveLane:
    """Pure ASGI, in front of the middleware stack: plain stream requests from a seat."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "GET":
            await self.app(scope, receive, send)
            return
        path = _PATH.fullmatch(scope["path"])
        plain = _plain(scope) if path is not None else None
        if path is None or plain is None:
            await self.app(scope, receive, send)
            return
        since, seat_param = plain
        state = scope["app"].state
        try:
            # page_seat checks the cookie against the game's seats in memory (one read in the
            # pool when this process has not read them lately): a made-up cookie costs no more.
            seat = await page_seat(path[1], Request(scope), state.repository)
        except NoSeat:
            await self.app(scope, receive, send)  # the route refuses it, as a page would
            return
        patcher = page_patcher(scope, seat, seat_param)
        response = VersionStreamResponse(state.repository, state.broadcaster, seat, since, patcher)
        response.raw_headers += await self.security_headers(scope, receive)
        await response(scope, receive, send)

    async def security_headers(self, scope: Scope, receive: Receive) -> list[tuple[bytes, bytes]]:
        """The security headers every response gets (app/web/middleware/headers.py): the
        stream skips the middleware that adds them, so it adds them itself."""
        return list(security_headers(str(scope.get("path", ""))))


@router.get("/g/{game_id}/live")
async def live(
    seat: SeatDep,
    request: Request,
    v: Annotated[int | None, Query(ge=0, le=MAX_VERSION)] = None,
    last_event_id: Annotated[str | None, Header()] = None,
    seat_param: SeatParam = None,
) -> Response:
    """The version stream of one game, for a page holding a seat of it (with what changed
    on the page: `page_patcher`)."""
    broadcaster: Broadcaster = request.app.state.broadcaster
    try:
        since = catch_up_from(v, last_event_id)
    except MalformedNumber:
        return refused(request, "error.invalid", 422, message="Last-Event-ID")
    # The app's door, not this request's: the stream outlives the request, and reads the
    # head afresh when it opens.
    patcher = page_patcher(request.scope, seat, seat_param)
    return VersionStreamResponse(request.app.state.repository, broadcaster, seat, since, patcher)
