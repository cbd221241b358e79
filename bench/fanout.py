"""(6) A live action's full cost: one tap and every open page of that game catching up.

A game has four pages open: Alice's and Bob's seats, a spectator and the judge. Each holds
its live stream (GET /g/{id}/live?v=N). Alice taps a button (the HTMX page action: its answer
is her new live region, so her page fetches nothing more: static/js/live.js); the stream
tells each of the three others the new version with what changed on its page (app/web/live.py),
which it takes as static/js/live.js does: a patch from the version it shows needs nothing
more, and without one the page fetches its own fragment (GET /g/{id} with HX-Request). A
round ends when Alice has her answer and the three others have theirs.

Reported per round: the server's CPU time and the wall time, each against one insert into
the bare app (bench/bare_app.py, in its own process), measured the same way (one client, one
request at a time) right before: the ratio says how many bare inserts a live action costs.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

import orjson

from app.rules.families import family_of
from bench.client import Connection
from bench.live_streams import Stream, open_stream
from bench.load import JSON, ProbeClient, cast_morph, csrf_of, live_version_header
from bench.throughput import PLAYERS

TARGET = 8.0  # the target: under 8 bare inserts
# The bare app's insert route (bench/bare_app.py answers the same path as the in-app probe).
PROBE_PATH = "/_bench/insert"


# The open pages of one game, in the order they are added: the first taps (her answer is her
# new live region: static/js/live.js fetches nothing more), each one holds its live stream,
# and each other one takes what changed on it from its stream (or fetches its fragment).
# Four: the two seats, a spectator and the judge (row 6); eight adds a second tab of each
# seat, a second spectator and the judge's second tab (bench/growth.py). Each viewer stays within its bound of streams (app/web/live.py).
PAGE_ORDER = (
    ("Alice", "fd_seat"),
    ("Bob", "fd_seat"),
    ("spectator", "fd_watch"),
    ("judge", "fd_judge"),
    ("Alice", "fd_seat"),
    ("Bob", "fd_seat"),
    ("spectator", "fd_watch"),
    ("judge", "fd_judge"),
)


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


def _names(count: int) -> list[str]:
    """The first `count` pages' names: "Alice", "Bob", ..., "Bob (second tab)"."""
    names: list[str] = []
    for i, (name, _) in enumerate(PAGE_ORDER[:count]):
        again = any(n == name for n, _ in PAGE_ORDER[:i])
        names.append(name + (" (second tab)" if again else ""))
    return names


def page_names(count: int) -> list[str]:
    """The first `count` pages as the results list them: "Alice (taps)", "Bob", ..."""
    return [f"{name} (taps)" if i == 0 else name for i, name in enumerate(_names(count))]


