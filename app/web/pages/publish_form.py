"""The judge's "publish a ruling" form (templates/partials/judge_tools.html): what it starts
with.

A scenario game's form starts with the scenario's question as the ruling's title and its
authored answer as the note, in the page's language, and shows both above the form. Every
player's viewpoint and the spectator's are ticked, the judge's is not (it shows every hidden
card to everyone with the link, and says so beside the box); a form the server refused comes
back with what was typed (app/web/pages/publish_refusal.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from app.store.repository import GameRepository
from app.web.i18n import Lang

JUDGE_VIEWPOINT = "role:judge"


@dataclass(frozen=True)
class PublishForm:
    """The form's content: a scenario's question and answer (shown), the fields' values."""

    question: str = ""
    answer: str = ""
    title: str = ""
    note: str = ""
    # The typed viewpoints ticked ("seat:Alice", "role:spectator"…); None: the defaults.
    ticked: tuple[str, ...] | None = None
    # A message key: why the server refused the form (shown beside what it concerns).
    error: str | None = None
    error_field: str = ""
    # The viewpoint the ruling opens on ("" : the one the question names, see open_first).
    open_on: str = ""

    def ticks(self, value: str) -> bool:
        if self.ticked is None:
            # The judge's viewpoint shows every hidden card: never published by default.
            return value != JUDGE_VIEWPOINT
        return value in self.ticked


def publish_form(
    repository: GameRepository, game_id: str, lang: Lang, title: str, seeing_as: str | None
) -> PublishForm:
    """The form as the judge's page first shows it. Seen through a seat's eyes (`?seat=`),
    the page shows only what that seat may know, the scenario's question and answer included:
    they may name a card the seat can't see, and the judge may be showing the seat the phone."""
    brief = repository.brief(game_id) if seeing_as is None else None
    if brief is None:
        # Empty, not the game's "Alice · Bob": a ruling's title is its question.
        return PublishForm()
    french = lang == "fr"
    return PublishForm(
        question=(brief.question_fr if french else "") or brief.question,
        answer=(brief.answer_fr if french else "") or brief.answer,
        # The scenario's title is its question in a few words; the long question (the
        # situation) would not fit a ruling's 120-character title.
        title=((brief.title_fr if french else "") or brief.title)[:120],
        note=(brief.answer_fr if french else "") or brief.answer,
    )


def open_first(ticked: list[str], question: str, open_on: str = "") -> list[str]:
    """The ticked viewpoints with the one the ruling opens on first (a ruling page opens on
    its first viewpoint). The judge's choice if it is ticked; else the ticked player the
    question names first ("Can Bob look at Alice's card?" is about Bob); else as ticked."""
    first = open_on if open_on in ticked else None
    if first is None:
        named = []
        for value in ticked:
            if value.startswith("seat:"):
                name = value.removeprefix("seat:")
                found = re.search(rf"(?<!\w){re.escape(name)}(?!\w)", question, re.IGNORECASE)
                if found:
                    named.append((found.start(), value))
        first = min(named)[1] if named else None
    if first is None:
        return list(ticked)
    return [first, *(v for v in ticked if v != first)]
