"""The bench's own parts that need no server and no clock: what it counts and how it reports.
The bench itself (`python -m bench`) is run by hand or by a CI job, never here."""

from __future__ import annotations

import os

import pytest

from bench import report
from bench.load import Recorder, Window, percentile
from bench.wire import subresources
from tests.databases import require_postgres


def test_subresources_are_what_a_browser_fetches_on_load_from_this_origin():
    html = """
    <link rel="stylesheet" href="/static/css/facedown.css?v=1">
    <link rel="alternate" hreflang="fr" href="/lang/fr">
    <link rel="icon" href="data:,">
    <script src="/static/vendor/htmx-2.0.11.min.js?v=2" defer></script>
    <script src="https://elsewhere.example/x.js"></script>
    <script src="/static/js/after_paint.js?v=3" defer data-load="/static/js/live.js?v=4"></script>
    <a href="/rules/mtg/708.9">708.9</a>
    <img src="/static/icons/card.svg" alt="">
    """
    assert subresources(html) == [
        "/static/css/facedown.css?v=1",
        "/static/vendor/htmx-2.0.11.min.js?v=2",
        "/static/js/after_paint.js?v=3",
        "/static/js/live.js?v=4",  # loaded after the first paint: still the page's bytes
        "/static/icons/card.svg",
    ]


def test_only_requests_ending_inside_the_window_count():
    recorder = Recorder(Window(10.0, 20.0))
    recorder.add("tap", 0.010, 200, 200, done_at=9.99)
    recorder.add("tap", 0.020, 200, 200, done_at=10.0)
    recorder.add("turn_face_up", 0.030, 200, 422, done_at=19.0)
    recorder.add("tap", 0.040, 200, 200, done_at=20.0)
    assert recorder.latencies == [0.020, 0.030]
    assert recorder.by_kind == {"tap": 1, "turn_face_up": 1}
    assert recorder.unexpected == {"turn_face_up 200 (expected 422)": 1}


def test_percentiles_pick_an_observed_value():
    values = [float(v) for v in range(1, 101)]
    assert percentile(values, 50) in (50.0, 51.0)
    assert percentile(values, 99) == 99.0
    assert percentile([3.0], 95) == 3.0


def _mix(name: str, cpu_ms: float) -> dict:
    return {
        "name": name,
        "throughput": 100.0,
        "p50_ms": 1.0,
        "p95_ms": 2.0,
        "p99_ms": 3.0,
        "server_cpu": 1,
        "server_cpu_ms": cpu_ms,
        "by_kind": {},
        "unexpected": {},
    }


def _ratio(value: float) -> dict:
    return {"ratio": value, "per_round": [value], "min": value, "max": value}


def _results(ratio: float, view_ratio: float, first_load: int) -> dict:
    """`ratio` is the JSON mix ÷ bare app; the probe ÷ bare is 0.85, the pages ÷ bare 0.3."""
    return {
        "meta": {
            "started": "2026-11-30T01:02:03+00:00",
            "commit": "abc1234",
            "command": "python -m bench",
            "machine": "2 cores",
            "load_before": "0.1",
            "load_after": "0.2",
        },
        "throughput": {
            "clients": 50,
            "games": 50,
            "rounds": 3,
            "warmup_s": 2,
            "duration_s": 10,
            "bare": _mix("bare", 0.5),
            "probe": _mix("probe", 0.6),
            "api": _mix("api", 2),
            "pages": _mix("pages", 9),
            "ratios": {
                "probe": _ratio(0.85),
                "api": _ratio(ratio),
                "pages": _ratio(0.3),
                "api_probe": _ratio(ratio / 0.85),
            },
        },
        "views": {
            "lengths": [10, 1000, 10000],
            "ms": {"json_warm": {"10": 2.0, "1000": 2.0, "10000": 2.0 * view_ratio}},
            "ratio": {"json_warm": view_ratio},
            "detail": {"10": {"snapshot_version": 0, "replayed_on_cold_load": 10}},
        },
        "wire": {
            "first_load_bytes": first_load,
            "first_load_plain_bytes": 3 * first_load,
            "files": [{"url": "/g/x", "sent": first_load, "plain": 1, "encoding": "gzip"}],
            "action_bytes": 1900,
            "action_max_bytes": 2000,
            "actions": [{"action": "tap", "status": 200, "sent": 1900, "plain": 8000}],
        },
        "lighthouse": {
            "pages": [
                {
                    "name": "home",
                    "path": "/",
                    "scores": {"performance": 99, "accessibility": 100, "best-practices": 96},
                    "metrics": {},
                    "lost": [],
                },
                {"name": "ruling page", "skipped": "no ruling page yet"},
            ]
        },
    }


