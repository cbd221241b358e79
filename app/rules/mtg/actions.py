"""Magic's actions, one pydantic model per JSON `type` (handlers: app.rules.mtg.moves)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from app.rules.core.actions import ActionModel, ObjectId, PlayerName


class CastFaceDown(ActionModel):
    type: Literal["cast_face_down"]
    object: ObjectId
    via: Literal["morph", "megamorph", "disguise"]


class Cast(ActionModel):
    type: Literal["cast"]
    object: ObjectId


class PlayLand(ActionModel):
    type: Literal["play_land"]
    object: ObjectId


class Counter(ActionModel):
    type: Literal["counter"]
    object: ObjectId


class TurnFaceUp(ActionModel):
    type: Literal["turn_face_up"]
    object: ObjectId
    # Which permission to use when several apply (a manifested card with morph).
    via: Literal["morph", "megamorph", "disguise", "mana_cost"] | None = None
    # 708.11: the choice made *as* it turns face up (Vesuvan Shapeshifter's copy).
    choice: ObjectId | None = None
    # 708.11: a choice that is no object ("a color", "a creature type"), stated as it turns.
    stated_choice: str | None = Field(default=None, min_length=1, max_length=60)


class PutOntoBattlefieldFaceDown(ActionModel):
    type: Literal["put_onto_battlefield_face_down"]
    object: ObjectId
    via: Literal["illusionary_mask", "effect"]


class TurnFaceDown(ActionModel):
    type: Literal["turn_face_down"]
    # Omitted with via=ixidron: every other nontoken face-up creature.
    objects: list[ObjectId] | None = Field(default=None, max_length=200)
    via: Literal["ixidron", "effect"]
    source: ObjectId | None = None


class Move(ActionModel):
    type: Literal["move"]
    object: ObjectId
    to: Literal["hand", "graveyard", "exile", "library_top", "library_bottom"]


class Look(ActionModel):
    type: Literal["look"]
    object: ObjectId


class Copy(ActionModel):
    type: Literal["copy"]
    object: ObjectId
    source: ObjectId


class GainControl(ActionModel):
    type: Literal["gain_control"]
    object: ObjectId
    player: PlayerName


class Attack(ActionModel):
    type: Literal["attack"]
    objects: list[ObjectId] = Field(min_length=1, max_length=200)


class Tap(ActionModel):
    type: Literal["tap"]
    object: ObjectId


class Untap(ActionModel):
    type: Literal["untap"]
    object: ObjectId


# 122.1: a counter of any kind, by its name ("+1/+1", "-1/-1", "stun", "oil"…): letters,
# digits, + - / and spaces. Only +1/+1 and -1/-1 change power and toughness (122.1a).
CounterKind = Annotated[
    str,
    StringConstraints(
        strip_whitespace=True, min_length=1, max_length=30, pattern=r"^(?:[^\W_]|[+\-/ ])+$"
    ),
]


class AddCounter(ActionModel):
    type: Literal["add_counter"]
    object: ObjectId
    counter: CounterKind = "+1/+1"
    amount: int = Field(default=1, ge=1, le=99)


class Pump(ActionModel):
    type: Literal["pump"]
    object: ObjectId
    power: int = Field(default=0, ge=-99, le=99)
    toughness: int = Field(default=0, ge=-99, le=99)


class PhaseOut(ActionModel):
    type: Literal["phase_out"]
    object: ObjectId


class PhaseIn(ActionModel):
    type: Literal["phase_in"]
    object: ObjectId


class Flip(ActionModel):
    type: Literal["flip"]
    object: ObjectId


class HideawayExile(ActionModel):
    """The hideaway trigger's choice: the card to exile face down, and (Lorwyn) the order
    the others go to the bottom in, top first. Today the order is random."""

    type: Literal["hideaway_exile"]
    object: ObjectId
    bottom_order: list[ObjectId] | None = Field(default=None, max_length=20)


class HideawayDecline(ActionModel):
    """As a hideaway ability resolves, its player chooses not to play the hidden card (702.75:
    "you may play"); `ability` is the ability on top of the stack."""

    type: Literal["hideaway_decline"]
    ability: ObjectId


class HideawayAccept(ActionModel):
    """As a hideaway ability resolves, its player chooses to play the hidden card (702.75:
    "you may play"); `ability` is the ability on top of the stack (left out: whichever that
    is). A card that can't be played now (a land on another player's turn) stays exiled, as
    if not played."""

    type: Literal["hideaway_accept"]
    ability: ObjectId | None = None


class HideawayPlay(ActionModel):
    """Use a hideaway permanent's ability that plays the card it hid (source: that
    permanent). `via` is refused: no alternative cost (morph, evoke) when playing a card
    without paying its mana cost. `condition_met` answers a condition Facedown doesn't
    track (e.g. damage dealt this turn)."""

    type: Literal["hideaway_play"]
    source: ObjectId
    via: Literal["morph", "megamorph", "disguise", "evoke"] | None = None
    condition_met: bool | None = None
