"""Commits announced across processes: PostgreSQL's LISTEN/NOTIFY, no extra broker.

A write transaction that advances a game also runs `pg_notify` with "<game id> <version>":
PostgreSQL delivers it to every listening connection when (and only if) the transaction
commits, in commit order. Each app process keeps one `VersionListener` connection and hands
what it hears to a callback (the live pages' broadcaster). The payload is the game id and the
version only: no card data crosses this channel (docs/DESIGN.md invariant 2).

On SQLite there is nothing to listen to: the in-process broadcaster and its poller (one read
of every watched game's version every few seconds) carry the news (app/web/live.py).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from sqlalchemy import Connection
from sqlalchemy.engine import make_url

from app.store.driver import DriverStatement, DriverWrite, execute

log = logging.getLogger(__name__)

CHANNEL = "facedown_versions"

# On the driver directly, like the write it rides with (app/store/compare_and_set.py).
_NOTIFY = DriverStatement("SELECT pg_notify(:channel, :payload)")

Callback = Callable[[str, int], None]


def announce(conn: Connection | DriverWrite, game_id: str, version: int) -> None:
    """Inside a write transaction: tell every process, at commit, that `game_id` reached
    `version`. A no-op on databases without LISTEN/NOTIFY."""
    if conn.dialect.name == "postgresql":
        execute(conn, _NOTIFY, {"channel": CHANNEL, "payload": f"{game_id} {version}"}).close()


def parse_payload(payload: str) -> tuple[str, int] | None:
    """(game id, version) from a notification, or None for anything malformed."""
    game_id, _, version = payload.partition(" ")
    if not game_id or not version.isdigit() or len(version) > 12:
        return None
    return game_id, int(version)


def libpq_conninfo(database_url: str) -> str:
    """The SQLAlchemy URL as a libpq URI for a raw psycopg connection."""
    url = make_url(database_url).set(drivername="postgresql")
    return url.render_as_string(hide_password=False)


class VersionListener:
    """A daemon thread holding one autocommit connection that LISTENs on CHANNEL.

    When the connection drops it reconnects with a growing pause (up to `max_backoff`) and
    calls `on_reconnect`: notifications sent while it was away are lost, so the pages should
    re-read (the live poller also catches up on its own)."""

    # How often the listening thread wakes to notice stop(): the longest stop() waits. The
    # tests shorten it (tests/conftest.py): each PostgreSQL test app stops its listener.
    wake_seconds: float = 1.0

    def __init__(
        self,
        database_url: str,
        callback: Callback,
        on_reconnect: Callable[[], None] | None = None,
        max_backoff: float = 5.0,
    ) -> None:
        self._conninfo = libpq_conninfo(database_url)
        self._callback = callback
        self._on_reconnect = on_reconnect
        self._max_backoff = max_backoff
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        # Set once the first LISTEN is in place (tests wait for it before writing).
        self.listening = threading.Event()

    def start(self) -> None:
        """Start listening (again: an app's lifespan may run more than once in tests)."""
        if self._thread is not None and self._thread.is_alive():
            return
        self._stop = threading.Event()
        self.listening.clear()
        self._thread = threading.Thread(
            target=self._run, args=(self._stop,), name="facedown-listen", daemon=True
        )
        self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)

    def _run(self, stop: threading.Event) -> None:
        import psycopg  # only needed, and only installed for sure, on PostgreSQL

        backoff = 0.1
        connected_before = False
        while not stop.is_set():
            try:
                with psycopg.connect(self._conninfo, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    if connected_before and self._on_reconnect is not None:
                        self._on_reconnect()
                    connected_before = True
                    self.listening.set()
                    backoff = 0.1
                    while not stop.is_set():
                        # Wakes at least every `wake_seconds` to notice stop().
                        for note in conn.notifies(timeout=self.wake_seconds):
                            self._deliver(note.payload)
            except psycopg.Error as exc:
                if stop.is_set():
                    return
                log.warning("LISTEN %s: %s; reconnecting in %.1f s", CHANNEL, exc, backoff)
                stop.wait(backoff)
                backoff = min(self._max_backoff, backoff * 2)

    def _deliver(self, payload: str) -> None:
        parsed = parse_payload(payload)
        if parsed is None:
            log.warning("ignored a malformed notification on %s", CHANNEL)
            return
        try:
            self._callback(*parsed)
        except Exception:  # a callback bug must not end the listener
            log.exception("notification callback failed")
