"""bench/floor.py: the data under a live action, measured in process at a tiny scale, and
its rows and section in the report."""

from __future__ import annotations

from bench import floor
from bench.report import markdown, rows


def test_the_floor_times_the_write_and_each_viewer_and_sums_them():
    result = floor.measure(taps=6)
    ms = result["ms"]
    assert set(ms) == {"write", "state", "Alice (taps)", "Bob", "judge", "spectator"}
    assert all(value > 0 for value in ms.values())
    # A seat's buttons cost something; a spectator has none.
    assert ms["Bob"] > ms["spectator"]
    # The live action's floor is every part; the page action's only the tapping seat's.
    assert result["live_action_ms"] >= result["page_action_ms"] > ms["write"]


def test_against_the_bare_insert_the_floor_is_a_ratio_and_its_rows_say_so():
    measured = {
        "taps": 6,
        "ms": {
            "write": 0.4,
            "state": 0.1,
            "Alice (taps)": 0.8,
            "Bob": 0.8,
            "judge": 0.7,
            "spectator": 0.3,
        },
        "page_action_ms": 1.3,
        "live_action_ms": 3.1,
    }
    result = floor.against_bare(measured, 0.5)
    assert result["live_action_x"] == 6.2
    assert result["page_action_x"] == 2.6
    results = {
        "meta": {
            "started": "2026-12-05T00:00:00+00:00",
            "commit": "abc",
            "command": "x",
            "machine": "2 cores",
            "load_before": "1",
            "load_after": "1",
        },
        "throughput": None,
        "floor": result,
    }
    table = rows(results)
    live, page = [r for r in table if r.section == "9 floor"]
    assert live.result.startswith("6.2× (3.10 / 0.50 ms")
    assert "Bob 0.80" in live.result
    assert page.result == "1.30 ms"
    text = markdown(results, table)
    assert "## 9. The floor under a live action" in text
    assert "| Bob: view, buttons, log | 0.8 |" in text


def test_without_a_bare_insert_the_floor_is_skipped_not_guessed():
    assert floor.against_bare({"live_action_ms": 3.0}, None)["bare_ms"] is None
    skipped = floor.rows({"skipped": "needs (8) growth's bare insert"})
    assert [r.status for r in skipped] == ["skipped"]
