"""Table actions every card game has, one model each, shared so that every family accepts the
same JSON shape (app.rules.families refuses two families defining one type differently)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from app.rules.core.actions import ActionModel, PlayerName


class Draw(ActionModel):
    """The top card(s) of the player's library (main deck) into their hand."""

    type: Literal["draw"]
    player: PlayerName
    count: int = Field(default=1, ge=1, le=99)
