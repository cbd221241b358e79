"""The app factory. Importing this module has no side effects: call create_app()
(or `uvicorn --factory app.main:get_app`)."""

from __future__ import annotations

import gc
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import anyio.to_thread
from fastapi import FastAPI
from fastapi.responses import JSONResponse
from fastapi_offline import FastAPIOffline
from pydantic import BaseModel
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from app.catalog.stored import CardCatalogs
from app.rules.families import DEFAULT_RULESET
from app.settings import Settings
from app.store.db import is_postgresql, make_engine, read_only
from app.store.migrate import upgrade
from app.store.notify import VersionListener
from app.store.repository import CreatedGame, GameRepository
from app.web.api.cards import router as cards_router
from app.web.api.games import router as api_router
from app.web.api.rulings import router as rulings_router
from app.web.api.scenarios import router as scenarios_router
from app.web.api.take_back import router as take_back_router
from app.web.api_lane import ApiLane
from app.web.assets import STATIC_DIR, FingerprintedStatic
from app.web.bench_probe import PROBE_PATH, install_probe
from app.web.bench_probe import router as probe_router
from app.web.errors import install_error_handlers
from app.web.hot_routes import HOT, hot_routes, route_hot_first
from app.web.live import Broadcaster
from app.web.live_shutdown import end_streams_on_exit_signals
from app.web.middleware.install import install_middleware
from app.web.pages.install import ROUTERS as PAGE_ROUTERS
from app.web.pages.install import install_pages
from app.web.pages.live import LiveLane
from app.web.pages.page_lane import PageLane

log = logging.getLogger(__name__)


class Health(BaseModel):
    ok: bool


def create_app(settings: Settings | None = None) -> FastAPI:
    """Migrate the database, wire the store and the routes."""
    settings = settings or Settings()
    engine = make_engine(
        settings.database_url,
        pool_size=settings.db_pool_size,
        max_overflow=settings.db_max_overflow,
    )
    upgrade(settings.database_url, engine=engine)
    # On PostgreSQL other processes' commits arrive by LISTEN/NOTIFY; the live poller is
    # then only a safety net. On SQLite polling is how another worker's commit is seen.
    listens = is_postgresql(engine)
    poll = settings.live_poll_seconds or (10.0 if listens else 2.0)
    threads = settings.threads or (16 if listens else 4)
    broadcaster = Broadcaster(lifetime=settings.live_stream_seconds, poll=poll)
    repository = GameRepository(engine, snapshot_every=settings.snapshot_every)
    # Every committed action, from the API or a page, tells the live pages (app/web/live.py).
    repository.on_commit(broadcaster.committed)
    listener = (
        VersionListener(
            settings.database_url, broadcaster.publish, on_reconnect=broadcaster.wake_all
        )
        if listens
        else None
    )

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        if listener is not None:
            listener.start()
        # The routes' threadpool (settings.threads): set on the loop that serves them.
        anyio.to_thread.current_default_thread_limiter().total_tokens = threads
        # Open streams end at SIGTERM/SIGINT, so that the server stops at once.
        broadcaster.reopen()
        undo_signals = end_streams_on_exit_signals(broadcaster)
        # Build the card name indexes off the request path: with a full import (30,000 names)
        # that takes a second or two, which the judge's first search would otherwise wait.
        _app.state.catalogs.warm_in_background()
        try:
            yield
        finally:
            undo_signals()
            broadcaster.close_streams()  # and its poller
            if listener is not None:
                listener.stop()
            engine.dispose()

    # Swagger UI and ReDoc served from the package, not a CDN: /docs works offline.
    app = FastAPIOffline(
        title="Facedown",
        summary="A rules-judge assistant for the hidden-information mechanics of card games.",
        version="0.1.0",
        lifespan=lifespan,
    )
    app.state.settings = settings
    app.state.engine = engine
    app.state.repository = repository
    app.state.broadcaster = broadcaster
    app.state.listener = listener
    # Imported cards (`facedown cards import`) over the shipped catalogs; the default game's
    # (Magic's) is the default.
    app.state.catalogs = CardCatalogs(engine)
    app.state.catalog = app.state.catalogs.for_ruleset(DEFAULT_RULESET)

    install_error_handlers(app)
    # Inside the edge middleware: a plainly well-formed JSON action or view, or a page's
    # catch-up or tap, goes straight to its route's functions (app/web/api_lane.py,
    # app/web/pages/page_lane.py).
    app.add_middleware(ApiLane)
    app.add_middleware(PageLane)
    install_middleware(app, settings)
    # Outermost: plain live-stream requests skip the stack they would hold for minutes.
    app.add_middleware(LiveLane)
    if settings.bench_probe:  # bench/'s in-app probe: one insert per request
        # First, where the API's own write routes are matched: routed like a JSON action.
        install_probe(app, engine)
    app.include_router(api_router)
    app.include_router(cards_router)
    app.include_router(scenarios_router)
    app.include_router(rulings_router)
    app.include_router(take_back_router)
    install_pages(app, secret=_page_secret(settings))
    app.mount("/static", FingerprintedStatic(directory=STATIC_DIR), name="static")
    # A game's taps and pages, matched before everything else (app/web/hot_routes.py); the
    # bench's probe right after the JSON action, routed as it is.
    hot = HOT[:1] + ((("POST", PROBE_PATH),) if settings.bench_probe else ()) + HOT[1:]
    route_hot_first(app, hot_routes([probe_router, api_router, *PAGE_ROUTERS], hot))

    probe = read_only(engine)

    @app.get("/healthz", response_model=Health, tags=["ops"], summary="Liveness and database")
    def healthz() -> Health | JSONResponse:
        try:
            with probe.connect() as conn:
                conn.execute(text("SELECT 1")).scalar_one()
        except SQLAlchemyError:
            log.exception("health check failed")
            return JSONResponse({"ok": False}, status_code=503)
        return Health(ok=True)

    app.state.demo_games = _load_demo(repository) if settings.demo else None
    return app


def _page_secret(settings: Settings) -> bytes | None:
    """The key of the pages' CSRF tokens: FACEDOWN_SECRET_KEY when the settings have one
    (every worker must share it); without one, each seat's token keys its own CSRF token."""
    secret = getattr(settings, "secret_key", None)
    if secret is None:
        return None
    value = secret.get_secret_value() if hasattr(secret, "get_secret_value") else str(secret)
    return value.encode() or None


def _load_demo(repository: GameRepository) -> list[tuple[CreatedGame, str]]:
    """Demo games, built once in an empty database. Their links live in memory only (never
    in logs or the database) and are served at /api/demo to this machine."""
    from app.demo import load_demo_games

    games = load_demo_games(repository)
    if games:
        log.info("demo: %d games built; their links: GET /api/demo (from this machine)", len(games))
    return games


def get_app() -> FastAPI:
    """For `uvicorn --factory app.main:get_app`: settings from FACEDOWN_* variables."""
    app = create_app()
    tune_gc()
    return app


def tune_gc() -> None:
    """Python's cyclic garbage collector, tuned for a server process (each worker runs this).
    A request allocates thousands of short-lived objects and the state cache keeps many
    long-lived ones: with the default thresholds (700, 10, 10), collections took a fifth of
    the server's CPU under load (bench/, README "Performance"). What start-up built (modules,
    schemas, the catalog) is frozen out of the collector's scans."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)
