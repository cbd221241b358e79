"""What make_engine gives each database: pool sizes from the settings on PostgreSQL,
autocommit reads, and statement parameters kept out of error messages on both."""

from __future__ import annotations

import pytest
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from app.main import create_app
from app.settings import Settings
from app.store.db import make_engine, read_only

pytestmark = pytest.mark.both_databases


def test_pool_sizes_come_from_the_settings_on_postgresql(database_kind, database_url):
    app = create_app(Settings(database_url=database_url, db_pool_size=3, db_max_overflow=2))
    pool = app.state.engine.pool
    if database_kind == "postgresql":
        assert (pool.size(), pool._max_overflow) == (3, 2)
    else:  # SQLite keeps SQLAlchemy's own pool for files
        assert pool.size() == 5
    app.state.engine.dispose()


def test_a_failed_statement_does_not_show_its_parameters(database_url):
    engine = make_engine(database_url)
    try:
        with pytest.raises(SQLAlchemyError) as failure, engine.connect() as conn:
            conn.execute(
                text("SELECT * FROM no_such_table WHERE x = :secret"), {"secret": "Akroma"}
            )
        assert "Akroma" not in str(failure.value)
    finally:
        engine.dispose()


def test_reads_run_without_a_transaction(database_kind, database_url):
    engine = make_engine(database_url)
    try:
        with read_only(engine).connect() as conn:
            conn.execute(text("SELECT 1"))
            if database_kind == "postgresql":  # driver autocommit: no BEGIN was sent
                assert conn.connection.dbapi_connection.autocommit is True
            else:  # pysqlite's own transactions are off and we emitted no BEGIN
                assert conn.connection.dbapi_connection.in_transaction is False
    finally:
        engine.dispose()
