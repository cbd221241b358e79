"""The hideaway choice's form (502.75 / 702.75; what the sheet shows:
app/web/pages/hideaway_choice.py). A plain form (radio buttons and numbered selects), so it
works with JavaScript off; htmx posts the same form. Same checks as any button (same site,
the seat's token, no spectators: app/web/deps.py)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from app.web.deps import MAX_LOOKED, HideawayFormDep, OptionsCacheDep, RepositoryDep, SeatAt
from app.web.form_numbers import MalformedNumber, optional_number
from app.web.pages.acting import act_for_page
from app.web.pages.chrome import is_htmx, refused

router = APIRouter(include_in_schema=False)


def hideaway_body(form: Any, seat_param: str | None, judge: bool) -> dict[str, Any] | None:
    """The `hideaway_exile` action a posted choice sheet asks for; None if it is malformed.
    The engine checks the rest (the card is one looked at, the order names each other card).
    A rank left empty goes after the ranked ones; one that is not a number is malformed."""
    looked = [str(v)[:64] for v in form.getlist("looked")][:MAX_LOOKED]
    chosen = str(form.get("object") or "")[:64]
    if not chosen or chosen not in looked:
        return None
    body: dict[str, Any] = {"type": "hideaway_exile", "object": chosen}
    rest = [i for i in looked if i != chosen]
    if str(form.get("order") or "") == "1":
        ranks: dict[str, int] = {}
        for index, object_id in enumerate(rest):
            try:
                rank = optional_number(str(form.get(f"rank-{object_id}") or ""), max_digits=2)
            except MalformedNumber:
                return None
            ranks[object_id] = 99 + index if rank is None else rank
        body["bottom_order"] = sorted(rest, key=lambda i: (ranks[i], looked.index(i)))
    if judge and seat_param and seat_param != "spectator":
        body["as"] = seat_param
    return body


@router.post("/g/{game_id}/hideaway")
async def hideaway_choose(
    request: Request, checked: HideawayFormDep, repository: RepositoryDep, cache: OptionsCacheDep
) -> Response:
    """The choice sheet's form."""
    seat = checked.seat
    body = hideaway_body(checked.form, checked.seat_param, seat.viewer.kind == "judge")
    if body is None:
        return refused(request, "hideaway.pick_one", 422)
    if checked.expected_version is not None:
        body["expected_version"] = checked.expected_version
    at = SeatAt(seat, checked.seat_param, repository, cache)
    return await run_in_threadpool(act_for_page, request, at, body, is_htmx(request))
