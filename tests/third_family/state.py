"""Traps' shapes: its card, its objects and game, its setup, and the view a viewer gets.

A trap is set from its owner's hand onto the field face down (only its controller may look
at it: `trap.hidden`), revealed (turned face up for everyone: `trap.reveal`), or moved
between hand, field and discard (a new object each time: `trap.move`; a face-down trap is
revealed as it leaves the field)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from app.rules.core.cards import CardDef
from app.rules.core.setup import GameOptions, GameSetup, SetupCard
from app.rules.core.state import GameObject, GameState
from app.rules.core.view import ObjectViewBase, PlayerViewBase, ViewBase

Zone = Literal["hand", "field", "discard"]
ZONES: tuple[Zone, ...] = ("hand", "field", "discard")


class TrapCard(CardDef):
    """A printed trap: its name (English, French), type "Trap", text and strength."""

    strength: int = Field(default=1, ge=0, le=9)


class TrapObject(GameObject):
    card: TrapCard


class TrapGame(GameState):
    ruleset: Literal["trap"] = "trap"
    objects: list[TrapObject] = Field(default_factory=list)


class TrapSetupCard(SetupCard):
    zone: Zone
    card: TrapCard
    face_down: bool = False


class TrapSetup(GameSetup):
    ruleset: Literal["trap"] = "trap"
    cards: list[TrapSetupCard] = Field(default_factory=list)
    options: GameOptions = Field(default_factory=GameOptions)


class TrapFace(CardDef):
    """The printed card behind an object, for a viewer allowed to see it."""

    strength: int


class TrapObjectView(ObjectViewBase):
    strength: int | None = None
    card: TrapFace | None = None


class TrapPlayerView(PlayerViewBase):
    discard_count: int


class TrapView(ViewBase):
    ruleset: Literal["trap"]
    players: list[TrapPlayerView]
    objects: list[TrapObjectView]
