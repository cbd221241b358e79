"""`python -m bench` (or scripts/bench): Facedown's benchmarks, in one run, on 127.0.0.1.

1. throughput and latency, 50 concurrent clients, against a truly bare app in its own process
   (bench/bare_app.py: one sqlite3 insert per request, no middleware): the in-app probe (one
   insert through our stack), the JSON action mix and the HTMX page action mix, each as a
   ratio; with `--middleware-costs`, what each part of the middleware costs (bench/
   middleware_costs.py);
2. a seat's view for games of 10, 1,000 and 10,000 actions, warm and cold: the ratio;
3. compressed bytes of a seat page's first load and of a typical HTMX action response;
4. Lighthouse 12.2.3 (mobile) on home, a seat page and a ruling page;
5. live connections: idle SSE streams per process and their memory, one version's fan-out,
   SIGTERM with streams open (bench/live_streams.py);
6. a live action's full cost: one tap and the three other open pages of its game fetching
   their fragments, against one bare insert (bench/fanout.py);
7. where the time goes: py-spy's top frames during the page mix, live actions, page actions
   on a board of 200 objects and the JSON action mix (bench/profile.py); `--profile-label
   before` also writes them to bench/results/profile-before.md;
8. growth with the table: a live action with 2, 4 and 8 open pages of one game, a page action
   on a board of 20 and of 200 objects, each against one bare insert (bench/growth.py);
9. the floor under a live action: the write and each open page's view, buttons and log, in
   process, before any request or HTML, against (8)'s bare insert (bench/floor.py).

The database is a fresh SQLite file, or with `--database-url postgresql+psycopg://...` a
throwaway database created on that server and dropped at the end (bench/database.py).
It prints a table with the targets and writes bench/results/<date>_<commit>.json|md and
latest.json|md. See README.md, "Performance".
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import shutil
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import orjson

from app.cli import shown_url
from app.rules.families import family_of
from bench import (
    database,
    fanout,
    floor,
    growth,
    lighthouse,
    live_streams,
    middleware_costs,
    profile,
    report,
    throughput,
    views,
    wire,
)
from bench.client import Connection
from bench.load import JSON, cast_morph
from bench.server import Server, running, running_bare

SNAPSHOT_EVERY = 50  # the app's default (FACEDOWN_SNAPSHOT_EVERY)


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, default=50, help="concurrent clients (and games)")
    parser.add_argument("--duration", type=float, default=6.0, help="measured seconds per slice")
    parser.add_argument("--warmup", type=float, default=2.0, help="warm-up seconds per slice")
    parser.add_argument(
        "--rounds",
        type=int,
        default=6,
        help="rounds of bare app / probe / mixes, in alternating order (see bench/throughput.py)",
    )
    parser.add_argument(
        "--middleware-costs",
        action="store_true",
        help=(
            "also measure each middleware part's cost: the app started once per configuration "
            "(all on, each off, all off), short rounds against the bare app (about 3 minutes)"
        ),
    )
    parser.add_argument(
        "--database-url",
        metavar="URL",
        default=None,
        help=(
            "a PostgreSQL server to measure on (postgresql+psycopg://user@host/postgres): the "
            "bench creates a throwaway database there and drops it at the end; default: a "
            "fresh SQLite file"
        ),
    )
    parser.add_argument(
        "--lengths", default="10,1000,10000", help="game lengths (actions) for the view test"
    )
    parser.add_argument("--cold", type=int, default=12, help="cold loads per length")
    parser.add_argument("--warm", type=int, default=100, help="warm loads per length")
    parser.add_argument("--quick", action="store_true", help="short slices, one round")
    parser.add_argument(
        "--only-actions",
        action="store_true",
        help="only (1) actions against the bare app and (7d) the JSON action mix's profile: "
        "no views, bytes, streams, fan-out, growth, page profiles or Lighthouse (a quick "
        "before/after on a busy machine)",
    )
    parser.add_argument(
        "--only-growth",
        action="store_true",
        help="only (8) growth with the table, against the bare app, and (9) the floor, "
        "printed and written as bench/results/<date>_<commit>_growth.md|json (latest.md left "
        "alone): run it in two checkouts, one after the other, for a before/after of a change "
        "to the live path",
    )
    parser.add_argument("--no-lighthouse", action="store_true", help="skip Lighthouse")
    parser.add_argument("--no-streams", action="store_true", help="skip (5) live connections")
    parser.add_argument(
        "--fanout-rounds", type=int, default=40, help="(6) live actions measured (one each)"
    )
    parser.add_argument(
        "--no-profile", action="store_true", help="skip (7) py-spy's profile of the page mix"
    )
    parser.add_argument(
        "--profile-seconds",
        type=float,
        default=None,
        help="(7) seconds sampled per profile (default: 10, 4 with --quick)",
    )
    parser.add_argument(
        "--profile-label",
        metavar="LABEL",
        default=None,
        help="(7) also write the profiles to bench/results/profile-LABEL.md (e.g. before, after)",
    )
    parser.add_argument("--no-growth", action="store_true", help="skip (8) growth with the table")
    parser.add_argument(
        "--floor-taps",
        type=int,
        default=200,
        help="(9) taps measured in process for the floor under a live action (after (8))",
    )
    parser.add_argument(
        "--growth-rounds", type=int, default=4, help="(8) alternating rounds of every slice"
    )
    parser.add_argument(
        "--growth-actions", type=int, default=8, help="(8) actions per table and round"
    )
    parser.add_argument("--streams", type=int, default=10_000, help="(5) idle streams to open")
    parser.add_argument(
        "--lighthouse-runs", type=int, default=3, help="Lighthouse runs per page (median)"
    )
    parser.add_argument(
        "--curves",
        action="store_true",
        help="also measure the curves of README 'Performance' (clients, games per database)",
    )
    parser.add_argument(
        "--out", type=Path, default=report.RESULTS_DIR, help="where results are written"
    )
    parser.add_argument(
        "--note",
        default="",
        help="a sentence recorded with the results (how busy the machine was, what changed)",
    )
    parser.add_argument(
        "--keep", action="store_true", help="keep the temporary directory (SQLite file, logs)"
    )
    args = parser.parse_args(argv)
    if args.database_url is not None:
        try:
            database.check_url(args.database_url)
        except database.DatabaseUrlError as err:
            parser.error(str(err))
    if args.quick:
        args.duration, args.warmup, args.rounds = 4.0, 1.0, 1
        args.cold, args.warm, args.lighthouse_runs = 4, 40, 1
        args.fanout_rounds = 10
        args.profile_seconds = args.profile_seconds or 4.0
        args.growth_rounds, args.growth_actions = 2, 6
        args.floor_taps = 60
    args.profile_seconds = args.profile_seconds or 10.0
    if args.only_actions:
        args.no_lighthouse = args.no_streams = args.no_growth = True
        args.lengths = ""
    return args


def _shown(argv: list[str]) -> list[str]:
    """The command line as recorded in the results: a database URL without its password."""
    out = []
    for arg in argv:
        flag, eq, value = arg.partition("=")
        if out and out[-1] == "--database-url":
            arg = shown_url(arg)
        elif flag == "--database-url" and eq:
            arg = f"{flag}={shown_url(value)}"
        out.append(arg)
    return out


def load_average() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "n/a"


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{os.cpu_count()} cores ({cpu}), Python {platform.python_version()}"


async def pages_available(base_url: str) -> str | None:
    """None when the seat pages answer; else why not."""
    conn = Connection(base_url)
    try:
        home = await conn.request("GET", "/", {"Accept": "text/html"})
        if home.status != 200 or "text/html" not in home.headers.get("content-type", ""):
            return f"pages not available (GET / -> {home.status})"
        game = (await throughput.create_games(base_url, 1))[0]
        joined = await conn.request("GET", f"/join/{game.seats[0].token}", {})
        if joined.status not in (302, 303) or "fd_seat" not in joined.cookies:
            return f"pages not available (GET /join/<token> -> {joined.status})"
        page = await conn.request(
            "GET", f"/g/{game.id}", {"Cookie": f"fd_seat={joined.cookies['fd_seat']}"}
        )
        if page.status != 200:
            return f"pages not available (GET /g/<game> -> {page.status})"
        if 'name="csrf"' not in page.text():
            return "pages not available (the seat page has no action form yet)"
    finally:
        await conn.close()
    return None


async def lighthouse_targets(base_url: str) -> list[dict[str, Any]]:
    """Home, a seat page with a face-down creature on the table, and that game's ruling."""
    conn = Connection(base_url)
    targets: list[dict[str, Any]] = [{"name": "home", "path": "/"}]
    try:
        created: Any = (
            await conn.request(
                "POST",
                "/api/games",
                JSON,
                orjson.dumps(
                    {
                        "ruleset": "mtg",
                        "players": ["Alice", "Bob"],
                        "setup": family_of("mtg").pages.starter(["Alice", "Bob"]),
                        "title": "Lighthouse",
                    }
                ),
            )
        ).json()
        game_id, alice = created["id"], created["seats"][0]["token"]
        await cast_morph(conn, game_id, "Alice", alice)
        targets.append({"name": "seat page", "path": f"/g/{game_id}", "cookie": f"fd_seat={alice}"})
        judge = {**JSON, "Authorization": f"Bearer {created['judge']['token']}"}
        ruling = await conn.request(
            "POST",
            f"/api/games/{game_id}/rulings",
            judge,
            orjson.dumps(
                {"viewpoint": "Bob", "title": "What Bob sees", "note": "A face-down creature."}
            ),
        )
        if ruling.status != 201:
            targets.append(
                {"name": "ruling page", "skipped": "no ruling page yet (no rulings API)"}
            )
        else:
            url = ruling.json()["url"]  # type: ignore[index]
            page = await conn.request("GET", url, {"Accept": "text/html"})
            if page.status == 200 and "text/html" in page.headers.get("content-type", ""):
                targets.append({"name": "ruling page", "path": url})
            else:
                targets.append(
                    {
                        "name": "ruling page",
                        "skipped": f"no ruling page yet (GET /r/<slug> -> {page.status})",
                    }
                )
    finally:
        await conn.close()
    return targets


