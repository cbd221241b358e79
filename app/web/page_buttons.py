"""The buttons of a seat page, computed only as far as the page shows them, and remembered.

`actions_for` (app/rules/offers.py) offers an action only if the engine accepts it, so it
tries every candidate on a copy of the state: 15 to 45 ms for a whole table. A page needs
less: every game-wide button (the action bar), whether each card has at least one action
(its tile is marked and opens a sheet), and the full list for the one card whose sheet is
open. `OptionsMemo` answers exactly these from the same candidates, in the same order, with
the same engine check, stopping at a card's first legal action; so a page shows what it
showed when it asked for the whole list (the golden files in tests/web/golden, and
tests/web/pages/test_page_buttons.py, hold it to that).

`OptionsCache` keeps memos per (game id, version, viewer) in a small thread-safe LRU: a
version's state never changes, so an entry never goes stale, and the viewer is part of the
key because what may be done, and how a card is named, depends on who looks (a judge acting
as a player shares that player's entry; the "as" is added per page, on the way out).
"""

from __future__ import annotations

from collections.abc import Sequence

from app.lru import LRU
from app.rules.core.state import GameState
from app.rules.redact import ActionOption, Candidate, Viewer, candidates_for, option_if_legal

CACHE_SIZE = 256


class OptionsMemo:
    """The options one viewer has at one version, each candidate tried at most once.

    Thread-safe without a lock: a result is a pure function of (state, candidate, viewer),
    so two threads racing on one candidate store equal answers."""

    def __init__(self, state: GameState, viewer: Viewer) -> None:
        self._state = state
        self._viewer = viewer
        self._candidates: list[Candidate] = candidates_for(state, viewer)
        self._results: dict[int, ActionOption | None] = {}
        self._loose: list[int] = []
        self._by_target: dict[str, list[int]] = {}
        for i, candidate in enumerate(self._candidates):
            if candidate.target is None:
                self._loose.append(i)
            else:
                self._by_target.setdefault(candidate.target, []).append(i)

    def _option(self, i: int) -> ActionOption | None:
        if i not in self._results:
            self._results[i] = option_if_legal(self._state, self._candidates[i], self._viewer)
        return self._results[i]

    def _options(self, indices: Sequence[int]) -> list[ActionOption]:
        return [o for o in map(self._option, indices) if o is not None]

    def loose(self) -> list[ActionOption]:
        """The game-wide options (no object), in order."""
        return self._options(self._loose)

    def for_object(self, object_id: str | None) -> list[ActionOption]:
        """Every option about one object, in order."""
        return self._options(self._by_target.get(object_id or "", []))

    def actionable(self) -> list[str]:
        """The objects with at least one option, sorted."""
        return sorted(
            target
            for target, indices in self._by_target.items()
            if any(self._option(i) is not None for i in indices)
        )

    def all(self) -> list[ActionOption]:
        """What `actions_for` returns."""
        return self._options(range(len(self._candidates)))


class PageButtons:
    """The buttons one page shows (its offers): a memo's options, with the judge's "as" when
    acting for a player; or a fixed list (the past offers nothing)."""

    def __init__(self, memo: OptionsMemo | None, acting_as: str | None = None) -> None:
        self._memo = memo
        self._acting_as = acting_as

    def _out(self, options: list[ActionOption]) -> list[ActionOption]:
        if self._acting_as is None:
            return options
        return [
            o.model_copy(update={"action": {**o.action, "as": self._acting_as}}) for o in options
        ]

    def loose(self) -> list[ActionOption]:
        return self._out(self._memo.loose()) if self._memo else []

    def for_object(self, object_id: str | None) -> list[ActionOption]:
        return self._out(self._memo.for_object(object_id)) if self._memo else []

    def actionable(self) -> list[str]:
        return self._memo.actionable() if self._memo else []

    def all(self) -> list[ActionOption]:
        return self._out(self._memo.all()) if self._memo else []


class FixedButtons(PageButtons):
    """A list of options as `actions_for` returns it, asked the same questions."""

    def __init__(self, options: list[ActionOption]) -> None:
        super().__init__(None)
        self._list = options

    def loose(self) -> list[ActionOption]:
        return [o for o in self._list if o.object is None]

    def for_object(self, object_id: str | None) -> list[ActionOption]:
        return [o for o in self._list if o.object is not None and o.object == object_id]

    def actionable(self) -> list[str]:
        return sorted({o.object for o in self._list if o.object is not None})

    def all(self) -> list[ActionOption]:
        return list(self._list)


class OptionsCache:
    """A bounded LRU of OptionsMemo by (game id, version, viewer)."""

    def __init__(self, maxsize: int = CACHE_SIZE) -> None:
        self._items: LRU[tuple[str, int, str, str | None], OptionsMemo] = LRU(maxsize)

    def memo(self, game_id: str, state: GameState, viewer: Viewer) -> OptionsMemo:
        key = (game_id, state.version, viewer.kind, viewer.player)
        found = self._items.get(key)
        if found is not None:
            return found
        # Made outside any lock (it costs a little); a racing twin keeps the first one.
        return self._items.setdefault(key, OptionsMemo(state, viewer))

    def __len__(self) -> int:
        return len(self._items)
