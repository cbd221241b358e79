"""What Riftbound's judge forms show beyond its models (GamePages.judge_forms): its status
boxes, a card's printed numbers and flag, and its setup's names for the common places."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.rules.core.family import JudgeForms
from app.rules.riftbound.view import RiftboundView


def _boxes_now(view: RiftboundView, obj: Any, boxes: Sequence[str]) -> dict[str, bool]:
    """Each status box as a card holds it now."""
    return {
        "exhausted": obj.tapped,
        # 811.1.b: hidden this turn, so not playable before the next.
        "hidden_this_turn": getattr(obj, "hidden_turn", None) == view.turn,
    }


JUDGE_FORMS = JudgeForms(
    boxes=("exhausted", "hidden_this_turn"),
    boxes_now=_boxes_now,
    card_numbers=("might", "energy", "power_cost"),
    card_flags=("hidden",),
    # Its main deck, trash and banishment are the forms' library, graveyard and exile.
    zone_synonyms={"main_deck": "library", "trash": "graveyard", "banishment": "exile"},
)
