"""The turn: awaken, beginning (hold scoring), channel, draw, main, ending; moving units;
the end of the game, when every facedown card is revealed (421.4)."""

from __future__ import annotations

from app.rules.core.actions import Concede, EndGame, NextTurn
from app.rules.core.ending import conceder, leave_game, may_concede, may_end_game
from app.rules.core.errors import RuleError
from app.rules.core.events import Text
from app.rules.core.table_actions import cards_said
from app.rules.riftbound.actions import MoveUnit, SetControl
from app.rules.riftbound.battlefields import cleanup, contest, score, set_controller
from app.rules.riftbound.common import (
    battlefield,
    card_name,
    has_keyword,
    is_unit,
    rb,
)
from app.rules.riftbound.ending import finish
from app.rules.riftbound.runes import runes_said
from app.rules.riftbound.state import RiftboundCtx, Zone
from app.rules.riftbound.zones import draw, take_top


def may_end_turn(ctx: RiftboundCtx, action: NextTurn) -> None:
    """The turn player ends their turn (the judge for them), with no chain and no showdown."""
    state = ctx.state
    ctx.acting_as(
        state.active_player,
        ["rb.turn"],
        f"Only the turn player ({state.active_player}) can end the turn.",
        f"Seul le joueur actif ({state.active_player}) peut finir le tour.",
        kind="rule",
    )
    if rb(state).chain or rb(state).showdown is not None:
        raise RuleError(
            ["rb.turn", "rb.states"],
            "The turn can't end while a chain exists or a showdown is in progress.",
            "Le tour ne peut pas finir tant qu'une chaîne existe ou qu'un affrontement est en "
            "cours.",
        )


def next_turn(ctx: RiftboundCtx, action: NextTurn) -> None:
    may_end_turn(ctx, action)
    state = ctx.state
    riftbound = rb(state)
    # Ending phase: "this turn" effects end, damage heals, buffs' bonus ends.
    riftbound.phase = "ending"
    for obj in state.objects:
        obj.modifiers = [m for m in obj.modifiers if not m.until_end_of_turn]
        obj.counters.pop("damage", None)
    riftbound.buff_bonus = {}
    nxt = state.next_player()
    state.turn += 1
    state.active_player = nxt
    riftbound.scored_this_turn = {}
    # Awaken: the turn player readies their runes and permanents.
    riftbound.phase = "awaken"
    for obj in state.objects:
        if obj.controller == nxt and obj.zone in (Zone.RUNES, Zone.BASE, Zone.BATTLEFIELD):
            obj.tapped = False
    ctx.emit(
        "next_turn",
        ["rb.turn"],
        Text(
            en=f"Turn {state.turn}: {nxt}'s turn. Awaken: {nxt} readies their runes and "
            "permanents.",
            fr=f"Tour {state.turn} : au tour de {nxt}. Réveil : {nxt} redresse ses runes et "
            "permanents.",
        ),
    )
    # Beginning: hold scoring.
    riftbound.phase = "beginning"
    for bf in sorted(riftbound.battlefields, key=lambda b: b.position):
        if bf.controller == nxt:
            score(ctx, nxt, bf, "hold")
    if state.finished:
        return
    # Channel 2 runes, then draw 1.
    riftbound.phase = "channel"
    channeled = len(take_top(ctx, nxt, Zone.RUNE_DECK, Zone.RUNES, 2))
    riftbound.phase = "draw"
    drawn = draw(ctx, nxt, 1)
    riftbound.phase = "main"
    runes, cards = runes_said(channeled), cards_said(drawn)
    ctx.emit(
        "beginning",
        ["rb.turn", "rb.runes"],
        Text(
            en=f"{nxt} channels {runes.en} and draws {cards.en}; main phase.",
            fr=f"{nxt} canalise {runes.fr} et pioche {cards.fr} ; phase principale.",
        ),
    )
    cleanup(ctx)


