"""Traps' rules: who may see what, the moves, a new game, the one view, and what is worth
offering. Every rule cited is in citations.toml (keys `trap.*`)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Literal

from app.rules.core.actions import ActionModel, Concede, EndGame, NextTurn, ObjectId
from app.rules.core.citations import CitationBook
from app.rules.core.context import Ctx
from app.rules.core.ending import (
    conceder,
    leave_game,
    may_concede,
    may_end_game,
    reveal_to_all,
)
from app.rules.core.errors import RuleError
from app.rules.core.events import Event, Text
from app.rules.core.family import Move, Offer
from app.rules.core.ordinals import ordinal_en, ordinal_fr
from app.rules.core.projection import project
from app.rules.core.setup import GameSetup
from app.rules.core.state import GameObject, GameState, PlayerState
from app.rules.core.view import VisibleTo as SeenBy
from app.rules.core.view import proposal_views
from app.rules.core.viewer import Viewer, sees_face
from tests.third_family.state import (
    ZONES,
    TrapFace,
    TrapGame,
    TrapObject,
    TrapObjectView,
    TrapPlayerView,
    TrapSetup,
    TrapView,
    Zone,
)

# -- who may see what ----------------------------------------------------------------------


def in_view(state: GameState, obj: GameObject, player: str) -> bool:
    """A hand is its owner's alone (`trap.hand`); the field and the discard are public."""
    return obj.zone != "hand" or obj.owner == player or player in obj.known_to


def face_known_to(state: GameState, obj: GameObject) -> tuple[set[str], str]:
    everyone = set(state.player_names())
    if obj.zone == "hand":
        return {obj.owner} | set(obj.known_to), "trap.hand"
    if obj.face_down and not state.finished:
        return {obj.controller} | set(obj.known_to), "trap.hidden"
    return everyone, "trap.public"


def may_see_face(state: GameState, obj: GameObject, viewer: Viewer) -> bool:
    allowed, _ = face_known_to(state, obj)
    return sees_face(viewer, allowed, state.player_names())


def reaches(state: GameState, obj: GameObject, viewer: Viewer) -> bool:
    if viewer.kind == "judge":
        return True
    if viewer.kind == "spectator":
        return obj.zone != "hand"
    return in_view(state, obj, viewer.player or "")


# -- naming ----------------------------------------------------------------------------------


def label(state: GameState, obj: GameObject) -> Text:
    """A face-down trap as everyone may name it: whose, and the how-manieth set (public:
    everyone saw it set; `trap.hidden`)."""
    if not obj.face_down:
        return obj.card.shown_name()
    set_before = [
        o
        for o in state.in_zone("field", obj.controller)
        if o.face_down and o.position <= obj.position
    ]
    n = len(set_before)
    return Text(
        en=f"{obj.controller}'s face-down trap ({ordinal_en(n)} set)",
        fr=f"piège face cachée de {obj.controller} ({ordinal_fr(n)} posé)",
    )


def describe(state: GameState, obj: GameObject, face: bool) -> Text:
    return obj.card.shown_name() if face else label(state, obj)


# -- moves -----------------------------------------------------------------------------------


class SetTrap(ActionModel):
    type: Literal["set_trap"]
    object: ObjectId


class RevealTrap(ActionModel):
    type: Literal["reveal_trap"]
    object: ObjectId


class MoveTrap(ActionModel):
    type: Literal["move_trap"]
    object: ObjectId
    to: Zone


def _own(ctx: Ctx[TrapGame], object_id: str, rule: str) -> GameObject:
    obj = ctx.find(object_id)
    ctx.acting_as(
        obj.owner if obj.zone != "field" else obj.controller,
        [rule],
        "Only its player may do that with this card.",
        "Seul son joueur peut faire cela avec cette carte.",
    )
    return obj


def set_trap(ctx: Ctx[TrapGame], action: SetTrap) -> None:
    """`trap.set`: from your hand onto the field face down, a new object (`trap.new`) whose
    face only you may see (`trap.hidden`); the others see that a card was set."""
    obj = _own(ctx, action.object, "trap.set")
    if obj.zone != "hand":
        raise RuleError(
            ["trap.set"],
            "A trap is set from its owner's hand.",
            "Un piège se pose depuis la main de son propriétaire.",
        )
    new = ctx.relocate(obj, "field", face_down=True)
    new.known_to = [new.controller]
    who = new.controller
    ctx.emit(
        "set_trap",
        ["trap.set", "trap.hidden"],
        Text(en=f"{who} sets a trap face down.", fr=f"{who} pose un piège face cachée."),
        private=Text(
            en=f"It is {new.card.name}.", fr=f"C'est {new.card.name_fr or new.card.name}."
        ),
        private_to=[who],
        objects=[new.id],
    )


