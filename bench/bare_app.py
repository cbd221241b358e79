"""The anchor of (1): a truly bare app, run by the bench in its own process.

FastAPI, one `POST` route (the probe's path, so `ProbeClient` talks to either app), one
`INSERT` per request with Python's `sqlite3` into its own fresh file (WAL mode,
synchronous=NORMAL like the app's engine), no middleware, served by the same uvicorn as
`facedown serve`: `uvicorn.run` with its defaults (loop and http "auto": uvloop and httptools
when installed, as `serve` gets them), one worker, no access log, as the bench runs
`serve` (`--no-access-log`: a deployment behind a proxy that logs, bench/server.py).

The route is a sync `def`, like Facedown's routes and its in-app probe: FastAPI runs it in
anyio's threadpool, which is what a blocking `sqlite3` call needs (an `async def` calling it
would stall the event loop, and would not be the stack real apps, ours included, use). The
body is parsed by FastAPI into a dict (`Body()`), as the in-app probe's is, and written back
as JSON text. Each threadpool thread keeps its own connection (sqlite3 connections are not
shared between threads); one lock makes the writers queue in the process instead of meeting
at SQLite's busy handler, as the app's `begin_write` does: a bare app written with care.

Usage: python -m bench.bare_app --port P --db /tmp/x/bare.db
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import threading
from typing import Annotated, Any

from fastapi import Body, FastAPI

PATH = "/_bench/insert"  # the in-app probe's (app/web/bench_probe.py PROBE_PATH)


def create_app(db_path: str) -> FastAPI:
    app = FastAPI(openapi_url=None, docs_url=None, redoc_url=None)
    local = threading.local()
    lock = threading.Lock()

    def connect() -> sqlite3.Connection:
        conn = sqlite3.connect(db_path, isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA busy_timeout=5000")
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        return conn

    setup = connect()
    setup.execute("CREATE TABLE IF NOT EXISTS probe (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
    setup.close()

    @app.post(PATH)
    def insert_one(body: Annotated[dict[str, Any], Body()]) -> dict[str, int]:
        conn = getattr(local, "conn", None)
        if conn is None:
            conn = local.conn = connect()
        with lock:
            row_id = conn.execute(
                "INSERT INTO probe (body) VALUES (?)", (json.dumps(body),)
            ).lastrowid
        return {"id": int(row_id or 0)}

    @app.get("/healthz")
    def healthz() -> dict[str, bool]:
        return {"ok": True}

    return app


def main(argv: list[str] | None = None) -> int:
    import uvicorn

    parser = argparse.ArgumentParser(prog="python -m bench.bare_app", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--db", required=True, help="the SQLite file (created if missing)")
    args = parser.parse_args(argv)
    uvicorn.run(
        create_app(args.db), host=args.host, port=args.port, log_level="info", access_log=False
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
