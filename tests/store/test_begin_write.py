"""begin_write on SQLite: BEGIN IMMEDIATE straight to the driver (app/store/db.py), with its
errors still SQLAlchemy's, so a write that meets another process's lock is retried as before."""

from __future__ import annotations

import sqlite3

import pytest
from sqlalchemy import text
from sqlalchemy.exc import OperationalError

from app.store.db import begin_write, is_locked_error, make_engine


def test_a_write_takes_the_write_lock_at_begin(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'w.db'}", busy_timeout_ms=50)
    try:
        with begin_write(engine) as conn:
            conn.execute(text("CREATE TABLE t (x INTEGER)"))
        with begin_write(engine) as conn:
            # Before any statement, the transaction already holds the write lock: another
            # connection cannot start a write.
            other = sqlite3.connect(tmp_path / "w.db", timeout=0.05, isolation_level=None)
            try:
                with pytest.raises(sqlite3.OperationalError, match="locked"):
                    other.execute("BEGIN IMMEDIATE")
            finally:
                other.close()
            conn.execute(text("INSERT INTO t VALUES (1)"))
        with engine.connect() as conn:
            assert conn.execute(text("SELECT count(*) FROM t")).scalar() == 1
    finally:
        engine.dispose()


def test_a_locked_begin_is_sqlalchemys_operational_error(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'l.db'}", busy_timeout_ms=50)
    blocker = sqlite3.connect(tmp_path / "l.db", isolation_level=None)
    try:
        blocker.execute("PRAGMA journal_mode=WAL")
        blocker.execute("BEGIN IMMEDIATE")
        with pytest.raises(OperationalError) as caught, begin_write(engine):
            pass
        assert is_locked_error(caught.value)
    finally:
        blocker.close()
        engine.dispose()
