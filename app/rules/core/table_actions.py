"""Table actions every card game has, one model each, shared so that every family accepts the
same JSON shape (app.rules.families refuses two families defining one type differently), and
what their handlers say alike in every family: who may act on a player's own cards, how the
log counts and names cards, an opening hand dealt (each family giving its own words)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, Self

from pydantic import Field, model_validator

from app.rules.core.actions import ActionModel, PlayerName
from app.rules.core.context import Ctx
from app.rules.core.events import Text
from app.rules.core.state import GameObject
from app.rules.core.words import plural_pair


class SignedAmount(ActionModel):
    """A gain (amount > 0) or a loss (amount < 0) of something a player counts (life,
    points): never 0. Each family's action declares its `amount` with its own bounds, after
    its own fields (so its stored JSON keeps its key order)."""

    @model_validator(mode="after")
    def _not_zero(self) -> Self:
        if getattr(self, "amount", None) == 0:
            raise ValueError("amount must not be 0")
        return self


class Draw(ActionModel):
    """The top card(s) of the player's library (main deck) into their hand."""

    type: Literal["draw"]
    player: PlayerName
    count: int = Field(default=1, ge=1, le=99)


def cards_said(n: int) -> Text:
    """ "2 cards" / "2 cartes": a count every seat may read."""
    en, fr = plural_pair(n, ("# card", "# cards"), ("# carte", "# cartes"))
    return Text(en=en, fr=fr)


def names_of(objs: Sequence[GameObject]) -> Text:
    """The cards' names, in order, for those who may see them."""
    return Text(
        en=", ".join(o.card.name for o in objs),
        fr=", ".join(o.card.name_fr or o.card.name for o in objs),
    )


def only_the_player(ctx: Ctx[Any], player: str, rules: list[str], what: Text) -> str:
    """Only the player (or the judge acting for them) acts on their own deck and hand:
    `what` is the act ("draw from their deck")."""
    return ctx.acting_as(
        ctx.player(player),
        rules,
        f"Only {player} may {what.en} (as a judge, act for them).",
        f"Seul {player} peut {what.fr} (un arbitre peut agir pour lui).",
    )


def say_dealt(
    ctx: Ctx[Any], player: str, drawn: Sequence[GameObject], rules: list[str], shuffles: Text
) -> None:
    """An opening hand dealt: how many cards for everyone, which ones for their player (and
    the judge) only. `shuffles`: what the player shuffled ("shuffles their library")."""
    n = cards_said(len(drawn))
    ctx.emit(
        "deal",
        rules,
        Text(
            en=f"{player} {shuffles.en} and draws an opening hand of {n.en}.",
            fr=f"{player} {shuffles.fr} et pioche une main de départ de {n.fr}.",
        ),
        private=Text(
            en=f"Opening hand: {names_of(drawn).en}.",
            fr=f"Main de départ : {names_of(drawn).fr}.",
        )
        if drawn
        else None,
        private_to=[player],
    )


def say_drawn(
    ctx: Ctx[Any],
    player: str,
    drawn: Sequence[GameObject],
    rules: list[str],
    after: Text | None = None,
) -> None:
    """ "Alice draws 2 cards" for everyone; which ones for Alice (and the judge) only.
    `after`: what the family adds to the public text (" Their library was empty...")."""
    n = cards_said(len(drawn))
    more = after or Text(en="", fr="")
    ctx.emit(
        "draw",
        rules,
        Text(en=f"{player} draws {n.en}.{more.en}", fr=f"{player} pioche {n.fr}.{more.fr}"),
        private=Text(en=f"Drawn: {names_of(drawn).en}.", fr=f"Piochées : {names_of(drawn).fr}.")
        if drawn
        else None,
        private_to=[player],
    )