def reveal_trap(ctx: Ctx[TrapGame], action: RevealTrap) -> None:
    """`trap.reveal`: its controller turns a face-down trap face up, for everyone."""
    obj = _own(ctx, action.object, "trap.reveal")
    if not obj.face_down:
        raise RuleError(
            ["trap.reveal"], "That trap is already face up.", "Ce piège est déjà face visible."
        )
    known_as = label(ctx.state, obj)
    obj.face_down = False
    obj.known_to = ctx.state.player_names()
    name = obj.card.shown_name()
    ctx.emit(
        "reveal_trap",
        ["trap.reveal"],
        Text(
            en=f"{known_as.en} is revealed: {name.en}.", fr=f"{known_as.fr} est révélé : {name.fr}."
        ),
        objects=[obj.id],
    )


def move_trap(ctx: Ctx[TrapGame], action: MoveTrap) -> None:
    """`trap.move`: to another zone as a new object (`trap.new`); a face-down trap leaving the
    field is revealed as it moves (`trap.public`)."""
    obj = _own(ctx, action.object, "trap.move")
    if action.to == obj.zone:
        raise RuleError(["trap.move"], "It is already there.", "Il y est déjà.")
    known_as = label(ctx.state, obj) if obj.face_down else obj.card.shown_name()
    new = ctx.relocate(obj, action.to)
    name = new.card.shown_name()
    # The move is announced by name (`trap.public`), so the card stays known to everyone,
    # in a hand too, until it becomes a new object.
    new.known_to = ctx.state.player_names()
    ctx.emit(
        "move_trap",
        ["trap.move", "trap.public"],
        Text(
            en=f"{known_as.en} goes to {action.to}: {name.en}.",
            fr=f"{known_as.fr} va en {action.to} : {name.fr}.",
        ),
        # An event's ids are public: a hand is out of a spectator's sight (`trap.hand`).
        objects=[] if new.zone == "hand" else [new.id],
    )


def may_end_turn(ctx: Ctx[TrapGame], action: NextTurn) -> None:
    ctx.acting_as(
        ctx.state.active_player,
        ["trap.turn"],
        "Only the active player ends the turn.",
        "Seul le joueur actif finit le tour.",
        kind="rule",
    )


def next_turn(ctx: Ctx[TrapGame], action: NextTurn) -> None:
    may_end_turn(ctx, action)
    state = ctx.state
    state.turn += 1
    state.active_player = state.next_player()
    ctx.emit(
        "next_turn",
        ["trap.turn"],
        Text(
            en=f"Turn {state.turn}: {state.active_player}.",
            fr=f"Tour {state.turn} : {state.active_player}.",
        ),
    )


def _finish(ctx: Ctx[TrapGame], winner: str | None) -> None:
    shown = reveal_to_all(
        ctx,
        [o for o in ctx.state.objects if o.face_down],
        lambda o: label(ctx.state, o),
        nothing=Text(en="none.", fr="aucun."),
    )
    ctx.state.finished = True
    ctx.state.winner = winner
    ctx.emit(
        "end_game",
        ["trap.end"],
        Text(
            en=f"The game ends; every face-down trap is revealed: {shown.en}",
            fr=f"La partie se termine ; chaque piège face cachée est révélé : {shown.fr}",
        ),
    )


MAY_END_GAME = may_end_game(["trap.end"])
MAY_CONCEDE = may_concede(["trap.end"], Text(en="Say who concedes.", fr="Indiquez qui concède."))


def end_game(ctx: Ctx[TrapGame], action: EndGame) -> None:
    MAY_END_GAME(ctx, action)
    _finish(ctx, None)


def concede(ctx: Ctx[TrapGame], action: Concede) -> None:
    MAY_CONCEDE(ctx, action)
    player = conceder(ctx, action)
    remaining = leave_game(ctx, player)
    ctx.emit("concede", ["trap.end"], Text(en=f"{player} concedes.", fr=f"{player} concède."))
    _finish(ctx, remaining[0] if len(remaining) == 1 else None)


