"""Seat links: the page that shows a new game's links once (with their QR codes), and
`/join/<token>`, which trades a link for the seat cookie."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import quote

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response
from markupsafe import Markup

from app.store.repository import CreatedGame
from app.web.deps import RepositoryDep
from app.web.models import join_url
from app.web.pages.cache_policy import NO_STORE
from app.web.pages.chrome import Chrome, TemplateContext, chrome_for, refused
from app.web.public_url import public_origin
from app.web.qr import qr_svg
from app.web.seat_cookie import COOKIE_NAMES, set_seat_cookie
from app.web.templating import html, render

router = APIRouter(include_in_schema=False)


@dataclass(frozen=True)
class SeatLink:
    kind: str  # judge, player or spectator
    who: str
    url: str
    path: str
    qr: Markup
    help: str | None = None


@dataclass(frozen=True)
class LinksPage(TemplateContext):
    chrome: Chrome
    title: str
    judge_link: SeatLink
    seat_links: list[SeatLink]
    spectator_link: SeatLink


def links_page(request: Request, created: CreatedGame, title: str) -> Response:
    """A new game's links, shown once: they carry the tokens."""
    origin = public_origin(request).url
    chrome = chrome_for(request)
    t = chrome.t

    def link(kind: str, who: str, token: str, help_text: str | None = None) -> SeatLink:
        path = join_url(token)
        return SeatLink(kind, who, f"{origin}{path}", path, qr_svg(f"{origin}{path}"), help_text)

    page = LinksPage(
        chrome=chrome,
        title=title,
        judge_link=link("judge", t("links.judge"), created.judge_token, t("links.judge.help")),
        seat_links=[
            link("player", t("links.seat", player=s.player), s.token) for s in created.seats
        ],
        spectator_link=link(
            "spectator", t("links.spectator"), created.spectator_token, t("links.spectator.help")
        ),
    )
    return html(render("pages/links.html", page.variables()), 200, NO_STORE)


@router.get("/join/{token}")
def join(request: Request, token: str, repository: RepositoryDep) -> Response:
    """A seat link: remember the token in a cookie for that game, then leave this URL."""
    found = repository.resolve_token(token[:128]) if len(token) <= 128 else None
    if found is None:
        return refused(request, "error.bad_link", 404)
    game_id, viewer = found
    response = RedirectResponse(f"/g/{quote(game_id)}", 303, headers=NO_STORE)
    set_seat_cookie(response, request, game_id, viewer.kind, token)
    # The judge cookie, if any, stays and wins (the judge sees as a player with ?seat=);
    # a player link replaces a spectator one and the other way round.
    for kind, name in COOKIE_NAMES.items():
        if kind not in (viewer.kind, "judge"):
            response.delete_cookie(name, path=f"/g/{game_id}")
    return response
