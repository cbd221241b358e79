"""Alembic environment: our engine (SQLite: WAL, BEGIN IMMEDIATE; or PostgreSQL) and
SQLModel's metadata."""

from __future__ import annotations

from alembic import context
from sqlalchemy import text
from sqlalchemy.engine import Connection
from sqlmodel import SQLModel

import app.store.tables  # noqa: F401  (registers the tables on SQLModel.metadata)
from app.store.db import make_engine

config = context.config
# Any fixed 64-bit number, the same in every process: the key of the migration lock.
_LOCK_KEY = 0x66616365646F776E  # "facedown"
target_metadata = SQLModel.metadata


def _database_url() -> str:
    url = config.get_main_option("sqlalchemy.url")
    if url:
        return url
    from app.settings import Settings

    return Settings().database_url


def run_migrations_offline() -> None:
    context.configure(
        url=_database_url(),
        target_metadata=target_metadata,
        literal_binds=True,
        dialect_opts={"paramstyle": "named"},
        render_as_batch=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=True,
        compare_type=True,
    )
    with context.begin_transaction():
        if connection.dialect.name == "postgresql":
            # Several app processes start at once and each migrates: one at a time, the
            # others then find the schema at head (DDL is transactional on PostgreSQL).
            # SQLite's BEGIN IMMEDIATE already serialises them.
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _LOCK_KEY})
        context.run_migrations()


def run_migrations_online() -> None:
    shared = config.attributes.get("connection")
    if shared is not None:
        _run(shared)
        return
    engine = make_engine(_database_url())
    try:
        with engine.connect() as connection:
            _run(connection)
    finally:
        engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
