"""Turns and the end of the game: untap, cleanup, conceding, the final reveal (707.9)."""

from __future__ import annotations

from app.rules.core.actions import Concede, EndGame, NextTurn
from app.rules.core.ending import (
    conceder,
    leave_game,
    may_concede,
    may_end_game,
    reveal_to_all,
)
from app.rules.core.events import Text
from app.rules.mtg.labels import public_label
from app.rules.mtg.name_bans import expire as expire_name_bans
from app.rules.mtg.permissions import expire as expire_permissions
from app.rules.mtg.restrictions import expire as expire_restrictions
from app.rules.mtg.state import MtgCtx, MtgGame, Zone

# What a reveal shows when there is nothing face down to reveal.
_NONE = Text(en="none.", fr="aucun.")


def may_end_turn(ctx: MtgCtx, action: NextTurn) -> None:
    """500.1: the active player ends their turn (the judge for them)."""
    ctx.acting_as(
        ctx.state.active_player,
        ["500.1"],
        f"Only the active player ({ctx.state.active_player}) can end the turn.",
        f"Seul le joueur actif ({ctx.state.active_player}) peut finir le tour.",
        kind="rule",
    )


def next_turn(ctx: MtgCtx, action: NextTurn) -> None:
    may_end_turn(ctx, action)
    state = ctx.state
    # 514.2: "until end of turn" effects end in the cleanup step.
    for obj in state.objects:
        obj.modifiers = [m for m in obj.modifiers if not m.until_end_of_turn]
    expire_permissions(state)
    expire_restrictions(state)
    nxt = state.next_player()
    state.turn += 1
    state.active_player = nxt
    state.step = None
    expire_name_bans(state, nxt)  # "until your next turn" (Reflector Mage)
    # 305.2: land plays are counted per turn; so are attackers (Windbrisk Heights).
    state.land_plays = {}
    state.attackers_this_turn = {}
    # 502.3: the active player untaps their permanents.
    for obj in state.objects:
        if obj.zone == Zone.BATTLEFIELD and obj.controller == nxt and not obj.phased_out:
            obj.tapped = False
    began_turn(state, nxt)
    ctx.emit(
        "next_turn",
        ["500.1", "502.3", "514.2"],
        Text(
            en=f"Turn {state.turn}: {nxt}'s turn. {nxt}'s permanents untap.",
            fr=f"Tour {state.turn} : au tour de {nxt}. Les permanents de {nxt} se dégagent.",
        ),
    )


def began_turn(state: MtgGame, player: str) -> None:
    """302.6: `player`'s turn began: they have controlled each of their permanents (phased
    out too: phasing changes no control, 702.26) continuously since then."""
    for obj in state.objects:
        if obj.controller == player and obj.zone in (Zone.BATTLEFIELD, Zone.PHASED_OUT):
            obj.summoning_sick = False


def _reveal_all(ctx: MtgCtx, nothing: Text, only_controller: str | None = None) -> Text:
    """707.9: every face-down spell and permanent is revealed to all players."""
    hidden = [
        obj
        for obj in sorted(ctx.state.objects, key=lambda o: o.position)
        if obj.face_down
        and obj.zone in (Zone.STACK, Zone.BATTLEFIELD, Zone.PHASED_OUT)
        and (only_controller is None or obj.controller == only_controller)
    ]
    return reveal_to_all(ctx, hidden, lambda obj: public_label(ctx.state, obj), nothing=nothing)


def _end(ctx: MtgCtx, opening: Text, nothing: Text) -> None:
    """104.1 / 707.9: the game ends, and every face-down spell and permanent is revealed."""
    shown = _reveal_all(ctx, nothing)
    ctx.state.finished = True
    ctx.state.hideaway_pending = None
    ctx.state.dread_pending = None
    ctx.emit(
        "end_game",
        ["104.1", "707.9"],
        Text(en=opening.en + shown.en, fr=opening.fr + shown.fr),
    )


# 104.1: the judge ends a game; 104.3a: a player concedes, for themselves.
MAY_END_GAME = may_end_game(["104.1"])
MAY_CONCEDE = may_concede(
    ["104.3a"], Text(en="Say which player concedes.", fr="Indiquez quel joueur concède.")
)


def end_game(ctx: MtgCtx, action: EndGame) -> None:
    MAY_END_GAME(ctx, action)
    _end(
        ctx,
        Text(
            en="The game ends. Every face-down spell and permanent is revealed: ",
            fr="La partie se termine. Tous les sorts et permanents face cachée sont révélés : ",
        ),
        nothing=_NONE,
    )


def concede(ctx: MtgCtx, action: Concede) -> None:
    """104.3a: a player may concede at any time; today's 708.9 reveals their face-down
    objects as they leave; with one player left the game ends (707.9 reveals the rest)."""
    MAY_CONCEDE(ctx, action)
    player = conceder(ctx, action)
    state = ctx.state
    if state.hideaway_pending is not None and state.hideaway_pending.player == player:
        state.hideaway_pending = None  # their trigger goes with them
    if state.dread_pending is not None and state.dread_pending.player == player:
        state.dread_pending = None  # so does their manifest dread
    # ... and a "may" of theirs still waiting: nobody else may answer it (608.2d).
    state.abilities = [a for a in state.abilities if not (a.choosing and a.controller == player)]
    shown = _reveal_all(ctx, _NONE, only_controller=player)
    # Their "until your next turn" name bans can never end otherwise: they end now.
    expire_name_bans(state, player)
    remaining = leave_game(ctx, player)
    ctx.emit(
        "concede",
        ["104.3a", "708.9-leaves"],
        Text(
            en=f"{player} concedes. Their face-down spells and permanents are revealed: "
            + shown.en,
            fr=f"{player} concède. Ses sorts et permanents face cachée sont révélés : " + shown.fr,
        ),
    )
    if len(remaining) <= 1:
        state.winner = remaining[0] if remaining else None
        _end(
            ctx,
            Text(
                en=f"The game ends; {state.winner} wins. Revealed: ",
                fr=f"La partie se termine ; {state.winner} gagne. Révélés : ",
            ),
            nothing=Text(en="nothing more.", fr="rien de plus."),
        )
    elif state.active_player == player:
        state.active_player = remaining[0]
