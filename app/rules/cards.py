"""Printed card facts: what a card *is*, before any status or effect applies.

Catalog entries and inline definitions in a game's setup share this one shape
(DESIGN.md, "The HTTP contract").
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class FlipFace(BaseModel):
    """The upside-down half of a flip card (seed 709.1b / today 710.1b)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=120)
    name_fr: str | None = Field(default=None, max_length=120)
    types: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    text: str = Field(default="", max_length=2000)


class CardDef(BaseModel):
    """A card's printed characteristics and its hidden-information abilities."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=120)
    name_fr: str | None = Field(default=None, max_length=120)
    types: tuple[str, ...] = Field(default=(), max_length=8)
    supertypes: tuple[str, ...] = Field(default=(), max_length=8)
    subtypes: tuple[str, ...] = Field(default=(), max_length=8)
    mana_cost: str | None = Field(default=None, max_length=60)
    power: int | None = Field(default=None, ge=-99, le=99)
    toughness: int | None = Field(default=None, ge=-99, le=99)
    text: str = Field(default="", max_length=2000)
    # Hidden-information abilities: their costs as printed, e.g. "{2}{U}".
    morph: str | None = Field(default=None, max_length=60)
    megamorph: str | None = Field(default=None, max_length=60)
    disguise: str | None = Field(default=None, max_length=60)
    hideaway: int | None = Field(default=None, ge=1, le=10)
    flip: FlipFace | None = None
    # Ability shapes the engine must treat specially (708.3, 708.8, 708.11).
    enters_ability: str | None = Field(default=None, max_length=500)
    turned_face_up_ability: str | None = Field(default=None, max_length=500)
    as_turned_face_up_copy: bool = False
    # Riftbound facts (seed 001); unused by the Magic rules.
    hidden: bool = False
    energy: int | None = Field(default=None, ge=0, le=99)
    power_cost: int | None = Field(default=None, ge=0, le=99)
    domain: str | None = Field(default=None, max_length=40)
    might: int | None = Field(default=None, ge=0, le=99)

    def is_type(self, card_type: str) -> bool:
        return card_type in self.types

    @property
    def is_permanent_card(self) -> bool:
        # 110.4: instants and sorceries never become permanents.
        return bool(self.types) and not (self.is_type("Instant") or self.is_type("Sorcery"))
