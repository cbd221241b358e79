"""A seat's game page and its htmx fragments: the board, a card's sheet, the full log, and
the buttons' form.

Every URL that serves both answers an htmx request (`HX-Request: true`) with one block of the
same template and a plain request with the whole page (`Vary: HX-Request`). Seat pages are
opened by the seat cookie set at `/join/<token>`; what they show comes from
app/web/game_service.py (views, logs, events, offers): templates never get a GameState.
Without JavaScript the pages still render, and the forms still post.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from app.web.deps import FormCheckDep, RepositoryDep, SeatAt, SeatAtDep, ViewerCacheDep
from app.web.form_numbers import TABLE_NUMBER_FIELDS, MalformedNumber, optional_number
from app.web.pages.acting import act_for_page
from app.web.pages.cache_policy import PRIVATE
from app.web.pages.chrome import is_htmx, refused
from app.web.pages.live_region import live_answer, region_of
from app.web.pages.seat_page import seat_page
from app.web.pages.table_page import Shown
from app.web.templating import html, render

router = APIRouter(include_in_schema=False)


@router.get("/g/{game_id}")
def game_page(request: Request, at: SeatAtDep) -> Response:
    """The board for whoever the cookie says; for htmx, only the live region (rendered once
    per version for every page of this seat link), or only what changed in it since the
    version the page shows (`?since=`: live_region.py)."""
    if is_htmx(request):
        answer = live_answer(request, at)
        # A patch is only out-of-band swaps: nothing to put in #live itself.
        headers = {**PRIVATE, "HX-Reswap": "none"} if answer.patch else PRIVATE
        return html(answer.html, headers=headers)
    page = seat_page(request, at)
    variables = page.variables() | {"live_html": region_of(request, at, page)}
    return html(render("pages/game.html", variables), headers=PRIVATE)


@router.get("/g/{game_id}/objects/{object_id}")
def object_sheet(request: Request, at: SeatAtDep, object_id: str) -> Response:
    """The bottom sheet of one card: what it is (as this viewer may see it) and the actions
    allowed now. A card this viewer can't reach answers like one that doesn't exist."""
    page = seat_page(request, at, Shown(selected=object_id[:64]))
    status = 404 if page.sheet == "gone" else 200
    if is_htmx(request):
        return html(render("pages/game.html", page.variables(), ["sheet"]), status, PRIVATE)
    # Without scripts, the whole page: its live region is the board page's (which card's
    # sheet is open changes nothing in it), kept once per version for this seat.
    variables = page.variables() | {"live_html": region_of(request, at, page)}
    return html(render("pages/game.html", variables), status, PRIVATE)


@router.get("/close")
def close(request: Request) -> Response:
    """Empties the bottom sheet or a notice (htmx); without htmx, there is nothing to close."""
    if is_htmx(request):
        return html("", headers=PRIVATE)
    return RedirectResponse("/", 303)


@router.get("/g/{game_id}/log")
def full_log(request: Request, at: SeatAtDep) -> Response:
    page = seat_page(request, at, Shown(full_log=True))
    return html(render("pages/log.html", page.variables()), headers=PRIVATE)


# An action is a flat object of ids, names and small lists: anything nested deeper is not one
# (and deep enough nesting overflows the JSON parser's recursion).
MAX_ACTION_DEPTH = 8


def _depth(value: Any) -> int:
    """How deeply `value` nests, stopping early past MAX_ACTION_DEPTH."""
    depth, level = 0, [value]
    while level and depth <= MAX_ACTION_DEPTH:
        depth += 1
        nested: list[Any] = []
        for item in level:
            if isinstance(item, dict):
                nested.extend(item.values())
            elif isinstance(item, list):
                nested.extend(item)
        level = nested
    return depth if not level else depth + 1


def parse_action_field(raw: str | None) -> dict[str, Any] | None:
    if not raw or len(raw) > 4000:
        return None
    try:
        body = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    if not isinstance(body, dict) or _depth(body) > MAX_ACTION_DEPTH:
        return None
    return body


# Cards ticked in the panel (a mulligan's to put on the bottom, in the hand's order): the
# posted action's `objects`.
TABLE_PICK_FIELD = "pick"


def _merge_table_fields(body: dict[str, Any], form: Any) -> None:
    """Merge the panel's fields into the posted action (a proposal's: into the action it
    proposes). MalformedNumber for a number field holding anything but digits."""
    target = body.get("action") if body.get("type") == "propose" else body
    if not isinstance(target, dict):
        return
    for key in TABLE_NUMBER_FIELDS:
        number = optional_number(form.get(key), 4) if key in form else None
        if number is None or key not in target:
            continue
        current = target[key]
        negative = isinstance(current, int) and current < 0
        target[key] = -number if negative else number
    if TABLE_PICK_FIELD in form and "objects" in target and hasattr(form, "getlist"):
        picked = [str(v)[:64] for v in form.getlist(TABLE_PICK_FIELD)][:7]
        target["objects"] = picked


@router.post("/g/{game_id}/act")
async def act(
    request: Request, checked: FormCheckDep, repository: RepositoryDep, cache: ViewerCacheDep
) -> Response:
    """A button of the action bar or of a sheet (the form is checked: app/web/deps.py)."""
    body = parse_action_field(str(checked.form.get("action") or ""))
    if body is None:
        return refused(request, "error.invalid", 422, message="action")
    if checked.expected_version is not None:
        body["expected_version"] = checked.expected_version
    try:
        _merge_table_fields(body, checked.form)
    except MalformedNumber:
        return refused(request, "error.invalid", 422, message="number")
    source = str(checked.form.get("proposal_source") or "").strip()
    if body.get("type") == "propose" and source:
        # What does it, as the proposer typed it (a spell or card of theirs).
        body["source"] = source[:120]
    at = SeatAt(checked.seat, checked.seat_param, repository, cache)
    return await run_in_threadpool(act_for_page, request, at, body, is_htmx(request))