def run_lighthouse(base_url: str, pages_missing: str | None, runs: int) -> dict[str, Any]:
    if pages_missing:
        return {"skipped": pages_missing, "pages": []}
    try:
        lighthouse.ensure_installed()
    except lighthouse.LighthouseUnavailable as err:
        return {"skipped": f"Lighthouse unavailable: {err}", "pages": []}
    out: list[dict[str, Any]] = []
    for target in asyncio.run(lighthouse_targets(base_url)):
        if "skipped" in target:
            out.append(target)
            log(f"  {target['name']}: {target['skipped']}")
            continue
        log(f"  lighthouse {target['name']} ({target['path']}), {runs} run(s)")
        done: list[dict[str, Any]] = []
        error = ""
        for _attempt in range(runs + 2):  # a busy machine now and then spoils a trace
            try:
                done.append(lighthouse.run(base_url + target["path"], cookie=target.get("cookie")))
            except (lighthouse.LighthouseUnavailable, OSError) as err:
                error = " ".join(str(err).split())[-300:]
            if len(done) == runs:
                break
        if not done:
            out.append({**target, "skipped": f"Lighthouse failed: {error}"})
            continue
        out.append({"name": target["name"], "path": target["path"], **lighthouse.median(done)})
    return {"version": lighthouse.LIGHTHOUSE_VERSION, "pages": out}


