"""Game state: plain data, no behaviour beyond look-ups.

Everything here is server-side truth. It never leaves the core except through
`views.view_for`, which decides what each viewer may see.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from app.rules.cards import CardDef
from app.rules.values import Characteristics

Ruleset = Literal["mtg", "mtg-2004"]


class Zone(StrEnum):
    LIBRARY = "library"
    HAND = "hand"
    STACK = "stack"
    BATTLEFIELD = "battlefield"
    GRAVEYARD = "graveyard"
    EXILE = "exile"
    # 2004 rules only: phasing moved a permanent to its own zone (seed 002, 504.2).
    PHASED_OUT = "phased_out"


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


class PlayerState(BaseModel):
    name: str
    life: int = 20
    left_game: bool = False


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

    def clone(self) -> GameState:
        """A copy safe to change: mutable parts are copied, frozen card values shared."""
        return self.model_copy(
            update={
                "players": [p.model_copy() for p in self.players],
                "objects": [
                    o.model_copy(
                        update={
                            "counters": dict(o.counters),
                            "modifiers": list(o.modifiers),
                            "known_to": list(o.known_to),
                        }
                    )
                    for o in self.objects
                ],
                "cast_counts": dict(self.cast_counts),
                "entered_counts": dict(self.entered_counts),
            }
        )

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
