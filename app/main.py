"""The app factory. Importing this module has no side effects: call create_app()
(or `uvicorn --factory app.main:get_app`)."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.catalog import load_catalog
from app.settings import Settings
from app.store.db import make_engine, read_only
from app.store.migrate import upgrade
from app.store.repository import GameRepository
from app.web.api import router as api_router
from app.web.errors import install_error_handlers

log = logging.getLogger(__name__)


class Health(BaseModel):
    ok: bool


class BodySizeLimit:
    """413 for a body above `max_bytes`, by Content-Length or by counting a streamed body.

    The body (at most max_bytes) is read before the app runs, so a request is refused before
    anything acts on it.
    """

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = Headers(scope=scope).get("content-length")
        if declared is not None:
            if not declared.strip().isdigit():
                await self._refuse(scope, receive, send, 400, "bad_request", "Bad Content-Length.")
                return
            if int(declared) > self.max_bytes:
                await self._too_large(scope, receive, send)
                return
        if scope.get("method") in ("GET", "HEAD", "OPTIONS") and declared is None:
            await self.app(scope, receive, send)
            return

        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await self._too_large(scope, receive, send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break

        body = b"".join(chunks)
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _too_large(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self._refuse(
            scope,
            receive,
            send,
            413,
            "too_large",
            f"The request body is larger than the {self.max_bytes} bytes allowed.",
        )

    async def _refuse(
        self, scope: Scope, receive: Receive, send: Send, status: int, error: str, message: str
    ) -> None:
        response = JSONResponse(
            {"error": error, "message": message},
            status_code=status,
            headers={"Connection": "close"},
        )
        await response(scope, receive, send)


def create_app(settings: Settings | None = None) -> FastAPI:
    """Migrate the database, wire the store and the routes."""
    settings = settings or Settings()
    engine = make_engine(settings.database_url)
    upgrade(settings.database_url, engine=engine)
    repository = GameRepository(engine, snapshot_every=settings.snapshot_every)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        yield
        engine.dispose()

    app = FastAPI(
        title="Facedown",
        summary="A rules-judge assistant for the hidden-information mechanics of card games.",
        version="0.1.0",
        lifespan=lifespan,
    )
    app.state.settings = settings
    app.state.engine = engine
    app.state.repository = repository
    app.state.catalog = load_catalog()

    install_error_handlers(app)
    app.add_middleware(BodySizeLimit, max_bytes=settings.max_body_bytes)
    app.include_router(api_router)

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

    if settings.demo:
        _load_demo(repository)
    return app


def _load_demo(repository: GameRepository) -> None:
    try:
        from app.demo import load_demo_games
    except ImportError:
        log.warning("FACEDOWN_DEMO is set but app.demo is not available")
        return
    load_demo_games(repository)


def get_app() -> FastAPI:
    """For `uvicorn --factory app.main:get_app`: settings from FACEDOWN_* variables."""
    return create_app()
