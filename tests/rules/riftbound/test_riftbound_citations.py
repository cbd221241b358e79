"""Every Riftbound rule key the engine cites exists, shows its number (or its title when the
version's number couldn't be checked), and reads in both languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from app.rules.core.errors import RuleError
from app.rules.families import CITATIONS
from app.rules.redact import error_for, numbers_for_ruleset
from app.rules.riftbound.model import RiftboundTable as RbState
from app.rules.riftbound.rule_book import RULES_VERSION as RIFTBOUND_RULES_VERSION
from tests.rules.riftbound.table import RbTable, standard

KEY = re.compile(r'"(rb\.[a-z0-9.-]+)"')


def test_every_riftbound_key_used_exists_with_bilingual_text():
    # The rules core is what cites; the pages' "rb.*" strings are translation keys.
    root = Path(__file__).resolve().parents[3] / "app" / "rules"
    used: set[str] = set()
    for path in root.rglob("*.py"):
        if path.name != "citations.py":
            used |= set(KEY.findall(path.read_text()))
    assert len(used) > 20
    assert sorted(used - set(CITATIONS)) == []
    for key in used:
        c = CITATIONS[key]
        assert c.summary_en and c.summary_fr and c.title_en and c.title_fr


def test_riftbound_numbers_and_the_pinned_version():
    assert RIFTBOUND_RULES_VERSION == "2026-03-30"
    assert numbers_for_ruleset(["rb.811.1.d.2"], "riftbound") == ["811.1.d.2"]
    assert numbers_for_ruleset(["rb.811.6.a", "rb.811.6.a"], "riftbound") == ["811.6.a"]
    assert numbers_for_ruleset(["rb.323.7"], "riftbound") == ["323.7"]
    assert "not checked against version 2026-03-30" in CITATIONS["rb.323.7"].summary_en
    assert "not checked" not in CITATIONS["rb.811.1.b"].summary_en
    for paragraph in ("811.1", "811.1.a", "811.1.b", "811.1.c", "811.1.c.1", "811.1.c.2",
                      "811.1.c.3", "811.1.d", "811.1.d.1", "811.1.d.1.a", "811.1.d.2",
                      "811.1.d.3", "811.2", "811.3", "811.4", "811.5", "811.5.a", "811.6",
                      "811.6.a"):  # fmt: skip
        assert CITATIONS[f"rb.{paragraph}"].number == paragraph


def test_the_shared_checks_cite_riftbound_rules_in_a_riftbound_game():
    with pytest.raises(RuleError) as setup_error:
        RbTable(players=("Alice", "Alice")).start()
    assert setup_error.value.rules == ["rb.players"]
    assert numbers_for_ruleset(setup_error.value.rules, "riftbound") == ["Players"]
    game = standard().start()
    game.do(None, type="end_game")
    err = game.refused("Alice", type="next_turn")
    assert err.rules == ["rb.end-game"]
    assert error_for(err, "riftbound").rules == ["End of the game"]


def test_the_model_reads_the_pinned_version_from_the_data_file():
    assert RbState().rules_version == RIFTBOUND_RULES_VERSION
