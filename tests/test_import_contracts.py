"""The layers' import contracts hold ([tool.importlinter] in pyproject.toml): the rules core
imports no web, store or SQL code, the store never imports the web layer, and nothing around
the rules (web, catalog, store, scenarios, the CLI, the app factory) nor the rules' own door
imports a game family's package except through the registry (app/rules/families.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_lint_imports_keeps_every_contract():
    lint_imports = Path(sys.executable).with_name("lint-imports")
    assert lint_imports.is_file(), "import-linter is a dev dependency: pip install -e '.[dev]'"
    # --no-cache: nothing written into the source tree.
    run = subprocess.run(
        [str(lint_imports), "--no-cache"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 broken" in run.stdout
