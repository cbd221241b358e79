"""apply(state, action, actor) -> Outcome: the only way a game changes. Pure and deterministic."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from app.rules.actions import Action
from app.rules.context import Ctx
from app.rules.errors import RuleError
from app.rules.events import Event, Text
from app.rules.mtg import battlefield, face_down, flip, hideaway, stack, turns, zones
from app.rules.setup import RIFTBOUND_ONLY_ZONES, GameSetup
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
    "flip": flip.flip,
    "hideaway_exile": hideaway.hideaway_exile,
    "hideaway_play": hideaway.hideaway_play,
    "next_turn": turns.next_turn,
    "end_game": turns.end_game,
    "concede": turns.concede,
}


# The only actions accepted while a hideaway choice is pending.
_WHILE_PENDING = frozenset({"hideaway_exile", "concede", "end_game"})


def new_game(setup: GameSetup, seed: str) -> Outcome:
    """Version 0 of a game. `seed` (server secret) drives ids and shuffles."""
    names = setup.players
    if len(names) < 2 or len(set(names)) != len(names):
        raise RuleError(
            ["103.1"],
            "A game needs at least two players with different names.",
            "Une partie demande au moins deux joueurs aux noms différents.",
        )
    if setup.ruleset == "riftbound":
        from app.rules.riftbound.setup import new_game as riftbound_game

        rb_state, rb_events = riftbound_game(setup, seed)
        return Outcome(state=rb_state, events=rb_events)
    if any(entry.zone in RIFTBOUND_ONLY_ZONES for entry in setup.cards):
        raise RuleError(
            [],
            "That zone exists only in Riftbound games.",
            "Cette zone n'existe que dans les parties de Riftbound.",
        )
    state = GameState(
        ruleset=setup.ruleset,
        seed=seed,
        players=[PlayerState(name=n) for n in names],
        active_player=names[0],
        hideaway_edition=setup.options.hideaway_edition,
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
        if zone == Zone.BATTLEFIELD:
            obj.controllers = [obj.controller]
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


def _handler_for(ruleset: str, kind: str) -> Handler:
    """Each ruleset's own handlers; an action of another game is refused, not a crash."""
    if ruleset == "riftbound":
        from app.rules.riftbound.handlers import HANDLERS as RIFTBOUND

        found = RIFTBOUND.get(kind)
    else:
        found = HANDLERS.get(kind)
    if found is None:
        raise RuleError(
            [],
            f"{kind!r} is not an action of this game's rules ({ruleset}).",
            f"{kind!r} n'est pas une action des règles de cette partie ({ruleset}).",
        )
    return found


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
    pending = state.hideaway_pending
    if pending is not None and action.type not in _WHILE_PENDING:
        # The hideaway trigger is resolving: nothing else happens until its controller
        # has chosen (see mtg/hideaway.py).
        raise RuleError(
            ["702.75"],
            f"The game waits for {pending.player} to choose the card to exile face down with "
            f"{pending.source_name} (hideaway).",
            f"La partie attend que {pending.player} choisisse la carte à exiler face cachée "
            f"avec {pending.source_name_fr} (cachette).",
        )
    handler = _handler_for(state.ruleset, action.type)
    ctx = Ctx(state, actor)
    handler(ctx, action)
    ctx.state.version += 1
    return Outcome(state=ctx.state, events=ctx.events)
