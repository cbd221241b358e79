"""The migrations build exactly the tables the code declares, on SQLite and PostgreSQL."""

from __future__ import annotations

import subprocess
import sys

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect, text
from sqlmodel import SQLModel

import app.store.tables  # noqa: F401  (registers the tables)
from app.store.db import make_engine
from app.store.migrate import upgrade

pytestmark = pytest.mark.both_databases


def test_upgrade_of_a_fresh_database_matches_the_models(database_url):
    upgrade(database_url)
    engine = make_engine(database_url)
    try:
        with engine.connect() as conn:
            context = MigrationContext.configure(conn, opts={"compare_type": True})
            assert compare_metadata(context, SQLModel.metadata) == []
            assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar_one()
    finally:
        engine.dispose()


def test_downgrade_to_base_and_up_again(database_url):
    from alembic import command

    from app.store.migrate import alembic_config

    upgrade(database_url)
    command.downgrade(alembic_config(database_url), "base")
    engine = make_engine(database_url)
    try:
        assert "games" not in inspect(engine).get_table_names()
        upgrade(database_url)
        assert {"games", "seats", "actions", "snapshots", "rulings", "cards"} <= set(
            inspect(engine).get_table_names()
        )
    finally:
        engine.dispose()


def test_processes_starting_at_once_migrate_one_at_a_time(database_url):
    # Several app servers start together and each runs the migrations: none may fail.
    # (Processes, not threads: Alembic's `context` is process-global.)
    code = "import sys; from app.store.migrate import upgrade; upgrade(sys.argv[1])"
    processes = [
        subprocess.Popen([sys.executable, "-c", code, database_url], stderr=subprocess.PIPE)
        for _ in range(4)
    ]
    failures = [p.stderr.read().decode() for p in processes if p.wait(timeout=120) != 0]
    assert failures == []
    engine = make_engine(database_url)
    try:
        with engine.connect() as conn:
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
