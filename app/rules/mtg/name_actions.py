"""Actions about card names: "can't cast spells with the chosen name" (handlers:
app.rules.mtg.name_bans)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from app.rules.core.actions import ActionModel, ObjectId, PlayerName


class ForbidName(ActionModel):
    """`player` can't cast spells with a name until the next turn of the source's controller
    (Reflector Mage). The name is `name`, or the name `object` has now: a face-down object
    has none (708.2), so a ban taken from it forbids nothing (201.2a). `controller`: whose
    next turn ends it (default: the actor; for the judge, the active player)."""

    type: Literal["forbid_name"]
    player: PlayerName
    object: ObjectId | None = None
    name: str | None = Field(default=None, min_length=1, max_length=120)
    source: str = Field(default="", max_length=120)
    until: Literal["your_next_turn"] = "your_next_turn"
    controller: PlayerName | None = None
