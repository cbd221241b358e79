"""`scripts/test --quick` leaves out the PostgreSQL cases by their `postgresql` mark, and runs the
property tests on Hypothesis' "quick" profile: fewer examples, never none."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _pytest(*args: str, profile: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "FACEDOWN_HYPOTHESIS"}
    if profile is not None:
        env["FACEDOWN_HYPOTHESIS"] = profile
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def _collected(marks: str) -> list[str]:
    done = _pytest("--collect-only", "-q", "-m", marks, "tests/store/test_engine.py")
    assert done.returncode == 0, done.stdout + done.stderr
    return [line for line in done.stdout.splitlines() if "::" in line]


def test_the_postgresql_cases_are_left_out_by_their_mark_and_the_sqlite_ones_stay():
    kept = _collected("not postgresql")
    assert kept and all(test.endswith("[sqlite]") for test in kept), kept
    only = _collected("postgresql")
    assert only and all(test.endswith("[postgresql]") for test in only), only
    # The same tests, once on each database.
    assert sorted(t.removesuffix("[sqlite]") for t in kept) == sorted(
        t.removesuffix("[postgresql]") for t in only
    )


def test_the_quick_profile_runs_a_quarter_of_each_modules_examples_and_never_fewer_than_two(
    tmp_path,
):
    probe = tmp_path / "test_probe.py"
    probe.write_text(
        "from hypothesis import settings\n"
        "from tests.conftest import quick_examples\n"
        "def test_probe():\n"
        "    print('COUNTS', quick_examples(40), quick_examples(4), settings().max_examples)\n"
    )
    said = {}
    for profile in ("ci", "quick"):
        done = _pytest("-s", "-q", "--rootdir", str(ROOT), str(probe), profile=profile)
        assert done.returncode == 0, done.stdout + done.stderr
        said[profile] = next(line for line in done.stdout.splitlines() if "COUNTS" in line)
    assert said["ci"].split()[-3:] == ["40", "4", "100"]
    assert said["quick"].split()[-3:] == ["10", "2", "25"]
