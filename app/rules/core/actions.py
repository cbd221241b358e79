"""What every family's actions share: the base model, the id and name fields, and the
game-wide actions every family accepts (resolve, next turn, end the game, concede).

Each family declares its own action models beside its handlers (its `moves` map); the
discriminated union the API accepts is derived from them in app.rules.families."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

ObjectId = Annotated[str, Field(min_length=1, max_length=64)]
PlayerName = Annotated[str, Field(min_length=1, max_length=40)]
PlaceId = Annotated[str, Field(min_length=1, max_length=40)]


class ActionModel(BaseModel):
    """One JSON `type` of action; frozen, unknown fields refused."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Resolve(ActionModel):
    type: Literal["resolve"]


class NextTurn(ActionModel):
    type: Literal["next_turn"]


class EndGame(ActionModel):
    type: Literal["end_game"]


class Concede(ActionModel):
    type: Literal["concede"]
    player: PlayerName | None = None
