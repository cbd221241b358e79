"""What is public about a card exiled face down (406.4): who exiled it, when, how, with what,
and who the instruction lets look at it (406.3). Never its face."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

# How it was exiled face down: foretell (702.143a), imprint (Summoner's Egg) or another
# effect (Bane Alley Broker). Hideaway keeps its own link (MtgObject.hideaway_link).
ExileVia = Literal["foretell", "effect", "imprint"]
# Who the instruction lets look at it: the player who exiled it, its owner, or nobody.
ExileLook = Literal["exiler", "owner", "nobody"]


class ExiledFaceDown(BaseModel):
    """The public facts of one card exiled face down; gone with the card's next zone change
    (400.7), like every other status."""

    model_config = ConfigDict(frozen=True)

    via: ExileVia
    by: str
    turn: int
    look: ExileLook
    # What exiled it, as the players said it (free text, public): "Bane Alley Broker".
    source: str = Field(default="", max_length=120)
    # It came from a public zone: every player saw which card it was as it was exiled.
    seen_by_all: bool = False
