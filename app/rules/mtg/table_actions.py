"""The table actions of a casual Magic game, one pydantic model per JSON `type` (handlers:
app.rules.mtg.table). What players do with their own library, hand and life; an effect on
another player's goes through a proposal (app.rules.core.proposals)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from app.rules.core.actions import ActionModel, ObjectId, PlayerName
from app.rules.core.table_actions import Draw, SignedAmount
from app.rules.mtg.cards import MtgCard

__all__ = [
    "Count", "CreateToken", "Draw", "FlipCoin", "Keep", "Life", "LookTop", "Mill", "Mulligan",
    "MulliganBottom", "RevealTop", "RollDie", "Shuffle",
]  # fmt: skip

# How many cards one action moves at most: a whole library is 60 or so, and a form field
# holding 10**9 must be refused, not looped over.
Count = Field(default=1, ge=1, le=99)


class Shuffle(ActionModel):
    """701.24: the player's library in a random order (the game's secret seed)."""

    type: Literal["shuffle"]
    player: PlayerName


class Mill(ActionModel):
    """701.17: the top card(s) of the player's library into their graveyard."""

    type: Literal["mill"]
    player: PlayerName
    count: int = Count


class LookTop(ActionModel):
    """Look at the top card(s) of the player's library: only the one who looks (and the
    judge) learns them, and knows them until that library is shuffled."""

    type: Literal["look_top"]
    player: PlayerName
    count: int = Count


class RevealTop(ActionModel):
    """701.20: reveal the top card(s) of the player's library to everyone."""

    type: Literal["reveal_top"]
    player: PlayerName
    count: int = Count


class Mulligan(ActionModel):
    """103.5 (London): shuffle the hand into the library and draw seven again."""

    type: Literal["mulligan"]
    player: PlayerName


class MulliganBottom(ActionModel):
    """103.5: keep after N mulligans, putting these N cards of the hand on the bottom of the
    library, in this order (the first listed ends up nearest the top)."""

    type: Literal["mulligan_bottom"]
    player: PlayerName
    objects: list[ObjectId] = Field(max_length=7)


class Keep(ActionModel):
    """103.5: keep the opening hand (no mulligan taken, or none left to put back)."""

    type: Literal["keep"]
    player: PlayerName


class Life(SignedAmount):
    """119.3: the player gains (amount > 0) or loses (amount < 0) life."""

    type: Literal["life"]
    player: PlayerName
    amount: int = Field(ge=-999, le=999)


class CreateToken(ActionModel):
    """111.1: create token(s) under the player's control, from a definition (`card`) or as
    a copy of a permanent (`copy_of`, 707.2: its copiable values only; a copy of a face-down
    permanent is a nameless 2/2)."""

    type: Literal["create_token"]
    player: PlayerName
    card: MtgCard | None = None
    copy_of: ObjectId | None = None
    count: int = Field(default=1, ge=1, le=20)
    tapped: bool = False
    # Created face down (a 2/2 whose own definition only its controller
    # may see, 708.2; revealed as it leaves, 708.9).
    face_down: bool = False

    @model_validator(mode="after")
    def _one_source(self) -> CreateToken:
        if (self.card is None) == (self.copy_of is None):
            raise ValueError("give either card or copy_of")
        return self


class RollDie(ActionModel):
    """706.1: roll a die with this many sides (server-side, from the game's secret seed)."""

    type: Literal["roll_die"]
    sides: int = Field(default=6, ge=2, le=1000)


class FlipCoin(ActionModel):
    """705.1: flip a coin (server-side, from the game's secret seed)."""

    type: Literal["flip_coin"]
