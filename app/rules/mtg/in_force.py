"""Effects on casting that stay in force until a player ends them (601.3): a permission
(Gonti: "you may cast it") or a restriction (Void Winnower: "can't cast"). Finding one by its
id and saying it ended are alike for both."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

from app.rules.core.errors import RuleError
from app.rules.core.events import Text
from app.rules.mtg.state import MtgCtx


class _Effect(Protocol):
    @property
    def id(self) -> str: ...


E = TypeVar("E", bound=_Effect)


def in_force(effects: Sequence[E], effect_id: str, missing: Text) -> E:
    """The effect in force with this id, else the refusal `missing` (601.3)."""
    found = next((e for e in effects if e.id == effect_id), None)
    if found is None:
        raise RuleError(["601.3"], missing.en, missing.fr)
    return found


def say_ended(ctx: MtgCtx, kind: str, said: Text) -> None:
    """The log line of an effect ended: what it was, as its description says it."""
    ctx.emit(kind, ["601.3"], Text(en=f"Ended: {said.en}", fr=f"Fin : {said.fr}"))
