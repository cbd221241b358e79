"""Taking a game back from a page: the judge's "Take back to version N"
(the judge's tools, the time-travel bar), a player's request, and the answers to it. Plain
forms (the CSRF token in the form), with or without JavaScript: a 303 back to the live page,
which every other open page follows through its live stream (the store announces the new
version like any action)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from app.rules.core.errors import RuleError
from app.rules.redact import error_for
from app.store.repository import StaleVersion, StoreBusy
from app.web import game_service
from app.web.deps import FormCheckDep, RepositoryDep, SeatAt, SeatForm, ViewerCacheDep
from app.web.errors import ApiError
from app.web.form_numbers import MalformedNumber, optional_number
from app.web.pages.cache_policy import PRIVATE
from app.web.pages.chrome import refused
from app.web.pages.seat_page import seat_page
from app.web.pages.table_page import Shown, game_url
from app.web.templating import html, render

router = APIRouter(include_in_schema=False)

_ANSWERS = {"yes": True, "no": False}


def _apply(
    request: Request, at: SeatAt, checked: SeatForm, to: int | None, agree: bool | None
) -> Response:
    seat, repository = at.seat, at.repository
    try:
        game_service.take_back(
            repository,
            seat.game_id,
            seat.viewer,
            to=to,
            agree=agree,
            expected_version=checked.expected_version,
        )
    except RuleError as err:
        ruleset = getattr(err, "ruleset", repository.info(seat.game_id).ruleset)
        page = seat_page(request, at, Shown(error=error_for(err, ruleset)))
        return html(render("pages/game.html", page.variables()), 422, PRIVATE)
    except StaleVersion:
        page = seat_page(request, at, Shown(stale=True))
        return html(render("pages/game.html", page.variables()), 409, PRIVATE)
    except ApiError as err:
        return refused(request, "error.invalid", err.status, message=err.message)
    except StoreBusy:
        return refused(request, "error.busy", 503, headers={"Retry-After": "1"})
    return RedirectResponse(game_url(seat.game_id, at.seat_param), 303, headers=PRIVATE)


@router.post("/g/{game_id}/take-back")
async def take_back(
    request: Request, checked: FormCheckDep, repository: RepositoryDep, cache: ViewerCacheDep
) -> Response:
    """`to`: the judge takes the game back to that version, a player asks to; `answer`
    (yes / no): a word on the pending request."""
    form = checked.form
    answer = str(form.get("answer") or "")
    try:
        to = optional_number(str(form.get("to") or ""), max_digits=9)
    except MalformedNumber:
        return refused(request, "error.invalid", 422, message="to")
    if (to is None) == (answer not in _ANSWERS):
        return refused(request, "error.invalid", 422, message="to")
    at = SeatAt(checked.seat, checked.seat_param, repository, cache)
    agree = _ANSWERS.get(answer) if to is None else None
    return await run_in_threadpool(_apply, request, at, checked, to, agree)
