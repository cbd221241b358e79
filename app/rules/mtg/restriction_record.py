"""A restriction effect on casting (601.3): a player can't cast spells of some kind (Void
Winnower: "your opponents can't cast spells with even mana value"). Public. It is checked
against the spell as it would be on the stack: a face-down spell is a colourless 2/2
creature spell with mana value 0 (708.4, 708.2, 202.3)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

# What it forbids: spells with even (odd) mana value, creature (noncreature) spells.
RestrictionKind = Literal["even_mana_value", "odd_mana_value", "creature", "noncreature"]


class CastRestriction(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str
    player: str
    kind: RestrictionKind
    source: str = Field(default="", max_length=120)
    # The player whose effect it is (they, or the judge, end it); "" when the judge made it.
    by: str = ""
    # Until the turn ends, or until an action ends it (Void Winnower leaves).
    until: Literal["end_of_turn", "until_ended"] = "until_ended"
    since_turn: int
