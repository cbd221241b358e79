"""Magic's judge questions on the home page, grouped by the mechanic they are about: a
question's group from the first rule it cites that names one (RULES-NOTES.md's numbering)."""

from __future__ import annotations

from collections.abc import Sequence

# In the order the page shows them: each key names its label ("home.group.<key>").
GROUPS: tuple[str, ...] = ("face_down", "hideaway", "foretell", "flip")
_RULE_PREFIXES: tuple[tuple[str, str], ...] = (
    ("702.75", "hideaway"),
    ("502.75", "hideaway"),  # the 2004-era numbering of hideaway
    ("702.143", "foretell"),
    ("709", "flip"),
    ("710", "flip"),
    ("707", "face_down"),
    ("708", "face_down"),
    ("701.62", "face_down"),  # manifest dread
    ("701.40", "face_down"),  # manifest
    ("504", "face_down"),  # the 2004 rules' face-down questions
)


def group_of(rules: Sequence[str]) -> str | None:
    for rule in rules:
        for prefix, group in _RULE_PREFIXES:
            # "702.143a" is under 702.143, "7070" would not be under 707.
            if rule.startswith(prefix) and not rule[len(prefix) :][:1].isdigit():
                return group
    return None
