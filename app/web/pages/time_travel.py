"""Time travel: `/g/<game>/at?v=N` shows the game at version N, as the page's viewer saw it.

The past state goes through app/web/game_service.py (`view_for` / `log_for`) for the same viewer as the live page, so
stepping back never shows a seat what it couldn't see then. Nothing can be done in the past:
no action buttons, no card sheets, no live updates; "back to now" returns to `/g/<game>`.
Plain links, with or without JavaScript (an htmx request gets `#main` alone).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Annotated
from urllib.parse import quote, urlencode

from fastapi import APIRouter, Query, Request
from fastapi.responses import RedirectResponse, Response

from app.store.repository import VersionNotFound
from app.web import game_service
from app.web.csrf import seat_csrf
from app.web.deps import RepositoryDep, SeatDep, SeatParam
from app.web.i18n import pick_language
from app.web.pages.cache_policy import PRIVATE
from app.web.pages.chrome import is_htmx
from app.web.pages.publish_form import publish_form
from app.web.pages.table_page import Travel, game_url, table_page
from app.web.templating import html, render

router = APIRouter(include_in_schema=False)


def at_url(game_id: str, version: int, seat_param: str | None) -> str:
    query = {"v": str(version)} | ({"seat": seat_param} if seat_param else {})
    return f"/g/{quote(game_id)}/at?{urlencode(query)}"


def travel(game_id: str, version: int, latest: int, seat_param: str | None) -> Travel:
    """The time-travel bar: where we are, and the links to step through the log."""
    now = game_url(game_id, seat_param)

    def to(v: int) -> str:
        return now if v >= latest else at_url(game_id, v, seat_param)

    return Travel(
        version=version,
        latest=latest,
        past=version < latest,
        first=at_url(game_id, 0, seat_param) if version > 0 else None,
        back=at_url(game_id, version - 1, seat_param) if version > 0 else None,
        forward=to(version + 1) if version < latest else None,
        now=now,
        form=f"/g/{quote(game_id)}/at",
        seat_param=seat_param,
    )


@router.get("/g/{game_id}/at")
def game_at(
    request: Request,
    seat: SeatDep,
    repository: RepositoryDep,
    v: Annotated[int, Query(ge=0, le=10**9)] = 0,
    seat_param: SeatParam = None,
) -> Response:
    """The board at version `v` for this page's viewer; the present redirects to the page."""
    latest = repository.info(seat.game_id).version
    who_param = seat_param if seat.viewer.kind == "judge" else None
    if v >= latest:
        return RedirectResponse(game_url(seat.game_id, who_param), 303, headers=PRIVATE)
    try:
        table = game_service.past_table(repository, seat, who_param, v)
    except VersionNotFound:  # pragma: no cover - v < latest always exists
        return RedirectResponse(f"/g/{quote(seat.game_id)}", 303, headers=PRIVATE)
    # The judge may publish a ruling or take the game back to this version; a player may
    # ask to take it back here.
    csrf = seat_csrf(request, seat) if seat.viewer.kind != "spectator" else None
    bar = travel(seat.game_id, v, latest, table.who.seat_param)
    lang = pick_language(request)
    page = table_page(table, lang, csrf, travel=bar)
    if seat.viewer.kind == "judge":
        page = replace(
            page, publish=publish_form(repository, seat.game_id, lang, table.title, who_param)
        )
    blocks = ["main"] if is_htmx(request) else None
    return html(render("pages/past.html", page.variables(), blocks), headers=PRIVATE)
