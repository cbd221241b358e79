"""(1b) What each part of the middleware costs, on its own (`python -m bench --middleware-costs`).

The app is started once per configuration: everything on, each part left out in turn
(FACEDOWN_BENCH_SKIP_MIDDLEWARE, honoured only on the bench's server), everything left out.
Each configuration's in-app probe runs against the bare app (bench/bare_app.py, started once
for the whole bench) in short alternating rounds (bench/throughput.py), so that each
configuration has its own probe ÷ bare ratio, measured in the same minute as its anchor.

A part's cost is read two ways: the ratio it gives back when left out (probe ÷ bare without
it, minus probe ÷ bare with everything on), and the server CPU time per request it saves
(less sensitive to a busy machine than throughput).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import Any

from app.web.middleware.edge import PARTS
from bench.server import Server
from bench.throughput import probe_mix, ratio_of, run_rounds

ALL_ON = "all on"
ALL_OFF = "all off"


def configurations(parts: tuple[str, ...] = PARTS) -> Iterator[tuple[str, str]]:
    """(label, FACEDOWN_BENCH_SKIP_MIDDLEWARE value) for each run."""
    yield ALL_ON, ""
    for part in parts:
        yield f"without {part}", part
    yield ALL_OFF, "all"


async def probe_against_bare(
    server: Server, bare: Server, *, clients: int, rounds: int, warmup: float, duration: float
) -> dict[str, Any]:
    """The in-app probe ÷ the bare app on this server, in alternating rounds."""
    bare_mix = probe_mix("bare app", bare, clients)
    probe = probe_mix("in-app probe", server, clients)
    await run_rounds([bare_mix, probe], rounds, warmup, duration, log=lambda _line: None)
    b, p = bare_mix.summary(), probe.summary()
    return {
        **ratio_of(probe, bare_mix),
        "bare_rps": b["throughput"],
        "probe_rps": p["throughput"],
        "probe_cpu_ms": p["server_cpu_ms"],
        "bare_cpu_ms": b["server_cpu_ms"],
    }


def measure(
    start_app: Callable[[str], AbstractContextManager[Server]],
    bare: Server,
    run: Callable[[Any], Any],
    *,
    clients: int,
    rounds: int,
    warmup: float,
    duration: float,
    log: Callable[[str], None] = print,
) -> dict[str, Any]:
    """`start_app(skip)` runs the app with that FACEDOWN_BENCH_SKIP_MIDDLEWARE; `run` runs a
    coroutine to its end (the bench's event loop)."""
    configs: list[dict[str, Any]] = []
    for label, skip in configurations():
        with start_app(skip) as server:
            result = run(
                probe_against_bare(
                    server,
                    bare,
                    clients=clients,
                    rounds=rounds,
                    warmup=warmup,
                    duration=duration,
                )
            )
        configs.append({"name": label, "skip": skip, **result})
        log(
            f"  middleware {label}: probe ÷ bare {result['ratio']:.2f} "
            f"({result['probe_rps']:.0f} / {result['bare_rps']:.0f} req/s), "
            f"{result['probe_cpu_ms']:.3f} ms CPU per request"
        )
    return {
        "clients": clients,
        "rounds": rounds,
        "warmup_s": warmup,
        "duration_s": duration,
        "configs": configs,
        "costs": costs(configs),
    }


def costs(configs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each left-out configuration against everything on: the ratio it gives back and the
    server CPU per request it saves."""
    on = next(c for c in configs if c["name"] == ALL_ON)
    out = []
    for c in configs:
        if c is on:
            continue
        out.append(
            {
                "name": c["skip"],
                "ratio_gain": round(c["ratio"] - on["ratio"], 3),
                "cpu_ms_saved": round(on["probe_cpu_ms"] - c["probe_cpu_ms"], 3),
            }
        )
    return out
