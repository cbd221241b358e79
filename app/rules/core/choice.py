"""A choice the game waits for, as one viewer may know it: a "you may" or a pick that belongs
to one player (608.2d: resolving an ability never makes its player's choice for them).

Each family describes its own choices (Magic's hideaway look, manifest dread) from the view the
redaction door built for that viewer and the actions the engine would accept from them; the
pages show every family's choices with one template and post them through one route. Whoever
may not see the cards gets the choice with no options: who is choosing, and how many cards."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel, Field

from app.rules.core.view import ViewBase


class ChoiceOption(BaseModel):
    """One answer: `action` is the exact body the engine accepts for it; `object` the card it
    picks, shown as this viewer's view shows that card (None: a plain answer, its `label`)."""

    action: dict[str, Any]
    object: str | None = None
    label: str = ""
    label_fr: str = ""


class ChoiceOrder(BaseModel):
    """The options not picked also get an order (hideaway under Lorwyn's rules: the rest go to
    the bottom in the order the player chooses): the picked action's `field` takes their ids,
    ranked. `legend` and `help` are the message keys of the ranking's heading and its help."""

    field: str
    legend: str
    help: str | None = None


class PendingChoice(BaseModel):
    """A choice that waits for `player`. Texts are message keys from the family's messages
    (both languages), given `args` (a `(en, fr)` pair where the words differ by language).
    `options` is empty for a viewer who only waits: they read `waiting`."""

    kind: str
    player: str
    title: str
    help: str
    waiting: str
    # The radio buttons' submit label; None: one button per option (each posts its answer).
    submit: str | None = None
    # The options' heading; when `submit` is None, each option's button (given the card's
    # `name`).
    pick: str
    args: dict[str, str | int | tuple[str, str]] = Field(default_factory=dict)
    options: list[ChoiceOption] = Field(default_factory=list)
    order: ChoiceOrder | None = None
    # Said instead of the ranking when there is none (the rest go in a random order).
    order_note: str | None = None
    rules: list[str] = Field(default_factory=list)


# The choices a family's view holds for its viewer. `legal` lists the actions the engine
# accepts from that viewer (computed only when asked: most pages have no choice pending);
# `judge_direct` is the judge acting in their own name (no seat picked).
PendingChoices = Callable[
    [ViewBase, Callable[[], Sequence[Mapping[str, Any]]], bool], list[PendingChoice]
]


def no_choices(
    view: ViewBase, legal: Callable[[], Sequence[Mapping[str, Any]]], judge_direct: bool
) -> list[PendingChoice]:
    return []
