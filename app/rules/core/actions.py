"""What every family's actions share: the base model, the id and name fields, and the
game-wide actions every family accepts (resolve, next turn, end the game, concede).

Each family declares its own action models beside its handlers (its `moves` map); the
discriminated union the API accepts is derived from them in app.rules.families."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Annotated, Any, Literal, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field


class _IssuedId:
    """Marks a field whose value is an id the game issued (an object's, a proposal's): a
    proposal looks each one up before anything else, so a hidden id and a never-issued one
    get the same answer (SECURITY.md, "Error messages")."""


ISSUED_ID = _IssuedId()
ObjectId = Annotated[str, Field(min_length=1, max_length=64), ISSUED_ID]
PlayerName = Annotated[str, Field(min_length=1, max_length=40)]
PlaceId = Annotated[str, Field(min_length=1, max_length=40)]


class ActionModel(BaseModel):
    """One JSON `type` of action; frozen, unknown fields refused."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    if TYPE_CHECKING:
        # Every action model declares its `type` as a Literal (pydantic's tag); declared here
        # for the type checker only, so code holding any action may read it.
        type: str


class Resolve(ActionModel):
    type: Literal["resolve"]


class NextTurn(ActionModel):
    type: Literal["next_turn"]


class EndGame(ActionModel):
    type: Literal["end_game"]


class Concede(ActionModel):
    type: Literal["concede"]
    player: PlayerName | None = None


def _holds_ids(annotation: Any) -> bool:
    """Whether a field's type holds marked ids somewhere (a list of ids, an optional one)."""
    if get_origin(annotation) is Annotated:
        return any(arg is ISSUED_ID for arg in get_args(annotation)[1:])
    return any(_holds_ids(arg) for arg in get_args(annotation))


# Per action model: the fields that hold issued ids, in field order. A model's fields never
# change once the class is built, and reading them from the annotations again for each action
# was most of the time a page's game-wide buttons spent on proposals (bench/'s profile).
@functools.cache
def _id_fields(model: type[ActionModel]) -> tuple[str, ...]:
    return tuple(
        name
        for name, info in model.model_fields.items()
        if ISSUED_ID in info.metadata or _holds_ids(info.annotation)
    )


def issued_ids(action: ActionModel) -> list[str]:
    """Every id an action names, in field order, whether or not it exists."""
    found: list[str] = []
    fields = action.__dict__
    for name in _id_fields(type(action)):
        value = fields.get(name)
        if value is None:
            continue
        if isinstance(value, str):
            found.append(value)
        else:  # a list of ids, or a dict keyed by them
            found += [str(v) for v in (value.keys() if isinstance(value, dict) else value)]
    return found
