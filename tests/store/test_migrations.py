"""The first migration builds exactly the tables the code declares."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect, text
from sqlmodel import SQLModel

import app.store.tables  # noqa: F401  (registers the tables)
from app.store.db import make_engine
from app.store.migrate import upgrade


def test_upgrade_of_a_fresh_file_matches_the_models(tmp_path):
    url = f"sqlite:///{tmp_path / 'fresh.db'}"
    upgrade(url)
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            context = MigrationContext.configure(conn, opts={"compare_type": True})
            assert compare_metadata(context, SQLModel.metadata) == []
            assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar_one()
    finally:
        engine.dispose()


def test_upgrade_is_idempotent_and_turns_on_wal(tmp_path):
    url = f"sqlite:///{tmp_path / 'twice.db'}"
    upgrade(url)
    upgrade(url)
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar_one() == "wal"
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar_one() == 1
            assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar_one() == 5000
        assert {"games", "seats", "actions", "snapshots"} <= set(inspect(engine).get_table_names())
    finally:
        engine.dispose()


def test_upgrade_through_a_shared_engine_for_in_memory_databases():
    engine = make_engine("sqlite://")
    try:
        upgrade("sqlite://", engine=engine)
        assert "games" in inspect(engine).get_table_names()
    finally:
        engine.dispose()
