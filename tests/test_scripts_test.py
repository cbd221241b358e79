"""scripts/test installs Debian packages only on CI (issue 17, item 10): on a person's machine
it says what is missing, the exact command, and that the tests needing it skip."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(tmp_path: Path, ci: str | None) -> tuple[str, str]:
    """`debian_packages` as scripts/test calls it, with apt-get and sudo replaced by fakes
    that record their arguments; returns (what the fakes recorded, stderr)."""
    calls = tmp_path / "calls"
    fakes = tmp_path / "bin"
    fakes.mkdir(exist_ok=True)
    for name in ("apt-get", "sudo"):
        fake = fakes / name
        fake.write_text(f'#!/bin/sh\necho "{name} $*" >> "{calls}"\n')
        fake.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    env["PATH"] = f"{fakes}:{env['PATH']}"
    if ci is not None:
        env["CI"] = ci
    script = '. scripts/debian-packages.sh; debian_packages "the browser tests" "the browser tests" chromium fonts-dejavu-core'
    done = subprocess.run(
        ["bash", "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    return (calls.read_text() if calls.exists() else ""), done.stderr


def test_on_a_persons_machine_nothing_is_installed_and_the_run_says_how(tmp_path):
    calls, said = _run(tmp_path, ci=None)
    assert calls == ""
    assert "sudo apt-get install --no-install-recommends chromium fonts-dejavu-core" in said
    assert "SKIPPED" in said and "--ignore=tests/browser" in said


def test_on_ci_the_missing_packages_are_installed(tmp_path):
    calls, _ = _run(tmp_path, ci="true")
    assert "install -y -qq --no-install-recommends chromium fonts-dejavu-core" in calls
