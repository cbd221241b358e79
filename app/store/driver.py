"""A hot statement run on the database driver directly, inside SQLAlchemy's connection and
transaction (app/store/compare_and_set.py's statements: the head read and the write).

SQLAlchemy keeps the pool, the transaction (BEGIN IMMEDIATE on SQLite, the commit, the
rollback) and every other statement; only the statement itself skips Core's execution
(statement cache, execution context, result object), which cost more than the INSERT it
ran (bench/, README "Performance"). What Core did that still matters is done here:

- the SQL is the same for both databases but for its placeholders (`:name` for sqlite3,
  `%(name)s` for psycopg), and each value goes through its column type's bind processor
  for that database (SQLite's DateTime is stored as text, as Core stores it);
- a driver error is raised as SQLAlchemy's (OperationalError, IntegrityError ...), so that
  app/store/retry.py retries a lock or a unique-key race as before; a lost connection is
  invalidated, so the pool does not hand it out again;
- `before_cursor_execute` listeners hear the statement (tests/store/test_sql_counts.py
  counts every statement of a request, these included).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from sqlalchemy import Connection
from sqlalchemy.engine import Dialect
from sqlalchemy.exc import DBAPIError
from sqlalchemy.types import TypeEngine

_NAMED = re.compile(r"(?<![:\w]):(\w+)")

Processor = Callable[[Any], Any]


class DriverStatement:
    """One statement written with `:name` placeholders, and the column type of each
    parameter that has one (its value is then bound as Core would bind it)."""

    def __init__(self, sql: str, types: Mapping[str, TypeEngine[Any]] | None = None) -> None:
        self.sql = sql
        self.names = tuple(_NAMED.findall(sql))
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


def execute(conn: Connection, statement: DriverStatement, params: Mapping[str, Any]) -> Any:
    """Run `statement` on `conn`'s driver connection, in whatever transaction `conn` is in
    (none on the read-only engine: autocommit); the driver's cursor, to be closed by the
    caller (`rowcount`, `fetchone`)."""
    dialect = conn.dialect
    sql, processors = statement.for_dialect(dialect)
    if processors:
        params = dict(params)
        for name, processor in processors:
            if name in params:
                params[name] = processor(params[name])
    driver_conn = conn.connection.dbapi_connection
    assert driver_conn is not None
    cursor = driver_conn.cursor()
    if conn.dispatch.before_cursor_execute:
        conn.dispatch.before_cursor_execute(conn, cursor, sql, params, None, False)
    try:
        cursor.execute(sql, params)
    except dialect.loaded_dbapi.Error as exc:
        cursor.close()
        lost = dialect.is_disconnect(exc, driver_conn, cursor)
        if lost:
            conn.invalidate(exc)
        # Parameters stay out of the error's text (card data, tokens' hashes), as the
        # engine's hide_parameters keeps them out of Core's (app/store/db.py).
        raise DBAPIError.instance(
            sql,
            None,
            exc,
            dialect.loaded_dbapi.Error,
            hide_parameters=True,
            connection_invalidated=lost,
            dialect=dialect,
        ) from exc
    return cursor
