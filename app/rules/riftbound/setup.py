"""A Riftbound game's version 0: battlefields first (each with its controller, or none), then
every card where the setup puts it. A card set up face down counts as hidden before turn 1."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from app.rules.core.context import Ctx
from app.rules.core.errors import RuleError
from app.rules.core.events import Event, Text
from app.rules.core.setup import GameOptions, GameSetup, SetupCard
from app.rules.core.state import PlayerState
from app.rules.riftbound import table
from app.rules.riftbound.cards import RiftboundCard
from app.rules.riftbound.common import ZONES_BY_NAME
from app.rules.riftbound.model import BattlefieldState, RiftboundTable
from app.rules.riftbound.state import RiftboundGame, RiftboundObject, Zone
from app.rules.riftbound.visibility import in_view

RiftboundSetupZone = Literal[
    "hand", "library", "main_deck", "rune_deck", "runes", "base", "battlefield", "facedown",
    "champion_zone", "legend_zone", "graveyard", "trash", "exile", "banishment",
    # A battlefield card itself (its controller, if any, is the entry's controller).
    "battlefields",
]  # fmt: skip


class RiftboundSetupCard(SetupCard):
    zone: RiftboundSetupZone
    card: RiftboundCard
    # The battlefield (its name or id, e.g. "bf1") a unit or facedown card is at.
    location: str | None = Field(default=None, max_length=120)


class RiftboundSetup(GameSetup):
    ruleset: Literal["riftbound"] = "riftbound"
    cards: list[RiftboundSetupCard] = Field(default_factory=list)
    options: GameOptions = Field(default_factory=GameOptions)


def _refuse(en: str, fr: str, rules: list[str] | None = None) -> RuleError:
    return RuleError(rules or [], en, fr)


def new_game(setup: GameSetup, seed: str) -> tuple[RiftboundGame, list[Event]]:
    assert isinstance(setup, RiftboundSetup)
    names = setup.players
    riftbound = RiftboundTable(points={n: 0 for n in names})
    state = RiftboundGame(
        ruleset="riftbound",
        seed=seed,
        players=[PlayerState(name=n) for n in names],
        active_player=names[0],
        riftbound=riftbound,
    )
    ctx = Ctx(state, None, in_view)
    for entry in setup.cards:
        if entry.zone != "battlefields":
            continue
        k = len(ctx.state.riftbound.battlefields) + 1
        if k > 3:
            raise _refuse("At most three battlefields.", "Au plus trois champs de bataille.")
        ctx.state.riftbound.battlefields.append(
            BattlefieldState(
                id=f"bf{k}",
                name=entry.card.name,
                name_fr=entry.card.name_fr,
                text=entry.card.text,
                owner=entry.owner,
                controller=entry.controller,
                facedown_capacity=entry.card.facedown_capacity or 1,
                position=k,
            )
        )
    bfs = ctx.state.riftbound.battlefields

    def locate(where: str | None) -> str:
        for bf in bfs:
            if where is not None and where.casefold() in (bf.id, bf.name.casefold()):
                return bf.id
        raise _refuse(
            f"The setup puts a card at {where!r}, which is not one of this game's battlefields.",
            f"La mise en place met une carte à {where!r}, qui n'est pas un champ de bataille "
            "de cette partie.",
        )

    for entry in setup.cards:
        if entry.zone == "battlefields":
            continue
        zone = ZONES_BY_NAME.get(entry.zone)
        if zone is None:
            raise _refuse(f"No zone {entry.zone!r} in Riftbound.", f"Pas de zone {entry.zone!r}.")
        controller = entry.controller or entry.owner
        location = locate(entry.location) if zone in (Zone.BATTLEFIELD, Zone.FACEDOWN) else None
        obj = RiftboundObject(
            id=ctx.new_id(),
            card=entry.card,
            is_token=entry.is_token,
            owner=entry.owner,
            controller=controller,
            zone=zone,
            position=ctx.next_position(),
            tapped=entry.tapped and zone in (Zone.BASE, Zone.BATTLEFIELD, Zone.RUNES),
            counters=dict(entry.counters) if zone in (Zone.BASE, Zone.BATTLEFIELD) else {},
            location=location,
        )
        if zone == Zone.FACEDOWN:
            bf = next(b for b in bfs if b.id == location)
            if not entry.card.hidden:
                raise _refuse(
                    "Only a card with Hidden can be set up face down at a battlefield.",
                    "Seule une carte avec Caché peut commencer face cachée.",
                    ["rb.811.1"],
                )
            if bf.controller != controller:
                raise _refuse(
                    f"A card can be face down at {bf.name} only if its controller controls it.",
                    f"Une carte ne peut être face cachée à {bf.name} que si son contrôleur le "
                    "contrôle.",
                    ["rb.107.3.c"],
                )
            if sum(1 for o in ctx.state.objects if o.location == bf.id and o.face_down) >= (
                bf.facedown_capacity
            ):
                raise _refuse(
                    f"The facedown zone of {bf.name} is full.",
                    f"La zone face cachée de {bf.name} est pleine.",
                    ["rb.107.3.b"],
                )
            obj.face_down = True
            obj.hidden_turn = 0
        ctx.state.objects.append(obj)
    shown = (
        ", ".join(f"{b.name} ({b.controller or 'uncontrolled'})" for b in bfs) or "no battlefield"
    )
    shown_fr = ", ".join(f"{b.name_fr or b.name} ({b.controller or 'non contrôlé'})" for b in bfs)
    ctx.emit(
        "setup",
        ["rb.turn"],
        Text(
            en=f"Riftbound game (core rules {riftbound.rules_version}) for {', '.join(names)}; "
            f"battlefields: {shown}. {names[0]} takes the first turn.",
            fr=f"Partie de Riftbound (règles {riftbound.rules_version}) pour "
            f"{', '.join(names)} ; champs de bataille : {shown_fr or 'aucun'}. {names[0]} "
            "commence.",
        ),
    )
    if setup.deal:
        table.deal(ctx, names)
    return ctx.state, ctx.events
