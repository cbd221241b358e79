"""The button-equivalence property (tests/rules/conformance/test_button_equivalence.py) on
Traps' random games: its game-wide buttons come from its moves' declared preconditions (next
turn, end the game, concede), its cards' from the engine, and together they are exactly what
the engine accepts. In a pytest subprocess with Traps registered, as for the other shared
properties (test_traps_conformance.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.third_family.test_third_family import REGISTRATION

ROOT = Path(__file__).resolve().parents[2]
PROPERTY = "tests/rules/conformance/test_button_equivalence.py"


def test_traps_buttons_are_the_engines_in_random_games():
    path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
    env = {**os.environ, "FACEDOWN_FAMILIES": REGISTRATION, "PYTHONPATH": path}
    command = [sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider",
               "-rA", PROPERTY, "-k", "random_games and trap"]  # fmt: skip
    run = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    test = "test_page_buttons_are_the_engines_in_random_games[trap]"
    assert f"PASSED {PROPERTY}::{test}" in run.stdout, run.stdout[-4000:]
