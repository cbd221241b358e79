"""What the pages ask a game family (app.rules.families): which rulesets a new game may use,
its starter table and options, the board's game-wide buttons, which game a rules paragraph
belongs to, and which edition a game can be judged again under. Public models only; no
family is named here."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from types import UnionType
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from fastapi import Depends, Request

from app.rules.core.citations import Citation
from app.rules.families import FAMILIES, RULESETS, family_of, family_of_citation
from app.rules.redact import ActionOption, View
from app.web.judge_forms import JudgeSpec

__all__ = [
    "FORM_CHOICES",
    "RULESETS",
    "AskedOptionsDep",
    "Buttons",
    "buttons_for",
    "canonical_number",
    "citation_game",
    "has_editions",
    "judge_spec",
    "options_for_form",
    "other_ruleset",
    "players_refusal",
    "rules_game",
    "starter_for",
    "titled_by_name",
]

PROPOSAL_ANSWERS = ("accept_proposal", "refuse_proposal")
# Every family's new-game form choices (option -> its values), where its editions differ.
FORM_CHOICES: Mapping[str, tuple[str, ...]] = {
    option: values for f in FAMILIES for option, values in f.pages.form_choices.items()
}


async def _asked_options(request: Request) -> dict[str, str]:
    """What a new-game form answered to each of FORM_CHOICES (a field left out: nothing)."""
    form = await request.form()
    asked = {option: form.get(option) for option in FORM_CHOICES}
    return {option: value[:20] for option, value in asked.items() if isinstance(value, str)}


# The new-game form's game options, read from the posted form by the options' own names.
AskedOptionsDep = Annotated[dict[str, str], Depends(_asked_options)]


# -- new games ---------------------------------------------------------------------------------


def starter_for(ruleset: str, players: list[str]) -> list[dict[str, Any]]:
    """The table a new game starts from when no judge scenario is chosen."""
    return family_of(ruleset).pages.starter(players)


def players_refusal(ruleset: str, players: list[str]) -> str | None:
    """The message key when this family's starter table can't seat these players."""
    return family_of(ruleset).pages.players_refusal(players)


def options_for_form(ruleset: str, asked: Mapping[str, str]) -> dict[str, Any]:
    """The game options a new game of `ruleset` takes from the form."""
    return family_of(ruleset).pages.options_from_form(ruleset, asked)


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
    pages = family_of(view.ruleset).pages
    primary, place = pages.primary_actions, pages.place_actions
    answers = [o for o in loose if o.type in PROPOSAL_ANSWERS]
    table = [o for o in loose if _inner_type(o) in pages.table_actions]
    # By the same test, not by comparing options (a board of 200 offers 200 token copies).
    loose = [
        o
        for o in loose
        if o.type not in PROPOSAL_ANSWERS and _inner_type(o) not in pages.table_actions
    ]
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
    return c.is_card_text or family_of_citation(c).rules.citations.titled(c)


# -- editions ----------------------------------------------------------------------------------


def has_editions(ruleset: str) -> bool:
    """Whether a game can be judged again under another edition of its rules."""
    return len(family_of(ruleset).rulesets) > 1


def other_editions(view: View) -> list[str]:
    """The other editions a game can be judged again under (the judge's tools: one link each,
    labelled by the message `editions.under.<edition>`): its family's other rulesets, then the
    other values of the game options it uses."""
    family = family_of(view.ruleset)
    rulesets = [r for r in family.rulesets if r != view.ruleset]
    return rulesets + [value for _, value in family.pages.option_editions(view)]


def other_ruleset(ruleset: str, asked: str) -> str:
    """The edition to compare a game with: the one asked for, else the next one."""
    editions = family_of(ruleset).rulesets
    if asked in editions and asked != ruleset:
        return asked
    return editions[(editions.index(ruleset) + 1) % len(editions)]


# -- the judge's table builder -------------------------------------------------------------


def _literal_values(annotation: Any) -> tuple[str, ...]:
    """The values of a Literal, also inside `X | None`."""
    if get_origin(annotation) is Literal:
        return tuple(str(v) for v in get_args(annotation))
    if get_origin(annotation) in (Union, UnionType):
        for arg in get_args(annotation):
            found = _literal_values(arg)
            if found:
                return found
    return ()


def _model_in(annotation: Any) -> Any:
    """The pydantic model of a field typed `Model | None` (None: not a model)."""
    for arg in (annotation, *get_args(annotation)):
        if isinstance(arg, type) and hasattr(arg, "model_fields"):
            return arg
    return None


def view_locations(view: Any) -> list[tuple[str, str]]:
    """The places a card can be at in this view (a Riftbound game's battlefields), as the
    family lists them: (value, label)."""
    return family_of(view.ruleset).pages.locations(view)


def turn_step(view: Any) -> str:
    """The step (or phase) the turn is at in this view, as the family says ("": not said)."""
    return family_of(view.ruleset).pages.turn_step(view) or ""


@functools.cache
def judge_spec(ruleset: str) -> JudgeSpec:
    """What the family's judge edits take: its `judge_add_card` fields (its setup entry's,
    until it has that action), its card model's printed facts, its life or points edit."""
    family = family_of(ruleset)
    model: Any = next((m.model for m in family.rules.moves if m.type == "judge_add_card"), None)
    if model is None:
        model = get_args(family.rules.setup_model.model_fields["cards"].annotation)[0]
    fields = model.model_fields
    card = family.card_model.model_fields
    forms = family.pages.judge_forms
    # Its status boxes: as it lists them, else every boolean of its judge_add_card but those the
    # forms ask otherwise (the face choice, the token box).
    boxes = forms.boxes
    if boxes is None:
        asked = ("face_down", "is_token")
        boxes = tuple(f for f, info in fields.items() if info.annotation is bool and f not in asked)
    exiled = _model_in(fields["exiled"].annotation) if "exiled" in fields else None
    turn_model: Any = next(
        (m.model for m in family.rules.moves if m.type == "judge_set_turn"), None
    )
    turn_fields = turn_model.model_fields if turn_model is not None else {}
    # Its step (or phase): the one field of judge_set_turn besides whose turn and its number.
    step_field = next((f for f in turn_fields if f not in ("type", "turn", "active_player")), None)
    face_down = _literal_values(fields["face_down"].annotation) if "face_down" in fields else ()
    return JudgeSpec(
        family=family.key,
        zones=tuple(
            z for z in _literal_values(fields["zone"].annotation) if z not in forms.zone_synonyms
        ),
        face_down=face_down,
        boxes=tuple(b for b in boxes if b in fields),
        boxes_now=forms.boxes_now,
        token="is_token" in fields,
        location="location" in fields,
        card_costs=tuple(c for c in forms.card_costs if c in card),
        card_numbers=tuple(n for n in forms.card_numbers if n in card),
        card_flags=tuple(f for f in forms.card_flags if f in card),
        # Its life or points edit: the judge move named for the one number it sets.
        score=next(
            (
                (m.type, f)
                for m in family.rules.moves
                for f in m.model.model_fields
                if f != "turn" and m.type == f"judge_set_{f}"
            ),
            None,
        ),
        zone_aliases=tuple(forms.zone_synonyms.items()),
        exile_ways=_literal_values(exiled.model_fields["via"].annotation) if exiled else (),
        looks=_literal_values(exiled.model_fields["look"].annotation) if exiled else (),
        under=family.pages.hidden_under,
        attach="attached_to" in fields,
        turn=turn_model is not None,
        step_field=step_field,
        steps=_literal_values(turn_fields[step_field].annotation) if step_field else (),
    )
