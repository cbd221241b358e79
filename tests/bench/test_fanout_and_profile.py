"""bench/fanout.py (a live action and every open page catching up) at a tiny scale against a
real server, and bench/profile.py's summary of py-spy's samples."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bench import fanout
from bench.profile import markdown, summarize
from bench.server import running

RAW = "\n".join(
    [
        "<module> (/x/app/cli.py:1);act_for_page (/x/app/web/pages/acting.py:40);"
        "apply (/x/app/rules/engine.py:80) 6",
        "<module> (/x/app/cli.py:1);act_for_page (/x/app/web/pages/acting.py:41);"
        "render (/x/app/web/templating.py:90) 3",
        "<module> (/x/app/cli.py:1);run (/y/lib/python3.11/site-packages/uvicorn/server.py:9) 1",
        "garbage line without a count",
    ]
)


def test_the_profile_sums_frames_inclusive_and_self_in_percent():
    summary = summarize(RAW)
    assert summary["samples"] == 10
    inclusive = dict((f, p) for f, p in summary["inclusive"])
    # Lines of one function are one frame; plumbing (the CLI, uvicorn) is left out.
    assert inclusive["act_for_page (/x/app/web/pages/acting.py)"] == 90.0
    assert inclusive["apply (/x/app/rules/engine.py)"] == 60.0
    assert not any("uvicorn" in f or "cli.py" in f for f in inclusive)
    own = dict((f, p) for f, p in summary["self"])
    assert own == {
        "apply (/x/app/rules/engine.py)": 60.0,
        "render (/x/app/web/templating.py)": 30.0,
        "run (uvicorn/server.py)": 10.0,
    }
    text = markdown(
        {
            "mix": "HTMX page action mix",
            "clients": 2,
            "seconds": 3,
            "throughput": 1.0,
            "server_cpu_ms": 2.0,
            **summary,
        }
    )
    assert "| 90.0 | `act_for_page (/x/app/web/pages/acting.py)` |" in text


def test_no_samples_is_an_empty_summary_not_a_division_by_zero():
    assert summarize("") == {"samples": 0, "inclusive": [], "self": []}


@pytest.mark.server
def test_a_live_action_reaches_all_four_pages_and_is_counted_against_one_insert(
    tmp_path: Path,
):
    with running(f"sqlite:///{tmp_path / 'bench.db'}", tmp_path) as server:
        result = asyncio.run(
            fanout.measure(
                server.base_url,
                server.cpu_seconds,
                server.base_url,  # the in-app probe stands in for the bare app here
                server.cpu_seconds,
                rounds=3,
                bare_inserts=50,
            )
        )
    # Alice's answer and what changed on the three other pages (by their streams) arrived.
    assert set(result["bytes"]) == {"Alice", "Bob", "spectator", "judge"}
    assert all(size > 200 for size in result["bytes"].values())
    assert result["cpu_ms"] > 0 and result["wall_ms"] > 0
    assert result["bare_cpu_ms"] > 0
    assert result["cpu_ratio"] == pytest.approx(result["cpu_ms"] / result["bare_cpu_ms"], rel=0.05)
    assert result["target"] == 8.0
