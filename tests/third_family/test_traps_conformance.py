"""The shared hidden-information, twin-game and replay properties (tests/rules/conformance/
test_hidden_information.py) run on Traps, with Traps' own kit (traps_kit.py). The engine finds
a family through the registry, read once at import, so the properties run in a pytest
subprocess with Traps registered by FACEDOWN_FAMILIES, as a server would be."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.third_family.test_third_family import REGISTRATION

ROOT = Path(__file__).resolve().parents[2]
PROPERTIES = "tests/rules/conformance/test_hidden_information.py"


def test_the_shared_hidden_information_properties_hold_for_traps():
    path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
    env = {**os.environ, "FACEDOWN_FAMILIES": REGISTRATION, "PYTHONPATH": path}
    command = [sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider",
               "-rA", PROPERTIES, "-k", "trap or every_registered_family"]  # fmt: skip
    run = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    # The three properties ran on Traps, and every registered family (Traps too) has a kit.
    for test in ("test_no_hidden_name_or_id_reaches_a_viewer[trap]",
                 "test_alice_cannot_tell_two_games_that_differ_only_in_bobs_hidden_cards[trap]",
                 "test_replay_from_version_0_equals_the_live_state[trap]",
                 "test_every_registered_family_has_a_conformance_kit"):  # fmt: skip
        assert f"PASSED {PROPERTIES}::{test}" in run.stdout, run.stdout[-4000:]
