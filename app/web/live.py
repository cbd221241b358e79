"""Live updates: "game G is now at version N", and nothing else, over Server-Sent Events.

No card data ever crosses this channel: each open page, told that its game changed, asks
for its own viewer's fragment (which goes through `view_for`). The broadcaster lives in the
process. Commits made by other processes reach it through PostgreSQL's LISTEN/NOTIFY
(app/store/notify.py); on SQLite, and as a safety net on PostgreSQL, a stream also re-reads
the game's version every `poll` seconds (a primary-key read), so pages still catch up within
that time when another worker process committed the change.

A stream starts with the current version when the client is behind — the client says where
it is with `?v=N` (the version its page was rendered at) or, on the browser's own
reconnection, with `Last-Event-ID` — and ends after `lifetime` seconds; the browser then
reconnects by itself and catches up the same way. The route: app/web/pages/live.py.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator
from typing import Any

from starlette.concurrency import run_in_threadpool

from app.store.repository import ActResult, GameNotFound, GameRepository
from app.web.form_numbers import optional_number

RETRY_MS = 2000


class Broadcaster:
    """Per game, the latest committed version, and a way to wait for the next one."""

    def __init__(self, lifetime: float = 300.0, poll: float = 2.0, ping: float = 15.0) -> None:
        self.lifetime = lifetime
        # Re-read the store this often (a change committed by another worker process).
        self.poll = poll
        # Send a comment line after this long without a message (keeps proxies from closing).
        self.ping = ping
        self._loop: asyncio.AbstractEventLoop | None = None
        self._latest: dict[str, int] = {}
        self._changed: dict[str, asyncio.Event] = {}

    def attach(self) -> None:
        """Remember the event loop the streams run on (called from a stream). A server has
        one; a test client may start a new one per request, and waits are tied to a loop."""
        loop = asyncio.get_running_loop()
        if loop is not self._loop:
            self._loop = loop
            self._changed = {}

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

    def _set(self, game_id: str, version: int) -> None:
        if version > self._latest.get(game_id, -1):
            self._latest[game_id] = version
        event = self._changed.pop(game_id, None)
        if event is not None:
            event.set()

    def wake_all(self) -> None:
        """Wake every waiting stream to re-read the store (news may have been missed: the
        PostgreSQL listener reconnected). Safe from any thread."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(self._wake_all)

    def _wake_all(self) -> None:
        events, self._changed = self._changed, {}
        for event in events.values():
            event.set()

    async def wait(self, game_id: str, after: int, timeout: float) -> int | None:
        """The game's version once it is past `after`; None after `timeout` seconds or when
        woken without news (`wake_all`): the caller then reads the store."""
        latest = self._latest.get(game_id)
        if latest is not None and latest > after:
            return latest
        event = self._changed.setdefault(game_id, asyncio.Event())
        try:
            await asyncio.wait_for(event.wait(), timeout)
        except TimeoutError:
            return None
        latest = self._latest.get(game_id)
        return latest if latest is not None and latest > after else None


class NotifyingRepository(GameRepository):
    """The game repository, telling the broadcaster about every committed action —
    whether it came from the JSON API or from a page."""

    def __init__(self, *args: object, broadcaster: Broadcaster, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.broadcaster = broadcaster

    def act(self, game_id: str, *args: Any, **kwargs: Any) -> ActResult:
        result = super().act(game_id, *args, **kwargs)
        if not result.replayed:
            self.broadcaster.publish(game_id, result.version)
        return result

    def take_back(self, game_id: str, *args: Any, **kwargs: Any) -> ActResult:
        result = super().take_back(game_id, *args, **kwargs)
        self.broadcaster.publish(game_id, result.version)
        return result


def sse_message(event: str | None = None, data: str | None = None, id: str | None = None) -> bytes:
    lines = []
    if event:
        lines.append(f"event: {event}")
    if id is not None:
        lines.append(f"id: {id}")
    if data is not None:
        lines.append(f"data: {data}")
    return ("\n".join(lines) + "\n\n").encode()


def changed(version: int) -> bytes:
    return sse_message("changed", json.dumps({"version": version}), str(version))


def catch_up_from(v: int | None, last_event_id: str | None) -> int:
    """The version a reconnecting page has: `?v=` or the browser's Last-Event-ID (an id this
    stream sent: MalformedNumber for anything but ASCII digits)."""
    since = v if v is not None else -1
    sent = optional_number((last_event_id or "").strip(), max_digits=11)
    return since if sent is None else max(since, sent)


async def version_stream(
    repository: GameRepository, broadcaster: Broadcaster, game_id: str, since: int
) -> AsyncIterator[bytes]:
    """The messages of one stream: catch-up first, then one message per new version."""
    broadcaster.attach()
    yield f"retry: {RETRY_MS}\n\n".encode()
    deadline = time.monotonic() + broadcaster.lifetime
    last_sent = time.monotonic()
    current = (await run_in_threadpool(repository.info, game_id)).version
    while True:
        if current > since:
            since = current
            last_sent = time.monotonic()
            yield changed(current)
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return
        published = await broadcaster.wait(game_id, since, min(broadcaster.poll, remaining))
        if published is None:
            # Nothing told this process: ask the store (another worker may have written).
            try:
                current = (await run_in_threadpool(repository.info, game_id)).version
            except GameNotFound:
                return
            if current <= since and time.monotonic() - last_sent >= broadcaster.ping:
                last_sent = time.monotonic()
                yield b": ping\n\n"
        else:
            current = published
