"""The moves every family registers for proposals: an effect on another player's object is
proposed, then accepted or refused by that player (app.rules.core.proposals)."""

from __future__ import annotations

from typing import Any

from app.rules.core import proposals
from app.rules.core.family import Move

PROPOSAL_MOVES: tuple[Move[Any], ...] = (
    Move(proposals.Propose, proposals.propose, proposals.may_propose),
    # No declared precondition: when the judge accepts, what the judge is warned of comes
    # from the proposed move, and a move without a declared precondition says it only in a
    # trial's log.
    Move(proposals.AcceptProposal, proposals.accept),
    Move(proposals.RefuseProposal, proposals.refuse, proposals.may_refuse),
)
