"""(8) Growth with the table: what one action costs the server as a game's table grows.

- **A live action with 2, 4 and 8 open pages of one game** (bench/fanout.py's LiveTable):
  Alice taps, and every other open page, told by its stream, fetches its fragment; the
  server's CPU for the whole fan-out, per tap.
- **A page action on a board of 20 and of 200 objects** (bench/boards.py's BoardTable):
  Alice's page taps one of her creatures; the server's CPU per action (its answer is her new
  live region).

Every table is opened first; then each round runs one slice of each — the bare app's insert
(bench/bare_app.py, one client, one request at a time, its own process), each live table's
taps, each board's actions — in an order that alternates from round to round (forward, then
backward), so that a machine whose speed drifts weighs on all alike. A cost is the server CPU
summed over every round divided by the actions (the kernel counts CPU in ticks of 10 ms: a
slice is many actions long, and a thousand bare inserts). Each is reported against one bare
insert, and the growth ratios of issue 30 against their target: 8 open pages at most twice 2,
a board of 200 at most twice one of 20.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from bench.boards import BoardTable
from bench.client import Connection
from bench.fanout import PROBE_PATH, LiveTable, page_names
from bench.fanout import TARGET as LIVE_TARGET
from bench.load import JSON, ProbeClient

PAGES = (2, 4, 8)
BOARDS = (20, 200)
# Issue 30: the cost grows with what changed, not with the viewers times the board.
GROWTH_TARGET = 2.0

Log = Callable[[str], None]


class _Slice:
    """One measured kind of action: its server's CPU clock, what one action is, and its
    totals over the rounds."""

    def __init__(
        self, key: str, cpu_seconds: Callable[[], float], one: Callable[[], Awaitable[Any]]
    ) -> None:
        self.key = key
        self.cpu_seconds = cpu_seconds
        self.one = one
        self.cpu = 0.0
        self.count = 0
        self.per_round: list[float] = []
        self.walls: list[float] = []

    async def run(self, count: int) -> None:
        cpu0 = self.cpu_seconds()
        for _ in range(count):
            started = time.perf_counter()
            await self.one()
            self.walls.append(time.perf_counter() - started)
        cpu = self.cpu_seconds() - cpu0
        self.cpu += cpu
        self.count += count
        self.per_round.append(cpu / count * 1000)

    def summary(self) -> dict[str, Any]:
        return {
            "actions": self.count,
            "cpu_ms": round(self.cpu / self.count * 1000, 3) if self.count else None,
            "wall_ms": round(statistics.median(self.walls) * 1000, 3) if self.walls else None,
            "per_round_cpu_ms": [round(x, 2) for x in self.per_round],
        }


def order(slices: Sequence[_Slice], round_number: int) -> list[_Slice]:
    """Forward in even rounds, backward in odd ones."""
    return list(slices) if round_number % 2 == 0 else list(reversed(slices))


def _ratio(a: float | None, b: float | None) -> float | None:
    return round(a / b, 2) if a is not None and b else None


async def measure(
    base_url: str,
    cpu_seconds: Callable[[], float],
    bare_url: str,
    bare_cpu_seconds: Callable[[], float],
    *,
    rounds: int = 4,
    actions: int = 8,
    bare_inserts: int = 1000,
    warmup: int = 2,
    pages: Sequence[int] = PAGES,
    boards: Sequence[int] = BOARDS,
    bare_path: str = PROBE_PATH,
    log: Log | None = None,
) -> dict[str, Any]:
    bare_conn = Connection(bare_url)
    tables: dict[int, LiveTable] = {}
    board_tables: dict[int, BoardTable] = {}

    async def insert() -> None:
        response = await bare_conn.request("POST", bare_path, JSON, ProbeClient.BODY)
        if response.status != 200:
            raise RuntimeError(f"bare insert: {response.status}")

    try:
        for n in pages:
            tables[n] = await LiveTable.open(base_url, n)
        for n in boards:
            board_tables[n] = await BoardTable.open(base_url, n)
        bare = _Slice("bare", bare_cpu_seconds, insert)
        slices = [
            bare,
            *(_Slice(f"live_{n}", cpu_seconds, t.tap) for n, t in tables.items()),
            *(_Slice(f"board_{n}", cpu_seconds, b.act) for n, b in board_tables.items()),
        ]
        for _ in range(20):  # warm the connections and the apps
            await insert()
        for _ in range(warmup):
            for t in tables.values():
                await t.tap()
            for b in board_tables.values():
                await b.act()
        for number in range(rounds):
            for s in order(slices, number):
                await s.run(bare_inserts if s is bare else actions)
            if log:
                log(f"  growth round {number + 1}/{rounds} done")
        out = {s.key: s.summary() for s in slices}
    finally:
        await bare_conn.close()
        for t in tables.values():
            await t.close()
        for b in board_tables.values():
            await b.close()
    bare_cpu = out["bare"]["cpu_ms"]
    for n, t in tables.items():
        row = out[f"live_{n}"]
        row.update(
            pages=page_names(n),
            bytes=t.sizes or {},
            fetched=t.fetched,
            patched=t.patched,
            taps=t.taps,
            ratio=_ratio(row["cpu_ms"], bare_cpu),
        )
    for n, b in board_tables.items():
        row = out[f"board_{n}"]
        row.update(objects=n, bytes=b.last_bytes, ratio=_ratio(row["cpu_ms"], bare_cpu))
    result: dict[str, Any] = {
        "rounds": rounds,
        "actions_per_round": actions,
        "bare_inserts_per_round": bare_inserts,
        "warmup": warmup,
        "pages": list(pages),
        "boards": list(boards),
        "slices": out,
        "growth_target": GROWTH_TARGET,
        "live_target": LIVE_TARGET,
    }
    result["growth"] = {}
    if len(pages) >= 2:
        lo, hi = min(pages), max(pages)
        result["growth"]["live"] = _growth(out[f"live_{hi}"], out[f"live_{lo}"], hi, lo)
    if len(boards) >= 2:
        lo, hi = min(boards), max(boards)
        result["growth"]["board"] = _growth(out[f"board_{hi}"], out[f"board_{lo}"], hi, lo)
    return result


def _growth(big: dict[str, Any], small: dict[str, Any], hi: int, lo: int) -> dict[str, Any]:
    per_round = [
        round(a / b, 2)
        for a, b in zip(big["per_round_cpu_ms"], small["per_round_cpu_ms"], strict=True)
        if b
    ]
    return {
        "of": hi,
        "to": lo,
        "ratio": _ratio(big["cpu_ms"], small["cpu_ms"]),
        "per_round": per_round,
    }


def rows(result: dict[str, Any]) -> list[Any]:
    """The table's rows (bench/report.py's Row): each cost against one bare insert, then the
    two growth ratios against issue 30's target."""
    from bench.report import Row

    section = "8 growth"
    if "skipped" in result:
        return [Row(section, "growth with the table", result["skipped"], "-", "skipped")]
    s = result["slices"]
    bare = s["bare"]["cpu_ms"]
    out = []
    for n in result["pages"]:
        r = s[f"live_{n}"]
        out.append(
            Row(
                section,
                f"a live action, {n} open pages of one game (a tap + {n - 1} re-rendered) ÷ one "
                "bare insert, server CPU",
                f"{r['ratio']}× ({r['cpu_ms']:.1f} / {bare:.2f} ms; wall {r['wall_ms']:.0f} ms)",
                f"≤ {LIVE_TARGET:g}×",
                "ok" if r["ratio"] is not None and r["ratio"] <= LIVE_TARGET else "MISSED",
            )
        )
    for n in result["boards"]:
        r = s[f"board_{n}"]
        out.append(
            Row(
                section,
                f"a page action (a tap) on a board of {n} objects ÷ one bare insert, server CPU",
                f"{r['ratio']}× ({r['cpu_ms']:.1f} / {bare:.2f} ms; wall {r['wall_ms']:.0f} ms; "
                f"answer {r['bytes'] / 1024:.1f} KB)",
                "-",
                "info",
            )
        )
    names = {"live": "open pages, the same tap", "board": "objects on the board, a page action"}
    for key, g in result["growth"].items():
        spread = f"; rounds {min(g['per_round'])}–{max(g['per_round'])}" if g["per_round"] else ""
        out.append(
            Row(
                section,
                f"growth: {g['of']} ÷ {g['to']} {names[key]}, server CPU",
                f"{g['ratio']}{spread}",
                f"≤ {GROWTH_TARGET:g}",
                "ok" if g["ratio"] is not None and g["ratio"] <= GROWTH_TARGET else "MISSED",
            )
        )
    return out


