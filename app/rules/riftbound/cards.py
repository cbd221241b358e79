"""A Riftbound card's printed facts (seed 001; core rules 2026-03-30): its domain, costs,
Might, keywords (Hidden among them) and what it does when played, as data."""

from __future__ import annotations

from pydantic import Field

from app.rules.core.cards import CardDef
from app.rules.riftbound.model import PlayEffect


class RiftboundCard(CardDef):
    # e.g. "Champion", "Signature" (not shown on the type line, as printed).
    supertypes: tuple[str, ...] = Field(default=(), max_length=8)
    hidden: bool = False
    energy: int | None = Field(default=None, ge=0, le=99)
    # The Power cost, in runes of the card's domain (not Magic's power).
    power_cost: int | None = Field(default=None, ge=0, le=99)
    domain: str | None = Field(default=None, max_length=40)
    might: int | None = Field(default=None, ge=0, le=99)
    # Keywords printed on the card ("Action", "Reaction", "Backline"...), the play effect
    # (what it targets and where), and a battlefield's facedown capacity.
    keywords: tuple[str, ...] = Field(default=(), max_length=12)
    play_effect: PlayEffect | None = None
    facedown_capacity: int | None = Field(default=None, ge=1, le=3)
