"""The bench's database: a fresh SQLite file (the default), or a fresh throwaway database on a
PostgreSQL server (`--database-url postgresql+psycopg://...`).

On PostgreSQL the URL names a database the bench only connects to (`postgres` will do): it
creates `facedown_bench_<random>` next to it, hands that database's URL to the app (and so to
the one-insert baseline, which writes through the app's engine), and drops it at the end,
`DROP DATABASE ... WITH (FORCE)`, even when the run fails.
"""

from __future__ import annotations

import secrets
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import URL, make_url

PREFIX = "facedown_bench_"


class DatabaseUrlError(ValueError):
    pass


@dataclass(frozen=True)
class BenchDatabase:
    url: str  # what the app is given (a password, if any, included)
    kind: str  # "sqlite" or "postgresql"
    label: str  # for the report: engine, version and where (never a password)
    path: Path | None = None  # SQLite only

    @property
    def display_name(self) -> str:
        return "PostgreSQL" if self.kind == "postgresql" else "SQLite"

    def size_bytes(self) -> int:
        if self.path is not None:
            return sum(p.stat().st_size for p in self.path.parent.glob(self.path.name + "*"))
        engine = create_engine(self.url)
        try:
            with engine.connect() as conn:
                return int(conn.scalar(text("SELECT pg_database_size(current_database())")) or 0)
        finally:
            engine.dispose()


def check_url(raw: str) -> URL:
    """A postgresql URL the bench can use; anything else is refused up front."""
    try:
        url = make_url(raw)
    except Exception as err:  # sqlalchemy raises ArgumentError, or ValueError for a bad port
        raise DatabaseUrlError(f"not a database URL: {err}") from None
    if url.get_backend_name() != "postgresql":
        raise DatabaseUrlError(
            "--database-url takes a postgresql:// URL (e.g. postgresql+psycopg://user@host/"
            "postgres); without it the bench uses a fresh SQLite file"
        )
    return url


def where(url: URL) -> str:
    """host:port or the socket directory, for the report."""
    host = url.host or str(url.query.get("host") or "localhost")
    return f"{host}:{url.port}" if url.port else host


@contextmanager
def fresh(database_url: str | None, tmp: Path) -> Iterator[BenchDatabase]:
    """A database nobody else uses, for the duration of the block."""
    if database_url is None:
        path = tmp / "bench.db"
        yield BenchDatabase(
            url=f"sqlite:///{path}",
            kind="sqlite",
            label=f"SQLite {sqlite3.sqlite_version} (a fresh file, WAL)",
            path=path,
        )
        return
    server = check_url(database_url)
    admin = create_engine(server)
    try:
        with admin.connect() as conn:
            version = str(conn.scalar(text("SHOW server_version"))).split()[0]
    finally:
        admin.dispose()
    with throwaway_postgres(server, PREFIX) as url:
        yield BenchDatabase(
            url=url,
            kind="postgresql",
            label=f"PostgreSQL {version} (throwaway database {make_url(url).database} on "
            f"{where(server)})",
        )


def _now(finish: Callable[[], None]) -> None:
    finish()


@contextmanager
def throwaway_postgres(
    server: URL | str, prefix: str, drop: Callable[[Callable[[], None]], None] = _now
) -> Iterator[str]:
    """The URL of a new empty database `<prefix><random>` on the server `server` connects
    to; dropped at the end (`WITH (FORCE)`: open connections too), also on failure. `drop`
    is handed the dropping to run, at once by default (the tests run it on a thread of
    their own: tests/databases.py, whose PostgreSQL databases come from here as well)."""
    name = prefix + secrets.token_hex(6)
    admin = create_engine(server, isolation_level="AUTOCOMMIT")

    def finish() -> None:
        try:
            with admin.connect() as conn:
                conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        finally:
            admin.dispose()

    try:
        with admin.connect() as conn:
            conn.execute(text(f'CREATE DATABASE "{name}"'))
    except BaseException:
        admin.dispose()
        raise
    try:
        yield make_url(server).set(database=name).render_as_string(hide_password=False)
    finally:
        drop(finish)
