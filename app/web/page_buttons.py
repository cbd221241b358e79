"""The buttons of a seat page, worked out only when the page shows them, and remembered.

`actions_for` (app/rules/offers.py) offers an action only if the engine accepts it, so it
tries every candidate on a copy of the state: on a board of 200 objects, most of a second. A
page needs less: the game-wide buttons (the action bar, the Table panel), each offered when its
move's declared precondition holds (`loose_options`: no trial for those that declare one), and
the buttons of the one card whose sheet is open (`object_options`: that object's candidates,
tried through the engine). No page tries every object's candidates: a tile is marked by what
the view says (the viewer's own cards), not by a trial. The options are exactly those
`actions_for` gives, in its order (tests/rules/conformance/test_button_equivalence.py, the
golden files in tests/web/golden, tests/web/pages/test_page_buttons.py).

`OptionsCache` keeps memos per (game id, version, viewer) in a small thread-safe LRU: a
version's state never changes, so an entry never goes stale, and the viewer is part of the
key because what may be done, and how a card is named, depends on who looks (a judge acting
as a player shares that player's entry; the "as" is added per page, on the way out).
"""

from __future__ import annotations

from app.lru import LRU
from app.rules.core.state import GameState
from app.rules.redact import (
    ActionOption,
    Viewer,
    actions_for,
    loose_options,
    object_options,
)

CACHE_SIZE = 256


class OptionsMemo:
    """The options one viewer has at one version, each part worked out once, when asked.

    Thread-safe without a lock: a result is a pure function of (state, viewer, what is
    asked), so two threads racing on one part store equal answers."""

    def __init__(self, state: GameState, viewer: Viewer) -> None:
        self._state = state
        self._viewer = viewer
        self._loose: list[ActionOption] | None = None
        self._by_object: dict[str, list[ActionOption]] = {}
        self._all: list[ActionOption] | None = None

    def loose(self) -> list[ActionOption]:
        """The game-wide options (no object), in order."""
        if self._loose is None:
            self._loose = loose_options(self._state, self._viewer)
        return self._loose

    def for_object(self, object_id: str | None) -> list[ActionOption]:
        """Every option about one object, in order."""
        if not object_id:
            return []
        found = self._by_object.get(object_id)
        if found is None:
            found = self._by_object[object_id] = object_options(
                self._state, self._viewer, object_id
            )
        return found

    def all(self) -> list[ActionOption]:
        """What `actions_for` returns."""
        if self._all is None:
            self._all = actions_for(self._state, self._viewer)
        return self._all


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
        # Made outside any lock (it costs nothing until asked); a racing twin keeps the first.
        return self._items.setdefault(key, OptionsMemo(state, viewer))

    def __len__(self) -> int:
        return len(self._items)
