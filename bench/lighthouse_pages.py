"""`python -m bench.lighthouse_pages` (or scripts/lighthouse): Lighthouse on the five pages a
judge and the players open, several runs each, and the median of each metric per page.

It starts `facedown serve` with the demo games on a fresh SQLite file (bench/server.py), takes
the pages from the demo's links (`GET /api/demo`, answered to 127.0.0.1 only): the home page,
a demo scenario's judge page, Alice's seat page of that scenario, a ruling published from it
(Bob's viewpoint), and the table builder (the judge's page of a game with an empty table).
A page behind a link gets the link's cookie through Lighthouse's `--extra-headers`.

Lighthouse (bench/lighthouse.py: the pinned version, npm-installed into bench/.lighthouse/)
drives Debian's Chromium with its defaults: mobile emulation, simulated throttling (150 ms
RTT, 1.6 Mbit/s, 4x CPU slowdown). It is a measurement, never a test: CI does not run it.
Writes bench/results/lighthouse.md and .json (or --out). See README.md, "Performance".
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import urllib.request
from datetime import UTC, datetime
from http.client import HTTPResponse
from pathlib import Path
from typing import Any

from bench import lighthouse
from bench.report import RESULTS_DIR, ROOT
from bench.server import running

# The targets of issue 29 (item 11): every page, and the seat page's LCP.
TARGET_TBT_MS = 50
TARGET_SEAT_LCP_MS = 1200
# The demo scenario whose pages are measured: a face-down creature on the table.
DEMO_TITLE = "May I look at my opponent's face-down creature?"
METRICS = ("performance", "tbt_ms", "lcp_ms", "fcp_ms", "cls", "server_ms")


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *_args: Any, **_kwargs: Any) -> None:
        return None


def _open(base: str, method: str, path: str, body: Any = None, token: str = "") -> HTTPResponse:
    headers = {"Content-Type": "application/json"} if body is not None else {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(
        base + path,
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers=headers,
    )
    opener = urllib.request.build_opener(_NoRedirect)
    try:
        response: HTTPResponse = opener.open(request, timeout=30)
    except urllib.error.HTTPError as err:  # a 303 arrives here with redirects off
        return err  # type: ignore[return-value]  # an HTTPError is the response
    return response


def _cookie_of(base: str, join_url: str) -> str:
    """`/join/<token>` answers 303 with the seat's cookie: `name=value` for a Cookie header."""
    response = _open(base, "GET", join_url)
    for header in response.headers.get_all("set-cookie") or []:
        pair = header.split(";", 1)[0]
        name, _, value = pair.partition("=")
        if value and value != '""':
            return f"{name}={value}"
    raise RuntimeError(f"{join_url} set no cookie ({response.status})")


def targets(base: str) -> list[dict[str, str]]:
    """The five pages: name, path and (behind a link) the cookie that opens it."""
    demo = json.load(_open(base, "GET", "/api/demo"))
    game = next((g for g in demo if g["title"] == DEMO_TITLE), demo[0])
    alice = next(s for s in game["seats"] if s["player"] == "Alice")
    page = f"/g/{game['id']}"
    ruling = json.load(
        _open(
            base,
            "POST",
            f"/api/games/{game['id']}/rulings",
            {"viewpoint": "Bob", "title": "What Bob sees", "note": "A face-down creature."},
            token=game["judge"]["token"],
        )
    )
    empty = json.load(
        _open(base, "POST", "/api/games", {"ruleset": "mtg", "players": ["Alice", "Bob"]})
    )
    return [
        {"name": "home", "path": "/"},
        {"name": "judge page", "path": page, "cookie": _cookie_of(base, game["judge"]["url"])},
        {"name": "seat page", "path": page, "cookie": _cookie_of(base, alice["url"])},
        {"name": "ruling page", "path": ruling["url"]},
        {
            "name": "table builder",
            "path": f"/g/{empty['id']}",
            "cookie": _cookie_of(base, empty["judge"]["url"]),
        },
    ]


def median_of(runs: list[dict[str, Any]]) -> dict[str, float]:
    """Each metric's median over the runs, on its own (a page's noisy run spoils one metric
    of one run, not the page)."""
    out: dict[str, float] = {}
    for key in METRICS:
        values = [_value(run, key) for run in runs]
        present = [v for v in values if v is not None]
        if present:
            out[key] = statistics.median(present)
    return out


