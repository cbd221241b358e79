"""The write path's hot statements on the database driver directly (app/store/driver.py,
app/store/compare_and_set.py), on SQLite and PostgreSQL: the same compare-and-set, the same
stored values and the same errors as through SQLAlchemy's Core, and still heard by
SQLAlchemy's statement listeners."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import Engine, event, insert, text
from sqlalchemy.exc import IntegrityError, OperationalError

from app.catalog import load_catalog
from app.rules.families import parse_action
from app.rules.mtg.setup import MtgSetup as GameSetup
from app.rules.mtg.setup import MtgSetupCard as SetupCard
from app.store.compare_and_set import _INSERT_ACTION, advance, read_head
from app.store.db import begin_write, is_locked_error, make_engine, read_only
from app.store.driver import DriverStatement, driver_write, execute
from app.store.errors import GameNotFound
from app.store.repository import GameRepository
from app.store.retry import with_retry
from app.store.tables import ActionRecord, table_of

pytestmark = [pytest.mark.engine, pytest.mark.both_databases]

# No microseconds: sqlite3's own datetime adapter would then write a shorter text than Core.
WHEN = datetime(2026, 12, 3, 13, 0, 0, tzinfo=UTC)


def _setup() -> GameSetup:
    bears = load_catalog().resolve("Grizzly Bears")
    return GameSetup(
        players=["Alice", "Bob"],
        cards=[SetupCard(owner="Alice", zone="battlefield", card=bears)],  # type: ignore[arg-type]
    )


def _record(game_id: str, version: int, action: str = '{"type":"next_turn"}') -> dict[str, Any]:
    return {
        "game_id": game_id,
        "version": version,
        "actor": "Alice",
        "action": action,
        "events": "[]",
        "request_id": None,
        "created_at": WHEN,
    }


def _versions(engine: Engine, game_id: str) -> list[int]:
    with engine.connect() as conn:
        rows = conn.execute(
            text("SELECT version FROM actions WHERE game_id = :g ORDER BY version"), {"g": game_id}
        )
        return [row[0] for row in rows]


def test_invariant_7_advance_lands_only_on_the_version_it_was_applied_to(engine, repository):
    game_id = repository.create_game(_setup()).id
    with driver_write(engine) as conn:
        assert advance(conn, 0, _record(game_id, 1), finished=False)
    # A second writer that also applied its action to version 0 finds the game at 1.
    with driver_write(engine) as conn:
        assert not advance(conn, 0, _record(game_id, 1, '{"type":"pass"}'), finished=False)
    assert _versions(engine, game_id) == [0, 1]
    with read_only(engine).connect() as conn:
        head = read_head(conn, game_id)
        assert (head.id, head.ruleset, head.version, head.finished) == (game_id, "mtg", 1, False)
        with pytest.raises(GameNotFound):
            read_head(conn, "no-such-game")


def test_a_log_entry_written_on_the_driver_is_stored_as_core_stores_it(engine, repository):
    on_driver = repository.create_game(_setup()).id
    through_core = repository.create_game(_setup()).id
    with begin_write(engine) as conn:
        assert advance(conn, 0, _record(on_driver, 1), finished=False)
        conn.execute(insert(table_of(ActionRecord)), _record(through_core, 1))
    stored = []
    with engine.connect() as conn:
        for game_id in (on_driver, through_core):
            # The stored value itself (on SQLite, DateTime is text in Core's own format).
            row = conn.execute(
                text(
                    "SELECT created_at, actor, action FROM actions WHERE game_id = :g AND version = 1"
                ),
                {"g": game_id},
            ).one()
            stored.append(tuple(row))
    assert stored[0] == stored[1]
    # And read back through the ORM as the datetime written.
    entries = repository.actions(on_driver)
    assert [(v, actor) for v, actor, _ in entries] == [(1, "Alice")]


def test_a_unique_key_race_on_the_driver_is_sqlalchemys_integrity_error(engine, repository):
    """app/store/retry.py retries a write on SQLAlchemy's IntegrityError (a unique-key race
    re-reads the version): the driver's own error must arrive as that."""
    game_id = repository.create_game(_setup()).id
    calls = []

    def write() -> None:
        calls.append(1)
        with driver_write(engine) as conn:
            # Version 0 (the setup) is in the log already: (game_id, version) is unique.
            execute(conn, _INSERT_ACTION, _record(game_id, 0)).close()

    with pytest.raises(IntegrityError):
        with_retry(write, retries=3, retry_integrity=True)
    assert len(calls) == 3  # retried, as a race is
    assert _versions(engine, game_id) == [0]  # and nothing written


def test_the_driver_statements_are_heard_by_statement_listeners(engine, repository):
    game_id = repository.create_game(_setup()).id
    bear = next(o.id for o in repository.load(game_id).objects)
    heard: list[str] = []

    def listener(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        heard.append(" ".join(statement.split())[:30])

    event.listen(engine, "before_cursor_execute", listener)
    try:
        repository.act(game_id, parse_action({"type": "tap", "object": bear}), "Alice")
    finally:
        event.remove(engine, "before_cursor_execute", listener)
    assert "UPDATE games SET version = %(n" in heard or "UPDATE games SET version = :ne" in heard
    assert any(s.startswith("INSERT INTO actions") for s in heard), heard
    if engine.dialect.name == "postgresql":
        assert any("pg_notify" in s for s in heard), heard


def test_a_write_that_fails_midway_leaves_nothing_behind(engine, repository):
    game_id = repository.create_game(_setup()).id
    # A read first: on PostgreSQL the read-only engine hands its connection back to the
    # pool from autocommit; the write on it must still be one transaction.
    assert repository.info(game_id).version == 0

    class Midway(Exception):
        pass

    with pytest.raises(Midway), driver_write(engine) as conn:
        assert advance(conn, 0, _record(game_id, 1), finished=False)
        raise Midway
    assert _versions(engine, game_id) == [0]
    repository.cache.clear()
    assert GameRepository(engine).info(game_id).version == 0


def test_a_locked_begin_on_the_driver_is_sqlalchemys_operational_error(database_kind, tmp_path):
    if database_kind != "sqlite":
        pytest.skip("BEGIN IMMEDIATE and its lock are SQLite's")
    engine = make_engine(f"sqlite:///{tmp_path / 'l.db'}", busy_timeout_ms=50)
    blocker = sqlite3.connect(tmp_path / "l.db", isolation_level=None)
    try:
        blocker.execute("PRAGMA journal_mode=WAL")
        blocker.execute("BEGIN IMMEDIATE")
        with pytest.raises(OperationalError) as caught, driver_write(engine):
            pass
        assert is_locked_error(caught.value)
        blocker.execute("ROLLBACK")
        with driver_write(engine) as conn:  # the pooled connection is fine afterwards
            execute(conn, DriverStatement("CREATE TABLE t (x INTEGER)"), {}).close()
    finally:
        blocker.close()
        engine.dispose()
