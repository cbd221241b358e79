"""apply(state, action, actor) -> Outcome: the only way a game changes. Pure and deterministic."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from app.rules.actions import Action
from app.rules.context import Ctx
from app.rules.errors import RuleError
from app.rules.events import Event, Text
from app.rules.mtg import battlefield, face_down, stack, turns, zones
from app.rules.setup import GameSetup
from app.rules.state import GameObject, GameState, PlayerState, Zone


class Outcome(BaseModel):
    state: GameState
    events: list[Event]


Handler = Callable[[Ctx, Any], None]

HANDLERS: dict[str, Handler] = {
    "cast_face_down": face_down.cast_face_down,
    "cast": stack.cast,
    "play_land": stack.play_land,
    "resolve": stack.resolve,
    "counter": stack.counter,
    "turn_face_up": face_down.turn_face_up,
    "manifest": face_down.manifest,
    "cloak": face_down.manifest,
    "put_onto_battlefield_face_down": face_down.put_onto_battlefield_face_down,
    "turn_face_down": face_down.turn_face_down,
    "move": zones.move,
    "look": face_down.look,
    "copy": face_down.copy,
    "gain_control": battlefield.gain_control,
    "attack": battlefield.attack,
    "tap": battlefield.tap,
    "untap": battlefield.untap,
    "add_counter": battlefield.add_counter,
    "pump": battlefield.pump,
    "phase_out": battlefield.phase_out,
    "phase_in": battlefield.phase_in,
    "next_turn": turns.next_turn,
    "end_game": turns.end_game,
    "concede": turns.concede,
}


def new_game(setup: GameSetup, seed: str) -> Outcome:
    """Version 0 of a game. `seed` (server secret) drives ids and shuffles."""
    names = setup.players
    if len(names) < 2 or len(set(names)) != len(names):
        raise RuleError(
            ["103.1"],
            "A game needs at least two players with different names.",
            "Une partie demande au moins deux joueurs aux noms différents.",
        )
    state = GameState(
        ruleset=setup.ruleset,
        seed=seed,
        players=[PlayerState(name=n) for n in names],
        active_player=names[0],
    )
    ctx = Ctx(state, actor=None)
    for entry in setup.cards:
        for who in (entry.owner, entry.controller):
            if who is not None and who not in names:
                raise RuleError(
                    [],
                    f"The setup names {who!r}, who is not a player of this game.",
                    f"La mise en place nomme {who!r}, qui ne joue pas dans cette partie.",
                )
        zone = Zone(entry.zone)
        if entry.face_down is not None and zone != Zone.BATTLEFIELD:
            raise RuleError(
                ["707.1"],
                "Only a permanent on the battlefield can start face down.",
                "Seul un permanent sur le champ de bataille peut commencer face cachée.",
            )
        obj = GameObject(
            id=ctx.new_id(),
            card=entry.card,
            is_token=entry.is_token,
            owner=entry.owner,
            controller=entry.controller or entry.owner,
            zone=zone,
            position=ctx.next_position(),
            face_down=entry.face_down is not None,
            face_down_via=entry.face_down,
            tapped=entry.tapped and zone == Zone.BATTLEFIELD,
            counters=dict(entry.counters) if zone == Zone.BATTLEFIELD else {},
        )
        ctx.state.objects.append(obj)
        if obj.face_down:
            face_down.mark_entered(ctx, obj)
    ctx.emit(
        "setup",
        ["103.1"],
        Text(
            en=f"Game set up for {', '.join(names)}; {names[0]} takes the first turn.",
            fr=f"Partie mise en place pour {', '.join(names)} ; {names[0]} commence.",
        ),
    )
    return Outcome(state=ctx.state, events=ctx.events)


def apply(state: GameState, action: Action, actor: str | None) -> Outcome:
    """Apply one action for `actor` (a player name; None = the judge acting for whoever
    the action concerns). Raises RuleError and leaves `state` untouched when illegal."""
    if state.finished:
        raise RuleError(
            ["104.1"],
            "The game is over: nothing more can happen in it.",
            "La partie est terminée : plus rien ne peut s'y passer.",
            kind="game_over",
        )
    if actor is not None and actor not in state.player_names():
        raise RuleError([], "Unknown player.", "Joueur inconnu.", kind="forbidden")
    ctx = Ctx(state, actor)
    HANDLERS[action.type](ctx, action)
    ctx.state.version += 1
    return Outcome(state=ctx.state, events=ctx.events)
