"""Time travel: `/g/<game>/at?v=N` shows the game at version N, as the page's viewer saw it.

The past state goes through `view_for` / `log_for` for the same viewer as the live page, so
stepping back never shows a seat what it couldn't see then. Nothing can be done in the past:
no action buttons, no card sheets, no live updates; "back to now" returns to `/g/<game>`.
Plain links, with or without JavaScript (an htmx request gets `#main` alone).
"""

from __future__ import annotations

from typing import Annotated, Any
from urllib.parse import quote, urlencode

from fastapi import APIRouter, Query, Request
from fastapi.responses import RedirectResponse, Response

from app.rules.redact import log_for, view_for
from app.store.repository import VersionNotFound
from app.web.csrf import csrf_token
from app.web.headers import PRIVATE
from app.web.i18n_rulings import RULING_MESSAGES  # noqa: F401 (adds the labels)
from app.web.pages import (
    LOG_LIMIT,
    SeatParam,
    base_context,
    is_htmx,
    looking,
    page_secret,
    repo_of,
    table_context,
)
from app.web.seat_cookie import PageSeat, PageSeatDep
from app.web.templating import html, render

router = APIRouter(include_in_schema=False)


def at_url(game_id: str, version: int, seat_param: str | None) -> str:
    query = {"v": str(version)} | ({"seat": seat_param} if seat_param else {})
    return f"/g/{quote(game_id)}/at?{urlencode(query)}"


def travel(game_id: str, version: int, latest: int, seat_param: str | None) -> dict[str, Any]:
    """The time-travel bar: where we are, and the links to step through the log."""
    qs = f"?{urlencode({'seat': seat_param})}" if seat_param else ""
    now = f"/g/{quote(game_id)}{qs}"

    def to(v: int) -> str:
        return now if v >= latest else at_url(game_id, v, seat_param)

    return {
        "version": version,
        "latest": latest,
        "past": version < latest,
        "first": at_url(game_id, 0, seat_param) if version > 0 else None,
        "back": at_url(game_id, version - 1, seat_param) if version > 0 else None,
        "forward": to(version + 1) if version < latest else None,
        "now": now,
        "form": f"/g/{quote(game_id)}/at",
        "seat_param": seat_param,
    }


def past_context(
    request: Request, seat: PageSeat, seat_param: str | None, version: int
) -> dict[str, Any]:
    repository = repo_of(request)
    info = repository.info(seat.game_id)
    state = repository.load(seat.game_id, version)
    who = looking(seat, seat_param, state.player_names())
    csrf = None
    if seat.viewer.kind == "judge":  # the judge may publish a ruling at this version
        csrf = csrf_token(page_secret(request), seat.game_id, seat.token)
    entries = log_for(
        repository.log(seat.game_id, up_to=version, last=LOG_LIMIT + 1),
        who.viewer,
        state.ruleset,
    )
    ctx = base_context(request) | table_context(
        view=view_for(state, who.viewer),
        options=[],  # nothing can be done in the past
        entries=entries,
        who=who,
        title=info.title,
        csrf=csrf,
    )
    ctx |= {
        "travel": travel(seat.game_id, version, info.version, who.seat_param),
        "tiles_static": True,
    }
    return ctx


@router.get("/g/{game_id}/at")
def game_at(
    request: Request,
    seat: PageSeatDep,
    v: Annotated[int, Query(ge=0, le=10**9)] = 0,
    seat_param: SeatParam = None,
) -> Response:
    """The board at version `v` for this page's viewer; the present redirects to the page."""
    latest = repo_of(request).info(seat.game_id).version
    who_param = seat_param if seat.viewer.kind == "judge" else None
    if v >= latest:
        qs = f"?{urlencode({'seat': who_param})}" if who_param else ""
        return RedirectResponse(f"/g/{quote(seat.game_id)}{qs}", 303, headers=PRIVATE)
    try:
        ctx = past_context(request, seat, who_param, v)
    except VersionNotFound:  # pragma: no cover - v < latest always exists
        return RedirectResponse(f"/g/{quote(seat.game_id)}", 303, headers=PRIVATE)
    blocks = ["main"] if is_htmx(request) else None
    return html(render("pages/past.html", ctx, blocks), headers=PRIVATE)
