"""Live updates over Server-Sent Events: "game G is now at version N", and with it, when the
stream can work it out, what changed on this page for its viewer.

A page told of a new version needs only what changed in its live region (the out-of-band
swaps of app/web/live_patch.py). A stream opened by a seat page knows whose page it is (the
seat cookie, the judge's viewpoint, the language) and the version the page shows (the last
one it told), so it sends that patch itself, built by the same function a page's catch-up
fetch uses (app/web/pages/live_region.py: `view_for`, this viewer's key): the page applies it
without asking again, which saves every watching page a round trip per update. When it
can't (the page's region isn't known in this process, a patch would be no smaller than the
whole region, a stream opened without `?v=`), the message carries the version alone and the
page fetches its own fragment. Between app servers, only versions travel (PostgreSQL's
LISTEN/NOTIFY: app/store/notify.py).

The broadcaster lives in the process. Commits made by other processes reach it through
LISTEN/NOTIFY; on SQLite, and as a safety net on PostgreSQL, one poller per process re-reads
every `poll` seconds the versions of all the games that have a stream open here, in one
query, so pages still catch up within that time when another worker process committed the
change.

A stream starts with the current version when the client is behind — the client says where
it is with `?v=N` (the version its page was rendered at) or, on the browser's own
reconnection, with `Last-Event-ID` — sends a ping comment after `ping` seconds without a
message, and ends after `lifetime` seconds, or at once when the server is stopping (SIGTERM:
app/web/live_shutdown.py); the browser then reconnects by itself (after `retry`) and catches
up the same way. An idle stream costs little: no task, timer or read of its own (see
`Broadcaster`). The route, and the lane that serves it past the middleware stack:
app/web/pages/live.py.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import logging
import math
from collections.abc import AsyncGenerator, Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from starlette.concurrency import run_in_threadpool

from app.store.event_log import Committed
from app.store.repository import GameInfo, GameNotFound
from app.web.form_numbers import optional_number

log = logging.getLogger(__name__)

RETRY_MS = 2000


# Live streams one seat holds open in one game, in this process: a player's phone and a
# laptop, a reloaded page whose old stream the network has not closed yet. Beyond it the
# seat's oldest stream ends (its browser, if it is still there, reconnects by itself), so a
# seat cookie holds at most this many, and a reloaded page is never refused. The spectators'
# link is one link shared by everyone watching: it has a larger bound.
STREAMS_PER_SEAT = 4
STREAMS_PER_SPECTATOR_LINK = 32


class Ticket:
    """One open stream of one seat: `ended` when a newer stream of that seat replaced it."""

    __slots__ = ("ended",)

    def __init__(self) -> None:
        self.ended = False


class _Game:
    """A game with open streams in this process: its latest version, who waits for it, and
    each seat's open streams (oldest first)."""

    __slots__ = ("gone", "latest", "seats", "streams", "waiters")

    def __init__(self) -> None:
        self.latest = -1
        self.streams = 0
        self.waiters: set[asyncio.Future[None]] = set()
        self.gone = False
        self.seats: dict[str, collections.deque[Ticket]] = {}

    def wake(self) -> None:
        waiters, self.waiters = self.waiters, set()
        for waiter in waiters:
            if not waiter.done():
                waiter.set_result(None)


class VersionSource(Protocol):
    """What the streams read: one game's head when a stream opens, and every watched game's
    version at once for the poller (the store's event log)."""

    def info(self, game_id: str) -> GameInfo: ...

    def versions(self, game_ids: Sequence[str]) -> dict[str, int]: ...


