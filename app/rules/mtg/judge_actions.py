"""The judge's edits of a Magic table, one model per JSON `type` (handlers:
app.rules.mtg.judge_edits). Only the judge may send them (app.rules.core.judge)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from app.rules.core.actions import ObjectId, PlayerName
from app.rules.core.judge import JudgeEdit, JudgeSetTurn
from app.rules.mtg.cards import MtgCard
from app.rules.mtg.exile_record import ExileLook, ExileVia
from app.rules.mtg.state import FaceDownVia, Step

# Every zone a judge may put a card in (2004's phased-out zone: `phased_out` on the battlefield).
JudgeZone = Literal["hand", "library", "graveyard", "exile", "stack", "battlefield"]
CounterName = Annotated[str, Field(min_length=1, max_length=30)]
# A counter's kind and how many; 0 removes that kind.
Counters = dict[CounterName, Annotated[int, Field(ge=0, le=99)]]
# 0 = the top of the library.
LibraryPosition = Annotated[int, Field(ge=0, le=999)]


class JudgeExiled(BaseModel):
    """A card exiled face down as the judge puts it, with its public facts (406.4): how
    (foretold: 702.143a; imprinted; exiled by an effect), by whom, on which turn, with what,
    and who the instruction lets look (406.3). Left out: its owner exiled it this turn;
    a foretold card is looked at by its owner, another by the player who exiled it."""

    model_config = ConfigDict(extra="forbid")

    via: ExileVia
    by: PlayerName | None = None
    turn: int | None = Field(default=None, ge=1, le=9999)
    look: ExileLook | None = None
    source: str = Field(default="", max_length=120)


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
    # In exile face down: foretold, imprinted or exiled by an effect (406.3, 702.143a).
    exiled: JudgeExiled | None = None
    # In exile face down under this hideaway permanent (702.75a, 607.2: linked abilities).
    hideaway_of: ObjectId | None = None
    # Attached to this permanent (301.5, 303.4: an Aura, an Equipment).
    attached_to: ObjectId | None = None
    # 302.6: it came under its controller's control this turn (can't attack yet). A built
    # table's permanents are taken as controlled since the turn began.
    summoning_sick: bool = False


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
    # Exiled face down this way (a card already exiled face down: its facts corrected).
    exiled: JudgeExiled | None = None
    # Exiled face down under this hideaway permanent (702.75a).
    hideaway_of: ObjectId | None = None
    # Attached to this permanent (301.5, 303.4); null: unattached.
    attached_to: ObjectId | None = None
    # 302.6: it came under its controller's control this turn; a card the judge moves onto
    # the battlefield is taken as controlled since the turn began unless this says otherwise.
    summoning_sick: bool | None = None


class JudgeSetLife(JudgeEdit):
    type: Literal["judge_set_life"]
    player: PlayerName
    life: int = Field(ge=-999, le=9999)


class MtgJudgeSetTurn(JudgeSetTurn):
    """Whose turn, which turn and which step (500.1): a built table starts where the call
    happened. `step` left out: not said (the table does not track steps)."""

    step: Step | None = None
