"""What a new game starts from: players and where each card is. Cards arrive resolved."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from app.rules.cards import CardDef
from app.rules.state import FaceDownVia, Ruleset

SetupZone = Literal["hand", "library", "battlefield", "graveyard", "exile"]


class SetupCard(BaseModel):
    """One card placed at setup. Library entries are listed top first."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    owner: str
    zone: SetupZone
    card: CardDef
    controller: str | None = None
    # A judge rebuilding a table: the permanent is already face down, and how.
    face_down: FaceDownVia | None = None
    tapped: bool = False
    counters: dict[str, int] = Field(default_factory=dict)
    is_token: bool = False


class GameSetup(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    ruleset: Ruleset = "mtg"
    players: list[str]
    cards: list[SetupCard] = Field(default_factory=list)
