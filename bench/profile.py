"""(7) Where the server's time goes: py-spy samples the server while a mix runs, and the
samples are summed up as the top frames, inclusive (the frame or anything it called) and self.

py-spy reads the server process from outside (no code in the app, no slowdown to speak of);
`--gil` keeps only the thread holding the GIL, so idle threadpool workers don't count. The
summary goes into the results (bench/results/latest-profile.md). Needs `py-spy` (a dev
dependency) and the right to read another process's memory (root, or ptrace_scope 0).
"""

from __future__ import annotations

import asyncio
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from bench import throughput
from bench.load import Recorder, Window, run_phase
from bench.server import Server

# Frames that only carry a request to our code: left out of the inclusive list.
PLUMBING = (
    "threading.py",
    "anyio/",
    "asyncio/",
    "uvicorn/",
    "starlette/",
    "fastapi/",
    "contextlib.py",
    "queue.py",
    "concurrent/",
    "<module>",
    "app/cli.py",
)


class ProfilerUnavailable(Exception):
    pass


def py_spy() -> str:
    found = shutil.which("py-spy", path=str(Path(sys.executable).parent)) or shutil.which(
        "py-spy"
    )
    if found is None:
        raise ProfilerUnavailable("py-spy is not installed (pip install py-spy)")
    return found


ROOT = str(Path(__file__).resolve().parents[1]) + "/"


def _frame(text: str) -> str:
    """`function (path:line)` -> `function (short path)`: lines apart, one frame."""
    name, _, where = text.partition(" (")
    if not where:
        return name
    path = where.rsplit(":", 1)[0].rstrip(")")
    if "site-packages/" in path:
        path = path.split("site-packages/", 1)[1]
    elif path.startswith(ROOT):
        path = path[len(ROOT) :]
    elif "/lib/python3" in path:
        path = path.split("/lib/python3", 1)[1].split("/", 1)[-1]
    return f"{name} ({path})"


def summarize(raw: str, top: int = 25) -> dict[str, Any]:
    """py-spy's raw (collapsed) output -> the top frames, inclusive and self, in percent."""
    inclusive: Counter[str] = Counter()
    own: Counter[str] = Counter()
    total = 0
    for line in raw.splitlines():
        stack, _, count = line.rpartition(" ")
        if not stack or not count.isdigit():
            continue  # py-spy writes an odd unreadable line now and then
        n = int(count)
        frames = [_frame(f) for f in stack.split(";")]
        total += n
        for frame in set(frames):
            inclusive[frame] += n
        own[frames[-1]] += n
    if total == 0:
        return {"samples": 0, "inclusive": [], "self": []}

    def pct(counter: Counter[str], keep: Any) -> list[list[Any]]:
        rows = [(f, n) for f, n in counter.most_common() if keep(f)][:top]
        return [[f, round(100 * n / total, 1)] for f, n in rows]

    return {
        "samples": total,
        "inclusive": pct(inclusive, lambda f: not any(p in f for p in PLUMBING)),
        "self": pct(own, lambda f: True),
    }


def record(pid: int, seconds: float, rate: int = 200) -> str:
    out = Path(tempfile.mkdtemp(prefix="facedown-profile-")) / "raw.txt"
    command = [
        py_spy(),
        "record",
        "--format",
        "raw",
        "--rate",
        str(rate),
        "--gil",
        "--nonblocking",
        "--duration",
        str(max(1, round(seconds))),
        "--pid",
        str(pid),
        "--output",
        str(out),
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=seconds + 60)
    if done.returncode != 0 or not out.exists():
        raise ProfilerUnavailable(f"py-spy failed: {(done.stderr or done.stdout).strip()[-300:]}")
    try:
        return out.read_text(errors="replace")
    finally:
        shutil.rmtree(out.parent, ignore_errors=True)


async def profile_page_mix(server: Server, seconds: float, clients: int = 20) -> dict[str, Any]:
    """Sample the server while the HTMX page action mix runs for `seconds`."""
    base = server.base_url
    players = await throughput.page_players(base, await throughput.create_games(base, clients))
    recorder = Recorder(Window(0, 0))
    for player in players:
        player.recorder = recorder
    loop = asyncio.get_running_loop()
    sampling = loop.run_in_executor(None, record, server.process.pid, seconds + 1)
    phase = await run_phase(
        "profile: HTMX page action mix",
        players,
        recorder,
        warmup=0.5,
        duration=seconds,
        server_cpu=server.cpu_seconds,
    )
    raw = await sampling
    return {
        "mix": "HTMX page action mix",
        "clients": clients,
        "seconds": seconds,
        "throughput": phase.throughput,
        "server_cpu_ms": phase.server_cpu_ms,
        **summarize(raw),
    }


def markdown(result: dict[str, Any]) -> str:
    if "skipped" in result:
        return f"## 7. Profile\n\nSkipped: {result['skipped']}\n"
    lines = [
        "## 7. Profile",
        "",
        f"py-spy (--gil, 200 Hz) on the server during the {result['mix']} "
        f"({result['clients']} clients, {result['seconds']:.0f} s, {result['samples']} samples; "
        f"{result['throughput']} req/s, {result['server_cpu_ms']} ms of server CPU per request "
        "while sampled). Inclusive: the frame and everything it called; plumbing (threads, "
        "event loop, uvicorn, Starlette, FastAPI) left out.",
        "",
        "| inclusive % | frame | | self % | frame |",
        "|---|---|---|---|---|",
    ]
    inc, own = result["inclusive"], result["self"]
    for i in range(max(len(inc), len(own))):
        a = inc[i] if i < len(inc) else ["", ""]
        b = own[i] if i < len(own) else ["", ""]
        lines.append(f"| {a[1]} | `{a[0]}` | | {b[1]} | `{b[0]}` |")
    return "\n".join(lines) + "\n"


def rows(result: dict[str, Any]) -> list[Any]:
    """One row in the table: the three heaviest frames of ours (the rest in the Markdown)."""
    from bench.report import Row

    if "skipped" in result:
        return [Row("7 profile", "py-spy on the page mix", result["skipped"], "-", "skipped")]
    ours = [f for f in result["inclusive"] if f[0].split(" (")[-1].startswith("app/")][1:4]
    top = "; ".join(f"{name.split(' (')[0]} {pct}%" for name, pct in ours)
    return [Row("7 profile", "py-spy on the page mix: heaviest frames of ours", top, "-", "info")]