def markdown(result: dict[str, Any]) -> str:
    if "skipped" in result:
        return f"## 8. Growth with the table\n\nSkipped: {result['skipped']}\n"
    s = result["slices"]
    lines = [
        "## 8. Growth with the table",
        "",
        f"{result['rounds']} rounds, each one slice of every kind in an order that alternates "
        f"(forward, backward): {result['bare_inserts_per_round']} bare inserts, "
        f"{result['actions_per_round']} actions per table (after {result['warmup']} actions each "
        "not counted). CPU is the server's, summed over the rounds, per action; "
        "wall is the median action (a live action: from the tap to the last page's patch or fragment).",
        "",
        "| slice | pages / objects | CPU ms per action | ÷ bare insert | wall ms | CPU ms per round "
        "| bytes (compressed) |",
        "|---|---|---|---|---|---|---|",
    ]
    b = s["bare"]
    lines.append(
        f"| bare insert | - | {b['cpu_ms']} | 1 | {b['wall_ms']} | "
        f"{', '.join(map(str, b['per_round_cpu_ms']))} | - |"
    )
    for n in result["pages"]:
        r = s[f"live_{n}"]
        sizes = ", ".join(f"{k} {v}" for k, v in r["bytes"].items())
        lines.append(
            f"| live action | {n}: {', '.join(r['pages'])} | {r['cpu_ms']} | {r['ratio']} | "
            f"{r['wall_ms']} | {', '.join(map(str, r['per_round_cpu_ms']))} | {sizes} |"
        )
    for n in result["boards"]:
        r = s[f"board_{n}"]
        lines.append(
            f"| page action | {n} objects | {r['cpu_ms']} | {r['ratio']} | {r['wall_ms']} | "
            f"{', '.join(map(str, r['per_round_cpu_ms']))} | {r['bytes']} |"
        )
    return "\n".join(lines) + "\n"
