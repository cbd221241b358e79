"""The judge's edits of a Magic table, one model per JSON `type` (handlers:
app.rules.mtg.judge_edits). Only the judge may send them (app.rules.core.judge)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from app.rules.core.actions import ObjectId, PlayerName
from app.rules.core.judge import JudgeEdit
from app.rules.mtg.cards import MtgCard
from app.rules.mtg.state import FaceDownVia

# Every zone a judge may put a card in (2004's phased-out zone: `phased_out` on the battlefield).
JudgeZone = Literal["hand", "library", "graveyard", "exile", "stack", "battlefield"]
CounterName = Annotated[str, Field(min_length=1, max_length=30)]
# A counter's kind and how many; 0 removes that kind.
Counters = dict[CounterName, Annotated[int, Field(ge=0, le=99)]]
# 0 = the top of the library.
LibraryPosition = Annotated[int, Field(ge=0, le=999)]


class JudgeAddCard(JudgeEdit):
    """A new card (or token) anywhere, with its status. `card` is the definition itself, so
    replaying the log never depends on the card data."""

    type: Literal["judge_add_card"]
    card: MtgCard
    owner: PlayerName
    controller: PlayerName | None = None
    zone: JudgeZone = "battlefield"
    library_position: LibraryPosition | None = None
    face_down: FaceDownVia | None = None
    tapped: bool = False
    flipped: bool = False
    counters: Counters = Field(default_factory=dict, max_length=10)
    attacking: bool = False
    phased_out: bool = False
    is_token: bool = False


class JudgeMove(JudgeEdit):
    """Move anything anywhere and/or set its status; a field left out stays as it is.
    `face_down`: a way to turn it face down, or null to turn it face up."""

    type: Literal["judge_move"]
    object: ObjectId
    zone: JudgeZone | None = None
    controller: PlayerName | None = None
    library_position: LibraryPosition | None = None
    face_down: FaceDownVia | None = None
    tapped: bool | None = None
    flipped: bool | None = None
    # Replaces every counter it has.
    counters: Counters | None = Field(default=None, max_length=10)
    attacking: bool | None = None
    phased_out: bool | None = None


class JudgeSetLife(JudgeEdit):
    type: Literal["judge_set_life"]
    player: PlayerName
    life: int = Field(ge=-999, le=9999)
