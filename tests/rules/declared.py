"""Checks for a move's declared precondition (app.rules.core.family.Move): the game-wide
buttons it gives are the engine's, and it alone refuses what the engine refuses, the same way."""

from __future__ import annotations

from typing import Any

import pytest

from app.rules.core.context import Ctx
from app.rules.core.errors import RuleError
from app.rules.core.viewer import Viewer
from app.rules.families import family_of, parse_action
from app.rules.offers import ActionOption, actions_for, loose_options
from tests.rules.mtg.table import Game


def loose(game: Game, viewer: Viewer) -> list[ActionOption]:
    """The game-wide buttons `viewer`'s page shows (by declared preconditions), checked
    against every candidate tried through the engine."""
    found = loose_options(game.state, viewer)
    assert found == [o for o in actions_for(game.state, viewer) if o.object is None]
    return found


def refused_alike(game: Game, actor: str | None, **action: Any) -> RuleError:
    """The engine refuses it, and the move's declared precondition alone refuses it with the
    same rules, kind and words (it is the whole of what the handler may refuse)."""
    err = game.refused(actor, **action)
    rules = family_of(game.state.ruleset).rules
    move = rules.moves_by_type[action["type"]]
    assert move.precondition is not None
    ctx: Ctx[Any] = Ctx(game.state, actor, rules.visibility.in_view, rules, trial=True)
    with pytest.raises(RuleError) as declared:
        move.precondition(ctx, parse_action(action))
    said = declared.value
    assert (said.rules, said.kind, said.message_en, said.message_fr) == (
        err.rules,
        err.kind,
        err.message_en,
        err.message_fr,
    )
    return err
