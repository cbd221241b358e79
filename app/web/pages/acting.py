"""One action posted from a page (a button, the hideaway choice), applied through
app/web/game_service.py, and the answer: the new live region (htmx), a redirect (a plain
form), or the refusal alone."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from fastapi import Request
from fastapi.responses import RedirectResponse, Response

from app.rules.core.errors import RuleError
from app.rules.redact import ErrorView, error_for
from app.store.repository import StaleVersion, StoreBusy, UnknownActor
from app.web import game_service
from app.web.deps import SeatAt, catalog_of
from app.web.errors import ApiError
from app.web.pages.acts_in_flight import ACTS
from app.web.pages.cache_policy import PRIVATE
from app.web.pages.chrome import base_context, refused
from app.web.pages.live_region import keep_region, patch_since, seat_link, shown_version
from app.web.pages.region_parts import render_region
from app.web.pages.seat_page import seat_page
from app.web.pages.table_page import Shown, game_url
from app.web.templating import html, render

# An htmx answer: the live region, and the out-of-band parts an action changes.
AFTER_ACTION = ["live", "oob_after_action"]


# A form that shows a refusal itself, beside the field it is about (the judge's forms).
RuleRefusal = Callable[[RuleError, ErrorView], Response]


def act_for_page(
    request: Request,
    at: SeatAt,
    body: dict[str, Any],
    htmx: bool,
    on_refusal: RuleRefusal | None = None,
    near_form: bool = False,
) -> Response:
    """Apply one action for a page, then answer (runs in the threadpool). `on_refusal`: how
    the form that posted it shows a rule's refusal (by default, the notice). `near_form`: what
    happened is told beside the form that asked (the judge's "Add a card"), not at the top."""
    # Its streams say the version alone until the answer is built (acts_in_flight.py).
    with ACTS.during(seat_link(at)):
        return _act(request, at, body, htmx, on_refusal, near_form)


def _act(
    request: Request,
    at: SeatAt,
    body: dict[str, Any],
    htmx: bool,
    on_refusal: RuleRefusal | None,
    near_form: bool,
) -> Response:
    seat, seat_param, repository = at.seat, at.seat_param, at.repository
    try:
        result = game_service.perform(
            repository, seat.game_id, seat.viewer, body, catalog_of(request)
        )
    except RuleError as err:
        ruleset = getattr(err, "ruleset", repository.info(seat.game_id).ruleset)
        error = error_for(err, ruleset)
        if on_refusal is not None:
            return on_refusal(err, error)
        return _rule_refusal(request, at, error, htmx)
    except StaleVersion:
        page = seat_page(request, at, Shown(stale=True))
        blocks = AFTER_ACTION if htmx else None
        return html(render("pages/game.html", page.variables(), blocks), 409, PRIVATE)
    except ApiError as err:
        return refused(request, "error.invalid", err.status, message=err.message)
    except UnknownActor:
        return refused(request, "error.invalid", 422, message="as")
    except StoreBusy:
        return refused(request, "error.busy", 503, headers={"Retry-After": "1"})
    if not htmx:
        return RedirectResponse(game_url(seat.game_id, seat_param), 303, headers=PRIVATE)
    # The region and what the action changed (AFTER_ACTION): the builder's search is reset
    # there, the publish form is not in it.
    page = seat_page(request, at, with_publish=False)
    who = game_service.looking(seat, seat_param, page.players)
    page = replace(page, done=game_service.events_seen(result, who.viewer))
    variables = page.variables() | {"near_form": near_form}
    # The new live region, kept for this seat's next catch-up (only what changed since it),
    # then what else the action changed (AFTER_ACTION: the same two blocks, in one string).
    region = render_region(variables)
    keep_region(request, at, page.view.version, region)
    after = render("pages/game.html", variables, ["oob_after_action"])
    # The page that tapped says which version its #live shows (static/js/live.js): when that
    # is the version just before this answer's (the page was in step), it too gets only what
    # changed for its viewer (out-of-band swaps, nothing put in #live itself); a page that
    # missed versions gets the whole region once. Any version it names is one of its own
    # seat's regions: nothing else.
    shown = shown_version(request)
    version = page.view.version
    in_step = shown is not None and shown == version - 1
    patch = patch_since(request, at, shown, region, version) if in_step else None
    if patch is not None:
        return html(patch + after, headers={**PRIVATE, "HX-Reswap": "none"})
    return html(region.html + after, headers=PRIVATE)


def _rule_refusal(request: Request, at: SeatAt, error: ErrorView, htmx: bool) -> Response:
    """422: the rule and the reason, in the page's language; nothing changed."""
    if htmx:
        ruleset = at.repository.info(at.seat.game_id).ruleset
        ctx = base_context(request) | {"error": error, "rules_base": f"/rules/{ruleset}/"}
        headers = {**PRIVATE, "HX-Retarget": "#notice", "HX-Reswap": "innerHTML"}
        return html(render("partials/error.html", ctx), 422, headers)
    page = seat_page(request, at, Shown(error=error))
    return html(render("pages/game.html", page.variables()), 422, PRIVATE)
