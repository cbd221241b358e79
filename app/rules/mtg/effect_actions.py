"""Continuous effects put on one permanent, one pydantic model per JSON `type` (handler:
app.rules.mtg.effects). What the effect does is data: layer by layer (613) it adds types,
removes abilities, sets base power and toughness, or forbids turning it face up."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints, model_validator

from app.rules.core.actions import ActionModel, ObjectId
from app.rules.mtg.cards import CardTrigger

# 205.2a: the card types a permanent can gain (an instant or sorcery is never a permanent).
PermanentType = Literal["Artifact", "Battle", "Creature", "Enchantment", "Kindred", "Land",
                        "Planeswalker"]  # fmt: skip
# 205.3: a subtype is one word (a few are two: "Time Lord").
Subtype = Annotated[
    str,
    StringConstraints(
        strip_whitespace=True, min_length=1, max_length=30, pattern=r"^(?:[^\W_]|[\-' ])+$"
    ),
]
PT = Annotated[int, Field(ge=-99, le=99)]


class ApplyEffect(ActionModel):
    """An effect on a permanent, said by its `source` (a card's name or a text, shown to
    everyone): e.g. Unable to Scream's "loses all abilities and is a Toy artifact creature
    with base power and toughness 0/2 … can't be turned face up"."""

    type: Literal["apply_effect"]
    object: ObjectId
    source: str = Field(default="", max_length=120)
    loses_all_abilities: bool = False
    add_types: list[PermanentType] = Field(default_factory=list, max_length=8)
    add_subtypes: list[Subtype] = Field(default_factory=list, max_length=8)
    base_power: PT | None = None
    base_toughness: PT | None = None
    cant_turn_face_up: bool = False
    # A triggered ability it gains (613.1f), a face-down one too (708.2).
    grant_trigger: CardTrigger | None = None
    until_end_of_turn: bool = False

    @model_validator(mode="after")
    def _does_something(self) -> ApplyEffect:
        if not (
            self.loses_all_abilities
            or self.add_types
            or self.add_subtypes
            or self.base_power is not None
            or self.base_toughness is not None
            or self.cant_turn_face_up
            or self.grant_trigger is not None
        ):
            raise ValueError("the effect changes nothing: say what it does")
        return self