class Broadcaster:
    """Per game with open streams, the latest committed version, and a way to wait for the
    next one.

    Everything a stream waits for is shared: the streams of a game wait on that game's
    waiters (woken by `publish` or by the poller), their pings and ends are due at ticks
    shared by all streams due then (one loop timer per tick, not one per stream), one poller
    task per process re-reads the versions of every watched game in one query, and
    `close_streams` (SIGTERM, SIGINT: app/web/live_shutdown.py) ends them all at once."""

    def __init__(self, lifetime: float = 300.0, poll: float = 2.0, ping: float = 15.0) -> None:
        self.lifetime = lifetime
        # Re-read the store this often (a change committed by another worker process).
        self.poll = poll
        # Send a comment line after this long without a message (keeps proxies from closing).
        self.ping = ping
        self.closing = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._source: VersionSource | None = None
        self._games: dict[str, _Game] = {}
        self._ticks: dict[float, list[asyncio.Future[None]]] = {}
        self._poller: asyncio.Task[None] | None = None
        self._catching_up: asyncio.Future[None] | None = None

    def attach(self, source: VersionSource | None = None) -> None:
        """Remember the event loop the streams run on (called from a stream) and where the
        poller reads versions. A server has one loop; a test client may start a new one per
        request, and waits are tied to a loop."""
        loop = asyncio.get_running_loop()
        if loop is not self._loop:
            self._loop = loop
            self._games, self._ticks, self._poller, self._catching_up = {}, {}, None, None
        if source is not None:
            self._source = source

    def publish(self, game_id: str, version: int) -> None:
        """Safe from any thread (actions are applied in the threadpool)."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return  # no stream has ever listened: nobody to tell
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            self._set(game_id, version)
        else:
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(self._set, game_id, version)

    def committed(self, event: Committed) -> None:
        """The store's on-commit hook: every committed action or take-back step, from the
        JSON API or a page, tells this process's live pages (app/main.py subscribes it)."""
        self.publish(event.game_id, event.version)

    def _set(self, game_id: str, version: int) -> None:
        game = self._games.get(game_id)
        if game is not None and version > game.latest:
            game.latest = version
            game.wake()

    def wake_all(self) -> None:
        """Re-read every watched game now (news may have been missed: the PostgreSQL
        listener reconnected). Safe from any thread."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(self._poll_soon)

    def _poll_soon(self) -> None:
        if self._games and self._source is not None and self._catching_up is None:
            self._catching_up = asyncio.ensure_future(self._read_once())
            self._catching_up.add_done_callback(lambda _t: setattr(self, "_catching_up", None))

    def close_streams(self) -> None:
        """End every open stream now, and refuse new ones (the server is stopping): the
        browsers reconnect by themselves after `retry`. Safe from any thread, and from a
        signal handler."""
        self.closing = True
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(self._close_all)

    def reopen(self) -> None:
        """Accept streams again (an app's lifespan starting, again in tests)."""
        self.closing = False

    def _close_all(self) -> None:
        for game in self._games.values():
            game.wake()
        if self._poller is not None:
            self._poller.cancel()

    # -- the streams' side ----------------------------------------------------------------

    def watch(self, game_id: str, seat: str, bound: int = STREAMS_PER_SEAT) -> tuple[_Game, Ticket]:
        """A new stream of `seat` (a key of the seat's token) in the game; beyond `bound`
        open streams of that seat, its oldest ends."""
        game = self._games.get(game_id)
        if game is None:
            game = self._games[game_id] = _Game()
        game.streams += 1
        ticket = Ticket()
        held = game.seats.setdefault(seat, collections.deque())
        held.append(ticket)
        while len(held) > max(1, bound):
            held.popleft().ended = True
            game.wake()  # the ended stream sees it at once (the others go back to sleep)
        if self._poller is None and self._source is not None and not self.closing:
            self._poller = asyncio.ensure_future(self._poll())
        return game, ticket

    def unwatch(self, game_id: str, game: _Game, seat: str, ticket: Ticket) -> None:
        game.streams -= 1
        held = game.seats.get(seat)
        if held is not None:
            with contextlib.suppress(ValueError):  # already ended by a newer stream
                held.remove(ticket)
            if not held:
                del game.seats[seat]
        if game.streams <= 0 and self._games.get(game_id) is game:
            del self._games[game_id]

    def open_streams(self, game_id: str, seat: str) -> int:
        """How many streams `seat` holds open in the game (in this process)."""
        game = self._games.get(game_id)
        held = game.seats.get(seat) if game is not None else None
        return len(held) if held is not None else 0

    async def sleep(self, game: _Game, until: float) -> None:
        """Until the game changes, the loop time `until` (rounded up to a shared tick), or
        `close_streams`."""
        loop = asyncio.get_running_loop()
        waiter: asyncio.Future[None] = loop.create_future()
        game.waiters.add(waiter)
        tick = max(0.005, min(0.25, self.ping / 4, self.lifetime / 4))
        when = math.ceil(until / tick) * tick
        due = self._ticks.get(when)
        if due is None:
            due = self._ticks[when] = []
            loop.call_at(when, self._fire, when)
        due.append(waiter)
        try:
            await waiter
        finally:
            game.waiters.discard(waiter)

    def _fire(self, when: float) -> None:
        for waiter in self._ticks.pop(when, ()):
            if not waiter.done():
                waiter.set_result(None)

    # -- the poller -------------------------------------------------------------------------

    async def _poll(self) -> None:
        """Every `poll` seconds while some stream is open: the versions of the watched games,
        in one read (another worker process may have committed)."""
        try:
            while self._games and not self.closing:
                await asyncio.sleep(self.poll)
                await self._read_once()
        finally:
            if self._poller is asyncio.current_task():
                self._poller = None

    async def _read_once(self) -> None:
        source = self._source
        game_ids = list(self._games)
        if source is None or not game_ids:
            return
        try:
            versions = await run_in_threadpool(source.versions, game_ids)
        except Exception:  # a database hiccup: the next poll tries again
            log.exception("live: reading the versions of %d games failed", len(game_ids))
            return
        for game_id in game_ids:
            version = versions.get(game_id)
            game = self._games.get(game_id)
            if game is None:
                continue
            if version is None:
                game.gone = True  # deleted: its streams end
                game.wake()
            else:
                self._set(game_id, version)


def sse_message(event: str | None = None, data: str | None = None, id: str | None = None) -> bytes:
    lines = []
    if event:
        lines.append(f"event: {event}")
    if id is not None:
        lines.append(f"id: {id}")
    if data is not None:
        lines.append(f"data: {data}")
    return ("\n".join(lines) + "\n\n").encode()


@dataclass(frozen=True)
class Patch:
    """What changed on a page for its viewer: out-of-band swaps that take its live region
    from version `base` to `version`, in the page's language `lang`."""

    base: int
    version: int
    html: str
    lang: str


# Given the version a page shows and the latest one the stream knows of, the patch that
# brings the page to the game's version now, or a version alone (an int) when there is no
# patch to send: see the module docstring.
Patcher = Callable[[int, int], Awaitable["Patch | int"]]


def changed(version: int, patch: Patch | None = None) -> bytes:
    """A new version; with `patch`, what changed on the page (static/js/live.js applies it
    only on a page that shows `base` in `lang`, and fetches otherwise)."""
    data: dict[str, int | str]
    if patch is None:
        data = {"version": version}
    else:
        data = {"version": version, "base": patch.base, "lang": patch.lang, "html": patch.html}
    # One data line: JSON escapes the patch's line breaks. Its other characters go as they
    # are (UTF-8, as the page's HTML): a French page's patch is not six bytes a letter, and
    # the patch reads in the stream's bytes as it does in the fetch's.
    return sse_message("changed", json.dumps(data, ensure_ascii=False), str(version))


def catch_up_from(v: int | None, last_event_id: str | None) -> int:
    """The version a reconnecting page has: `?v=` or the browser's Last-Event-ID (an id this
    stream sent: MalformedNumber for anything but ASCII digits)."""
    since = v if v is not None else -1
    sent = optional_number((last_event_id or "").strip(), max_digits=11)
    return since if sent is None else max(since, sent)


async def version_stream(
    repository: VersionSource,
    broadcaster: Broadcaster,
    game_id: str,
    since: int,
    seat: str = "",
    bound: int = STREAMS_PER_SEAT,
    patcher: Patcher | None = None,
) -> AsyncGenerator[bytes, None]:
    """The messages of one stream: catch-up first, then one message per new version, a ping
    after `ping` seconds of silence, and the end after `lifetime` seconds (or at once when
    the server is stopping, or when `seat` opened more than `bound` newer streams). With a
    `patcher`, a message to a page that said its version carries what changed on it."""
    broadcaster.attach(repository)
    yield f"retry: {RETRY_MS}\n\n".encode()
    if broadcaster.closing:
        return
    loop = asyncio.get_running_loop()
    # Watched before the read: a commit published meanwhile is not missed.
    game, ticket = broadcaster.watch(game_id, seat, bound)
    try:
        try:
            read = (await run_in_threadpool(repository.info, game_id)).version
        except GameNotFound:
            return
        game.latest = max(game.latest, read)
        deadline = loop.time() + broadcaster.lifetime
        quiet_until = loop.time() + broadcaster.ping
        while not (broadcaster.closing or game.gone or ticket.ended):
            now = loop.time()
            if game.latest > since:
                quiet_until = now + broadcaster.ping
                if patcher is None or since < 0:
                    since = game.latest
                    yield changed(since)
                    continue
                # The patch is built at the head it reads, which may be newer still: the page
                # then shows that version, and its news is not told twice.
                try:
                    told: Patch | int = await patcher(since, game.latest)
                except Exception:  # the page fetches what it needs, as without a patcher
                    log.exception("live: a patch for game %s failed", game_id)
                    told = game.latest
                if isinstance(told, Patch):
                    since = max(told.version, since)
                    yield changed(since, told)
                else:
                    since = max(told, game.latest, since)
                    yield changed(since)
            elif now >= deadline:
                return
            elif now >= quiet_until:
                quiet_until = now + broadcaster.ping
                yield b": ping\n\n"
            else:
                await broadcaster.sleep(game, min(deadline, quiet_until))
    finally:
        broadcaster.unwatch(game_id, game, seat, ticket)
