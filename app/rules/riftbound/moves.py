"""Riftbound's moves: each action model with the handler that applies it (the API's action
union is derived from these in app.rules.families)."""

from __future__ import annotations

from typing import Any

from app.rules.core.actions import Concede, EndGame, NextTurn, Resolve
from app.rules.core.family import Move
from app.rules.core.proposal_moves import PROPOSAL_MOVES
from app.rules.riftbound import actions as a
from app.rules.riftbound import chain, combat, hidden, play, table, turn
from app.rules.riftbound import table_actions as t
from app.rules.riftbound.judge_edits import JUDGE_MOVES

MOVES: tuple[Move[Any], ...] = (
    Move(a.Hide, hidden.hide),
    Move(a.Play, play.play),
    Move(Resolve, chain.resolve, chain.may_resolve),
    Move(a.ResolveShowdown, combat.resolve_showdown, combat.may_resolve_showdown),
    Move(a.MoveUnit, turn.move_unit, turn.may_move_unit),
    Move(NextTurn, turn.next_turn, turn.may_end_turn),
    Move(a.SetControl, turn.set_control, turn.may_set_control),
    Move(EndGame, turn.end_game, turn.MAY_END_GAME),
    Move(Concede, turn.concede, turn.MAY_CONCEDE),
    # An effect on another player's object: proposed, then accepted or refused.
    *PROPOSAL_MOVES,
    # The judge edits the table: judge only.
    *JUDGE_MOVES,
    # A casual table's actions (app.rules.riftbound.table).
    Move(t.Draw, table.draw, table.may_draw),
    Move(t.Channel, table.channel, table.may_channel),
    Move(t.Score, table.score, table.may_score),
)
