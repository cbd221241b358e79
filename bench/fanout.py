"""(6) A live action's full cost: one tap and every open page of that game catching up.

A game has four pages open: Alice's and Bob's seats, a spectator and the judge. Each holds
its live stream (GET /g/{id}/live). Alice taps a button (the HTMX page action: its answer is
her new live region, so her page fetches nothing more: static/js/live.js); the stream tells
the three others the new version, and each fetches its own fragment (GET /g/{id} with
HX-Request), as htmx does. A round ends when Alice has her answer and the three others have
theirs.

Reported per round: the server's CPU time and the wall time, each against one insert into
the bare app (bench/bare_app.py, in its own process), measured the same way (one client, one
request at a time) right before: the ratio says how many bare inserts a live action costs.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

import orjson

from app.rules.families import family_of
from bench.client import Connection
from bench.live_streams import Stream, open_stream
from bench.load import JSON, ProbeClient, cast_morph, csrf_of
from bench.throughput import PLAYERS

TARGET = 8.0  # the target: under 8 bare inserts
# The bare app's insert route (bench/bare_app.py answers the same path as the in-app probe).
PROBE_PATH = "/_bench/insert"


@dataclass
class Page:
    """One open page: whose cookie (name, token), its connection for fragments, its stream."""

    name: str
    cookie: str
    token: str
    conn: Connection
    stream: Stream | None = None

    @property
    def header(self) -> str:
        return f"{self.cookie}={self.token}"


async def _game(base: str) -> tuple[str, list[Page], str, int]:
    """A starter game with Alice's morph creature on the battlefield: (id, its four pages,
    the creature, the version now)."""
    conn = Connection(base)
    try:
        body = orjson.dumps(
            {"ruleset": "mtg", "players": PLAYERS, "setup": family_of("mtg").starter(PLAYERS)}
        )
        created: Any = (await conn.request("POST", "/api/games", JSON, body)).json()
        seats = {s["player"]: s["token"] for s in created["seats"]}
        resolved = await cast_morph(conn, created["id"], "Alice", seats["Alice"])
        pages = [
            Page("Alice", "fd_seat", seats["Alice"], Connection(base)),
            Page("Bob", "fd_seat", seats["Bob"], Connection(base)),
            Page("spectator", "fd_watch", created["spectator"]["token"], Connection(base)),
            Page("judge", "fd_judge", created["judge"]["token"], Connection(base)),
        ]
        return created["id"], pages, resolved["events"][-1]["objects"][0], resolved["version"]
    finally:
        await conn.close()


async def bare_insert_cost(
    base_url: str, cpu_seconds: Callable[[], float], count: int, path: str = PROBE_PATH
) -> dict[str, float]:
    """One client, one insert at a time: median wall time and CPU time per insert."""
    conn = Connection(base_url)
    try:
        for _ in range(20):  # warm the connection and the app
            await conn.request("POST", path, JSON, ProbeClient.BODY)
        walls = []
        cpu0 = cpu_seconds()
        for _ in range(count):
            started = time.perf_counter()
            response = await conn.request("POST", path, JSON, ProbeClient.BODY)
            walls.append(time.perf_counter() - started)
            if response.status != 200:
                raise RuntimeError(f"bare insert: {response.status}")
        cpu = (cpu_seconds() - cpu0) / count
    finally:
        await conn.close()
    return {"wall_ms": statistics.median(walls) * 1000, "cpu_ms": cpu * 1000}


async def measure(
    base_url: str,
    cpu_seconds: Callable[[], float],
    bare_url: str,
    bare_cpu_seconds: Callable[[], float],
    *,
    rounds: int = 40,
    bare_path: str = PROBE_PATH,
) -> dict[str, Any]:
    bare = await bare_insert_cost(bare_url, bare_cpu_seconds, max(100, rounds * 5), bare_path)
    game_id, pages, creature, version = await _game(base_url)
    alice, *watchers = pages
    first: Any = await alice.conn.request(
        "GET", f"/g/{game_id}", {"Cookie": alice.header, "Accept-Encoding": "gzip"}
    )
    headers = {
        "Cookie": alice.header,
        "HX-Request": "true",
        "X-CSRF-Token": csrf_of(first.text()),
        "Sec-Fetch-Site": "same-origin",
        "Content-Type": "application/x-www-form-urlencoded",
        "Accept-Encoding": "gzip",
    }
    for page in watchers:
        # At the version now: no catch-up message, only the versions to come.
        page.stream = await open_stream(base_url, game_id, page.token, version, page.cookie)
    walls: list[float] = []
    cpus: list[float] = []
    sizes: dict[str, int] = {}

    async def catch_up(page: Page, told: asyncio.Future[float]) -> None:
        await told
        response = await page.conn.request(
            "GET",
            f"/g/{game_id}",
            {"Cookie": page.header, "HX-Request": "true", "Accept-Encoding": "gzip"},
        )
        if response.status != 200:
            raise RuntimeError(f"{page.name}'s fragment: {response.status}")
        sizes[page.name] = len(response.body)

    async def tap(kind: str) -> None:
        body = urlencode(
            {"action": orjson.dumps({"type": kind, "object": creature}).decode()}
        ).encode()
        response = await alice.conn.request("POST", f"/g/{game_id}/act", headers, body)
        if response.status != 200:
            raise RuntimeError(f"Alice's {kind}: {response.status} {response.text()[:200]}")
        sizes["Alice"] = len(response.body)

    try:
        for number in range(rounds + 3):  # the first three warm up
            kind = "tap" if number % 2 == 0 else "untap"
            started = time.perf_counter()
            cpu0 = cpu_seconds()
            # Only Alice's taps change this game: each tap is the next version.
            version += 1
            waits = [
                asyncio.ensure_future(catch_up(p, p.stream.expect(version)))  # type: ignore[union-attr]
                for p in watchers
            ]
            await tap(kind)
            await asyncio.gather(*waits)
            wall = time.perf_counter() - started
            cpu = cpu_seconds() - cpu0
            if number >= 3:
                walls.append(wall)
                cpus.append(cpu)
    finally:
        for page in pages:
            if page.stream is not None:
                page.stream.close()
            await page.conn.close()
    cpu_ms = statistics.mean(cpus) * 1000
    wall_ms = statistics.median(walls) * 1000
    return {
        "rounds": rounds,
        "pages": ["Alice (taps)", "Bob", "spectator", "judge"],
        "cpu_ms": round(cpu_ms, 2),
        "wall_ms": round(wall_ms, 2),
        "bare_cpu_ms": round(bare["cpu_ms"], 3),
        "bare_wall_ms": round(bare["wall_ms"], 3),
        "cpu_ratio": round(cpu_ms / bare["cpu_ms"], 1) if bare["cpu_ms"] else None,
        "wall_ratio": round(wall_ms / bare["wall_ms"], 1) if bare["wall_ms"] else None,
        "bytes": sizes,
        "target": TARGET,
    }


def rows(result: dict[str, Any]) -> list[Any]:
    """The table's rows (bench/report.py's Row)."""
    from bench.report import Row

    section = "6 fan-out"
    if "skipped" in result:
        return [Row(section, "a live action's full cost", result["skipped"], "-", "skipped")]
    sizes = ", ".join(f"{k} {v / 1024:.1f} KB" for k, v in sorted(result["bytes"].items()))
    return [
        Row(
            section,
            "a tap + 3 other open pages re-rendered (seat, spectator, judge) ÷ one bare insert,"
            " server CPU",
            f"{result['cpu_ratio']}× ({result['cpu_ms']:.1f} / {result['bare_cpu_ms']:.2f} ms)",
            f"< {TARGET:g}×",
            "ok" if result["cpu_ratio"] is not None and result["cpu_ratio"] < TARGET else "MISSED",
        ),
        Row(
            section,
            "the same, wall time (tap to the last page's fragment)",
            f"{result['wall_ratio']}× ({result['wall_ms']:.0f} / {result['bare_wall_ms']:.1f} ms)",
            "-",
            "info",
        ),
        Row(section, "bytes sent (compressed) per page", sizes, "-", "info"),
    ]
