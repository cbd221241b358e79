"""A pending choice's form (app/web/pages/pending_choice.py shows it): the option picked is
the exact action the engine accepts, posted like any button; a choice that also orders the
options not picked (hideaway under Lorwyn's rules) posts a rank for each. A plain form, so it
works with JavaScript off; htmx posts the same form. Same checks as any button (same site, the
seat's token, no spectators: app/web/deps.py), and the engine checks the rest."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from app.web.deps import MAX_LOOKED, ChoiceFormDep, RepositoryDep, SeatAt, ViewerCacheDep
from app.web.form_numbers import MalformedNumber, optional_number
from app.web.pages.acting import act_for_page
from app.web.pages.chrome import is_htmx, refused
from app.web.pages.game import parse_action_field

router = APIRouter(include_in_schema=False)


def choice_body(form: Any, seat_param: str | None, judge: bool) -> dict[str, Any] | None:
    """The action a posted choice asks for; None if it is malformed. With `order` (the field
    of the action that takes the others' ids), the options not picked follow their ranks; a
    rank left empty goes after the ranked ones, one that is not a number is malformed."""
    body = parse_action_field(str(form.get("action") or ""))
    if body is None:
        return None
    field = str(form.get("order") or "")
    if field:
        if not field.isidentifier() or len(field) > 40 or field in body:
            return None
        looked = [str(v)[:64] for v in form.getlist("looked")][:MAX_LOOKED]
        picked = {v for v in body.values() if isinstance(v, str)}
        rest = [i for i in looked if i not in picked]
        ranks: dict[str, int] = {}
        for index, object_id in enumerate(rest):
            try:
                rank = optional_number(str(form.get(f"rank-{object_id}") or ""), max_digits=2)
            except MalformedNumber:
                return None
            ranks[object_id] = 99 + index if rank is None else rank
        body[field] = sorted(rest, key=lambda i: (ranks[i], looked.index(i)))
    if judge and seat_param and seat_param != "spectator":
        body["as"] = seat_param
    return body


@router.post("/g/{game_id}/choice")
async def choose(
    request: Request, checked: ChoiceFormDep, repository: RepositoryDep, cache: ViewerCacheDep
) -> Response:
    """A pending choice's sheet."""
    seat = checked.seat
    body = choice_body(checked.form, checked.seat_param, seat.viewer.kind == "judge")
    if body is None:
        return refused(request, "choice.pick_one", 422)
    if checked.expected_version is not None:
        body["expected_version"] = checked.expected_version
    at = SeatAt(seat, checked.seat_param, repository, cache)
    return await run_in_threadpool(act_for_page, request, at, body, is_htmx(request))
