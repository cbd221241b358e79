"""One model built from another's fields of the same name: a card face in a view from the
printed card, a view's frame from the game state, a card's printed characteristics.

Copied from the source's values, not through model_dump: views and characteristics are
built on hot paths (pages try every button on a copy of the state), and a nested model
passes as it is."""

from __future__ import annotations

from functools import cache
from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)


@cache
def _shared_fields(source: type[BaseModel], target: type[BaseModel]) -> tuple[str, ...]:
    return tuple(name for name in target.model_fields if name in source.model_fields)


def project(source: BaseModel, target: type[M], **derived: Any) -> M:
    """A `target` holding the fields it declares that `source` has, copied by name (a field
    the target doesn't declare never reaches it), then the `derived` ones, which win."""
    fields = source.__dict__  # a model's field values (faster than getattr, name by name)
    values = {name: fields[name] for name in _shared_fields(type(source), target)}
    values.update(derived)
    return target(**values)