async def games_curve(
    server: Server, db: database.BenchDatabase, source: views.LongGame, levels: list[int]
) -> list[dict[str, Any]]:
    """View and action latency as the database fills up with games (copies of a 10-action
    game): a view of a game read for the first time, and an action on a warm game."""
    from app.store.db import make_engine

    engine = make_engine(db.url)
    conn = Connection(server.base_url)
    made: list[tuple[str, dict[str, str]]] = []
    out = []
    try:
        for level in levels:
            while len(made) < level:
                made += views.copy_game(engine, source.game_id, min(500, level - len(made)))
            sample = made[-50:]
            view_times = []
            for game_id, tokens in sample:
                headers = {**JSON, "Authorization": f"Bearer {tokens['Alice']}"}
                started = time.perf_counter()
                response = await conn.request("GET", f"/api/games/{game_id}/view", headers)
                view_times.append(time.perf_counter() - started)
                assert response.status == 200, response.status
            game_id, tokens = sample[0]
            # Ten actions in, Bob is the active player: the two end their turns in turn.
            seats = [{**JSON, "Authorization": f"Bearer {tokens[p]}"} for p in ("Bob", "Alice")]
            act_times = []
            for i in range(100):
                started = time.perf_counter()
                response = await conn.request(
                    "POST",
                    f"/api/games/{game_id}/actions",
                    seats[i % 2],
                    orjson.dumps({"type": "next_turn"}),
                )
                act_times.append(time.perf_counter() - started)
                assert response.status == 200, response.text()
            size = db.size_bytes()
            out.append(
                {
                    "games": level,
                    "view_ms": round(statistics.median(view_times) * 1000, 2),
                    "action_ms": round(statistics.median(act_times) * 1000, 2),
                    "db_mb": round(size / 2**20, 1),
                }
            )
            log(f"  {level:,} games: {out[-1]}")
    finally:
        await conn.close()
        engine.dispose()
    return out


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    started = datetime.now(UTC).astimezone()
    results: dict[str, Any] = {
        "meta": {
            "started": started.isoformat(timespec="seconds"),
            "commit": report.commit(),
            "command": " ".join(
                ["python -m bench", *_shown(sys.argv[1:] if argv is None else argv)]
            ),
            "machine": machine(),
            "load_before": load_average(),
            "note": args.note,
        }
    }
    lengths = [int(x) for x in args.lengths.split(",") if x]
    if args.only_growth:
        return _growth_only(args, results)
    tmp = Path(tempfile.mkdtemp(prefix="facedown-bench-"))
    try:
        with database.fresh(args.database_url, tmp) as db:
            results["meta"]["database"] = db.label
            results["meta"]["database_kind"] = db.kind
            log(f"bench: database: {db.label}")
            _measure(args, results, lengths, db, tmp)
            if args.no_streams:
                results["streams"] = {"skipped": "--no-streams"}
            else:  # servers of their own: RSS and SIGTERM are theirs alone
                results["streams"] = live_streams.measure(db.url, tmp, idle=args.streams, log=log)
    finally:
        if args.keep:
            log(f"bench: kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    results["meta"]["load_after"] = load_average()
    results["meta"]["seconds"] = round((datetime.now(UTC) - started).total_seconds())
    rows = report.rows(results)
    print(report.table(rows))
    paths = report.write(results, rows, args.out)
    if args.profile_label:
        paths.append(profile.write_labelled(results, args.profile_label, args.out))
    log(
        f"bench: wrote {', '.join(str(p.relative_to(Path.cwd())) if p.is_relative_to(Path.cwd()) else str(p) for p in paths)}"
    )
    return 0


def _growth(args: argparse.Namespace, server: Server, bare: Server) -> dict[str, Any]:
    """(8) growth with the table, against the bare app beside it."""
    log(
        f"bench: (8) growth with the table, {args.growth_rounds} rounds of "
        f"{args.growth_actions} actions"
    )
    measured: dict[str, Any] = _run_uvloop(
        growth.measure(
            server.base_url,
            server.cpu_seconds,
            bare.base_url,
            bare.cpu_seconds,
            rounds=args.growth_rounds,
            actions=args.growth_actions,
            log=log,
        )
    )
    return measured


def _floor(args: argparse.Namespace, results: dict[str, Any]) -> None:
    """(9) the data under a live action, in this process, against row 8's bare insert."""
    growth_result = results.get("growth") or {}
    if "slices" not in growth_result:
        results["floor"] = {"skipped": "needs (8) growth's bare insert"}
        return
    log(f"bench: (9) the floor under a live action, {args.floor_taps} taps in process")
    bare_ms = growth_result["slices"]["bare"]["cpu_ms"]
    results["floor"] = floor.against_bare(floor.measure(args.floor_taps), bare_ms)


def _growth_only(args: argparse.Namespace, results: dict[str, Any]) -> int:
    """(8) alone, on a fresh database, beside the bare app; written beside latest.md."""
    tmp = Path(tempfile.mkdtemp(prefix="facedown-bench-"))
    try:
        with database.fresh(args.database_url, tmp) as db, running(db.url, tmp) as server:
            results["meta"]["database"] = db.label
            with running_bare(tmp) as bare:
                results["growth"] = _growth(args, server, bare)
        _floor(args, results)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    results["meta"]["load_after"] = load_average()
    rows = report.rows(results)
    print(report.table(rows))
    stamp = datetime.fromisoformat(results["meta"]["started"]).astimezone(UTC)
    stem = args.out / f"{stamp:%Y-%m-%d_%H%M%S}_{results['meta']['commit']}_growth"
    args.out.mkdir(parents=True, exist_ok=True)
    text = orjson.dumps(results, option=orjson.OPT_INDENT_2).decode()
    stem.with_suffix(".json").write_text(text + "\n")
    stem.with_suffix(".md").write_text(report.markdown(results, rows))
    log(f"bench: wrote {stem}.md and .json")
    return 0


def _measure(
    args: argparse.Namespace,
    results: dict[str, Any],
    lengths: list[int],
    db: database.BenchDatabase,
    tmp: Path,
) -> None:
    """(2), (3), (1), (4) and the curves, on one server."""
    log(f"bench: building games of {', '.join(map(str, lengths))} actions")
    t0 = time.perf_counter()
    long_games = views.build(db.url, lengths, args.cold, SNAPSHOT_EVERY)
    log(f"bench: built in {time.perf_counter() - t0:.1f} s; starting the server")
    with running(db.url, tmp) as server:
        missing = asyncio.run(pages_available(server.base_url))
        if missing:
            log(f"bench: {missing}: page measures skipped")
        if not args.only_actions:
            log("bench: (2) view cost against log length")
            results["views"] = asyncio.run(
                views.measure(server.base_url, long_games, warm=args.warm, pages=missing is None)
            )
            log("bench: (3) bytes on the wire")
            if missing:
                results["wire"] = {"skipped": missing}
            else:
                results["wire"] = asyncio.run(wire.measure(server.base_url))
        with running_bare(tmp) as bare:
            log(f"bench: (1) actions, {args.clients} clients, {args.rounds} rounds")
            t0 = time.perf_counter()
            results["throughput"] = _run_uvloop(
                throughput.measure(
                    server,
                    bare,
                    clients=args.clients,
                    warmup=args.warmup,
                    duration=args.duration,
                    rounds=args.rounds,
                    pages=missing is None,
                    database=db.display_name,
                    log=log,
                )
            )
            results["throughput"]["seconds"] = round(time.perf_counter() - t0)
            if missing or args.only_actions:
                results["fanout"] = {"skipped": "--only-actions" if args.only_actions else missing}
            else:
                log(f"bench: (6) a live action's full cost, {args.fanout_rounds} actions")
                results["fanout"] = _run_uvloop(
                    fanout.measure(
                        server.base_url,
                        server.cpu_seconds,
                        bare.base_url,
                        bare.cpu_seconds,
                        rounds=args.fanout_rounds,
                    )
                )
            if args.no_growth or missing:
                results["growth"] = {
                    "skipped": "--only-actions"
                    if args.only_actions
                    else ("--no-growth" if args.no_growth else missing)
                }
            else:
                results["growth"] = _growth(args, server, bare)
            _floor(args, results)
            if args.middleware_costs:
                log("bench: (1b) each middleware part's cost (probe ÷ bare, app per config)")
                results["middleware"] = middleware_costs.measure(
                    lambda skip: running(db.url, tmp, env={"FACEDOWN_BENCH_SKIP_MIDDLEWARE": skip}),
                    bare,
                    _run_uvloop,
                    clients=args.clients,
                    rounds=2,
                    warmup=min(args.warmup, 1.0),
                    duration=min(args.duration, 3.0),
                    log=log,
                )
        if args.no_profile or missing:
            results["profile"] = {"skipped": "--no-profile" if args.no_profile else missing}
        else:
            seconds = args.profile_seconds
            profiles = [
                ("profile", profile.profile_page_mix),
                ("profile_live", profile.profile_live_action),
                ("profile_board", profile.profile_board_action),
                ("profile_api", profile.profile_api_mix),
            ]
            for key, run in profiles[-1:] if args.only_actions else profiles:
                log(f"bench: (7) py-spy, {key}, {seconds:.0f} s")
                try:
                    results[key] = _run_uvloop(run(server, seconds))
                except profile.ProfilerUnavailable as err:
                    results[key] = {"skipped": str(err)}
        if args.no_lighthouse:
            results["lighthouse"] = {"skipped": "--no-lighthouse", "pages": []}
        else:
            log("bench: (4) Lighthouse")
            results["lighthouse"] = run_lighthouse(server.base_url, missing, args.lighthouse_runs)
        if args.curves:
            log("bench: curves: concurrent clients")
            curves: dict[str, Any] = {}
            curves["concurrency"] = _run_uvloop(
                throughput.concurrency_curve(server, [1, 10, 50, 100], 1.0, args.duration / 2)
            )
            log("bench: curves: games per database")
            curves["games"] = asyncio.run(
                games_curve(server, db, long_games[lengths[0]][0], [100, 1000, 10000])
            )
            results["curves"] = curves


def _run_uvloop(coro: Any) -> Any:
    try:
        import uvloop
    except ImportError:  # pragma: no cover - uvicorn[standard] brings it
        return asyncio.run(coro)
    return uvloop.run(coro)


if __name__ == "__main__":
    raise SystemExit(main())