def test_the_table_says_which_targets_are_met(tmp_path):
    rows = report.rows(_results(ratio=0.62, view_ratio=1.01, first_load=24_000))
    status = {r.measure: r.status for r in rows}
    assert status["JSON action mix ÷ bare app, throughput (50 clients)"] == "ok"
    assert status["in-app probe ÷ bare app, throughput"] == "ok"
    assert status["HTMX page action mix ÷ bare app, throughput"] == "ok"
    assert status["JSON action mix ÷ in-app probe (the old ratio)"] == "info"
    assert status["seat view (JSON), warm, 10k ÷ 10 actions"] == "ok"
    assert status["home: best-practices"] == "MISSED"
    assert status["ruling page"] == "skipped"
    written = report.write(_results(0.62, 1.01, 24_000), rows, out_dir=tmp_path)
    names = sorted(p.name for p in written)
    assert names == sorted(
        [
            "2026-11-30_010203_abc1234.json",
            "2026-11-30_010203_abc1234.md",
            "latest.json",
            "latest.md",
        ]
    )
    assert "| 1 actions |" in (tmp_path / "latest.md").read_text()


def test_missed_targets_show_as_missed():
    rows = report.rows(_results(ratio=0.3, view_ratio=2.0, first_load=70_000))
    missed = {r.measure for r in rows if r.status == "MISSED"}
    assert "JSON action mix ÷ bare app, throughput (50 clients)" in missed
    assert "seat view (JSON), warm, 10k ÷ 10 actions" in missed
    assert "seat page first load, compressed (1 files)" in missed


def test_lighthouse_runs_are_summed_up_by_their_median():
    from bench.lighthouse import median

    runs = [
        {"scores": {"performance": p, "accessibility": 100, "best-practices": b}, "lost": [p]}
        for p, b in ((86, 96), (99, 100), (97, 96))
    ]
    summary = median(runs)
    assert summary["scores"] == {"performance": 97, "accessibility": 100, "best-practices": 96}
    assert summary["lost"] == [97]  # the details of the median run
    assert len(summary["runs"]) == 3


def test_the_server_process_tunes_the_garbage_collector(tmp_path):
    """get_app (what `facedown serve` runs in each worker) raises the collector's thresholds:
    with Python's defaults, collections took a fifth of the server's CPU in the bench."""
    import subprocess
    import sys

    code = "import gc; from app.main import get_app; get_app(); print(gc.get_threshold())"
    env = {**os.environ, "FACEDOWN_DATABASE_URL": f"sqlite:///{tmp_path / 'gc.db'}"}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "(50000, 20, 100)"


def test_the_table_names_the_database_and_the_spread_of_the_rounds():
    results = _results(ratio=0.62, view_ratio=1.01, first_load=24_000)
    results["meta"]["database"] = "PostgreSQL 15.4 (throwaway database facedown_bench_x on h)"
    results["throughput"]["ratios"]["api"] = {
        "ratio": 0.62,
        "per_round": [0.6, 0.62, 0.7],
        "min": 0.6,
        "max": 0.7,
    }
    rows = report.rows(results)
    assert rows[0].measure == "database (app and in-app probe)"
    assert rows[0].result.startswith("PostgreSQL 15.4")
    json_row = next(r for r in rows if r.measure.startswith("JSON action mix ÷ bare app"))
    assert "3 rounds 0.60–0.70" in json_row.result
    assert "database: PostgreSQL 15.4" in report.markdown(results, rows)


def test_a_database_url_is_recorded_without_its_password():
    from bench.__main__ import _shown

    url = "postgresql+psycopg://bench:s3cret@db.example/postgres"
    for argv in (["--database-url", url], [f"--database-url={url}"]):
        shown = " ".join(_shown(["--quick", *argv]))
        assert "s3cret" not in shown and "db.example/postgres" in shown


def test_the_bench_takes_only_a_postgresql_url():
    from bench.database import DatabaseUrlError, check_url

    assert check_url("postgresql+psycopg://u@/postgres?host=/tmp/x").database == "postgres"
    for bad in ("sqlite:///x.db", "not a url"):
        with pytest.raises(DatabaseUrlError):
            check_url(bad)


def _probe_inserts(database_url: str) -> None:
    from fastapi.testclient import TestClient

    from app.main import create_app
    from app.settings import Settings

    app = create_app(Settings(database_url=database_url, bench_probe=True))
    with TestClient(app) as client:
        ids = [
            client.post("/_bench/insert", json={"type": "tap", "object": "x"}).json()["id"]
            for _ in range(2)
        ]
    assert ids[1] == ids[0] + 1 and ids[0] >= 1


def test_the_baseline_probe_inserts_one_row_per_request_on_sqlite(tmp_path):
    _probe_inserts(f"sqlite:///{tmp_path / 'probe.db'}")


