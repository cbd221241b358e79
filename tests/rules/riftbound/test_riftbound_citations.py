"""Every Riftbound rule key the engine cites exists, shows its number (or its title when the
version's number couldn't be checked), and reads in both languages."""

from __future__ import annotations

import re
from pathlib import Path

from app.rules.citations import CITATIONS, RIFTBOUND_RULES_VERSION, numbers_for_ruleset

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
        assert CITATIONS[f"rb.{paragraph}"].riftbound == paragraph
