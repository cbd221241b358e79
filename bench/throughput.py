"""(1) Action throughput and latency under concurrent clients, against the bare app.

The anchor is a truly bare app in its own process (bench/bare_app.py: FastAPI, one route, one
`sqlite3` insert, no middleware, same uvicorn). Against it, in the same rounds: the in-app
probe (POST /_bench/insert: one insert per request into the app's database, through our
server, middleware, engine and write path), the JSON API action mix and the HTMX page action
mix. Each round runs every mix back to back, in an order that alternates (bare, probe, JSON,
page; then page, JSON, probe, bare; ...), so that a machine whose speed drifts during the run,
or another process's burst, weighs on all alike, and so does the place in a round (measured:
the later slices of a round came out a few percent slower). Each two rounds make a block whose
ratio is the geometric mean of its two rounds'; the median of the blocks is reported, with the
spread of the rounds.
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
        {
            "ruleset": "mtg",
            "players": PLAYERS,
            "setup": family_of("mtg").pages.starter(PLAYERS),
            "title": "bench",
        }
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


async def page_players(base_url: str, games: list[BenchGame]) -> list[PagePlayer]:
    """One PagePlayer per game, each with its face-down creatures cast through the API."""
    helpers = [ApiPlayer(base_url, Recorder(Window(0, 0)), g) for g in games]
    await asyncio.gather(*(h.setup() for h in helpers))
    players = []
    for helper, game in zip(helpers, games, strict=True):
        player = PagePlayer(base_url, helper.recorder, game)
        await player.setup(helper)
        await helper.conn.close()
        players.append(player)
    return players


class Mix:
    """One kind of load on one server: its clients (kept across rounds) and its results per
    round."""

    def __init__(
        self, name: str, server: Server, make: Callable[[Recorder], Sequence[Client]]
    ) -> None:
        self.name = name
        self.server = server
        self.make = make
        self.clients: Sequence[Client] = []
        self.rounds: list[PhaseResult] = []
        self.latencies: list[float] = []

    async def run(self, warmup: float, duration: float) -> PhaseResult:
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
            server_cpu=self.server.cpu_seconds,
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


def probe_mix(name: str, server: Server, clients: int) -> Mix:
    """`clients` ProbeClients (one insert per request) on `server`: the bare app or ours."""
    return Mix(
        name, server, lambda rec: [ProbeClient(server.base_url, rec) for _ in range(clients)]
    )


def round_orders(mixes: Sequence[Mix], rounds: int) -> list[list[Mix]]:
    """Every mix once per round; odd rounds in the given order, even rounds reversed."""
    return [list(mixes) if n % 2 else list(reversed(mixes)) for n in range(1, rounds + 1)]


async def run_rounds(
    mixes: Sequence[Mix],
    rounds: int,
    warmup: float,
    duration: float,
    log: Callable[[str], None],
) -> None:
    for number, order in enumerate(round_orders(mixes, rounds), start=1):
        for mix in order:
            phase = await mix.run(warmup, duration)
            log(
                f"  round {number}/{rounds} {mix.name}: {phase.throughput} req/s, "
                f"p50 {phase.p50_ms} ms, p95 {phase.p95_ms} ms, "
                f"server CPU {phase.server_cpu_ms} ms/request"
            )


def ratio_of(mix: Mix, anchor: Mix) -> dict[str, Any]:
    """mix ÷ anchor throughput, round by round (same rounds): the block ratio and spread."""
    ratios = [
        a.throughput / b.throughput if b.throughput else 0.0
        for a, b in zip(mix.rounds, anchor.rounds, strict=True)
    ]
    return {
        "ratio": round(block_ratio(ratios), 3),
        "per_round": [round(r, 3) for r in ratios],
        "min": round(min(ratios), 3),
        "max": round(max(ratios), 3),
    }


async def measure(
    server: Server,
    bare: Server,
    *,
    clients: int,
    warmup: float,
    duration: float,
    rounds: int,
    pages: bool,
    database: str = "SQLite",
    log: Callable[[str], None] = print,
) -> dict[str, Any]:
    """The bare app, the in-app probe, the JSON mix and the page mix in alternating rounds."""
    base = server.base_url
    api_games = await create_games(base, clients)
    page_games = await create_games(base, clients) if pages else []

    bare_mix = probe_mix("bare app: one sqlite3 insert, no middleware", bare, clients)
    probe = probe_mix(f"in-app probe: one {database} insert", server, clients)
    players = [ApiPlayer(base, Recorder(Window(0, 0)), g) for g in api_games]
    await asyncio.gather(*(p.setup() for p in players))
    api = Mix("JSON API action mix", server, lambda rec: players)
    mixes = [bare_mix, probe, api]
    page_mix: Mix | None = None
    if pages:
        on_pages = await page_players(base, page_games)
        page_mix = Mix("HTMX page action mix", server, lambda rec: on_pages)
        mixes.append(page_mix)

    await run_rounds(mixes, rounds, warmup, duration, log)
    result: dict[str, Any] = {
        "clients": clients,
        "games": len(api_games),
        "rounds": rounds,
        "warmup_s": warmup,
        "duration_s": duration,
        "bare": bare_mix.summary(),
        "probe": probe.summary(),
        "api": api.summary(),
        "pages": page_mix.summary() if page_mix else None,
        "ratios": {
            "probe": ratio_of(probe, bare_mix),
            "api": ratio_of(api, bare_mix),
            "pages": ratio_of(page_mix, bare_mix) if page_mix else None,
            "api_probe": ratio_of(api, probe),
        },
    }
    return result


def block_ratio(ratios: Sequence[float]) -> float:
    """The median over blocks of two rounds (one in each order) of the
    geometric mean of their ratios; a last round without its partner is a block alone."""
    blocks = [
        math.sqrt(ratios[i] * ratios[i + 1]) if i + 1 < len(ratios) else ratios[i]
        for i in range(0, len(ratios), 2)
    ]
    return statistics.median(blocks)


async def concurrency_curve(
    server: Server, levels: Sequence[int], warmup: float, duration: float
) -> list[dict[str, Any]]:
    """The JSON API mix and the in-app probe at several numbers of concurrent clients."""
    base = server.base_url
    games = await create_games(base, max(levels))
    players = [ApiPlayer(base, Recorder(Window(0, 0)), g) for g in games]
    await asyncio.gather(*(p.setup() for p in players))
    out = []
    for level in levels:
        baseline = probe_mix("baseline", server, level)
        api = Mix("api", server, lambda rec, n=level: players[:n])
        b = await baseline.run(warmup, duration)
        a = await api.run(warmup, duration)
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
