"""How many proposals one seat may have pending in one game: a proposal is shown on every
page of the game until it is answered, so an unbounded number from one seat would make every
page (the judge's and the spectators' too) as large and slow as that seat liked."""

from __future__ import annotations

from app.rules.core.errors import RuleError
from app.rules.core.state import GameState

# Enough for any real turn (a spell touching several players' objects is one proposal).
MAX_PENDING_PER_SEAT = 8


def check_pending_bound(state: GameState, proposer: str) -> None:
    """Refuse a new proposal from a seat that already has MAX_PENDING_PER_SEAT pending."""
    pending = sum(1 for proposal in state.proposals if proposal.by == proposer)
    if pending >= MAX_PENDING_PER_SEAT:
        raise RuleError(
            [],
            f"You already have {pending} proposals waiting for an answer: withdraw one, or "
            "wait until they are answered, before proposing another.",
            f"Vous avez déjà {pending} propositions en attente de réponse : retirez-en une, "
            "ou attendez qu'on y réponde, avant d'en faire une autre.",
        )
