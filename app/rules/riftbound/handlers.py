"""The Riftbound actions, by JSON type (engine.apply dispatches here for Riftbound games)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.rules.context import Ctx
from app.rules.riftbound import chain, combat, hidden, play, turn

HANDLERS: dict[str, Callable[[Ctx, Any], None]] = {
    "hide": hidden.hide,
    "play": play.play,
    "resolve": chain.resolve,
    "resolve_showdown": combat.resolve_showdown,
    "move_unit": turn.move_unit,
    "next_turn": turn.next_turn,
    "set_control": turn.set_control,
    "end_game": turn.end_game,
    "concede": turn.concede,
}