@dataclass
class LiveTable:
    """A starter game with Alice's morph creature on the battlefield and `pages` pages open
    on it; `tap()` is one live action: Alice taps (or untaps) the creature and every other
    page fetches its fragment once its stream tells it the new version."""

    base_url: str
    game_id: str
    pages: list[Page]
    creature: str
    version: int
    headers: dict[str, str]
    taps: int = 0
    sizes: dict[str, int] | None = None
    # Fragments each watching page fetched, all taps together (none when every message
    # carried its page's patch), and the patches its stream carried.
    fetched: dict[str, int] = field(default_factory=dict)
    patched: dict[str, int] = field(default_factory=dict)

    @classmethod
    async def open(cls, base_url: str, pages: int = 4) -> LiveTable:
        if not 1 <= pages <= len(PAGE_ORDER):
            raise ValueError(f"1 to {len(PAGE_ORDER)} pages, not {pages}")
        conn = Connection(base_url)
        try:
            body = orjson.dumps(
                {
                    "ruleset": "mtg",
                    "players": PLAYERS,
                    "setup": family_of("mtg").pages.starter(PLAYERS),
                }
            )
            created: Any = (await conn.request("POST", "/api/games", JSON, body)).json()
            tokens = {s["player"]: (s["token"]) for s in created["seats"]}
            tokens["spectator"] = created["spectator"]["token"]
            tokens["judge"] = created["judge"]["token"]
            resolved = await cast_morph(conn, created["id"], "Alice", tokens["Alice"])
        finally:
            await conn.close()
        opened = [
            Page(name, cookie, tokens[who], Connection(base_url))
            for name, (who, cookie) in zip(_names(pages), PAGE_ORDER, strict=False)
        ]
        game_id, version = created["id"], resolved["version"]
        alice = opened[0]
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
        table = cls(
            base_url, game_id, opened, resolved["events"][-1]["objects"][0], version, headers
        )
        try:
            for page in opened:
                # As a browser opens it: the page first (its region is then known, and its
                # stream can send what changed on it), then its stream at the version now.
                # Alice's too: it is told of her own tap (her page has its answer already).
                if page is not alice:
                    drawn = await page.conn.request(
                        "GET", f"/g/{game_id}", {"Cookie": page.header, "Accept-Encoding": "gzip"}
                    )
                    if drawn.status != 200:
                        raise RuntimeError(f"{page.name}'s page: {drawn.status}")
                page.stream = await open_stream(base_url, game_id, page.token, version, page.cookie)
        except BaseException:
            await table.close()
            raise
        return table

    async def close(self) -> None:
        for page in self.pages:
            if page.stream is not None:
                page.stream.close()
            await page.conn.close()

    async def _catch_up(
        self, page: Page, told: asyncio.Future[float], sizes: dict[str, int]
    ) -> None:
        await told
        assert page.stream is not None
        message = page.stream.message
        news = orjson.loads(message.split(b"data: ", 1)[1]) if b"data: " in message else {}
        if "html" in news and news.get("base") == self.version - 1:
            # What live.js applies: the patch from the version the page shows.
            sizes[page.name] = len(message)
            self.patched[page.name] = self.patched.get(page.name, 0) + 1
            return
        # As static/js/live.js asks: with the version the page shows (the one before).
        response = await page.conn.request(
            "GET",
            f"/g/{self.game_id}?since={self.version - 1}",
            {"Cookie": page.header, "HX-Request": "true", "Accept-Encoding": "gzip"},
        )
        if response.status != 200:
            raise RuntimeError(f"{page.name}'s fragment: {response.status}")
        sizes[page.name] = len(response.body)
        self.fetched[page.name] = self.fetched.get(page.name, 0) + 1

    async def tap(self) -> dict[str, int]:
        """One live action, until every open page has its answer: the bytes each received."""
        kind = "tap" if self.taps % 2 == 0 else "untap"
        self.taps += 1
        # Only Alice's taps change this game: each tap is the next version.
        self.version += 1
        sizes: dict[str, int] = {}
        waits = [
            asyncio.ensure_future(self._catch_up(p, p.stream.expect(self.version), sizes))  # type: ignore[union-attr]
            for p in self.pages[1:]
        ]
        alice = self.pages[0]
        assert alice.stream is not None
        # Her own stream's message (what live.js ignores: her answer shows that version).
        waits.append(asyncio.ensure_future(alice.stream.expect(self.version)))
        body = urlencode(
            {"action": orjson.dumps({"type": kind, "object": self.creature}).decode()}
        ).encode()
        # As live.js sends a tap: with the version Alice's page shows (the one before).
        headers = self.headers | live_version_header(self.version - 1)
        response = await alice.conn.request("POST", f"/g/{self.game_id}/act", headers, body)
        if response.status != 200:
            for wait in waits:
                wait.cancel()
            raise RuntimeError(f"Alice's {kind}: {response.status} {response.text()[:200]}")
        sizes[alice.name] = len(response.body)
        await asyncio.gather(*waits)
        self.sizes = sizes
        return sizes


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
    bare_inserts: int = 1000,
) -> dict[str, Any]:
    # The kernel counts CPU in ticks of 10 ms, and a bare insert costs well under 1 ms: a
    # thousand of them keep the tick's error near 1%.
    bare = await bare_insert_cost(bare_url, bare_cpu_seconds, bare_inserts, bare_path)
    table = await LiveTable.open(base_url, pages=4)
    walls: list[float] = []
    cpus: list[float] = []
    try:
        for number in range(rounds + 3):  # the first three warm up
            started = time.perf_counter()
            cpu0 = cpu_seconds()
            await table.tap()
            wall = time.perf_counter() - started
            cpu = cpu_seconds() - cpu0
            if number >= 3:
                walls.append(wall)
                cpus.append(cpu)
    finally:
        await table.close()
    cpu_ms = statistics.mean(cpus) * 1000
    wall_ms = statistics.median(walls) * 1000
    return {
        "rounds": rounds,
        "pages": page_names(4),
        "cpu_ms": round(cpu_ms, 2),
        "wall_ms": round(wall_ms, 2),
        "bare_cpu_ms": round(bare["cpu_ms"], 3),
        "bare_wall_ms": round(bare["wall_ms"], 3),
        "cpu_ratio": round(cpu_ms / bare["cpu_ms"], 1) if bare["cpu_ms"] else None,
        "wall_ratio": round(wall_ms / bare["wall_ms"], 1) if bare["wall_ms"] else None,
        "bytes": table.sizes or {},
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
            "the same, wall time (tap to the last page's patch or fragment)",
            f"{result['wall_ratio']}× ({result['wall_ms']:.0f} / {result['bare_wall_ms']:.1f} ms)",
            "-",
            "info",
        ),
        Row(
            section,
            "bytes sent per page (Alice's answer compressed; the others' stream messages as sent)",
            sizes,
            "-",
            "info",
        ),
    ]
