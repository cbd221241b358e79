"""What a new game starts from: players and where each card is. Cards arrive resolved."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from app.rules.cards import CardDef
from app.rules.state import FaceDownVia, HideawayEdition, Ruleset

SetupZone = Literal[
    "hand",
    "library",
    "battlefield",
    "graveyard",
    "exile",
    # Riftbound only: its zones, and "battlefields" for a battlefield card itself (its
    # controller, if any, is the entry's controller).
    "main_deck",
    "rune_deck",
    "runes",
    "base",
    "facedown",
    "champion_zone",
    "legend_zone",
    "trash",
    "banishment",
    "battlefields",
]
RIFTBOUND_ONLY_ZONES = frozenset(
    {
        "main_deck", "rune_deck", "runes", "base", "facedown", "champion_zone", "legend_zone",
        "trash", "banishment", "battlefields",
    }
)  # fmt: skip


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
    # Riftbound: the battlefield (its name or id, e.g. "bf1") a unit or facedown card is at.
    location: str | None = Field(default=None, max_length=120)


class GameOptions(BaseModel):
    """Per-game choices where rules editions answer differently."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    # "current": today's 702.75a + 406.3, random bottom order; "lorwyn": the 2007 release
    # notes (seed 004), bottom order chosen. The judge is shown the other answer too.
    hideaway_edition: HideawayEdition = "current"


class GameSetup(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    ruleset: Ruleset = "mtg"
    players: list[str]
    cards: list[SetupCard] = Field(default_factory=list)
    options: GameOptions = Field(default_factory=GameOptions)
