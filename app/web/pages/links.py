"""The links page: a game's seat links and QR codes, reachable again.

Creating a game answers 303 -> `GET /g/<game>/links` (POST, redirect, GET), so Back and reload
show the links again instead of resubmitting the form. The links are computed again from the
judge's token each time (app/store/seat_keys.py): the creating browser holds it in a cookie
scoped to this page only (it does not make that browser the judge of the game's pages), the
judge in the judge cookie. Anyone else gets the same 404 as a wrong link.

A seat reopens its own link and QR code at `GET /g/<game>/my-link` (to move to another device).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated
from urllib.parse import quote

from fastapi import APIRouter, Form, Request
from fastapi.responses import RedirectResponse, Response
from markupsafe import Markup

from app.rules.redact import Viewer
from app.store.repository import CreatedGame, GameRepository, ShownLink
from app.web.csrf import csrf_matches, csrf_token, same_site
from app.web.deps import GameId, RepositoryDep, SeatDep
from app.web.models import join_url
from app.web.pages.cache_policy import PRIVATE
from app.web.pages.chrome import Chrome, TemplateContext, chrome_for, refused
from app.web.public_url import public_origin
from app.web.qr import qr_svg
from app.web.seat_cookie import COOKIE_NAMES, MAX_AGE, game_path
from app.web.templating import html, render

router = APIRouter(include_in_schema=False)

# The judge's token for the links page only, set by the answer that created the game.
LINKS_COOKIE = "fd_links"


def links_path(game_id: str) -> str:
    return f"{game_path(game_id)}/links"


@dataclass(frozen=True)
class SeatLink:
    kind: str  # judge, player or spectator
    key: str  # the reissue form's value: "player:<name>" or "spectator"; "" for the judge
    who: str
    url: str | None  # None: a link made before links could be shown again
    path: str | None
    qr: Markup | None
    help: str | None = None


@dataclass(frozen=True)
class LinksPage(TemplateContext):
    chrome: Chrome
    title: str
    game_url: str
    reissue_url: str
    csrf: str
    judge_link: SeatLink
    seat_links: list[SeatLink]
    spectator_link: SeatLink | None
    any_lost: bool


@dataclass(frozen=True)
class MyLinkPage(TemplateContext):
    chrome: Chrome
    title: str
    game_url: str
    link: SeatLink


def links_after_creation(request: Request, created: CreatedGame) -> Response:
    """The answer to every form that creates a game: 303 to its links page, with the judge's
    token in a cookie only that page (and its reissue form) receives."""
    response = RedirectResponse(links_path(quote(created.id)), 303, headers=PRIVATE)
    response.set_cookie(
        LINKS_COOKIE,
        created.judge_token,
        max_age=MAX_AGE,
        path=links_path(created.id),
        httponly=True,
        samesite="strict",
        secure=request.url.scheme == "https",
    )
    return response


def _judge_token(request: Request, repository: GameRepository, game_id: str) -> str | None:
    """This game's judge token, from the judge cookie or the links cookie; None otherwise."""
    for name in (COOKIE_NAMES["judge"], LINKS_COOKIE):
        token = request.cookies.get(name) or ""
        if token and len(token) <= 128:
            viewer = repository.viewer_for_token(game_id, token)
            if viewer is not None and viewer.kind == "judge":
                return token
    return None


def _link(
    request: Request, viewer: Viewer, token: str | None, chrome: Chrome, help_text: str | None
) -> SeatLink:
    t = chrome.t
    if viewer.kind == "player":
        who, key = t("links.seat", player=viewer.player), f"player:{viewer.player}"
    elif viewer.kind == "spectator":
        who, key = t("links.spectator"), "spectator"
    else:
        who, key = t("links.judge"), ""
    if token is None:
        return SeatLink(viewer.kind, key, who, None, None, None, help_text)
    path = join_url(token)
    url = f"{public_origin(request).url}{path}"
    return SeatLink(viewer.kind, key, who, url, path, qr_svg(url), help_text)


def _links_page(request: Request, game_id: str, judge_token: str, shown: list[ShownLink]) -> str:
    repository: GameRepository = request.app.state.repository
    chrome = chrome_for(request)
    t = chrome.t
    players = [s for s in shown if s.viewer.kind == "player"]
    spectators = [s for s in shown if s.viewer.kind == "spectator"]
    page = LinksPage(
        chrome=chrome,
        title=repository.info(game_id).title,
        game_url=game_path(quote(game_id)),
        reissue_url=f"{links_path(quote(game_id))}/reissue",
        csrf=csrf_token(request.app.state.page_secret, game_id, judge_token),
        judge_link=_link(
            request, Viewer(kind="judge"), judge_token, chrome, t("links.judge.help")
        ),
        seat_links=[_link(request, s.viewer, s.token, chrome, None) for s in players],
        spectator_link=next(
            (_link(request, s.viewer, s.token, chrome, t("links.spectator.help")) for s in spectators),
            None,
        ),
        any_lost=any(s.token is None for s in shown),
    )
    return render("pages/links.html", page.variables())


@router.get("/g/{game_id}/links")
def links(request: Request, game_id: GameId, repository: RepositoryDep) -> Response:
    """Every link of the game, for its judge (or the browser that created it)."""
    token = _judge_token(request, repository, game_id)
    shown = repository.seat_links(game_id, token) if token else None
    if token is None or shown is None:
        return refused(request, "error.bad_link", 404, PRIVATE)
    return html(_links_page(request, game_id, token, shown), 200, PRIVATE)


@router.post("/g/{game_id}/links/reissue")
def reissue(
    request: Request,
    game_id: GameId,
    repository: RepositoryDep,
    seat: Annotated[str, Form(max_length=60)] = "",
    csrf: Annotated[str, Form(max_length=200)] = "",
) -> Response:
    """"Issue a new link" for a seat (a lost link, or a game from before links could be shown
    again): the old link stops opening the game."""
    token = _judge_token(request, repository, game_id)
    if token is None:
        return refused(request, "error.bad_link", 404, PRIVATE)
    expected = csrf_token(request.app.state.page_secret, game_id, token)
    if not same_site(request) or not csrf_matches(expected, csrf):
        return refused(request, "error.csrf", 403, PRIVATE)
    kind, _, player = seat.partition(":")
    if kind == "player" and player:
        viewer = Viewer.seat(player)
    elif kind == "spectator" and not player:
        viewer = Viewer(kind="spectator")
    else:
        return refused(request, "error.bad_link", 404, PRIVATE)
    if repository.reissue_link(game_id, token, viewer) is None:
        return refused(request, "error.bad_link", 404, PRIVATE)
    return RedirectResponse(links_path(quote(game_id)), 303, headers=PRIVATE)


@router.get("/g/{game_id}/my-link")
def my_link(request: Request, seat: SeatDep, repository: RepositoryDep) -> Response:
    """This browser's own seat link and QR code (to open the seat on another device). The
    judge's is the links page, with every other."""
    if seat.viewer.kind == "judge":
        return RedirectResponse(links_path(quote(seat.game_id)), 303, headers=PRIVATE)
    chrome = chrome_for(request)
    page = MyLinkPage(
        chrome=chrome,
        title=repository.info(seat.game_id).title,
        game_url=game_path(quote(seat.game_id)),
        link=_link(request, seat.viewer, seat.token, chrome, chrome.t("links.mine.help")),
    )
    return html(render("pages/my_link.html", page.variables()), 200, PRIVATE)
