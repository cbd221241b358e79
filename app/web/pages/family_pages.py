"""What the pages ask a game family (app.rules.families): which rulesets a new game may use,
its starter table and options, the board's game-wide buttons, which game a rules paragraph
belongs to, and which edition a game can be judged again under. Public models only; no
family is named here."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from app.rules.core.citations import Citation
from app.rules.families import FAMILIES, RULESETS, family_of, family_of_citation
from app.rules.redact import ActionOption, View

__all__ = [
    "FORM_CHOICES",
    "RULESETS",
    "Buttons",
    "buttons_for",
    "canonical_number",
    "citation_game",
    "has_editions",
    "options_for_form",
    "other_ruleset",
    "players_refusal",
    "rules_game",
    "starter_for",
    "titled_by_name",
]

PROPOSAL_ANSWERS = ("accept_proposal", "refuse_proposal")
# Every family's new-game form choices (option -> its values), e.g. the hideaway edition.
FORM_CHOICES: Mapping[str, tuple[str, ...]] = {
    option: values for f in FAMILIES for option, values in f.form_choices.items()
}


# -- new games ---------------------------------------------------------------------------------


def starter_for(ruleset: str, players: list[str]) -> list[dict[str, Any]]:
    """The table a new game starts from when no judge scenario is chosen."""
    return family_of(ruleset).starter(players)


def players_refusal(ruleset: str, players: list[str]) -> str | None:
    """The message key when this family's starter table can't seat these players."""
    return family_of(ruleset).players_refusal(players)


def options_for_form(ruleset: str, asked: Mapping[str, str]) -> dict[str, Any]:
    """The game options a new game of `ruleset` takes from the form."""
    return family_of(ruleset).options_from_form(ruleset, asked)


# -- the board's buttons -----------------------------------------------------------------------


@dataclass(frozen=True)
class Buttons:
    """The game-wide options of a board: the action bar, "More", and those shown on a place's
    card (a battlefield's)."""

    bar: list[ActionOption]
    more: list[ActionOption]
    field: list[ActionOption]
    # Accept, refuse or withdraw a pending proposal: shown beside that proposal.
    proposal: list[ActionOption]
    # A casual table's actions (draw, shuffle, life, dice...): the "Table" panel.
    table: list[ActionOption]


def _inner_type(option: ActionOption) -> str:
    """What an option does: a proposal's is the type of the action it proposes."""
    inner = option.action.get("action") if option.type == "propose" else None
    return str(inner.get("type")) if isinstance(inner, dict) else option.type


def buttons_for(view: View, loose: list[ActionOption]) -> Buttons:
    """`loose`: the game-wide options (no object), in order."""
    family = family_of(view.ruleset)
    primary, place = family.primary_actions, family.place_actions
    answers = [o for o in loose if o.type in PROPOSAL_ANSWERS]
    table = [o for o in loose if _inner_type(o) in family.table_actions]
    loose = [o for o in loose if o.type not in PROPOSAL_ANSWERS and o not in table]
    return Buttons(
        bar=[o for o in loose if o.type in primary],
        more=[o for o in loose if o.type not in primary + place],
        field=[o for o in loose if o.type in place],
        proposal=answers,
        table=table,
    )


# -- the rules reference -----------------------------------------------------------------------


def rules_game(ruleset: str) -> str:
    """The game a `/rules/<ruleset>/` URL reads: editions of one game share one reference."""
    return family_of(ruleset).key


def citation_game(c: Citation) -> str:
    """The game a rules paragraph belongs to."""
    return family_of_citation(c).key


def canonical_number(c: Citation) -> str:
    """The number (or, unnumbered, the key) of a paragraph's stable URL: a game numbered by one
    edition its own; Magic today's number, else its seed or 2004 number."""
    return c.number or c.current or c.seed or c.edition_2004 or c.key


def titled_by_name(c: Citation) -> bool:
    """Paragraphs a URL may also name by their title (card texts; Riftbound's, as the log shows
    its unnumbered ones)."""
    return c.is_card_text or family_of_citation(c).citations.titled(c)


# -- editions ----------------------------------------------------------------------------------


def has_editions(ruleset: str) -> bool:
    """Whether a game can be judged again under another edition of its rules."""
    return len(family_of(ruleset).rulesets) > 1


def other_ruleset(ruleset: str, asked: str) -> str:
    """The edition to compare a game with: the one asked for, else the next one."""
    editions = family_of(ruleset).rulesets
    if asked in editions and asked != ruleset:
        return asked
    return editions[(editions.index(ruleset) + 1) % len(editions)]
