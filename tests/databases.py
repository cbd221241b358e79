"""The databases the tests run on: a SQLite file, or a fresh database on a PostgreSQL server.

The PostgreSQL server comes from FACEDOWN_TEST_POSTGRES_URL (a SQLAlchemy URL of a database
we may CREATE DATABASE from); scripts/test starts a throwaway cluster and sets it
(scripts/pg-cluster). Without one, PostgreSQL cases skip, except on CI (CI=true) or with
FACEDOWN_REQUIRE_POSTGRES=1, where they fail: CI must never pass by skipping a database.
"""

from __future__ import annotations

import atexit
import functools
import os
import tempfile
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import pytest

from app.store.db import make_engine
from app.store.migrate import upgrade
from bench.database import throwaway_postgres

POSTGRES_ENV = "FACEDOWN_TEST_POSTGRES_URL"
DATABASE_KINDS = ("sqlite", "postgresql")


def postgres_server_url() -> str | None:
    return os.environ.get(POSTGRES_ENV) or None


def postgres_required() -> bool:
    return os.environ.get("CI") == "true" or os.environ.get("FACEDOWN_REQUIRE_POSTGRES") == "1"


def require_postgres() -> str:
    """The server URL, or skip (fail on CI) with the reason."""
    url = postgres_server_url()
    if url is None:
        reason = f"no PostgreSQL server: set {POSTGRES_ENV} (scripts/test starts one)"
        if postgres_required():
            pytest.fail(reason)
        pytest.skip(reason)
    return url


# Dropping a database (WITH FORCE: its connections ended first) takes about 0.1 s, most of
# it waiting on the server; over 200 PostgreSQL cases that is half a minute a run. A test
# does not wait for its own: one thread drops them in turn meanwhile, and the run waits for
# the last at exit.
_DROPS = ThreadPoolExecutor(max_workers=1, thread_name_prefix="drop-database")
atexit.register(_DROPS.shutdown, wait=True)


def _in_background(finish: Callable[[], None]) -> None:
    try:
        _DROPS.submit(finish)
    except RuntimeError:
        # The interpreter is exiting (a database a module closes at exit): no new threads
        # then, so drop it here.
        finish()


@contextmanager
def fresh_postgres_database(server_url: str) -> Iterator[str]:
    """A new empty database on the server for one test; dropped afterwards (in the
    background: the next test need not wait)."""
    with throwaway_postgres(server_url, "t_", drop=_in_background) as url:
        yield url


@contextmanager
def fresh_database(kind: str, directory: Path, name: str = "facedown.db") -> Iterator[str]:
    """A database URL of `kind` ("sqlite" or "postgresql") with nothing in it yet."""
    if kind == "sqlite":
        yield f"sqlite:///{directory / name}"
    elif kind == "postgresql":
        with fresh_postgres_database(require_postgres()) as url:
            yield url
    else:  # pragma: no cover
        raise ValueError(kind)


# -- a migrated SQLite file, copied rather than migrated ------------------------------------
# Migrating a new SQLite file from nothing costs about 30 ms of Alembic (every script loaded,
# every table built) and the suite makes a fresh app a thousand times. Each test process
# migrates one file once and copies it: the app then finds its schema at head and migrates
# nothing (app/store/migrate.py). The tests of the migrations themselves start from nothing.


@functools.cache
def _migrated_sqlite_bytes() -> bytes:
    folder = Path(tempfile.mkdtemp(prefix="facedown-migrated-"))
    url = f"sqlite:///{folder / 'migrated.db'}"
    engine = make_engine(url)
    upgrade(url, engine=engine)
    engine.dispose()  # the last connection closed: the WAL is checkpointed into the file
    assert not (folder / "migrated.db-wal").exists()
    return (folder / "migrated.db").read_bytes()


def seed_migrated(database_url: str) -> None:
    """A SQLite file database that doesn't exist yet is created already migrated to head;
    anything else (PostgreSQL, a file that exists, in memory) is left alone."""
    prefix = "sqlite:///"
    if not database_url.startswith(prefix) or ":memory:" in database_url:
        return
    path = Path(database_url.removeprefix(prefix).split("?", 1)[0])
    if not path.exists() and path.parent.is_dir():
        path.write_bytes(_migrated_sqlite_bytes())
