"""Riftbound's actions (seed 001: Hidden; rules 2026-03-30), one model per JSON `type`
(handlers: app.rules.riftbound.moves)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from app.rules.core.actions import ActionModel, ObjectId, PlaceId, PlayerName


class Hide(ActionModel):
    """811.1.b: place a card with Hidden face down at a battlefield you control, paying [A]
    (one Power of any domain: a rune is recycled; `rune` picks which, else the engine does)."""

    type: Literal["hide"]
    object: ObjectId
    battlefield: PlaceId
    rune: ObjectId | None = None


class Play(ActionModel):
    """Play a card: from hand (811.3, its cost paid with runes) or from face down (811.1.b,
    base cost ignored). `targets` are the choices of the spell or of the play effect;
    `to` is where a unit played from hand goes ("base" or a battlefield you control)."""

    type: Literal["play"]
    object: ObjectId
    targets: list[ObjectId] = Field(default_factory=list, max_length=4)
    to: PlaceId | None = None


class MoveUnit(ActionModel):
    """A standard move: exhaust a ready unit to move it from base to a battlefield or back."""

    type: Literal["move_unit"]
    object: ObjectId
    to: PlaceId


class ResolveShowdown(ActionModel):
    """Every player passes in the showdown: a combat deals damage and decides control."""

    type: Literal["resolve_showdown"]


class SetControl(ActionModel):
    """Judge only: rebuild a table by giving a battlefield to a player (or to nobody)."""

    type: Literal["set_control"]
    battlefield: PlaceId
    player: PlayerName | None = None
