"""Shuffling a hidden pile (a library, a deck): every family's shuffle forgets the same way."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.rules.core.context import Ctx
from app.rules.core.state import GameObject


def shuffle_pile(ctx: Ctx[Any], pile: Sequence[GameObject]) -> None:
    """A random order from the game's secret seed (Ctx.shuffled), in the same places. Each
    card gets a new id and whatever anyone knew of it is forgotten: nobody can follow a card
    through a shuffle, nor tell from the ids which one moved."""
    positions = sorted(o.position for o in pile)
    for obj, position in zip(ctx.shuffled(pile), positions, strict=True):
        obj.position = position
        obj.id = ctx.new_id()
        obj.known_to = []
