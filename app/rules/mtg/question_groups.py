"""Magic's judge questions on the home page, grouped by the mechanic they are about: a
question's group from the first rule it cites that names one (RULES-NOTES.md's numbering)."""

from __future__ import annotations

import re
from collections.abc import Sequence

# In the order the page shows them: each key names its label ("home.group.<key>").
GROUPS: tuple[str, ...] = ("face_down", "hideaway", "foretell", "flip")
# A rule's leading numbers and the group they belong to: 702.143a is under (702, 143), and
# 7070 is not under (707,).
_RULE_PREFIXES: tuple[tuple[tuple[int, ...], str], ...] = (
    ((702, 75), "hideaway"),
    ((502, 75), "hideaway"),  # the 2004-era numbering of hideaway
    ((702, 143), "foretell"),
    ((709,), "flip"),
    ((710,), "flip"),
    ((707,), "face_down"),
    ((708,), "face_down"),
    ((701, 62), "face_down"),  # manifest dread
    ((701, 40), "face_down"),  # manifest
    ((504,), "face_down"),  # the 2004 rules' face-down questions
)
_NUMBERS = re.compile(r"(\d+)(?:\.(\d+))?")


def group_of(rules: Sequence[str]) -> str | None:
    for rule in rules:
        found = _NUMBERS.match(rule)
        if found is None:
            continue
        numbers = tuple(int(n) for n in found.groups() if n is not None)
        for prefix, group in _RULE_PREFIXES:
            if numbers[: len(prefix)] == prefix:
                return group
    return None
