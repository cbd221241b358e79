"""Mount every page route, the live stream and the pages' error pages on the app."""

from __future__ import annotations

from fastapi import FastAPI

from app.web.page_refusal import PageRefusal
from app.web.pages import (
    choice,
    game,
    home,
    language,
    links,
    live,
    manifest,
    offline,
    rules,
    rulings,
    scenarios,
    seat_links,
    service_worker,
    table_builder,
    take_back,
    time_travel,
)
from app.web.pages.chrome import no_seat, page_refusal
from app.web.seat_cookie import NoSeat
from app.web.viewer_memo import ViewerCache

ROUTERS = (
    rules.router,  # /rules and /rules/<ruleset>/<number>: the rules reference
    rulings.router,
    time_travel.router,
    scenarios.router,  # scenario files and editions side by side
    home.router,
    seat_links.router,
    links.router,  # a game's links page, a seat's own link
    language.router,
    game.router,
    choice.router,  # a pending choice's sheet (a hideaway look, manifest dread)
    live.router,
    table_builder.router,  # "Build a table", the card search box, the judge's edits
    manifest.router,  # installable: /manifest.webmanifest, /sw.js, /offline
    service_worker.router,
    offline.router,
    take_back.router,  # the judge's take-back, a seat's request and the answers
)


def install_pages(app: FastAPI, secret: bytes | None = None) -> None:
    app.state.page_secret = secret or None
    app.state.viewer_cache = ViewerCache()
    app.add_exception_handler(NoSeat, no_seat)
    app.add_exception_handler(PageRefusal, page_refusal)
    for router in ROUTERS:
        app.include_router(router)
