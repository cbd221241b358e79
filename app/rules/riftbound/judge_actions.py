"""The judge's edits of a Riftbound table, one model per JSON `type` (handlers:
app.rules.riftbound.judge_edits). Only the judge may send them (app.rules.core.judge).
Magic has edits of the same types with its own cards and zones (app.rules.mtg.judge_actions)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from app.rules.core.actions import ObjectId, PlayerName
from app.rules.core.judge import JudgeEdit, JudgeSetTurn
from app.rules.riftbound.cards import RiftboundCard
from app.rules.riftbound.model import Phase

# Every zone a card may be put in (the chain is not: only playing a card puts one there).
# "library", "graveyard" and "exile" are read as the main deck, the trash and banishment,
# as a setup reads them.
RiftboundJudgeZone = Literal[
    "hand", "main_deck", "rune_deck", "runes", "base", "battlefield", "facedown",
    "champion_zone", "legend_zone", "trash", "banishment", "library", "graveyard", "exile",
]  # fmt: skip
# Where a new card may go: any zone above, or "battlefields" — the card is a battlefield of
# the table (at most three), controlled by `controller` (by default its owner).
RiftboundJudgeAddZone = Literal[RiftboundJudgeZone, "battlefields"]
CounterName = Annotated[str, Field(min_length=1, max_length=30)]
Counters = dict[CounterName, Annotated[int, Field(ge=0, le=99)]]
# 0 = the top of the deck.
DeckPosition = Annotated[int, Field(ge=0, le=999)]
# A battlefield's id ("bf1") or name.
Location = Annotated[str, Field(min_length=1, max_length=120)]


class JudgeAddCard(JudgeEdit):
    """A new card (or token) anywhere. `location`: the battlefield of a unit there or of a
    facedown card. `hidden_this_turn`: a facedown card hidden this turn can't be played
    before the next (811.1.b); otherwise it counts as hidden before this turn."""

    type: Literal["judge_add_card"]
    card: RiftboundCard
    owner: PlayerName
    controller: PlayerName | None = None
    zone: RiftboundJudgeAddZone = "base"
    location: Location | None = None
    deck_position: DeckPosition | None = None
    exhausted: bool = False
    counters: Counters = Field(default_factory=dict, max_length=10)
    hidden_this_turn: bool = False
    is_token: bool = False


class JudgeMove(JudgeEdit):
    """Move anything anywhere and/or set its status; a field left out stays as it is."""

    type: Literal["judge_move"]
    object: ObjectId
    zone: RiftboundJudgeZone | None = None
    location: Location | None = None
    controller: PlayerName | None = None
    deck_position: DeckPosition | None = None
    exhausted: bool | None = None
    # Replaces every counter it has.
    counters: Counters | None = Field(default=None, max_length=10)
    hidden_this_turn: bool | None = None


class JudgeSetPoints(JudgeEdit):
    type: Literal["judge_set_points"]
    player: PlayerName
    points: int = Field(ge=0, le=99)


class RiftboundJudgeSetTurn(JudgeSetTurn):
    """Whose turn, which turn and which phase (awaken, beginning, channel, draw, main,
    ending): a built table starts where the call happened."""

    phase: Phase | None = None
