"""The judge's publish form refused by the server (no viewpoint ticked, no title): the judge's
own page again, with what was typed and the reason beside the field, status 422 for a plain
form post and for htmx alike: never a page with only a Home button."""

from __future__ import annotations

from dataclasses import replace

from fastapi import Request
from fastapi.responses import Response

from app.store.repository import GameRepository
from app.web import game_service
from app.web.csrf import seat_csrf
from app.web.deps import SeatAt
from app.web.i18n import pick_language
from app.web.pages.cache_policy import PRIVATE
from app.web.pages.publish_form import PublishForm, publish_form
from app.web.pages.seat_page import seat_page
from app.web.pages.table_page import table_page
from app.web.pages.time_travel import travel
from app.web.seat_cookie import PageSeat
from app.web.templating import html, render
from app.web.viewer_memo import ViewerCache


def refused_inline(
    request: Request,
    seat: PageSeat,
    repository: GameRepository,
    cache: ViewerCache,
    version: int | None,
    typed: PublishForm,
) -> Response:
    """The judge's page (now, or at the pinned past version) with the form as it was sent
    and the refusal beside it: 422, for a plain form post and for htmx alike."""
    lang = pick_language(request)
    latest = repository.info(seat.game_id).version
    if version is not None and version < latest:
        table = game_service.past_table(repository, seat, None, version)
        bar = travel(seat.game_id, version, latest, None)
        page = table_page(table, lang, seat_csrf(request, seat), travel=bar)
        shown = publish_form(repository, seat.game_id, lang, page.title, None)
        page = replace(page, publish=_typed_over(shown, typed))
        return html(render("pages/past.html", page.variables()), 422, PRIVATE)
    page = seat_page(request, SeatAt(seat, None, repository, cache))
    shown = page.publish or PublishForm()
    page = replace(page, publish=_typed_over(shown, typed))
    return html(render("pages/game.html", page.variables()), 422, PRIVATE)


def _typed_over(shown: PublishForm, typed: PublishForm) -> PublishForm:
    """The scenario's question and answer stay shown; the fields hold what was typed."""
    return replace(typed, question=shown.question, answer=shown.answer)
