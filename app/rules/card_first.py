"""A card's sheet lists what belongs to the card first: the buttons its own keywords and
abilities give it (Foretell, Morph's face-down cast and turn face up, Flip, Hideaway, Hidden),
then everything any card may have done to it (cast, moves between zones, tap, counters,
control, copies), each group in the order the family offered it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.rules.offers import ActionOption

# Action types that exist only because of the card's own keyword or ability.
_OWN_TYPES = frozenset(
    {
        "foretell",  # 702.143a: Foretell
        "cast_face_down",  # 702.37c / 702.168a: morph, megamorph, disguise
        "turn_face_up",  # 702.37e: the morph (or disguise) cost paid
        "flip",  # 709.4: a flip card's own "flip it"
        "hideaway_play",  # 702.75a: the hideaway land's "you may play the exiled card"
        "turn_face_up_in_exile",  # the exiled card's own ability (Bane Alley Broker)
        "hide",  # Riftbound's Hidden keyword
        "channel",
    }
)
# Generic types that are the card's own only by how they are done (`via`).
_OWN_VIAS = frozenset(
    {
        ("cast_from_exile", "foretell"),  # 702.143a: cast for its foretell cost
        ("turn_face_down", "ixidron"),  # Ixidron's own replacement effect
    }
)


def _inner(action: dict[str, Any]) -> dict[str, Any]:
    """What a proposal proposes (the button is about that action)."""
    inner = action.get("action")
    return inner if action.get("type") == "propose" and isinstance(inner, dict) else action


def is_cards_own(option: ActionOption) -> bool:
    """True for a button that belongs to the card (a keyword or ability of its own)."""
    action = _inner(option.action)
    kind = action.get("type")
    return kind in _OWN_TYPES or (kind, action.get("via")) in _OWN_VIAS


def card_first(options: Sequence[ActionOption]) -> list[ActionOption]:
    """The card's own buttons, then the rest; each group keeps its order (a stable sort)."""
    return sorted(options, key=lambda option: not is_cards_own(option))
