"""The state-based actions a player or the judge performs on the table (704)."""

from __future__ import annotations

from typing import Literal

from app.rules.core.actions import ActionModel, ObjectId


class StateBasedActions(ActionModel):
    """704.3: perform the state-based actions that apply now. Today: 704.5f, every creature
    with toughness 0 or less goes to its owner's graveyard (the judge: all of them; a seat:
    those it controls)."""

    type: Literal["state_based_actions"]
    # Only this creature (the button on its tile); None: every one that applies.
    object: ObjectId | None = None
