"""The write path on the database driver directly: its hot statements (app/store/
compare_and_set.py's head read and write) and the write transaction they run in.

SQLAlchemy keeps the pool, the engine's settings and every other statement and transaction;
here only the action's write skips Core: its statement execution (statement cache,
execution context, result object) and its Connection and Transaction objects cost more than
the INSERT they ran, and more again in the threadpool (bench/, README "Performance"). What
Core did that still matters is done here:

- the SQL is the same for both databases but for its placeholders (`:name` for sqlite3,
  `%(name)s` for psycopg), and each value goes through its column type's bind processor
  for that database (SQLite's DateTime is stored as text, as Core stores it);
- the transaction is the one `begin_write` opens (app/store/db.py): on SQLite this
  process's write lock, then BEGIN IMMEDIATE; on PostgreSQL a plain READ COMMITTED
  transaction; committed at the end of the block, rolled back on any error;
- a driver error is raised as SQLAlchemy's (OperationalError, IntegrityError ...), so that
  app/store/retry.py retries a lock or a unique-key race as before; a lost connection is
  invalidated, so the pool does not hand it out again;
- statement listeners (`before_cursor_execute`: tests/store/test_sql_counts.py counts every
  statement of a request) still hear every statement: while any is listening, the write
  runs in SQLAlchemy's own transaction, and the statements on its connection's driver.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import Any

from sqlalchemy import Connection, Engine
from sqlalchemy.engine import Dialect
from sqlalchemy.exc import DBAPIError
from sqlalchemy.types import TypeEngine

from app.store.db import begin_write, is_sqlite, write_lock

_NAMED = re.compile(r"(?<![:\w]):(\w+)")

Processor = Callable[[Any], Any]


class DriverStatement:
    """One statement written with `:name` placeholders, and the column type of each
    parameter that has one (its value is then bound as Core would bind it)."""

    def __init__(self, sql: str, types: Mapping[str, TypeEngine[Any]] | None = None) -> None:
        self.sql = sql
        self._types = dict(types or {})
        # Per database (dialect name): the SQL in the driver's placeholders, the processors.
        self._compiled: dict[str, tuple[str, tuple[tuple[str, Processor], ...]]] = {}

    def for_dialect(self, dialect: Dialect) -> tuple[str, tuple[tuple[str, Processor], ...]]:
        found = self._compiled.get(dialect.name)
        if found is None:
            found = self._compiled.setdefault(dialect.name, self._compile(dialect))
        return found

    def _compile(self, dialect: Dialect) -> tuple[str, tuple[tuple[str, Processor], ...]]:
        # sqlite3 takes :name as it is; psycopg wants %(name)s (and a literal % doubled:
        # none is written).
        sql = _NAMED.sub(r"%(\1)s", self.sql) if dialect.name == "postgresql" else self.sql
        processors = []
        for name, type_ in self._types.items():
            processor = type_.dialect_impl(dialect).bind_processor(dialect)
            if processor is not None:
                processors.append((name, processor))
        return sql, tuple(processors)


class DriverWrite:
    """One write transaction on a pooled driver connection (see `driver_write`)."""

    def __init__(self, engine: Engine) -> None:
        self.dialect = engine.dialect
        self._pooled = _wrapped("connect", self.dialect, None, engine.raw_connection)
        self.driver = self._pooled.driver_connection

    def run(self, sql: str, action: Callable[[], Any]) -> Any:
        """`action()` (a driver call), its error raised as SQLAlchemy's."""
        return _wrapped(sql, self.dialect, self, action)

    def lost(self, exc: BaseException) -> None:
        self._pooled.invalidate(exc)

    def close(self) -> None:
        self._pooled.close()  # back to the pool (which rolls back whatever is left)


@contextmanager
def driver_write(engine: Engine) -> Iterator[Connection | DriverWrite]:
    """A write transaction for the hot statements (`execute`): BEGIN IMMEDIATE behind this
    process's write lock on SQLite, a plain transaction on PostgreSQL (row locks order the
    writers of one game), as `begin_write`; committed when the block ends, rolled back when
    it raises."""
    if engine.dispatch.before_cursor_execute:
        # Someone listens to statements: SQLAlchemy's own transaction, whose Connection
        # the listeners are given.
        with begin_write(engine) as conn:
            yield conn
        return
    guard: AbstractContextManager[object] = (
        write_lock(engine) if is_sqlite(engine) else nullcontext()
    )
    with guard:
        write = DriverWrite(engine)
        try:
            driver = write.driver
            if is_sqlite(engine):
                # The write lock up front (docs/DESIGN.md invariant 7), as db.py's BEGIN.
                write.run("BEGIN IMMEDIATE", lambda: driver.execute("BEGIN IMMEDIATE"))
            # PostgreSQL: psycopg opens the transaction at the first statement (the pool
            # hands a connection back with autocommit off, even after a read-only one).
            try:
                yield write
            except BaseException:
                _roll_back(write)
                raise
            write.run("COMMIT", driver.commit)
        finally:
            write.close()


def _roll_back(write: DriverWrite) -> None:
    try:
        write.driver.rollback()
    except write.dialect.loaded_dbapi.Error as exc:
        # The error being raised says more than the rollback's: the connection is lost or
        # broken, and is not pooled again.
        write.lost(exc)


def _wrapped(
    sql: str, dialect: Dialect, write: DriverWrite | None, action: Callable[[], Any]
) -> Any:
    try:
        return action()
    except dialect.loaded_dbapi.Error as exc:
        lost = write is not None and dialect.is_disconnect(exc, write.driver, None)
        if lost and write is not None:
            write.lost(exc)
        raise _sqlalchemy_error(sql, dialect, exc, lost) from exc


def _sqlalchemy_error(sql: str, dialect: Dialect, exc: Exception, lost: bool) -> Exception:
    # Parameters stay out of the error's text (card data, tokens' hashes), as the engine's
    # hide_parameters keeps them out of Core's (app/store/db.py).
    return DBAPIError.instance(
        sql,
        None,
        exc,
        dialect.loaded_dbapi.Error,
        hide_parameters=True,
        connection_invalidated=lost,
        dialect=dialect,
    )


def execute(
    conn: Connection | DriverWrite, statement: DriverStatement, params: Mapping[str, Any]
) -> Any:
    """Run `statement` on the driver: in a `driver_write`, or on a SQLAlchemy connection's
    driver in whatever transaction that is in (none on the read-only engine: autocommit).
    The driver's cursor, to be closed by the caller (`rowcount`, `fetchone`)."""
    dialect = conn.dialect
    sql, processors = statement.for_dialect(dialect)
    if processors:
        params = dict(params)
        for name, processor in processors:
            if name in params:
                params[name] = processor(params[name])
    driver_conn: Any
    if isinstance(conn, DriverWrite):
        driver_conn = conn.driver
        cursor = driver_conn.cursor()
    else:
        driver_conn = conn.connection.driver_connection  # revalidated by `.connection`
        cursor = driver_conn.cursor()
        if conn.dispatch.before_cursor_execute:
            conn.dispatch.before_cursor_execute(conn, cursor, sql, params, None, False)
    try:
        cursor.execute(sql, params)
    except dialect.loaded_dbapi.Error as exc:
        cursor.close()
        lost = dialect.is_disconnect(exc, driver_conn, cursor)
        if lost:
            if isinstance(conn, DriverWrite):
                conn.lost(exc)
            else:
                conn.invalidate(exc)
        raise _sqlalchemy_error(sql, dialect, exc, lost) from exc
    return cursor
