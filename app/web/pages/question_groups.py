"""The home page's judge questions, grouped by the mechanic they are about (each group a
collapsed <details>), and the search box that narrows them: a plain GET, so it works without
JavaScript, and the groups holding a hit open."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from app.rules.families import FAMILIES, family_of
from app.scenarios.model import Scenario

# Groups in the order the page shows them, each family's (its registration) then the rest:
# the key names its label ("home.group.<key>").
GROUPS: tuple[str, ...] = (*(g for f in FAMILIES for g in f.pages.question_groups), "other")


class QuestionGroup(BaseModel):
    model_config = ConfigDict(frozen=True)

    key: str
    scenarios: list[Scenario]
    # Open when the reader searched and this group holds a hit.
    open: bool = False


def group_of(scenario: Scenario) -> str:
    return family_of(scenario.ruleset).pages.question_group(scenario.rules) or "other"


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
