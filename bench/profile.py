"""(7) Where the server's time goes: py-spy samples the server while a load runs, and the
samples are summed up as the top frames, inclusive (the frame or anything it called) and self.
Four loads, each on its own: the HTMX page action mix (20 clients), a live action (one tap
and the other open pages of its game re-rendered, one after the other: bench/fanout.py), a
page action on a board of 200 objects (bench/boards.py) and the JSON API action mix (20
clients; with `--only-actions`, the only one). `--profile-label before` also writes
them to bench/results/profile-before.md, so that a redesign can show before and after.

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
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bench import throughput
from bench.boards import BoardTable
from bench.fanout import LiveTable
from bench.load import ApiPlayer, Recorder, Window, run_phase
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
    found = shutil.which("py-spy", path=str(Path(sys.executable).parent)) or shutil.which("py-spy")
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
        "what": f"the HTMX page action mix ({clients} clients)",
        "clients": clients,
        "seconds": seconds,
        "throughput": phase.throughput,
        "server_cpu_ms": phase.server_cpu_ms,
        **summarize(raw),
    }


async def profile_api_mix(server: Server, seconds: float, clients: int = 20) -> dict[str, Any]:
    """Sample the server while the JSON API action mix runs for `seconds`."""
    base = server.base_url
    recorder = Recorder(Window(0, 0))
    players = [ApiPlayer(base, recorder, g) for g in await throughput.create_games(base, clients)]
    await asyncio.gather(*(p.setup() for p in players))
    loop = asyncio.get_running_loop()
    sampling = loop.run_in_executor(None, record, server.process.pid, seconds + 1)
    phase = await run_phase(
        "profile: JSON API action mix",
        players,
        recorder,
        warmup=0.5,
        duration=seconds,
        server_cpu=server.cpu_seconds,
    )
    raw = await sampling
    return {
        "mix": "JSON API action mix",
        "what": f"the JSON API action mix ({clients} clients)",
        "clients": clients,
        "seconds": seconds,
        "throughput": phase.throughput,
        "server_cpu_ms": phase.server_cpu_ms,
        **summarize(raw),
    }


async def _sampled(
    server: Server, seconds: float, what: str, one: Callable[[], Awaitable[Any]]
) -> dict[str, Any]:
    """Sample the server while `one()` runs again and again, one at a time, for `seconds`."""
    for _ in range(2):  # warm up
        await one()
    loop = asyncio.get_running_loop()
    sampling = loop.run_in_executor(None, record, server.process.pid, seconds + 1)
    await asyncio.sleep(0.3)  # py-spy attaches
    count = 0
    cpu0 = server.cpu_seconds()
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        await one()
        count += 1
    elapsed = time.perf_counter() - started
    cpu = server.cpu_seconds() - cpu0
    raw = await sampling
    return {
        "mix": what,
        "what": what,
        "clients": 1,
        "seconds": seconds,
        "throughput": round(count / elapsed, 1),
        "server_cpu_ms": round(cpu / count * 1000, 3) if count else None,
        **summarize(raw),
    }


async def profile_live_action(server: Server, seconds: float, pages: int = 4) -> dict[str, Any]:
    """Sample the server while live actions with `pages` open pages follow each other."""
    table = await LiveTable.open(server.base_url, pages)
    try:
        what = f"live actions (a tap + {pages - 1} open pages re-rendered), one at a time"
        return await _sampled(server, seconds, what, table.tap)
    finally:
        await table.close()


async def profile_board_action(
    server: Server, seconds: float, objects: int = 200
) -> dict[str, Any]:
    """Sample the server while page actions on a board of `objects` follow each other."""
    board = await BoardTable.open(server.base_url, objects)
    try:
        what = f"page actions (a tap) on a board of {objects} objects, one at a time"
        return await _sampled(server, seconds, what, board.act)
    finally:
        await board.close()


def markdown(result: dict[str, Any], title: str = "## 7. Profile") -> str:
    if "skipped" in result:
        return f"{title}\n\nSkipped: {result['skipped']}\n"
    what = result.get("what", f"the {result['mix']} ({result['clients']} clients)")
    lines = [
        title,
        "",
        f"py-spy (--gil, 200 Hz) on the server during {what} "
        f"({result['seconds']:.0f} s, {result['samples']} samples; "
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


# The results' keys of the three profiles: (key, section, what was sampled).
PROFILES = (
    ("profile", "7", "the page mix"),
    ("profile_live", "7b", "a live action (4 open pages)"),
    ("profile_board", "7c", "a page action on a board of 200 objects"),
    ("profile_api", "7d", "the JSON API action mix"),
)


def rows(result: dict[str, Any], section: str = "7", what: str = "the page mix") -> list[Any]:
    """One row in the table: the three heaviest frames of ours after the route's own (the
    rest in the Markdown)."""
    from bench.report import Row

    name = f"{section} profile"
    if "skipped" in result:
        return [Row(name, f"py-spy on {what}", result["skipped"], "-", "skipped")]
    ours = [f for f in result["inclusive"] if f[0].split(" (")[-1].startswith("app/")][1:4]
    top = "; ".join(f"{frame.split(' (')[0]} {pct}%" for frame, pct in ours)
    return [Row(name, f"py-spy on {what}: heaviest frames of ours", top, "-", "info")]


def all_rows(results: dict[str, Any]) -> list[Any]:
    out: list[Any] = []
    for key, section, what in PROFILES:
        if results.get(key):
            out += rows(results[key], section, what)
    return out


def all_markdown(results: dict[str, Any]) -> list[str]:
    return [
        markdown(results[key], f"## {section}. Profile: {what}").rstrip()
        for key, section, what in PROFILES
        if results.get(key)
    ]


def write_labelled(results: dict[str, Any], label: str, out_dir: Path) -> Path:
    """bench/results/profile-<label>.md: the profiles of this run, to compare with another
    label's (before and after a redesign)."""
    meta = results["meta"]
    text = "\n\n".join(
        [
            f"# Profiles {label} — {meta['started']} — {meta['commit']}",
            f"`{meta['command']}` on {meta['machine']}; load average before / after: "
            f"{meta['load_before']} / {meta['load_after']}. Shares of samples, not times: "
            "compare the shape across commits." + (f" {meta['note']}" if meta.get("note") else ""),
            *all_markdown(results),
        ]
    )
    path = out_dir / f"profile-{label}.md"
    out_dir.mkdir(parents=True, exist_ok=True)
    path.write_text(text + "\n")
    return path