def may_move_unit(ctx: RiftboundCtx, action: MoveUnit) -> None:
    """A standard move's conditions (the move's precondition): a ready unit on the board,
    moved by its controller on their turn in a Neutral Open State, from base to a
    battlefield or back (battlefield to battlefield only with Ganking)."""
    obj = ctx.find(action.object)
    if not is_unit(obj) or obj.zone not in (Zone.BASE, Zone.BATTLEFIELD):
        raise RuleError(["rb.move"], "Only a unit on the board can move.",
                        "Seule une unité sur le plateau peut se déplacer.")  # fmt: skip
    player = ctx.acting_as(obj.controller, ["rb.move"], "Only its controller can move a unit.",
                           "Seul son contrôleur peut déplacer une unité.")  # fmt: skip
    riftbound = rb(ctx.state)
    if ctx.state.active_player != player or riftbound.chain or riftbound.showdown is not None:
        raise RuleError(
            ["rb.move", "rb.states"],
            "A standard move is made on your turn, with no chain and no showdown.",
            "Un déplacement standard se fait pendant votre tour, sans chaîne ni affrontement.",
        )
    if obj.tapped:
        raise RuleError(["rb.move"], "An exhausted unit can't make a standard move.",
                        "Une unité épuisée ne peut pas faire de déplacement standard.")  # fmt: skip
    if action.to == "base":
        if obj.zone == Zone.BASE:
            raise RuleError(["rb.move"], "It is already at base.", "Elle est déjà dans sa base.")
        return
    bf = battlefield(ctx, action.to)
    if obj.zone == Zone.BATTLEFIELD and not has_keyword(obj, "Ganking"):
        raise RuleError(
            ["rb.move"],
            "Without Ganking, a unit moves between its base and a battlefield, not from "
            "battlefield to battlefield.",
            "Sans Embuscade, une unité va de sa base à un champ de bataille, pas d'un champ de "
            "bataille à un autre.",
        )
    if obj.zone == Zone.BATTLEFIELD and obj.location == bf.id:
        raise RuleError(["rb.move"], "It is already there.", "Elle y est déjà.")


def move_unit(ctx: RiftboundCtx, action: MoveUnit) -> None:
    """A standard move: exhaust a ready unit you control to move it from your base to a
    battlefield or from a battlefield to your base, on your turn, in a Neutral Open State."""
    may_move_unit(ctx, action)
    obj = ctx.find(action.object)
    player = obj.controller
    name = card_name(obj)
    if action.to == "base":
        obj.tapped = True
        obj.zone, obj.location = Zone.BASE, None
        ctx.emit("move_unit", ["rb.move"], Text(en=f"{player} moves {name.en} to base.",
                                                 fr=f"{player} ramène {name.fr} dans sa base."))  # fmt: skip
        cleanup(ctx)
        return
    bf = battlefield(ctx, action.to)
    obj.tapped = True
    obj.zone, obj.location = Zone.BATTLEFIELD, bf.id
    ctx.emit(
        "move_unit",
        ["rb.move"],
        Text(en=f"{player} moves {name.en} to {bf.name}.",
             fr=f"{player} déplace {name.fr} vers {bf.name_fr or bf.name}."),
    )  # fmt: skip
    contest(ctx, bf, player)
    cleanup(ctx)


def may_set_control(ctx: RiftboundCtx, action: SetControl) -> None:
    """Judge only (rb.190.4), for a battlefield of the game and a player of it (or nobody);
    control of a contested battlefield can't change (rb.190.3)."""
    if ctx.actor is not None:
        raise RuleError(["rb.190.4"], "Only the judge sets who controls a battlefield.",
                        "Seul l'arbitre fixe qui contrôle un champ de bataille.", kind="forbidden")  # fmt: skip
    bf = battlefield(ctx, action.battlefield)
    if action.player is not None:
        ctx.player(action.player)
    if bf.contested_by is not None:
        raise RuleError(
            ["rb.190.3"],
            f"{bf.name} is contested: its control can't change until the showdown there ends.",
            f"{bf.name_fr or bf.name} est contesté : son contrôle ne peut pas changer avant la "
            "fin de l'affrontement.",
        )


def set_control(ctx: RiftboundCtx, action: SetControl) -> None:
    """Judge only: rebuild a table. Control of a contested battlefield can't change."""
    may_set_control(ctx, action)
    set_controller(ctx, battlefield(ctx, action.battlefield), action.player, ["rb.190.4"])
    cleanup(ctx)


# Only the judge ends a game; a player concedes, for themselves.
MAY_END_GAME = may_end_game(["rb.end-game"])
MAY_CONCEDE = may_concede(
    ["rb.end-game"], Text(en="Say which player concedes.", fr="Indiquez qui concède.")
)


def end_game(ctx: RiftboundCtx, action: EndGame) -> None:
    MAY_END_GAME(ctx, action)
    finish(ctx, None)


def concede(ctx: RiftboundCtx, action: Concede) -> None:
    MAY_CONCEDE(ctx, action)
    player = conceder(ctx, action)
    remaining = leave_game(ctx, player)
    ctx.emit("concede", ["rb.end-game"], Text(en=f"{player} concedes.", fr=f"{player} concède."))
    finish(ctx, remaining[0] if len(remaining) == 1 else None)
