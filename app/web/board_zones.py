"""A view's objects grouped once by zone and player, for the board's templates.

A board draws each player's zones (their battlefield, graveyard, hand...). Filtering the whole
list of objects per zone per player in Jinja costs players × zones × objects filter calls per
render, for every viewer at every version: on a board of 200 objects that was most of what a
page action's cost grew with. Here one pass groups them; each group keeps the view's order
(zone, then arrival: public facts only), exactly what the filters returned.

Which player a zone belongs to is the template's word, not this module's: `controlled` groups
by controller (a battlefield), `owned` by owner (a graveyard, a hand), so any family's zones
group the same way without naming a family here.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class BoardZones:
    """One view's objects by (zone, controller), (zone, owner), zone and id."""

    by_controller: Mapping[tuple[str, str], tuple[Any, ...]]
    by_owner: Mapping[tuple[str, str], tuple[Any, ...]]
    by_zone: Mapping[str, tuple[Any, ...]]
    objects: tuple[Any, ...]
    # An id's positions in `objects` (one, unless a view ever repeated an id).
    positions: Mapping[str, tuple[int, ...]]

    @classmethod
    def of(cls, objects: Sequence[Any]) -> BoardZones:
        by_controller: dict[tuple[str, str], list[Any]] = {}
        by_owner: dict[tuple[str, str], list[Any]] = {}
        by_zone: dict[str, list[Any]] = {}
        positions: dict[str, list[int]] = {}
        for i, o in enumerate(objects):
            zone = o.zone
            by_controller.setdefault((zone, o.controller), []).append(o)
            by_owner.setdefault((zone, o.owner), []).append(o)
            by_zone.setdefault(zone, []).append(o)
            positions.setdefault(o.id, []).append(i)
        return cls(
            by_controller={k: tuple(v) for k, v in by_controller.items()},
            by_owner={k: tuple(v) for k, v in by_owner.items()},
            by_zone={k: tuple(v) for k, v in by_zone.items()},
            objects=tuple(objects),
            positions={k: tuple(v) for k, v in positions.items()},
        )

    # Lists, as the filters gave: a template may add one to another.
    def controlled(self, zone: str, player: str) -> list[Any]:
        """The objects in `zone` that `player` controls (a battlefield)."""
        return list(self.by_controller.get((zone, player), ()))

    def owned(self, zone: str, player: str) -> list[Any]:
        """The objects in `zone` that `player` owns (a graveyard, a hand)."""
        return list(self.by_owner.get((zone, player), ()))

    def in_zone(self, zone: str) -> list[Any]:
        """Every object in `zone`, whoever's (the stack)."""
        return list(self.by_zone.get(zone, ()))

    def with_ids(self, ids: Iterable[str]) -> list[Any]:
        """The objects whose id is one of `ids`, in the view's order (not the order of `ids`)."""
        found = sorted({i for id_ in ids for i in self.positions.get(id_, ())})
        return [self.objects[i] for i in found]


class _Last(threading.local):
    """The last view grouped, per thread: a page's templates ask for the same view's groups
    once per player and zone, and a view never changes once built."""

    view: Any = None
    zones: BoardZones | None = None


_last = _Last()


def board_zones(view: Any) -> BoardZones:
    """`view`'s objects grouped (a Jinja global: the board's templates call it)."""
    if _last.view is not view or _last.zones is None:
        _last.zones = BoardZones.of(view.objects)
        _last.view = view  # held, so the identity check can't match a new view at a reused id
    return _last.zones
