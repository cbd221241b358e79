"""A Riftbound game's state: the shared GameState with Riftbound's zones, units' places and
the table (battlefields, phase, chain, showdown, points in app.rules.riftbound.model)."""

from __future__ import annotations

from enum import StrEnum
from typing import Any, ClassVar, Literal, Self

from pydantic import BaseModel, ConfigDict, Field

from app.rules.core.context import Ctx
from app.rules.core.state import GameObject, GameState, PlayerState
from app.rules.riftbound.cards import RiftboundCard
from app.rules.riftbound.model import RiftboundTable


class Zone(StrEnum):
    # A unit at a battlefield is in BATTLEFIELD with `location` naming which one.
    HAND = "hand"
    BATTLEFIELD = "battlefield"
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


class MightModifier(BaseModel):
    """A "this turn" change to a unit's Might (e.g. +2 Might this turn)."""

    model_config = ConfigDict(frozen=True)

    might: int = 0
    until_end_of_turn: bool = True
    source: str = ""


class RiftboundObject(GameObject):
    card: RiftboundCard
    zone: Zone
    modifiers: list[MightModifier] = Field(default_factory=list)
    # The battlefield id a unit at a battlefield or a facedown card is at, and the turn a
    # card was hidden (811.1.b: playable from the next turn on).
    location: str | None = None
    hidden_turn: int | None = None

    UNPLACEABLE: ClassVar[frozenset[str]] = frozenset({Zone.CHAIN})

    def setup_facts(self) -> dict[str, Any]:
        return {"location": self.location}


class RiftboundGame(GameState[RiftboundObject]):
    ruleset: Literal["riftbound"] = "riftbound"
    players: list[PlayerState]
    objects: list[RiftboundObject] = Field(default_factory=list)
    riftbound: RiftboundTable

    @classmethod
    def from_legacy(cls, data: dict[str, Any]) -> dict[str, Any]:
        data = super().from_legacy(data)
        # Might changes were stored as Magic-style power modifiers.
        for obj in data.get("objects", []):
            obj["modifiers"] = [
                {
                    "might": m.get("power", 0),
                    **{k: v for k, v in m.items() if k in ("until_end_of_turn", "source")},
                }
                for m in obj.get("modifiers", [])
            ]
        return data

    def clone(self, *, lazy_objects: bool = False) -> Self:
        new = super().clone(lazy_objects=lazy_objects)
        new.__dict__["riftbound"] = self.riftbound.model_copy(deep=True)
        return new


# The working copy a move of this family changes: its state and objects as this family's.
RiftboundCtx = Ctx[RiftboundGame, RiftboundObject]
