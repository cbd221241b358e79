"""bench/live_streams.py at a tiny scale (20 idle streams, 10 on one game, 10 at SIGTERM)
against real servers: the result's shape and sanity, and its rows. No speed is asserted:
the figures are the bench's to report (`python -m bench`)."""

from __future__ import annotations

import pytest

from bench import live_streams, report

pytestmark = pytest.mark.server


def test_the_streams_bench_opens_counts_and_reports_at_a_tiny_scale(tmp_path):
    result = live_streams.measure(
        f"sqlite:///{tmp_path / 'bench.db'}", tmp_path, idle=20, fanout=10, shutdown=10, tries=2
    )
    idle, fanout, stop = result["idle"], result["fanout"], result["shutdown"]
    assert idle["opened"] == idle["still_open"] == 20 and idle["failed"] == 0
    assert idle["rss_before_kb"] > 0 and idle["rss_after_kb"] > 0
    assert idle["kb_per_stream"] == round((idle["rss_after_kb"] - idle["rss_before_kb"]) / 20, 2)
    assert fanout["streams"] == 10 and fanout["received"] == [10, 10]
    assert fanout["all_received"] and len(fanout["seconds"]) == 2
    assert all(s > 0 for s in fanout["seconds"]) and fanout["median_s"] > 0
    assert stop["streams"] == 10 and stop["exited"] and stop["exit_code"] == 0
    assert 0 < stop["seconds"] < stop["cap_s"]
    rows = live_streams.rows(result)
    assert [r.section for r in rows] == ["5 streams"] * 4
    assert all(r.status in ("ok", "MISSED") for r in rows)
    assert rows == report.rows({"streams": result})
    skipped = report.rows({"streams": {"skipped": "--no-streams"}})
    assert [(r.result, r.status) for r in skipped] == [("--no-streams", "skipped")]
