"""(1) Action throughput and latency under concurrent clients, against the baseline.

The baseline (POST /_bench/insert: one insert per request into the same database, through
the same server, middleware and engine) and the action mix take turns in rounds, each round a
back-to-back pair whose order alternates (baseline first, then the mix first: B A, A B, ...),
so that a machine whose speed drifts during the run, or another process's burst, weighs on
both alike, and so does the place in a pair (measured: the second of a pair came out a few
percent slower). Each two rounds make a block (B A A B) whose ratio is the geometric mean of
its two pairs'; the median of the blocks is reported, with the spread of the pairs. The HTMX
page mix runs after them, for information.
"""

from __future__ import annotations

import asyncio
import math
import statistics
from collections.abc import Callable, Sequence
from typing import Any

import orjson

from app.rules.families import family_of
from bench.client import Connection
from bench.load import (
    JSON,
    ApiPlayer,
    BenchGame,
    Client,
    PagePlayer,
    PhaseResult,
    ProbeClient,
    Recorder,
    Window,
    percentile,
    run_phase,
)
from bench.server import Server

PLAYERS = ["Alice", "Bob"]


async def create_games(base_url: str, count: int) -> list[BenchGame]:
    conn = Connection(base_url)
    games = []
    body = orjson.dumps(
        {"ruleset": "mtg", "players": PLAYERS, "setup": family_of("mtg").starter(PLAYERS), "title": "bench"}
    )
    try:
        for _ in range(count):
            response = await conn.request("POST", "/api/games", JSON, body)
            if response.status != 201:
                raise RuntimeError(f"POST /api/games: {response.status} {response.text()[:300]}")
            games.append(BenchGame.from_created(response.json()))  # type: ignore[arg-type]
    finally:
        await conn.close()
    return games


class Mix:
    """One kind of load: its clients (kept across rounds) and its results per round."""

    def __init__(self, name: str, make: Callable[[Recorder], Sequence[Client]]) -> None:
        self.name = name
        self.make = make
        self.clients: Sequence[Client] = []
        self.rounds: list[PhaseResult] = []
        self.latencies: list[float] = []

    async def run(self, server: Server, warmup: float, duration: float) -> PhaseResult:
        recorder = Recorder(Window(0, 0))
        if not self.clients:
            self.clients = self.make(recorder)
        for client in self.clients:
            client.recorder = recorder
        result = await run_phase(
            self.name,
            self.clients,
            recorder,
            warmup=warmup,
            duration=duration,
            server_cpu=server.cpu_seconds,
        )
        self.rounds.append(result)
        self.latencies += recorder.latencies
        return result

    def summary(self) -> dict[str, Any]:
        lat = self.latencies
        kinds: dict[str, int] = {}
        unexpected: dict[str, int] = {}
        for r in self.rounds:
            for k, v in r.by_kind.items():
                kinds[k] = kinds.get(k, 0) + v
            for k, v in r.unexpected.items():
                unexpected[k] = unexpected.get(k, 0) + v
        return {
            "name": self.name,
            "clients": len(self.clients),
            "throughput": round(statistics.median(r.throughput for r in self.rounds), 1),
            "p50_ms": round(percentile(lat, 50) * 1000, 2),
            "p95_ms": round(percentile(lat, 95) * 1000, 2),
            "p99_ms": round(percentile(lat, 99) * 1000, 2),
            "server_cpu": round(statistics.median(r.server_cpu for r in self.rounds), 2),
            "server_cpu_ms": round(statistics.median(r.server_cpu_ms for r in self.rounds), 3),
            "requests": sum(r.requests for r in self.rounds),
            "by_kind": dict(sorted(kinds.items())),
            "unexpected": unexpected,
            "rounds": [r.as_dict() for r in self.rounds],
        }


