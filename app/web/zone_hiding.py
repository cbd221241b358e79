"""The judge's one-line summary of a zone whose cards are all hidden the same way.

A starter game's judge page showed one "Hidden — seen by Alice · 402.3" badge under each of
the 18 cards in the two hands: the same words, 18 times. When every card of a zone
is hidden from the same seats for the same rule, the zone says it once ("Hidden — Alice's
hand: 9 cards, seen by Alice · 402.3") and its tiles drop their badge. A card hidden
differently (another rule, another set of lookers, a hideaway with two editions' answers)
keeps its own badge, so nothing the judge needs is summarised away.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

# Fewer cards than this read fine with a badge each.
_MIN_GROUP = 2


@dataclass(frozen=True)
class ZoneHiding:
    """How every card of one zone is hidden: who may see them, and the rules that say so."""

    players: tuple[str, ...]
    rules: tuple[str, ...]
    count: int

    @property
    def why(self) -> str | None:
        """The rule the summary links to (the last one cited, as a tile's badge does)."""
        return self.rules[-1] if self.rules else None


def _key(obj: Any, player_count: int) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    seen = obj.visible_to
    if seen is None or len(seen.players) >= player_count:
        return None  # public: nothing to summarise
    if getattr(seen, "other_edition", None) is not None:
        return None  # the judge must see both editions' answers on the card itself
    return tuple(seen.players), tuple(seen.rules)


def zone_hiding(objects: Sequence[Any], player_count: int) -> ZoneHiding | None:
    """The shared hiding of `objects` (one zone's cards, as the judge's view shows them),
    or None when they are too few, or not all hidden the same way."""
    if len(objects) < _MIN_GROUP:
        return None
    keys = {_key(obj, player_count) for obj in objects}
    if len(keys) != 1:
        return None
    (key,) = keys
    if key is None:
        return None
    players, rules = key
    return ZoneHiding(players=players, rules=rules, count=len(objects))
