"""The live stream of a seat page: "game G is now at version N", and nothing else (the
broadcaster and the stream's messages: app/web/live.py)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import Response, StreamingResponse

from app.web.deps import RepositoryDep, SeatDep
from app.web.form_numbers import MalformedNumber
from app.web.live import Broadcaster, catch_up_from, version_stream
from app.web.pages.chrome import refused

router = APIRouter(tags=["pages"], include_in_schema=False)


@router.get("/g/{game_id}/live")
async def live(
    seat: SeatDep,
    request: Request,
    repository: RepositoryDep,
    v: Annotated[int | None, Query(ge=0, le=10**9)] = None,
    last_event_id: Annotated[str | None, Header()] = None,
) -> Response:
    """The version stream of one game, for a page holding a seat of it."""
    broadcaster: Broadcaster = request.app.state.broadcaster
    try:
        since = catch_up_from(v, last_event_id)
    except MalformedNumber:
        return refused(request, "error.invalid", 422, message="Last-Event-ID")
    return StreamingResponse(
        version_stream(repository, broadcaster, seat.game_id, since),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )
