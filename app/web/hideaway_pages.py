"""The hideaway choice on a seat page (502.75 / 702.75): the player who looked at the top
cards picks the one to exile face down and, where the game's edition lets them, the order the
rest go to the bottom in.

The choice sheet is a plain form (radio buttons and numbered selects), so it works with
JavaScript off; htmx posts the same form. The cards it lists are the library objects this
viewer's `View` already holds (only the player looking, or the judge, gets them), matched with
the `hideaway_exile` options `actions_for` gives the same viewer: nobody else is offered one.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from app.rules.mtg.view import MtgObjectView
from app.rules.redact import ActionOption, View
from app.web.csrf import CSRF_FIELD, CSRF_HEADER, csrf_matches, csrf_token, same_site
from app.web.i18n import pick_language, translator
from app.web.seat_cookie import PageSeatDep

router = APIRouter(include_in_schema=False)

MAX_LOOKED = 12  # hideaway N is 4 or 5 on printed cards; the form stays bounded anyway


def hideaway_context(view: View, options: list[ActionOption], who: Any) -> dict[str, Any]:
    """What the choice sheet (or the "a choice is pending" notice) needs.

    `order_mode`: "chosen" (Lorwyn: the player orders the rest), "recorded" (today's rules,
    the judge setting down the random order a real table's shuffle gave), "random" (today's
    rules: the server shuffles)."""
    pending = getattr(view, "pending", None)
    if pending is None:
        return {"pending": None, "hideaway_choice": [], "hideaway_order_mode": None}
    url = hideaway_url(who.seat.game_id)
    by_id = {o.id: o for o in view.objects}
    looked: list[MtgObjectView] = []
    for option in options:
        if option.type == "hideaway_exile" and option.object in by_id:
            looked.append(by_id[option.object])
    if view.hideaway_edition == "lorwyn":
        mode = "chosen"
    elif who.judge and who.acting_as is None:
        mode = "recorded"
    else:
        mode = "random"
    return {
        "pending": pending,
        "hideaway_choice": looked,
        "hideaway_order_mode": mode,
        "hideaway_url": url,
    }


def hideaway_body(form: Any, seat_param: str | None, judge: bool) -> dict[str, Any] | None:
    """The `hideaway_exile` action a posted choice sheet asks for; None if it is malformed.
    The engine checks the rest (the card is one looked at, the order names each other card)."""
    looked = [str(v)[:64] for v in form.getlist("looked")][:MAX_LOOKED]
    chosen = str(form.get("object") or "")[:64]
    if not chosen or chosen not in looked:
        return None
    body: dict[str, Any] = {"type": "hideaway_exile", "object": chosen}
    rest = [i for i in looked if i != chosen]
    if str(form.get("order") or "") == "1":
        ranks: dict[str, int] = {}
        for index, object_id in enumerate(rest):
            raw = str(form.get(f"rank-{object_id}") or "")
            ranks[object_id] = int(raw) if raw.isdigit() and len(raw) < 3 else 99 + index
        body["bottom_order"] = sorted(rest, key=lambda i: (ranks[i], looked.index(i)))
    if judge and seat_param and seat_param != "spectator":
        body["as"] = seat_param
    return body


@router.post("/g/{game_id}/hideaway")
async def hideaway_choose(request: Request, seat: PageSeatDep) -> Response:
    """The choice sheet's form. Same checks as any button: same site, the seat's token."""
    from app.web.pages import _perform, is_htmx, page_secret, problem

    t = translator(pick_language(request))
    form = await request.form(max_files=0, max_fields=4 + 2 * MAX_LOOKED)
    expected = csrf_token(page_secret(request), seat.game_id, seat.token)
    sent = request.headers.get(CSRF_HEADER) or str(form.get(CSRF_FIELD) or "")
    if not same_site(request) or not csrf_matches(expected, sent):
        return problem(request, 403, t("error.csrf"))
    if seat.viewer.kind == "spectator":
        return problem(request, 403, t("error.spectator"))
    seat_param = str(form.get("seat") or "")[:40] or None
    body = hideaway_body(form, seat_param, seat.viewer.kind == "judge")
    if body is None:
        return problem(request, 422, t("hideaway.pick_one"))
    version = str(form.get("expected_version") or "")
    if version.isdigit() and len(version) < 10:
        body["expected_version"] = int(version)
    return await run_in_threadpool(_perform, request, seat, body, seat_param, is_htmx(request))


def hideaway_url(game_id: str) -> str:
    return f"/g/{quote(game_id)}/hideaway"
