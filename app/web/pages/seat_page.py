"""A seat's game page, built for one request: the table now (app/web/game_service.py) as
this seat's viewpoint sees it, with the CSRF token its forms carry."""

from __future__ import annotations

from dataclasses import replace

from fastapi import Request

from app.web import game_service
from app.web.csrf import seat_csrf
from app.web.deps import SeatAt, catalog_of
from app.web.i18n import pick_language
from app.web.pages.builder_panel import builder_panel
from app.web.pages.publish_form import publish_form
from app.web.pages.table_page import Shown, TablePage, table_page


def seat_page(
    request: Request,
    at: SeatAt,
    shown: Shown | None = None,
    *,
    with_publish: bool = True,
    with_builder: bool = True,
) -> TablePage:
    """Load the game and build the page for this seat (and viewpoint). The judge's publish
    form and table builder sit outside the live region: an answer that renders only the
    region (a catch-up) or the region and what an action changed (no publish form there)
    leaves out what it won't show (the publish form reads the saved draft)."""
    shown = shown or Shown()
    seat = at.seat
    table = game_service.seat_table(at.repository, at.cache, seat, at.seat_param, shown.full_log)
    csrf = seat_csrf(request, seat) if seat.viewer.kind != "spectator" else None
    lang = pick_language(request)
    page = table_page(table, lang, csrf, shown)
    if seat.viewer.kind == "judge" and with_publish:
        publish = publish_form(at.repository, seat.game_id, lang, table.title, at.seat_param)
        page = replace(page, publish=publish)
    if seat.viewer.kind == "judge" and with_builder and not table.view.finished:
        # The judge keeps building the table from the running game's page.
        params = request.query_params
        panel = builder_panel(table.view, page.chrome.t, params, catalog_of(request))
        page = replace(page, builder=panel)
    return page
