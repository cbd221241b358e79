"""A casual Riftbound table's actions, one model per JSON `type` (handlers:
app.rules.riftbound.table): draw, channel runes, change a score."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from app.rules.core.actions import ActionModel, PlayerName
from app.rules.core.table_actions import Draw, SignedAmount

__all__ = ["Channel", "Draw", "Score"]


class Channel(ActionModel):
    """The top rune(s) of the player's rune deck onto the board (two in the channel phase)."""

    type: Literal["channel"]
    player: PlayerName
    count: int = Field(default=2, ge=1, le=12)


class Score(SignedAmount):
    """Points the table agrees on (a card's effect, a correction): + or -."""

    type: Literal["score"]
    player: PlayerName
    amount: int = Field(ge=-99, le=99)