MOVES: tuple[Move[ActionModel], ...] = (
    Move(SetTrap, set_trap),
    Move(RevealTrap, reveal_trap),
    Move(MoveTrap, move_trap),
    Move(NextTurn, next_turn, may_end_turn),
    Move(EndGame, end_game, MAY_END_GAME),
    Move(Concede, concede, MAY_CONCEDE),
)  # type: ignore[assignment]


# -- a new game ------------------------------------------------------------------------------


def new_game(setup: GameSetup, seed: str) -> tuple[TrapGame, list[Event]]:
    assert isinstance(setup, TrapSetup)
    if len(setup.players) != 2:
        raise RuleError(
            ["trap.players"], "Traps is a game for two.", "Les Pièges se jouent à deux."
        )
    state = TrapGame(
        seed=seed,
        players=[PlayerState(name=n) for n in setup.players],
        active_player=setup.players[0],
    )
    ctx: Ctx[TrapGame] = Ctx(state, None, in_view)
    for entry in setup.cards:
        owner = entry.owner
        face_down = entry.face_down and entry.zone == "field"
        obj = TrapObject(
            id=ctx.new_id(),
            card=entry.card,
            owner=owner,
            controller=entry.controller or owner,
            zone=entry.zone,
            position=ctx.next_position(),
            face_down=face_down,
            known_to=[entry.controller or owner] if face_down or entry.zone == "hand" else [],
        )
        ctx.state.objects.append(obj)
    return ctx.state, ctx.events


# -- the view --------------------------------------------------------------------------------


def _object(state: TrapGame, obj: GameObject, viewer: Viewer) -> TrapObjectView:
    see = may_see_face(state, obj, viewer)
    card = obj.card
    named = label(state, obj)
    seen_by = None
    if viewer.kind == "judge":
        players, rule = face_known_to(state, obj)
        seen_by = SeenBy(players=sorted(players), rules=numbers_for([rule], state.ruleset))
    return TrapObjectView(
        id=obj.id,
        zone=obj.zone,
        owner=obj.owner,
        controller=obj.controller,
        face_down=obj.face_down,
        name=card.name if see else None,
        name_fr=(card.name_fr or card.name) if see else None,
        types=list(card.types) if see else [],
        subtypes=list(card.subtypes) if see else [],
        text=card.text if see else "",
        abilities=[],
        label=named.en,
        label_fr=named.fr,
        tapped=obj.tapped,
        counters={},
        token=obj.is_token,
        strength=card.strength if see else None,
        card=project(card, TrapFace) if see else None,
        visible_to=seen_by,
    )


def trap_view(state: GameState, viewer: Viewer) -> TrapView:
    assert isinstance(state, TrapGame)
    order = {z: i for i, z in enumerate(ZONES)}
    shown = sorted(
        (o for o in state.objects if reaches(state, o, viewer)),
        key=lambda o: (order.get(o.zone, 9), o.position),
    )
    return project(
        state,
        TrapView,
        viewer=viewer,
        proposals=proposal_views(state.proposals),
        players=[
            project(
                p,
                TrapPlayerView,
                hand_count=len(state.in_zone("hand", p.name)),
                discard_count=len(state.in_zone("discard", p.name)),
            )
            for p in state.players
        ],
        objects=[_object(state, o, viewer) for o in shown],
    )


# -- offers and citations ----------------------------------------------------------------------


def offers(state: GameState, actor: str | None) -> list[Offer]:
    """Everything worth a button for `actor` (None: the judge); the engine says what is legal."""
    found: list[Offer] = []
    for obj in state.objects:
        if actor is not None and actor not in (obj.owner, obj.controller):
            continue
        if obj.zone == "hand":
            found.append(
                (
                    {"type": "set_trap", "object": obj.id},
                    Text(en="Set it face down", fr="Le poser face cachée"),
                )
            )
        if obj.zone == "field" and obj.face_down:
            found.append(
                ({"type": "reveal_trap", "object": obj.id}, Text(en="Reveal it", fr="Le révéler"))
            )
        if obj.zone == "field":
            found.append(
                (
                    {"type": "move_trap", "object": obj.id, "to": "discard"},
                    Text(en="Discard it", fr="Le défausser"),
                )
            )
    found.append(({"type": "next_turn"}, Text(en="End the turn", fr="Finir le tour")))
    return found


BOOK = CitationBook.load(Path(__file__).with_name("citations.toml"))


def numbers_for(keys: Iterable[str], ruleset: str) -> list[str]:
    return BOOK.numbers(keys, "number")
