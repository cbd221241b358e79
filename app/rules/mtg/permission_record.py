"""A permission effect (601.3, 305.1): which player may cast, cast face down, play or foretell
which cards from where, from what, and for how long. Public, like the effect that made it;
it never names a hidden card (it points at one by its id, or at a zone)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

# What it lets its player do: cast a spell face up (601.2), cast it face down with any way
# the card has (morph, megamorph, disguise: 702.37c), play a land (305.1), foretell on any
# player's turn (Cosmos Charger), give foretell to cards in hand (Dream Devourer).
PermissionKind = Literal[
    "cast", "cast_face_down", "play_land", "foretell_any_turn", "gain_foretell"
]
# Where its cards are, when it names no single card: the top card of a library (Cemetery
# Illuminator), a graveyard, exile, a hand.
PermissionZone = Literal["library_top", "graveyard", "exile", "hand"]
# How long: until the turn ends (514.2), as long as the card stays where it is (Gonti: "for
# as long as it remains exiled"; it ends with the card's zone change, 400.7), or until an
# action ends it (a static ability whose source left: end_permission).
PermissionDuration = Literal["end_of_turn", "while_it_stays", "until_ended"]


class CastPermission(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str
    player: str
    source: str = Field(default="", max_length=120)
    allows: tuple[PermissionKind, ...]
    # One card (its id): Gonti's exiled card. None: every card of `zone` of `of`.
    object: str | None = None
    zone: PermissionZone | None = None
    of: str | None = None
    # Only cards with one of these card types ("a creature spell"), none of `except_types`
    # ("nonland"). For a spell cast face down, its face-down types count (708.4: a creature).
    types: tuple[str, ...] = ()
    except_types: tuple[str, ...] = ()
    # "Once each turn": the turn it was used on.
    once_each_turn: bool = False
    used_turn: int | None = None
    until: PermissionDuration = "end_of_turn"
    since_turn: int
