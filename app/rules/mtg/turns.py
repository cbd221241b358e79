"""Turns and the end of the game: untap, cleanup, conceding, the final reveal (707.9)."""

from __future__ import annotations

from app.rules.core.actions import Concede, EndGame, NextTurn
from app.rules.core.context import Ctx
from app.rules.core.errors import RuleError
from app.rules.core.events import Text
from app.rules.mtg.labels import public_label
from app.rules.mtg.state import Zone


def next_turn(ctx: Ctx, action: NextTurn) -> None:
    state = ctx.state
    ctx.acting_as(
        state.active_player,
        ["500.1"],
        f"Only the active player ({state.active_player}) can end the turn.",
        f"Seul le joueur actif ({state.active_player}) peut finir le tour.",
        kind="rule",
    )
    # 514.2: "until end of turn" effects end in the cleanup step.
    for obj in state.objects:
        obj.modifiers = [m for m in obj.modifiers if not m.until_end_of_turn]
    players = [p.name for p in state.players if not p.left_game]
    nxt = players[(players.index(state.active_player) + 1) % len(players)]
    state.turn += 1
    state.active_player = nxt
    # 305.2: land plays are counted per turn; so are attackers (Windbrisk Heights).
    state.land_plays = {}
    state.attackers_this_turn = {}
    # 502.3: the active player untaps their permanents.
    for obj in state.objects:
        if obj.zone == Zone.BATTLEFIELD and obj.controller == nxt and not obj.phased_out:
            obj.tapped = False
    ctx.emit(
        "next_turn",
        ["500.1", "502.3", "514.2"],
        Text(
            en=f"Turn {state.turn}: {nxt}'s turn. {nxt}'s permanents untap.",
            fr=f"Tour {state.turn} : au tour de {nxt}. Les permanents de {nxt} se dégagent.",
        ),
    )


def _reveal_all(ctx: Ctx, only_controller: str | None = None) -> Text | None:
    """707.9: every face-down spell and permanent is revealed to all players."""
    shown_en: list[str] = []
    shown_fr: list[str] = []
    for obj in sorted(ctx.state.objects, key=lambda o: o.position):
        if not obj.face_down or obj.zone not in (Zone.STACK, Zone.BATTLEFIELD, Zone.PHASED_OUT):
            continue
        if only_controller is not None and obj.controller != only_controller:
            continue
        label = public_label(ctx.state, obj)
        shown_en.append(f"{label.en} = {obj.card.name}")
        shown_fr.append(f"{label.fr} = {obj.card.name_fr or obj.card.name}")
        obj.known_to = ctx.state.player_names()
    if not shown_en:
        return None
    return Text(en="; ".join(shown_en), fr="; ".join(shown_fr))


def end_game(ctx: Ctx, action: EndGame) -> None:
    if ctx.actor is not None:
        raise RuleError(
            ["104.1"],
            "Only the judge ends a game; a player may concede.",
            "Seul l'arbitre termine une partie ; un joueur peut concéder.",
            kind="forbidden",
        )
    shown = _reveal_all(ctx)
    ctx.state.finished = True
    ctx.state.hideaway_pending = None
    ctx.emit(
        "end_game",
        ["104.1", "707.9"],
        Text(
            en="The game ends. Every face-down spell and permanent is revealed: "
            + (shown.en if shown else "none."),
            fr="La partie se termine. Tous les sorts et permanents face cachée sont révélés : "
            + (shown.fr if shown else "aucun."),
        ),
    )


def concede(ctx: Ctx, action: Concede) -> None:
    """104.3a: a player may concede at any time; today's 708.9 reveals their face-down
    objects as they leave; with one player left the game ends (707.9 reveals the rest)."""
    player = ctx.player(action.player) if action.player else ctx.actor
    if player is None:
        raise RuleError(
            ["104.3a"],
            "Say which player concedes.",
            "Indiquez quel joueur concède.",
        )
    if ctx.actor is not None and ctx.actor != player:
        raise RuleError(
            ["104.3a"],
            "Only a player can concede for themselves.",
            "Seul un joueur peut concéder pour lui-même.",
            kind="forbidden",
        )
    state = ctx.state
    if state.hideaway_pending is not None and state.hideaway_pending.player == player:
        state.hideaway_pending = None  # their trigger goes with them
    shown = _reveal_all(ctx, only_controller=player)
    for p in state.players:
        if p.name == player:
            p.left_game = True
    remaining = [p.name for p in state.players if not p.left_game]
    ctx.emit(
        "concede",
        ["104.3a", "708.9-leaves"],
        Text(
            en=f"{player} concedes. Their face-down spells and permanents are revealed: "
            + (shown.en if shown else "none."),
            fr=f"{player} concède. Ses sorts et permanents face cachée sont révélés : "
            + (shown.fr if shown else "aucun."),
        ),
    )
    if len(remaining) <= 1:
        shown_rest = _reveal_all(ctx)
        state.finished = True
        state.hideaway_pending = None
        state.winner = remaining[0] if remaining else None
        ctx.emit(
            "end_game",
            ["104.1", "707.9"],
            Text(
                en=f"The game ends; {state.winner} wins. Revealed: "
                + (shown_rest.en if shown_rest else "nothing more."),
                fr=f"La partie se termine ; {state.winner} gagne. Révélés : "
                + (shown_rest.fr if shown_rest else "rien de plus."),
            ),
        )
    elif state.active_player == player:
        state.active_player = remaining[0]
