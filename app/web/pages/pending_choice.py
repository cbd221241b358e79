"""The choices that wait for one player (a hideaway look, manifest dread, any "you may"), as
the pages show them: one sheet for the player choosing (or the judge), one notice for everyone
else (partials/pending_choice.html), posted to one route (app/web/pages/choice.py).

Each family describes its choices from the view the redaction door built for this viewer
(`GamePages.pending_choices`); the cards an option picks are that view's own objects, so a
card reaches nobody the view did not already give it to."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from app.rules.core.choice import ChoiceOption, PendingChoice
from app.rules.core.view import ObjectViewBase
from app.rules.families import family_of
from app.rules.redact import ActionOption, View
from app.web.game_service import Looking
from app.web.i18n import Lang, both


@dataclass(frozen=True)
class ShownOption:
    option: ChoiceOption
    # The card it picks, as this viewer's view holds it (None: a plain answer).
    card: ObjectViewBase | None


@dataclass(frozen=True)
class ShownChoice:
    """One choice for the template: its description, its message arguments in the page's
    language, and its options with their cards."""

    choice: PendingChoice
    args: dict[str, Any]
    options: list[ShownOption]

    @property
    def help_args(self) -> dict[str, Any]:
        """The sheet's help counts the options this viewer has."""
        return {**self.args, "n": len(self.options)}


def pending_choices(view: View, all_options: Any, who: Looking, lang: Lang) -> list[ShownChoice]:
    """`all_options()`: every option this viewer has (the engine's legal actions), asked only
    when the family's view holds a choice."""

    def legal() -> list[dict[str, Any]]:
        options: list[ActionOption] = all_options()
        return [o.action for o in options]

    judge_direct = who.judge and who.acting_as is None
    choices = family_of(view.ruleset).pages.pending_choices(view, legal, judge_direct)
    by_id = {o.id: o for o in view.objects}
    return [
        ShownChoice(
            choice=choice,
            args={
                key: both(lang, *value) if isinstance(value, tuple) else value
                for key, value in choice.args.items()
            },
            options=[
                ShownOption(o, by_id.get(o.object) if o.object else None) for o in choice.options
            ],
        )
        for choice in choices
    ]


def choice_url(game_id: str) -> str:
    return f"/g/{quote(game_id)}/choice"
