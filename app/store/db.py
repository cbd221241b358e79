"""The database engine: SQLite by default, PostgreSQL (psycopg 3) when the URL says so.

SQLite: WAL, busy timeout, foreign keys, and BEGIN IMMEDIATE for writes.

pysqlite's own transaction handling is switched off (isolation_level=None) and SQLAlchemy
emits the BEGIN itself on its "begin" event, per SQLAlchemy's SQLite transaction notes.
A write transaction thus takes the write lock up front (docs/DESIGN.md invariant 7). Reads go
through `read_only(engine)`, which emits no BEGIN at all: each statement runs in SQLite's
autocommit mode and never waits for the write lock. A read of several statements stays consistent
without a transaction because what it reads never changes once written (log entries and
snapshots are append-only) and it is bounded by the version it read first. That saves two
round trips through SQLAlchemy per read (BEGIN and ROLLBACK), a quarter of a warm view's
database time (bench/, README "Performance").

PostgreSQL: none of that. Writes are plain READ COMMITTED transactions; the repository's
compare-and-set UPDATE (`... WHERE version = :current`) takes the game row's lock, so of two
writers of one game the second waits, sees the new version and matches no row: a conflict,
never a lost update. Reads run in autocommit (psycopg's client-side switch: no BEGIN/ROLLBACK
round trips), for the same reason as on SQLite.
"""

from __future__ import annotations

import sqlite3
import threading
import weakref
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError
from sqlalchemy.pool import StaticPool

READ_ONLY_OPTION = "facedown_read_only"

BUSY_TIMEOUT_MS = 5000


def make_engine(database_url: str, busy_timeout_ms: int = BUSY_TIMEOUT_MS, **kwargs: Any) -> Engine:
    """An engine for `database_url`; SQLite gets the pragmas and the BEGIN recipe."""
    # busy_timeout first, so that switching to WAL waits for a lock like anything else.
    pragmas = (
        f"PRAGMA busy_timeout={int(busy_timeout_ms)}",
        "PRAGMA journal_mode=WAL",
        "PRAGMA foreign_keys=ON",
        "PRAGMA synchronous=NORMAL",
    )
    url = make_url(database_url)
    # A failed statement's parameters (card names, tokens' hashes) stay out of error text/logs.
    kwargs.setdefault("hide_parameters", True)
    # Pool sizes matter to PostgreSQL only; SQLite keeps its own pool (or one shared
    # connection in memory).
    pool_size = kwargs.pop("pool_size", 10)
    max_overflow = kwargs.pop("max_overflow", 30)
    if url.get_backend_name() == "postgresql":
        # Enough connections for the threadpool's concurrent requests (anyio: 40 threads);
        # pre-ping replaces connections a restarted server or a proxy closed.
        kwargs.setdefault("pool_pre_ping", True)
        return create_engine(url, pool_size=pool_size, max_overflow=max_overflow, **kwargs)
    if url.get_backend_name() != "sqlite":
        return create_engine(url, **kwargs)
    if url.database in (None, "", ":memory:"):
        # One shared connection, or each checkout would see its own empty database.
        kwargs.setdefault("poolclass", StaticPool)
        kwargs.setdefault("connect_args", {"check_same_thread": False})
    engine = create_engine(url, **kwargs)

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Autocommit at the driver level: we emit BEGIN ourselves below.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        try:
            for pragma in pragmas:
                cursor.execute(pragma)
        finally:
            cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Any) -> None:
        if conn.get_execution_options().get(READ_ONLY_OPTION):
            return
        # Straight to the driver: a BEGIN needs no statement cache, cursor events or result
        # object, and going through SQLAlchemy's execution for it was about a third of a
        # one-insert write's cost in the engine (bench/). Its errors are SQLAlchemy's
        # as before, so a "database is locked" is still retried (is_locked_error).
        try:
            conn.connection.dbapi_connection.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise DBAPIError.instance(
                "BEGIN IMMEDIATE", None, exc, sqlite3.Error, hide_parameters=True
            ) from exc

    return engine


_write_locks: weakref.WeakKeyDictionary[Any, threading.RLock] = weakref.WeakKeyDictionary()
_write_locks_guard = threading.Lock()


def write_lock(engine: Engine) -> threading.RLock:
    """One lock per engine in this process, taken before BEGIN IMMEDIATE. Writers of one
    process then queue on it and each is woken as soon as the one before commits; without it
    they meet at SQLite's lock, whose busy handler sleeps and polls (1, 2, 5 ... 100 ms).
    Measured with 50 clients: p99 about halved, throughput a little up (bench/). Writers in
    other processes still wait for each other through busy_timeout."""
    with _write_locks_guard:
        lock = _write_locks.get(engine.pool)
        if lock is None:
            lock = _write_locks[engine.pool] = threading.RLock()
        return lock


def is_sqlite(engine: Engine) -> bool:
    return engine.dialect.name == "sqlite"


def is_postgresql(engine: Engine) -> bool:
    return engine.dialect.name == "postgresql"


@contextmanager
def begin_write(engine: Engine) -> Iterator[Connection]:
    """A write transaction: on SQLite BEGIN IMMEDIATE behind this process's write lock (one
    writer at a time anyway); on PostgreSQL a plain transaction, writers of different games
    in parallel (row locks order the writers of one game)."""
    guard: AbstractContextManager[object] = (
        write_lock(engine) if is_sqlite(engine) else nullcontext()
    )
    with guard, engine.begin() as conn:
        yield conn


def read_only(engine: Engine) -> Engine:
    """The same engine (same pool) for reads: on SQLite no BEGIN (autocommit reads), on
    PostgreSQL the driver's autocommit mode."""
    if is_postgresql(engine):
        return engine.execution_options(isolation_level="AUTOCOMMIT")
    return engine.execution_options(**{READ_ONLY_OPTION: True})


# PostgreSQL SQLSTATEs worth a retry: serialization failure, deadlock, lock not available.
_RETRYABLE_SQLSTATES = {"40001", "40P01", "55P03"}


def is_locked_error(exc: BaseException) -> bool:
    """SQLite's 'database is locked' / 'database table is locked' (SQLITE_BUSY), or a
    PostgreSQL error that a retry of the same transaction can get past."""
    orig = getattr(exc, "orig", exc)
    if getattr(orig, "sqlstate", None) in _RETRYABLE_SQLSTATES:
        return True
    text = str(orig).lower()
    return "database is locked" in text or "database table is locked" in text