def _value(run: dict[str, Any], key: str) -> float | None:
    if key == "performance":
        score = run["scores"].get("performance")
        return None if score is None else float(score)
    value = run["numbers"].get(key)
    return None if value is None else float(value)


def _warm(base: str, target: dict[str, str]) -> None:
    request = urllib.request.Request(
        base + target["path"], headers={"Cookie": target.get("cookie", "")}
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        response.read()


def _one_run(base: str, target: dict[str, str]) -> dict[str, Any] | None:
    try:
        return lighthouse.run(
            base + target["path"], cookie=target.get("cookie"), categories=("performance",)
        )
    except lighthouse.LighthouseUnavailable as err:  # a busy machine now and then spoils one
        log(f"  a run failed: {' '.join(str(err).split())[-300:]}")
        return None


def _page(name: str, done: list[dict[str, Any]]) -> dict[str, Any]:
    if not done:
        return {"name": name, "median": {}, "runs": [], "diagnostics": {}}
    middle = median_of(done)
    # The diagnostics of the run whose LCP is the median's: what the page's time went to.
    closest = min(done, key=lambda r: abs((_value(r, "lcp_ms") or 0) - middle.get("lcp_ms", 0)))
    log("  " + ", ".join(f"{k} {v:.0f}" for k, v in middle.items() if k != "cls"))
    return {
        "name": name,
        "median": middle,
        "runs": [{k: _value(r, k) for k in METRICS} for r in done],
        "diagnostics": closest["diagnostics"],
    }


def measure(
    bases: list[str], runs: int, only: list[str] | None = None
) -> list[list[dict[str, Any]]]:
    """Each page of each server (this tree's, and with --before the other's), `runs` runs
    each, the servers alternating run by run (A B, B A, ...) so that a machine growing busier
    weighs on both alike. One list of pages per server."""
    lighthouse.ensure_installed()
    pages: list[list[dict[str, Any]]] = [[] for _ in bases]
    their_targets = [targets(base) for base in bases]
    for base, each in zip(bases, their_targets, strict=True):
        for target in each:  # a fresh server's first render of a page is not the one measured
            _warm(base, target)
    for index, target in enumerate(their_targets[0]):
        if only and target["name"] not in only:
            continue
        log(f"lighthouse: {target['name']}, {runs} runs on {len(bases)} server(s)")
        done: list[list[dict[str, Any]]] = [[] for _ in bases]
        for attempt in range(runs + 2):
            order = list(range(len(bases)))
            if attempt % 2:
                order.reverse()
            for which in order:
                if len(done[which]) < runs:
                    run = _one_run(bases[which], their_targets[which][index])
                    if run is not None:
                        done[which].append(run)
            if all(len(d) == runs for d in done):
                break
        for which in range(len(bases)):
            pages[which].append(_page(target["name"], done[which]))
    return pages


def _cells(m: dict[str, float]) -> list[str]:
    return [
        f"{m.get('performance', 0):.0f}",
        f"{m.get('tbt_ms', 0):.0f}",
        f"{m.get('lcp_ms', 0):.0f}",
        f"{m.get('fcp_ms', 0):.0f}",
        f"{m.get('cls', 0):.3f}",
        f"{m.get('server_ms', 0):.0f}",
    ]


def markdown(results: dict[str, Any]) -> str:
    before = results.get("before")
    lines = [
        f"# Lighthouse {results['lighthouse']}, median of {results['runs']} runs per page",
        "",
        f"{results['date']}, commit {results['commit']}, {results['machine']}; load average "
        f"{results['load_before']} at the start, {results['load_after']} at the end. Mobile "
        "emulation, simulated throttling (Lighthouse's defaults). Targets (issue 29): TBT < "
        f"{TARGET_TBT_MS} ms on every page, the seat page's LCP < {TARGET_SEAT_LCP_MS} ms.",
        "",
        "| page | Performance | TBT (ms) | LCP (ms) | FCP (ms) | CLS | server (ms) | "
        "single runs' Performance |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for page in results["pages"]:
        singles = " ".join(f"{r['performance']:.0f}" for r in page["runs"] if r["performance"])
        lines.append(f"| {page['name']} | {' | '.join(_cells(page['median']))} | {singles} |")
    if before:
        lines += [
            "",
            f"## Before ({before['source']}) → after, the same runs interleaved",
            "",
            "| page | Performance | TBT (ms) | LCP (ms) | FCP (ms) | CLS | server (ms) |",
            "|---|---|---|---|---|---|---|",
        ]
        for old, new in zip(before["pages"], results["pages"], strict=True):
            pairs = zip(_cells(old["median"]), _cells(new["median"]), strict=True)
            lines.append(f"| {new['name']} | {' | '.join(f'{a} → {b}' for a, b in pairs)} |")
    lines += ["", "## Where the time goes (the run nearest each page's median LCP)", ""]
    for page in results["pages"]:
        d = page["diagnostics"]
        if not d:
            lines.append(f"- **{page['name']}**: every run failed.")
            continue
        work = ", ".join(f"{k} {v}" for k, v in d["main_thread"].items())
        tasks = ", ".join(
            f"{t['ms']} ms at {t.get('at_ms', '?')} ({_file(t['url']) or '?'})"
            for t in d["long_tasks"]
        )
        early = ", ".join(f"{_file(r['url']) or '/'} {r['bytes']} B" for r in d["before_lcp"])
        lines.append(
            f"- **{page['name']}**: main thread (ms at 4x): {work}. Long tasks (ms at 4x, "
            f"start in the simulated load): {tasks or 'none'}. Requests ended before the "
            f"observed LCP: {early or 'none'}."
        )
    return "\n".join(lines) + "\n"


def _file(url: str) -> str:
    return url.split("?")[0].rsplit("/", 1)[-1]


def _commit(tree: Path = ROOT) -> str:
    done = subprocess.run(
        ["git", "describe", "--always", "--dirty"], cwd=tree, capture_output=True, text=True
    )
    return done.stdout.strip() or "unknown"


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def _export(rev: str, into: Path) -> Path:
    """The source tree of `rev` (git archive), to run the "before" server from."""
    into.mkdir(parents=True)
    archive = subprocess.run(
        ["git", "archive", "--format=tar", rev], cwd=ROOT, capture_output=True, check=True
    )
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return into


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.lighthouse_pages", description=__doc__)
    parser.add_argument("--runs", type=int, default=5, help="Lighthouse runs per page (median)")
    parser.add_argument(
        "--out",
        type=Path,
        default=RESULTS_DIR / "lighthouse",
        help="where to write (.md and .json are added); default bench/results/lighthouse",
    )
    parser.add_argument(
        "--page",
        action="append",
        choices=["home", "judge page", "seat page", "ruling page", "table builder"],
        help="measure only this page (repeatable); default: all five",
    )
    parser.add_argument(
        "--before",
        metavar="REV",
        help="also measure the app at this git revision (e.g. main), on a server of its own, "
        "its runs interleaved with this tree's: the before/after table",
    )
    args = parser.parse_args(argv)
    started = datetime.now(UTC)
    load_before = _load()
    with tempfile.TemporaryDirectory(prefix="facedown-lighthouse-") as tmp:
        work = Path(tmp)
        trees: list[tuple[str, dict[str, str]]] = [("this tree", {})]
        if args.before:
            old = _export(args.before, work / "before")
            # The server imports the app (its templates and static files beside it) from there.
            trees.append((args.before, {"PYTHONPATH": str(old)}))
        with contextlib.ExitStack() as stack:
            bases = []
            for number, (_name, env) in enumerate(trees):
                database = f"sqlite:///{work / f'lighthouse{number}.db'}"
                server = stack.enter_context(
                    running(database, work, env={"FACEDOWN_DEMO": "1", **env})
                )
                bases.append(server.base_url)
            measured = measure(bases, args.runs, args.page)
    results: dict[str, Any] = {
        "date": started.strftime("%Y-%m-%d %H:%M UTC"),
        "commit": _commit(),
        "machine": f"{os.cpu_count()} cores",
        "lighthouse": lighthouse.LIGHTHOUSE_VERSION,
        "runs": args.runs,
        "load_before": load_before,
        "load_after": _load(),
        "pages": measured[0],
    }
    if args.before:
        results["before"] = {"source": args.before, "pages": measured[1]}
    text = markdown(results)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.with_suffix(".md").write_text(text)
    args.out.with_suffix(".json").write_text(json.dumps(results, indent=1) + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