async def measure(
    server: Server,
    *,
    clients: int,
    warmup: float,
    duration: float,
    rounds: int,
    pages: bool,
    database: str = "SQLite",
    log: Callable[[str], None] = print,
) -> dict[str, Any]:
    base = server.base_url
    api_games = await create_games(base, clients)
    page_games = await create_games(base, clients) if pages else []

    baseline = Mix(
        f"baseline: one {database} insert",
        lambda rec: [ProbeClient(base, rec) for _ in range(clients)],
    )
    players = [ApiPlayer(base, Recorder(Window(0, 0)), g) for g in api_games]
    await asyncio.gather(*(p.setup() for p in players))
    api = Mix("JSON API action mix", lambda rec: players)
    mixes = [baseline, api]
    if pages:
        page_players: list[PagePlayer] = []
        helpers = [ApiPlayer(base, Recorder(Window(0, 0)), g) for g in page_games]
        await asyncio.gather(*(h.setup() for h in helpers))
        for helper, game in zip(helpers, page_games, strict=True):
            page_player = PagePlayer(base, helper.recorder, game)
            await page_player.setup(helper)
            await helper.conn.close()
            page_players.append(page_player)
        mixes.append(Mix("HTMX page action mix", lambda rec: page_players))

    slices = []
    for number in range(1, rounds + 1):
        pair = [baseline, api] if number % 2 else [api, baseline]
        slices += [(f"round {number}/{rounds}", mix) for mix in pair]
    page_rounds = max(1, rounds // 2)
    if pages:
        slices += [(f"page round {n}/{page_rounds}", mixes[2]) for n in range(1, page_rounds + 1)]
    for label, mix in slices:
        phase = await mix.run(server, warmup, duration)
        log(
            f"  {label} {mix.name}: {phase.throughput} req/s, "
            f"p50 {phase.p50_ms} ms, p99 {phase.p99_ms} ms, "
            f"server CPU {phase.server_cpu_ms} ms/request"
        )
    ratios = [a.throughput / b.throughput for a, b in zip(api.rounds, baseline.rounds, strict=True)]
    cpu_ratios = [
        b.server_cpu_ms / a.server_cpu_ms for a, b in zip(api.rounds, baseline.rounds, strict=True)
    ]
    result: dict[str, Any] = {
        "clients": clients,
        "games": len(api_games),
        "rounds": rounds,
        "warmup_s": warmup,
        "duration_s": duration,
        "baseline": baseline.summary(),
        "api": api.summary(),
        "ratio": round(block_ratio(ratios), 3),
        "ratio_per_round": [round(r, 3) for r in ratios],
        "ratio_min": round(min(ratios), 3),
        "ratio_max": round(max(ratios), 3),
        "cpu_ratio": round(statistics.median(cpu_ratios), 3),
        "pages": None,
        "pages_ratio": None,
    }
    if pages:
        page_mix = mixes[2]
        result["pages"] = page_mix.summary()
        result["pages_ratio"] = round(
            statistics.median(p.throughput for p in page_mix.rounds)
            / statistics.median(b.throughput for b in baseline.rounds),
            3,
        )
    return result


def block_ratio(ratios: Sequence[float]) -> float:
    """The median over blocks of two rounds (baseline first, then the mix first) of the
    geometric mean of their ratios; a last round without its partner is a block alone."""
    blocks = [
        math.sqrt(ratios[i] * ratios[i + 1]) if i + 1 < len(ratios) else ratios[i]
        for i in range(0, len(ratios), 2)
    ]
    return statistics.median(blocks)


async def concurrency_curve(
    server: Server, levels: Sequence[int], warmup: float, duration: float
) -> list[dict[str, Any]]:
    """The JSON API mix and the baseline at several numbers of concurrent clients."""
    base = server.base_url
    games = await create_games(base, max(levels))
    players = [ApiPlayer(base, Recorder(Window(0, 0)), g) for g in games]
    await asyncio.gather(*(p.setup() for p in players))
    out = []
    for level in levels:
        baseline = Mix("baseline", lambda rec, n=level: [ProbeClient(base, rec) for _ in range(n)])
        api = Mix("api", lambda rec, n=level: players[:n])
        b = await baseline.run(server, warmup, duration)
        a = await api.run(server, warmup, duration)
        out.append(
            {
                "clients": level,
                "api_rps": a.throughput,
                "api_p50_ms": a.p50_ms,
                "api_p95_ms": a.p95_ms,
                "api_p99_ms": a.p99_ms,
                "baseline_rps": b.throughput,
                "baseline_p95_ms": b.p95_ms,
                "ratio": round(a.throughput / b.throughput, 3) if b.throughput else None,
                "server_cpu": a.server_cpu,
            }
        )
    return out
