"""The moves every family registers for proposals: an effect on another player's object is
proposed, then accepted or refused by that player (app.rules.core.proposals)."""

from __future__ import annotations

from typing import Any

from app.rules.core import proposals
from app.rules.core.family import Move

PROPOSAL_MOVES: tuple[Move[Any], ...] = (
    Move(proposals.Propose, proposals.propose, proposals.may_propose),
    Move(proposals.AcceptProposal, proposals.accept),
    Move(proposals.RefuseProposal, proposals.refuse),
)
