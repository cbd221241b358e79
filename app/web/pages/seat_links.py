"""Joining: `/join/<token>`, which trades a seat link for the seat cookie — asking first when a link opened
from another site would replace a seat this browser holds (a
link planted by another site must not swap a player's seat unasked)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated
from urllib.parse import quote

from fastapi import APIRouter, Form, Request
from fastapi.responses import RedirectResponse, Response

from app.rules.redact import Viewer
from app.store.repository import GameRepository
from app.web.cookies import set_private_cookie
from app.web.csrf import csrf_matches, csrf_token, own_origin, same_site
from app.web.deps import GameId, RepositoryDep
from app.web.i18n import pick_language, translator
from app.web.pages.cache_policy import NO_STORE
from app.web.pages.chrome import base_context, refused
from app.web.seat_cookie import COOKIE_NAMES, game_path, set_seat_cookie
from app.web.templating import html, render

router = APIRouter(include_in_schema=False)


# -- joining: /join/<token> -------------------------------------------------------------------

# The link a browser opened from elsewhere, kept while it is asked whether to switch seats:
# only /g/<game>/join reads it (its Path), for ten minutes.
PENDING_COOKIE = "fd_join"
PENDING_MAX_AGE = 600


def from_this_site(request: Request) -> bool:
    """True when the browser says one of our own pages opened the link. Another site's link,
    one pasted or bookmarked (Sec-Fetch-Site: none), or, in a browser without Sec-Fetch-Site,
    a foreign Origin or Referer, are not: those may not silently replace a seat."""
    fetch_site = request.headers.get("sec-fetch-site")
    if fetch_site is not None:
        return fetch_site.lower() == "same-origin"
    own = own_origin(request)
    origin = request.headers.get("origin")
    if origin is not None and origin.lower() not in (own, "null"):
        return False
    referer = request.headers.get("referer")
    return referer is None or referer.lower().startswith(own + "/")


def _kind_name(kind: str, player: str | None, t: Callable[..., str]) -> str:
    if kind == "player" and player:
        return player
    return t("links.judge") if kind == "judge" else t("links.spectator")


def _seats_lost(
    request: Request, repository: GameRepository, game_id: str, viewer: Viewer, token: str
) -> list[Viewer]:
    """The seats of this game this browser holds and would lose by joining with `token`: its
    cookie of the same kind, and the player's or spectator's the other replaces (the judge's
    cookie stays whatever is joined)."""
    lost: list[Viewer] = []
    for kind, name in COOKIE_NAMES.items():
        held = request.cookies.get(name)
        if not held or held == token or len(held) > 128:
            continue
        if kind == viewer.kind or kind not in (viewer.kind, "judge"):
            holder = repository.viewer_for_token(game_id, held)
            if holder is not None and holder.kind == kind:
                lost.append(holder)
    return lost


def _joined(request: Request, game_id: str, kind: str, token: str) -> Response:
    """Remember the seat in its cookie and go to the game."""
    response = RedirectResponse(f"/g/{quote(game_id)}", 303, headers=NO_STORE)
    set_seat_cookie(response, request, game_id, kind, token)
    # The judge cookie, if any, stays and wins (the judge sees as a player with ?seat=);
    # a player link replaces a spectator one and the other way round.
    for other, name in COOKIE_NAMES.items():
        if other not in (kind, "judge"):
            response.delete_cookie(name, path=game_path(game_id))
    response.delete_cookie(PENDING_COOKIE, path=_pending_path(game_id))
    return response


def _pending_path(game_id: str) -> str:
    return f"{game_path(game_id)}/join"


@router.get("/join/{token}")
def join(request: Request, token: str, repository: RepositoryDep) -> Response:
    """A seat link: remember the token in a cookie for that game, then leave this URL.

    The seat cookies are scoped to /g/<game>, so this URL can't see them: a link opened from
    another site goes on to /g/<game>/join (with the token in a short-lived cookie scoped
    there), which can, and asks before replacing a seat this browser holds."""
    found = repository.resolve_token(token[:128]) if len(token) <= 128 else None
    if found is None:
        return refused(request, "error.bad_link", 404)
    game_id, viewer = found
    if from_this_site(request):
        return _joined(request, game_id, viewer.kind, token)
    response = RedirectResponse(_pending_path(quote(game_id)), 303, headers=NO_STORE)
    set_private_cookie(
        response,
        request,
        PENDING_COOKIE,
        token,
        max_age=PENDING_MAX_AGE,
        path=_pending_path(game_id),
    )
    return response


def _pending(request: Request, game_id: str, repository: GameRepository) -> Viewer | None:
    token = request.cookies.get(PENDING_COOKIE) or ""
    if not token or len(token) > 128:
        return None
    return repository.viewer_for_token(game_id, token)


@router.get("/g/{game_id}/join")
def join_here(request: Request, game_id: GameId, repository: RepositoryDep) -> Response:
    """A link opened from elsewhere: joined at once unless it would replace a seat held."""
    viewer = _pending(request, game_id, repository)
    if viewer is None:
        return refused(request, "error.bad_link", 404)
    token = request.cookies[PENDING_COOKIE]
    lost = _seats_lost(request, repository, game_id, viewer, token)
    if not lost:
        return _joined(request, game_id, viewer.kind, token)
    t = translator(pick_language(request))
    ctx = base_context(request) | {
        "held": ", ".join(_kind_name(v.kind, v.player, t) for v in lost),
        "new": _kind_name(viewer.kind, viewer.player, t),
        "switch_url": _pending_path(quote(game_id)),
        "game_url": game_path(quote(game_id)),
        "csrf": csrf_token(request.app.state.page_secret, game_id, token),
    }
    return html(render("pages/join_switch.html", ctx), 200, NO_STORE)


@router.post("/g/{game_id}/join")
def switch_seat(
    request: Request,
    game_id: GameId,
    repository: RepositoryDep,
    csrf: Annotated[str, Form(max_length=200)] = "",
) -> Response:
    """The "switch to this link" button: same site, with the token its page carried."""
    viewer = _pending(request, game_id, repository)
    if viewer is None:
        return refused(request, "error.bad_link", 404)
    token = request.cookies[PENDING_COOKIE]
    expected = csrf_token(request.app.state.page_secret, game_id, token)
    if not same_site(request) or not csrf_matches(expected, csrf):
        return refused(request, "error.csrf", 403)
    return _joined(request, game_id, viewer.kind, token)
