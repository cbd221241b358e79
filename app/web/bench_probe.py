"""The benchmark's baseline: a bare endpoint that does one SQLite insert per request.

Mounted only with FACEDOWN_BENCH_PROBE=1 (bench/ turns it on), and kept out of the OpenAPI
page. It goes through the same middleware, threadpool and write path (`begin_write`: this
process's write lock, then BEGIN IMMEDIATE on the same engine) as the real routes, so `bench`
can compare our action throughput with the cost of one write.
"""

from __future__ import annotations

from typing import Annotated, Any

import orjson
from fastapi import APIRouter, Body, FastAPI, Request
from sqlalchemy import Engine, text

from app.store.db import begin_write

PROBE_PATH = "/_bench/insert"

router = APIRouter(include_in_schema=False)

_CREATE = text(
    "CREATE TABLE IF NOT EXISTS bench_probe (id INTEGER PRIMARY KEY, body TEXT NOT NULL)"
)
_INSERT = text("INSERT INTO bench_probe (body) VALUES (:body)")


@router.post(PROBE_PATH)
def insert_one(request: Request, body: Annotated[dict[str, Any], Body()]) -> dict[str, int]:
    engine: Engine = request.app.state.engine
    with begin_write(engine) as conn:
        row_id = conn.execute(_INSERT, {"body": orjson.dumps(body).decode()}).lastrowid
    return {"id": int(row_id or 0)}


def install_probe(app: FastAPI, engine: Engine) -> None:
    """The probe's own table (not part of the migrated schema) and its route."""
    with engine.begin() as conn:
        conn.execute(_CREATE)
    app.include_router(router)
