"""(5) Live connections: how many idle SSE streams one server process holds, what each costs
in memory, how fast one new version reaches every stream of a game, and how fast the server
stops with streams open.

The streams are opened from this process over loopback on raw asyncio connections (one
small Protocol each, no HTTP client library: the bench must not be what limits the count),
with the seat cookie a page holds (`fd_seat=<token>`, GET /g/<id>/live):

a. idle: N streams spread over games of 20 streams each; memory per stream is the server
   process's RSS after opening them and settling, minus its RSS before, divided by N;
b. fan-out: F streams on one game, one action posted through the JSON API; the time from
   the POST until the last stream has received `changed` for the new version (median of a
   few tries);
c. shutdown: a server of its own with S streams open gets SIGTERM; the seconds until the
   process has exited (capped: a server that does not stop is reported as such).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import resource
import signal
import statistics
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import orjson

from app.web.live import STREAMS_PER_SEAT, STREAMS_PER_SPECTATOR_LINK
from bench.client import Connection
from bench.load import JSON, BenchGame
from bench.server import Server, running
from bench.throughput import create_games

STREAMS_PER_GAME = 20
# Streams being opened at once (each costs a few reads on the server before it idles).
OPENING = 200
SHUTDOWN_CAP = 60.0

Log = Callable[[str], None]


class Stream(asyncio.Protocol):
    """One open SSE response: raw bytes, watched for the status line and for a version's id."""

    def __init__(self) -> None:
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()
        self.opened = asyncio.get_running_loop().create_future()
        self.closed = False
        self.wanted: bytes | None = None
        self.arrived: asyncio.Future[float] | None = None
        # The whole message that was expected (its data line may carry a patch: app/web/live.py).
        self.message = b""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        if not self.opened.done() and b"\r\n\r\n" in self.buffer:
            status = bytes(self.buffer.split(b"\r\n", 1)[0])
            if b" 200 " in status and b"retry:" in self.buffer:
                self.opened.set_result(True)
            elif b" 200 " not in status:
                self.opened.set_exception(RuntimeError(status.decode(errors="replace")))
        if self.wanted is not None and self.wanted in self.buffer:
            start = self.buffer.index(self.wanted)
            end = self.buffer.find(b"\n\n", start)  # JSON data: no line break inside
            if end >= 0:
                self.message = bytes(self.buffer[start : end + 2])
                if self.arrived is not None and not self.arrived.done():
                    self.arrived.set_result(time.perf_counter())
                self.wanted = None
        if len(self.buffer) > 8192 and self.wanted is None:
            del self.buffer[:-64]  # pings pile up over a long idle: keep only the tail

    def expect(self, version: int) -> asyncio.Future[float]:
        self.buffer.clear()
        self.message = b""
        self.wanted = f"event: changed\nid: {version}\n".encode()
        self.arrived = asyncio.get_running_loop().create_future()
        return self.arrived

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        if not self.opened.done():
            self.opened.set_exception(RuntimeError(f"closed before the stream opened: {exc}"))

    def close(self) -> None:
        if self.transport is not None:
            self.transport.close()


async def open_stream(
    base_url: str, game_id: str, token: str, since: int | None, cookie: str = "fd_seat"
) -> Stream:
    """One stream, as a page holding `token` in its `cookie` (a seat's, the judge's
    `fd_judge`, a spectator's `fd_watch`) opens it."""
    parts = urlsplit(base_url)
    loop = asyncio.get_running_loop()
    _, stream = await loop.create_connection(Stream, parts.hostname, parts.port)
    query = "" if since is None else f"?v={since}"
    stream.transport.write(  # type: ignore[union-attr]
        f"GET /g/{game_id}/live{query} HTTP/1.1\r\nHost: {parts.netloc}\r\n"
        # What a browser sends (a gzip encoder held per stream would count).
        f"Accept: text/event-stream\r\nAccept-Encoding: gzip, deflate, br\r\n"
        f"Cookie: {cookie}={token}\r\n\r\n".encode()
    )
    await asyncio.wait_for(stream.opened, 120)
    return stream


# (game id, token, cookie): one stream as the page that holds that cookie opens it.
Target = tuple[str, str, str]


def slots(game: BenchGame) -> list[Target]:
    """Every stream one game may hold open at once: each viewer's own bound (a seat's and the
    judge's STREAMS_PER_SEAT, the shared spectators' link STREAMS_PER_SPECTATOR_LINK); a
    stream beyond a viewer's bound ends that viewer's oldest (app/web/live.py)."""
    out: list[Target] = []
    for token, cookie, bound in (
        *((seat.token, "fd_seat", STREAMS_PER_SEAT) for seat in game.seats),
        (game.judge, "fd_judge", STREAMS_PER_SEAT),
        (game.spectator, "fd_watch", STREAMS_PER_SPECTATOR_LINK),
    ):
        out += [(game.id, token, cookie)] * bound
    return out


