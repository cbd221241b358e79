"""The end of a game, as every family has it: only the judge ends one, a player concedes
only for themselves and leaves the game, and at the end the faces still hidden are shown to
everyone (Magic: 104.1, 104.3a, 707.9; Riftbound: its end of game, 421.4)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from app.rules.core.actions import Concede, EndGame
from app.rules.core.context import Ctx
from app.rules.core.errors import RuleError
from app.rules.core.events import Text
from app.rules.core.state import GameObject

Obj = TypeVar("Obj", bound=GameObject)


def judge_ends(ctx: Ctx[Any], rules: list[str]) -> None:
    """Ending a game is the judge's act; a player concedes instead."""
    if ctx.actor is not None:
        raise RuleError(
            rules,
            "Only the judge ends a game; a player may concede.",
            "Seul l'arbitre termine une partie ; un joueur peut concéder.",
            kind="forbidden",
        )


def conceding_player(ctx: Ctx[Any], named: str | None, rules: list[str], say_who: Text) -> str:
    """Who concedes: the player named, else the actor (the judge must name one); a player
    concedes only for themselves."""
    player = ctx.player(named) if named else ctx.actor
    if player is None:
        raise RuleError(rules, say_who.en, say_who.fr)
    return ctx.acting_as(
        player,
        rules,
        "Only a player can concede for themselves.",
        "Seul un joueur peut concéder pour lui-même.",
    )


def may_end_game(rules: list[str]) -> Callable[[Ctx[Any], EndGame], None]:
    """The end_game move's precondition (app.rules.core.family.Move): the judge's act."""

    def check(ctx: Ctx[Any], action: EndGame) -> None:
        judge_ends(ctx, rules)

    return check


def may_concede(rules: list[str], say_who: Text) -> Callable[[Ctx[Any], Concede], None]:
    """The concede move's precondition: a player concedes for themselves (the judge names
    one); the handler then takes `conceder`."""

    def check(ctx: Ctx[Any], action: Concede) -> None:
        conceding_player(ctx, action.player, rules, say_who)

    return check


def conceder(ctx: Ctx[Any], action: Concede) -> str:
    """Who concedes, once `may_concede` holds: the player named, else the actor."""
    player = action.player or ctx.actor
    assert player is not None, "may_concede refuses a concession that names nobody"
    return player


def leave_game(ctx: Ctx[Any], player: str) -> list[str]:
    """The player leaves the game; the players still in it, in seat order."""
    for seat in ctx.state.players:
        if seat.name == player:
            seat.left_game = True
    playing: list[str] = ctx.state.still_playing()
    return playing


def reveal_to_all(
    ctx: Ctx[Any], objects: Iterable[Obj], label: Callable[[Obj], Text], *, nothing: Text
) -> Text:
    """Each object's face is shown to every player from now on: "label = name" for each, in
    the order given (`label`: how it was known until now), or `nothing` if there is none."""
    shown_en: list[str] = []
    shown_fr: list[str] = []
    for obj in objects:
        known_as = label(obj)
        shown_en.append(f"{known_as.en} = {obj.card.name}")
        shown_fr.append(f"{known_as.fr} = {obj.card.name_fr or obj.card.name}")
        obj.known_to = ctx.state.player_names()
    if not shown_en:
        return nothing
    return Text(en="; ".join(shown_en), fr="; ".join(shown_fr))
