"""The type checker is part of the suite: scripts/test runs mypy (strict on app/rules, its
settings in pyproject.toml) beside pytest, in the full run and in --quick, and a mypy error
fails the run whatever pytest says; and what it is
told to overlook stays small and explained: under ten `# type: ignore` in app/, each naming
its error code and saying why (on its line or the comment line just above)."""

from __future__ import annotations

import os
import re
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
IGNORE = re.compile(r"#\s*type:\s*ignore(?P<codes>\[[a-z0-9,-]+\])?(?P<after>.*)$")


def _ignores() -> list[tuple[str, int, str, str]]:
    """(file, line number, the line, the line above) of every `# type: ignore` in app/."""
    found = []
    for path in sorted((ROOT / "app").rglob("*.py")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines, start=1):
            if IGNORE.search(line):
                above = lines[number - 2] if number > 1 else ""
                found.append((str(path.relative_to(ROOT)), number, line, above))
    return found


def test_scripts_test_runs_mypy_beside_pytest_in_the_full_run_and_in_quick():
    script = (ROOT / "scripts/test").read_text(encoding="utf-8")
    quick, full = script.split("# --- DEBIAN PACKAGES", 1)
    for part in (quick.split('if [ "$quick" = 1 ]; then', 1)[1], full):
        lines = [line.strip() for line in part.splitlines()]
        start = lines.index("start_mypy")
        pytest_line = next(i for i, line in enumerate(lines) if "-m pytest" in line)
        finish = next(i for i, line in enumerate(lines) if line.startswith("finish_mypy"))
        assert start < pytest_line < finish
        # mypy's failure fails the run even when pytest passed (status 0 -> 1).
        assert lines[finish] == "finish_mypy || status=$((status ? status : 1))"
        assert 'exit "$status"' in lines[finish:]


@pytest.mark.parametrize(("mypy_exit", "expected"), [(0, 0), (1, 1)])
def test_finish_mypy_waits_for_it_and_returns_its_status(tmp_path, mypy_exit, expected):
    """scripts/mypy-beside.sh with a stand-in for .venv/bin/mypy: its status is the run's."""
    fake = tmp_path / ".venv/bin/mypy"
    fake.parent.mkdir(parents=True)
    fake.write_text(f"#!/bin/sh\nsleep 0.2\necho 'mypy says {mypy_exit}'\nexit {mypy_exit}\n")
    fake.chmod(0o755)
    done = subprocess.run(
        ["bash", "-c", f". {ROOT / 'scripts/mypy-beside.sh'}; start_mypy; finish_mypy"],
        cwd=tmp_path,
        env={**os.environ, "TMPDIR": str(tmp_path)},
        capture_output=True,
        text=True,
    )
    assert done.returncode == expected
    assert f"scripts/test: mypy: mypy says {mypy_exit}" in done.stderr
    assert not list(tmp_path.glob("facedown-mypy.*"))  # its report is not left behind


def test_mypy_is_strict_on_the_rules_core_and_checks_all_of_app():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    mypy = config["tool"]["mypy"]
    assert mypy["files"] == ["app"]
    assert mypy["warn_unused_ignores"] and mypy["check_untyped_defs"]
    rules = next(o for o in mypy["overrides"] if "app.rules.*" in o["module"])
    strict = (
        "disallow_any_generics",
        "disallow_untyped_defs",
        "disallow_untyped_calls",
        "disallow_incomplete_defs",
        "warn_return_any",
        "no_implicit_reexport",
    )
    assert all(rules[flag] for flag in strict)
    dev = config["project"]["optional-dependencies"]["dev"]
    assert any(d.startswith("mypy") for d in dev)


def test_fewer_than_ten_type_ignores_in_app_each_naming_its_code_and_saying_why():
    ignores = _ignores()
    assert len(ignores) < 10, [f"{f}:{n}" for f, n, _, _ in ignores]
    for file, number, line, above in ignores:
        match = IGNORE.search(line)
        assert match is not None and match["codes"], f"{file}:{number}: no error code"
        reason = match["after"].strip().lstrip("#").strip() or (
            above.strip().removeprefix("#").strip() if above.strip().startswith("#") else ""
        )
        assert reason, f"{file}:{number}: no reason on its line or the comment line above"
