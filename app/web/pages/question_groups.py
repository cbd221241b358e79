"""The home page's judge questions, grouped by the mechanic they are about (each group a
collapsed <details>), and the search box that narrows them: a plain GET, so it works without
JavaScript, and the groups holding a hit open."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from app.scenarios.model import Scenario

# Groups in the order the page shows them: the key names its label ("home.group.<key>").
GROUPS: tuple[str, ...] = ("face_down", "hideaway", "foretell", "flip", "riftbound", "other")
# A question's group from the first rule it cites (Magic's numbering, RULES-NOTES.md).
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


class QuestionGroup(BaseModel):
    model_config = ConfigDict(frozen=True)

    key: str
    scenarios: list[Scenario]
    # Open when the reader searched and this group holds a hit.
    open: bool = False


def group_of(scenario: Scenario) -> str:
    if scenario.ruleset == "riftbound":
        return "riftbound"
    for rule in scenario.rules:
        for prefix, group in _RULE_PREFIXES:
            # "702.143a" is under 702.143, "7070" would not be under 707.
            if rule.startswith(prefix) and not rule[len(prefix) :][:1].isdigit():
                return group
    return "other"


def matches(scenario: Scenario, query: str) -> bool:
    """Every word of the query in the question's title, question or rules, in either
    language (a French reader may type an English card name, and the other way round)."""
    haystack = " ".join(
        [
            scenario.title,
            scenario.title_fr,
            scenario.question,
            scenario.question_fr,
            " ".join(scenario.rules),
        ]
    ).casefold()
    return all(word in haystack for word in query.casefold().split())


def grouped(scenarios: Sequence[Scenario], query: str = "") -> list[QuestionGroup]:
    """The non-empty groups in GROUPS order; with a query, only the hits, their groups open."""
    query = query.strip()
    kept = [s for s in scenarios if not query or matches(s, query)]
    groups = []
    for key in GROUPS:
        members = [s for s in kept if group_of(s) == key]
        if members:
            groups.append(QuestionGroup(key=key, scenarios=members, open=bool(query)))
    return groups
