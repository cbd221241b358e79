"""LISTEN/NOTIFY: a commit is announced to every process at commit time, with the game id and
the version only; a rollback announces nothing; a dropped listener reconnects."""

from __future__ import annotations

import queue
import time

import pytest
from sqlalchemy import event, text

from app.store.db import make_engine
from app.store.notify import CHANNEL, VersionListener, announce, libpq_conninfo, parse_payload
from tests.databases import fresh_postgres_database, require_postgres


def test_payloads_are_a_game_id_and_a_version_or_nothing():
    assert parse_payload("AbC-12_xyz 17") == ("AbC-12_xyz", 17)
    for bad in ["", "game", "game ", "game -1", "game 1e3", "game 1234567890123", " 3"]:
        assert parse_payload(bad) is None


def test_the_listener_connects_with_the_password_it_was_given():
    conninfo = libpq_conninfo("postgresql+psycopg://u:s%40cret@db.example:5433/facedown")
    assert conninfo == "postgresql://u:s%40cret@db.example:5433/facedown"


def test_on_sqlite_announcing_is_a_no_op(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'n.db'}")
    sent: list[str] = []
    event.listen(engine, "before_cursor_execute", lambda *args: sent.append(args[2]))
    try:
        with engine.begin() as conn:
            conn.execute(text("SELECT 1"))  # the listener hears statements on this engine
            announce(conn, "game", 3)  # no pg_notify on SQLite: nothing to send, nothing to fail
            assert conn.execute(text("SELECT 2")).scalar() == 2  # the transaction is intact
    finally:
        engine.dispose()
    assert [s for s in sent if not s.startswith("BEGIN")] == ["SELECT 1", "SELECT 2"]


@pytest.fixture
def pg_url():
    with fresh_postgres_database(require_postgres()) as url:
        yield url


def _listening(url: str, **kwargs) -> tuple[VersionListener, queue.Queue[tuple[str, int]]]:
    heard: queue.Queue[tuple[str, int]] = queue.Queue()
    listener = VersionListener(url, lambda g, v: heard.put((g, v)), **kwargs)
    listener.start()
    assert listener.listening.wait(10)
    return listener, heard


def test_a_commit_is_heard_by_every_listener_and_a_rollback_by_none(pg_url):
    first, heard_first = _listening(pg_url)
    second, heard_second = _listening(pg_url)
    engine = make_engine(pg_url)
    try:
        with engine.connect() as conn:
            with conn.begin() as tx:
                announce(conn, "rolledback", 9)
                tx.rollback()
            with conn.begin():
                announce(conn, "game", 1)
                announce(conn, "game", 2)
        for heard in (heard_first, heard_second):
            assert heard.get(timeout=10) == ("game", 1)  # commit order, nothing rolled back
            assert heard.get(timeout=10) == ("game", 2)
            assert heard.empty()
    finally:
        first.stop()
        second.stop()
        engine.dispose()


def test_malformed_payloads_are_ignored(pg_url):
    listener, heard = _listening(pg_url)
    engine = make_engine(pg_url)
    try:
        with engine.begin() as conn:
            conn.execute(text("SELECT pg_notify(:c, 'no version here')"), {"c": CHANNEL})
            announce(conn, "game", 5)
        assert heard.get(timeout=10) == ("game", 5)
        assert heard.empty()
    finally:
        listener.stop()
        engine.dispose()


def test_a_dropped_listener_reconnects_and_says_so(pg_url):
    reconnected: queue.Queue[bool] = queue.Queue()
    listener, heard = _listening(pg_url, on_reconnect=lambda: reconnected.put(True))
    engine = make_engine(pg_url)
    try:
        with engine.begin() as conn:  # the server closes the listener's connection
            conn.execute(
                text(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE query LIKE 'LISTEN%' AND datname = current_database()"
                )
            )
        assert reconnected.get(timeout=15) is True
        deadline = time.monotonic() + 10
        while True:  # LISTEN is in place again once on_reconnect ran
            with engine.begin() as conn:
                announce(conn, "game", 7)
            try:
                assert heard.get(timeout=1) == ("game", 7)
                break
            except queue.Empty:
                assert time.monotonic() < deadline
    finally:
        listener.stop()
        engine.dispose()