def spread(games: list[BenchGame], count: int) -> list[Target]:
    """`count` streams, STREAMS_PER_GAME to a game, each within its viewer's bound."""
    per_game = [slots(game)[:STREAMS_PER_GAME] for game in games]
    return [per_game[i // STREAMS_PER_GAME][i % STREAMS_PER_GAME] for i in range(count)]


async def open_streams(
    base_url: str, targets: list[Target], since: int | None = None
) -> tuple[list[Stream], list[str]]:
    """One stream per (game id, token, cookie), OPENING at a time: the streams and the
    errors."""
    gate = asyncio.Semaphore(OPENING)
    streams: list[Stream] = []
    errors: list[str] = []

    async def one(game_id: str, token: str, cookie: str) -> None:
        async with gate:
            try:
                streams.append(await open_stream(base_url, game_id, token, since, cookie))
            except (OSError, RuntimeError, TimeoutError) as err:
                errors.append(f"{type(err).__name__}: {err}")

    await asyncio.gather(*(one(g, t, c) for g, t, c in targets))
    return streams, errors


def raise_fd_limit() -> int:
    """The soft limit on open files raised to the hard one (the server inherits it)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def _idle(server: Server, count: int, log: Log) -> dict[str, Any]:
    games = await create_games(server.base_url, max(1, -(-count // STREAMS_PER_GAME)))
    targets = spread(games, count)
    # Warm-up streams: the first requests pay for imports, caches and the server's worker
    # threads (as many as are opened at once), none of which grows with the streams.
    warm, _ = await open_streams(server.base_url, targets[: min(count, OPENING * 2)])
    for s in warm:
        s.close()
    await asyncio.sleep(1.0)
    before = rss_kb(server.process.pid)
    started = time.perf_counter()
    streams, errors = await open_streams(server.base_url, targets)
    opening = time.perf_counter() - started
    log(f"  {len(streams):,} streams open in {opening:.1f} s ({len(errors)} failed); settling")
    await asyncio.sleep(3.0)
    after = rss_kb(server.process.pid)
    still = sum(not s.closed for s in streams)
    for s in streams:
        s.close()
    return {
        "wanted": count,
        "opened": len(streams),
        "still_open": still,
        "failed": len(errors),
        "errors": sorted(set(errors))[:5],
        "open_s": round(opening, 2),
        "rss_before_kb": before,
        "rss_after_kb": after,
        "kb_per_stream": round((after - before) / max(1, len(streams)), 2),
    }


async def _act(conn: Connection, game: BenchGame, turn: int) -> int:
    """One accepted action (the active player ends the turn): the new version."""
    seat = game.seats[turn % 2]
    response = await conn.request(
        "POST",
        f"/api/games/{game.id}/actions",
        {**JSON, "Authorization": f"Bearer {seat.token}"},
        orjson.dumps({"type": "next_turn"}),
    )
    if response.status != 200:
        raise RuntimeError(f"POST action: {response.status} {response.text()[:200]}")
    return int(response.json()["version"])  # type: ignore[index]


async def _fanout(server: Server, count: int, tries: int, log: Log) -> dict[str, Any]:
    game = (await create_games(server.base_url, 1))[0]
    # One game holds at most every viewer's bound of streams (a seat can't hold
    # more: SECURITY.md): `count` beyond that is cut to what a game may hold, and said so.
    targets = slots(game)[:count]
    streams, errors = await open_streams(server.base_url, targets, since=0)
    log(f"  {len(streams):,} streams on one game ({len(errors)} failed)")
    await asyncio.sleep(1.0)
    conn = Connection(server.base_url)
    times: list[float] = []
    received: list[int] = []
    try:
        version = 0
        for turn in range(tries):
            arrivals = [s.expect(version + 1) for s in streams]
            started = time.perf_counter()
            version = await _act(conn, game, turn)
            done, _ = await asyncio.wait(arrivals, timeout=30)
            received.append(len(done))
            if done:
                times.append(max(f.result() for f in done) - started)
            await asyncio.sleep(0.5)
    finally:
        await conn.close()
        for s in streams:
            s.close()
    return {
        "streams": len(streams),
        "failed": len(errors),
        "tries": tries,
        "received": received,
        "all_received": bool(streams) and all(n == len(streams) for n in received),
        "seconds": [round(t, 4) for t in times],
        "median_s": round(statistics.median(times), 4) if times else None,
    }


async def _open_for_shutdown(server: Server, count: int) -> tuple[list[Stream], int]:
    games = await create_games(server.base_url, max(1, -(-count // STREAMS_PER_GAME)))
    targets = spread(games, count)
    streams, errors = await open_streams(server.base_url, targets)
    return streams, len(errors)


def _shutdown(database_url: str, log_dir: Path, count: int, workers: int, log: Log) -> dict:
    with running(database_url, log_dir, workers=workers) as server:
        loop = _new_loop()
        try:
            streams, failed = loop.run_until_complete(_open_for_shutdown(server, count))
            log(f"  {len(streams):,} streams open; SIGTERM")
            loop.run_until_complete(asyncio.sleep(1.0))
            started = time.perf_counter()
            os.kill(server.process.pid, signal.SIGTERM)
            try:
                code: int | None = server.process.wait(timeout=SHUTDOWN_CAP)
            except subprocess.TimeoutExpired:
                code = None
            seconds = time.perf_counter() - started
            for s in streams:
                s.close()
        finally:
            loop.close()
    return {
        "streams": len(streams),
        "failed": failed,
        "workers": workers,
        "exited": code is not None,
        "exit_code": code,
        "seconds": round(seconds, 2) if code is not None else None,
        "cap_s": SHUTDOWN_CAP,
    }


def _new_loop() -> asyncio.AbstractEventLoop:
    try:
        import uvloop
    except ImportError:  # pragma: no cover - uvicorn[standard] brings it
        return asyncio.new_event_loop()
    return uvloop.new_event_loop()


def measure(
    database_url: str,
    log_dir: Path,
    *,
    idle: int = 10_000,
    fanout: int = 1_000,
    shutdown: int = 1_000,
    tries: int = 5,
    log: Log = lambda _m: None,
) -> dict[str, Any]:
    """The three measures, each on a server of its own (a fresh process: RSS is its own)."""
    limit = raise_fd_limit()
    result: dict[str, Any] = {"fd_limit": limit}
    # Each stream is one socket here and one in the server, plus room for the rest.
    if idle + 200 > limit:
        result["limited_by"] = f"open files limit {limit} (ulimit -n)"
        idle = max(1, limit - 200)
    with running(database_url, log_dir) as server:
        loop = _new_loop()
        try:
            log(f"bench: (5a) {idle:,} idle streams")
            result["idle"] = loop.run_until_complete(_idle(server, idle, log))
        finally:
            loop.close()
    with running(database_url, log_dir) as server:
        loop = _new_loop()
        try:
            log(
                f"bench: (5b) one version to {fanout:,} streams of one game (at most what its viewers' bounds hold)"
            )
            result["fanout"] = loop.run_until_complete(_fanout(server, fanout, tries, log))
        finally:
            loop.close()
    log(f"bench: (5c) SIGTERM with {shutdown:,} streams open")
    result["shutdown"] = _shutdown(database_url, log_dir, shutdown, 1, log)
    return result


# The targets set for live connections.
TARGETS = {"streams": 10_000, "kb_per_stream": 20.0, "fanout_s": 1.0, "shutdown_s": 5.0}


def rows(result: dict[str, Any]) -> list[Any]:
    """The table's rows (bench/report.py's Row) for `measure`'s result."""
    from bench.report import Row

    section, out = "5 streams", []
    if "skipped" in result:
        return [Row(section, "live connections", result["skipped"], "-", "skipped")]
    idle, fan, stop = result["idle"], result["fanout"], result["shutdown"]
    short = f" (stopped short: {result['limited_by']})" if "limited_by" in result else ""
    errors = f", {idle['failed']} failed" if idle["failed"] else ""
    out.append(
        Row(
            section,
            "idle SSE streams held by one server process",
            f"{idle['still_open']:,} of {idle['wanted']:,} (opened in {idle['open_s']:g} s"
            f"{errors}){short}",
            f">= {TARGETS['streams']:,}",
            "ok" if idle["still_open"] >= TARGETS["streams"] else "MISSED",
        )
    )
    grown = (idle["rss_after_kb"] - idle["rss_before_kb"]) / 1024
    out.append(
        Row(
            section,
            "server memory per idle stream (RSS growth ÷ streams)",
            f"{idle['kb_per_stream']:.1f} KB ({grown:.0f} MB)",
            f"<= {TARGETS['kb_per_stream']:g} KB",
            "ok" if idle["kb_per_stream"] <= TARGETS["kb_per_stream"] else "MISSED",
        )
    )
    median = fan["median_s"]
    got = "all received" if fan["all_received"] else f"received {fan['received']}"
    out.append(
        Row(
            section,
            f"one version to {fan['streams']:,} streams of one game (POST to last arrival)",
            "n/a"
            if median is None
            else f"{median * 1000:.0f} ms (median of {fan['tries']}; {got})",
            f"<= {TARGETS['fanout_s']:g} s",
            "ok"
            if median is not None and fan["all_received"] and median <= TARGETS["fanout_s"]
            else "MISSED",
        )
    )
    exited = (
        f"{stop['seconds']:g} s, exit code {stop['exit_code']}"
        if stop["exited"]
        else (f"still running after {stop['cap_s']:g} s")
    )
    out.append(
        Row(
            section,
            f"SIGTERM with {stop['streams']:,} streams open, until the process exited",
            exited,
            f"<= {TARGETS['shutdown_s']:g} s",
            "ok" if stop["exited"] and stop["seconds"] <= TARGETS["shutdown_s"] else "MISSED",
        )
    )
    return out
