"""Issue 18: the routes' threadpool is small on SQLite (Python under one GIL: a few threads
do more than many), larger on PostgreSQL (requests wait on the network), and settable."""

from __future__ import annotations

from pathlib import Path

import anyio.to_thread
from fastapi.testclient import TestClient

from app.main import create_app
from app.settings import Settings


def _limit_in(app) -> float:  # type: ignore[no-untyped-def]
    seen: list[float] = []

    @app.get("/_threads")
    async def threads() -> dict[str, float]:
        seen.append(anyio.to_thread.current_default_thread_limiter().total_tokens)
        return {"tokens": seen[-1]}

    with TestClient(app) as client:
        return client.get("/_threads").json()["tokens"]


def test_sqlite_runs_routes_on_four_threads(tmp_path: Path):
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'a.db'}"))
    assert _limit_in(app) == 4


def test_the_thread_count_is_a_setting(tmp_path: Path):
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'b.db'}", threads=12))
    assert _limit_in(app) == 12