def test_on_postgresql_the_bench_works_in_a_throwaway_database_dropped_afterwards(tmp_path):
    """The baseline probe inserts there too (FACEDOWN_TEST_POSTGRES_URL: scripts/test)."""
    from sqlalchemy import create_engine, text

    from bench.database import fresh

    server = require_postgres()  # skips without a server; fails on CI
    with fresh(server, tmp_path) as db:
        name = db.url.rsplit("/", 1)[1].split("?")[0]
        assert name.startswith("facedown_bench_") and db.label.startswith("PostgreSQL ")
        _probe_inserts(db.url)
        assert db.size_bytes() > 0
    admin = create_engine(server)
    try:
        with admin.connect() as conn:
            left = conn.scalar(
                text("SELECT count(*) FROM pg_database WHERE datname = :n"), {"n": name}
            )
    finally:
        admin.dispose()
    assert left == 0


def test_the_ratio_is_the_median_of_blocks_of_two_rounds_in_both_orders():
    from bench.throughput import block_ratio

    # Rounds alternate baseline-first and mix-first: each block evens out the order.
    assert block_ratio([0.5, 0.5]) == 0.5
    assert abs(block_ratio([0.45, 0.55, 0.5, 0.6, 0.9, 1.0]) - (0.5 * 0.6) ** 0.5) < 1e-9
    assert block_ratio([0.62]) == 0.62


def test_a_postgresql_run_keeps_its_own_latest(tmp_path):
    results = _results(0.62, 1.01, 24_000)
    results["meta"] |= {"database": "PostgreSQL 15.4", "database_kind": "postgresql"}
    written = report.write(results, report.rows(results), out_dir=tmp_path)
    assert sorted(p.name for p in written) == [
        "2026-11-30_010203_abc1234_postgresql.json",
        "2026-11-30_010203_abc1234_postgresql.md",
        "latest-postgresql.json",
        "latest-postgresql.md",
    ]


def test_rounds_run_every_mix_once_in_an_order_that_alternates():
    from bench.throughput import round_orders

    assert round_orders(["bare", "probe", "api"], 3) == [  # type: ignore[arg-type]
        ["bare", "probe", "api"],
        ["api", "probe", "bare"],
        ["bare", "probe", "api"],
    ]


def test_the_bare_app_inserts_one_row_per_request_into_its_own_file(tmp_path):
    import sqlite3

    from fastapi.testclient import TestClient

    from bench.bare_app import PATH, create_app
    from bench.load import ProbeClient

    db = tmp_path / "bare.db"
    with TestClient(create_app(str(db))) as client:
        ids = [
            client.post(
                PATH, content=ProbeClient.BODY, headers={"Content-Type": "application/json"}
            ).json()["id"]
            for _ in range(3)
        ]
        assert client.get("/healthz").json() == {"ok": True}
        # Nothing else: no middleware headers, no docs.
        assert "content-security-policy" not in client.post(PATH, json={}).headers
        assert client.get("/docs").status_code == 404
    assert ids == [1, 2, 3]
    conn = sqlite3.connect(db)
    try:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("SELECT count(*) FROM probe").fetchone()[0] == 4
    finally:
        conn.close()


def test_each_middleware_part_is_measured_against_everything_on():
    from app.web.middleware.edge import PARTS
    from bench.middleware_costs import configurations, costs

    configs = list(configurations())
    assert configs[0] == ("all on", "") and configs[-1] == ("all off", "all")
    assert [skip for _, skip in configs[1:-1]] == list(PARTS)
    measured = [
        {"name": "all on", "skip": "", "ratio": 0.55, "probe_cpu_ms": 1.0},
        {"name": "without gzip", "skip": "gzip", "ratio": 0.6, "probe_cpu_ms": 0.9},
        {"name": "all off", "skip": "all", "ratio": 0.8, "probe_cpu_ms": 0.6},
    ]
    assert costs(measured) == [
        {"name": "gzip", "ratio_gain": 0.05, "cpu_ms_saved": 0.1},
        {"name": "all", "ratio_gain": 0.25, "cpu_ms_saved": 0.4},
    ]
    results = _results(0.62, 1.01, 24_000)
    results["middleware"] = {
        "clients": 50,
        "rounds": 2,
        "warmup_s": 1,
        "duration_s": 3,
        "configs": [{**c, "probe_rps": 1, "bare_rps": 2} for c in measured],
        "costs": costs(measured),
    }
    rows = report.rows(results)
    assert any(r.measure == "cost of gzip: probe ÷ bare without it" for r in rows)
    assert "## 1b. What each middleware part costs" in report.markdown(results, rows)


def test_the_view_benchs_long_game_plays_through_its_attacks(tmp_path):
    """bench/views.py's games play every step of their loop (cast, resolve, tap … attack,
    move, next turn) for as long as asked: its attack comes the turn the creature was cast,
    so the judge declares it (302.6), as the action mix does; a seat's would be refused."""
    from bench import views

    games = views.build(f"sqlite:///{tmp_path / 'views.db'}", [25], 1, 10)
    assert [g.length for g in games[25]] == [25, 25]
