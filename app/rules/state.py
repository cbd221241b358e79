"""Game state: plain data, no behaviour beyond look-ups.

Everything here is server-side truth. It never leaves the core except through
`views.view_for`, which decides what each viewer may see.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from app.rules.cards import CardDef, HideawayCondition
from app.rules.riftbound.model import RiftboundState
from app.rules.values import Characteristics

Ruleset = Literal["mtg", "mtg-2004", "riftbound"]
# Who may look at a hideaway card: the Lorwyn release notes (seed 004, 502.75 of 2007) or
# today's 702.75a with 406.3. A game applies one and shows the judge the other's answer.
HideawayEdition = Literal["current", "lorwyn"]


class Zone(StrEnum):
    LIBRARY = "library"
    HAND = "hand"
    STACK = "stack"
    BATTLEFIELD = "battlefield"
    GRAVEYARD = "graveyard"
    EXILE = "exile"
    # 2004 rules only: phasing moved a permanent to its own zone (seed 002, 504.2).
    PHASED_OUT = "phased_out"
    # Riftbound (seed 001, rules 2026-03-30): a unit at a battlefield is in BATTLEFIELD with
    # `location` naming which one; the rest are Riftbound's own zones.
    MAIN_DECK = "main_deck"
    RUNE_DECK = "rune_deck"
    RUNES = "runes"
    BASE = "base"
    FACEDOWN = "facedown"
    CHAMPION = "champion_zone"
    LEGEND = "legend_zone"
    TRASH = "trash"
    BANISHMENT = "banishment"
    CHAIN = "chain"


HIDDEN_ZONES = frozenset({Zone.LIBRARY, Zone.HAND})

# What made an object face down. Public knowledge (708.6: you must track how each
# became face down), except that megamorph is shown as morph: both are cast the same way.
FaceDownVia = Literal[
    "morph", "megamorph", "disguise", "manifest", "cloak", "illusionary_mask", "ixidron", "effect"
]


class Modifier(BaseModel):
    """A continuous effect from outside (a pump): survives turning face up (707.8)."""

    model_config = ConfigDict(frozen=True)

    power: int = 0
    toughness: int = 0
    until_end_of_turn: bool = True
    source: str = ""


class GameObject(BaseModel):
    """A card or token in a zone. A new object (new id) on every zone change (400.7)
    and whenever it turns face down (DESIGN invariant 3)."""

    id: str
    card: CardDef
    is_token: bool = False
    owner: str
    controller: str
    zone: Zone
    # Order within a zone: library top = lowest; elsewhere order of arrival.
    position: int
    face_down: bool = False
    face_down_via: FaceDownVia | None = None
    # 708.6: public order numbers, counted per controller and zone kind.
    cast_order: int | None = None
    entered_order: int | None = None
    tapped: bool = False
    phased_out: bool = False
    attacked_turn: int | None = None
    counters: dict[str, int] = Field(default_factory=dict)
    modifiers: list[Modifier] = Field(default_factory=list)
    # Copy effect: the copiable values it copied (707.10); None when not a copy.
    # A face-up object copying a face-down one copies a nameless 2/2 (707.2).
    copy_of: Characteristics | None = None
    # Players allowed to see its face right now (beyond what its zone makes public).
    known_to: list[str] = Field(default_factory=list)
    # Who controlled it when it phased out (2004 phased-out zone).
    last_controller: str | None = None
    # Status (110.5): flipped (709 / today 710). A new object is never flipped (709.4).
    flipped: bool = False
    # Every player who has controlled this permanent since it entered (hideaway's
    # "any player who has controlled"), in order.
    controllers: list[str] = Field(default_factory=list)
    # Links a hideaway permanent and the card its hideaway ability exiled (607 linked
    # abilities). Server-side only: never shown, gone with a zone change (400.7).
    hideaway_link: str | None = None
    # Riftbound: the battlefield id a unit at a battlefield or a facedown card is at, and
    # the turn a card was hidden (811.1.b: playable from the next turn on).
    location: str | None = None
    hidden_turn: int | None = None


class HideawayPending(BaseModel):
    """A hideaway trigger waiting for its controller's choice (hideaway_exile). The game
    waits: no other action is accepted until it is made (see engine.apply)."""

    model_config = ConfigDict(frozen=True)

    player: str
    source: str
    source_name: str
    source_name_fr: str
    # The cards looked at, top first: only `player` (and the judge) may see them.
    looked: tuple[str, ...]
    link: str


class StackAbility(BaseModel):
    """An activated or triggered ability on the stack (113.7a: it exists on its own,
    whatever happens to its source). Only the hideaway play ability is modelled."""

    model_config = ConfigDict(frozen=True)

    id: str
    kind: Literal["hideaway_play"] = "hideaway_play"
    source: str
    source_name: str
    source_name_fr: str
    # The player who activated it: they play the card (Lorwyn ruling, seed 004).
    controller: str
    link: str | None
    position: int
    # Its condition as the source said when activated (its last known information).
    condition: HideawayCondition | None = None
    # The player's word on a condition the engine doesn't track (damage dealt, ...).
    condition_met: bool | None = None


class PlayerState(BaseModel):
    name: str
    life: int = 20
    left_game: bool = False


_set = object.__setattr__


def _copy_object(obj: GameObject) -> GameObject:
    """What `obj.__copy__()` gives (GameObject has no extra fields and no private
    attributes) with its lists and dict copied, about 40% faster: a seat page tries
    each candidate action on a clone (app/rules/options.py)."""
    if obj.__pydantic_extra__ is not None or obj.__pydantic_private__ is not None:
        new = obj.__copy__()  # pragma: no cover - not a plain GameObject
        fields = new.__dict__
    else:
        cls = type(obj)
        new = cls.__new__(cls)
        fields = obj.__dict__.copy()
        _set(new, "__dict__", fields)
        _set(new, "__pydantic_extra__", None)
        _set(new, "__pydantic_fields_set__", set(obj.__pydantic_fields_set__))
        _set(new, "__pydantic_private__", None)
    fields["counters"] = dict(obj.counters)
    fields["modifiers"] = list(obj.modifiers)
    fields["known_to"] = list(obj.known_to)
    fields["controllers"] = list(obj.controllers)
    return new


class GameState(BaseModel):
    """The whole game. `seed` and `id_counter` make ids unpredictable yet replayable."""

    ruleset: Ruleset = "mtg"
    # Number of actions applied; the store's optimistic lock compares it.
    version: int = 0
    seed: str
    id_counter: int = 0
    position_counter: int = 0
    players: list[PlayerState]
    objects: list[GameObject] = Field(default_factory=list)
    turn: int = 1
    active_player: str
    # Per-player counters for 708.6 labels ("cast 2nd", "entered 3rd").
    cast_counts: dict[str, int] = Field(default_factory=dict)
    entered_counts: dict[str, int] = Field(default_factory=dict)
    finished: bool = False
    winner: str | None = None
    hideaway_edition: HideawayEdition = "current"
    # 305.2: lands played this turn, per player; creatures declared as attackers this turn.
    land_plays: dict[str, int] = Field(default_factory=dict)
    attackers_this_turn: dict[str, int] = Field(default_factory=dict)
    hideaway_pending: HideawayPending | None = None
    abilities: list[StackAbility] = Field(default_factory=list)
    # Shuffles drawn so far: with `seed`, makes each random order replayable.
    shuffle_counter: int = 0
    # Riftbound games only (battlefields, phase, chain, showdown, points).
    riftbound: RiftboundState | None = None

    def clone(self) -> GameState:
        """A copy safe to change: mutable parts are copied, frozen values shared. A shallow
        copy per object with its lists and dicts copied (as model_copy(update=...) would,
        without its overhead: options try every candidate action on a clone)."""
        new = self.__copy__()
        fields = new.__dict__
        fields["players"] = [p.__copy__() for p in self.players]
        fields["objects"] = [_copy_object(o) for o in self.objects]
        fields["cast_counts"] = dict(self.cast_counts)
        fields["entered_counts"] = dict(self.entered_counts)
        fields["land_plays"] = dict(self.land_plays)
        fields["attackers_this_turn"] = dict(self.attackers_this_turn)
        fields["abilities"] = list(self.abilities)
        if self.riftbound is not None:
            fields["riftbound"] = self.riftbound.model_copy(deep=True)
        return new

    def player_names(self) -> list[str]:
        return [p.name for p in self.players]

    def get(self, object_id: str) -> GameObject | None:
        for obj in self.objects:
            if obj.id == object_id:
                return obj
        return None

    def in_zone(self, zone: Zone, player: str | None = None) -> list[GameObject]:
        """Objects of a zone in position order; player filters by owner for owned zones."""
        found = [
            o for o in self.objects if o.zone == zone and (player is None or o.owner == player)
        ]
        return sorted(found, key=lambda o: o.position)

    def opponent_of(self, player: str) -> str:
        others = [p.name for p in self.players if p.name != player]
        return others[0]
