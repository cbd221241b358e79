"""Actions on a triggered ability on the stack (handlers: app.rules.mtg.triggers), one pydantic
model per JSON `type`. Resolving it is the game-wide `resolve` (608)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from app.rules.core.actions import ActionModel, ObjectId, PlayerName

# An ability on the stack: public to every viewer (113.7a), so not one of the ids that must
# read the same hidden or never issued (a proposal looks those up among the objects first).
AbilityId = Annotated[str, Field(min_length=1, max_length=64)]


class ChooseTargets(ActionModel):
    """601.2c with 603.3d: the ability's controller chooses its targets (objects and players)
    as it is put on the stack; none at all says there is no legal target, and the ability is
    removed from the stack."""

    type: Literal["choose_targets"]
    ability: ObjectId
    objects: list[ObjectId] = Field(default_factory=list, max_length=10)
    players: list[PlayerName] = Field(default_factory=list, max_length=8)


class CounterAbility(ActionModel):
    """701.6: an effect counters an ability on the stack; it is removed and does nothing."""

    type: Literal["counter_ability"]
    ability: AbilityId


class CopyAbility(ActionModel):
    """707.10: a copy of an ability on the stack, with its text and targets, controlled by
    the player who puts it there (707.10c: they may choose new targets)."""

    type: Literal["copy_ability"]
    ability: ObjectId
    # The judge says for whom; a seat copies for itself.
    controller: PlayerName | None = None


class DoneByHand(ActionModel):
    """The judge has applied by hand what the engine doesn't apply itself."""

    type: Literal["judge_done_by_hand"]
    task: ObjectId
