"""Every rule key the engine cites resolves to numbers and summaries (DESIGN invariant 4)."""

from __future__ import annotations

import re
from pathlib import Path

from app.rules.families import CITATIONS

KEY = re.compile(r'"((?:\d{3}\.\d+[a-z]?(?:-[a-z0-9]+)*)|card\.[a-z-]+|2004\.[a-z-]+)"')


def test_every_cited_key_exists():
    root = Path(__file__).resolve().parents[3] / "app" / "rules"
    used: set[str] = set()
    for path in root.rglob("*.py"):
        if path.name == "citations.py":
            continue
        used |= set(KEY.findall(path.read_text()))
    assert len(used) > 30
    missing = sorted(used - set(CITATIONS))
    assert missing == []
