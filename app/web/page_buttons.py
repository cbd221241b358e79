"""The buttons of a seat page, worked out only when the page shows them, and remembered.

`actions_for` (app/rules/offers.py) offers an action only if the engine accepts it, so it
tries every candidate on a copy of the state: on a board of 200 objects, most of a second. A
page needs less: the game-wide buttons (the action bar, the Table panel), each offered when its
move's declared precondition holds (`loose_options`: no trial for those that declare one), and
the buttons of the one card whose sheet is open (`object_options`: that object's candidates,
the same way). No page tries every object's candidates: a tile is marked by what
the view says (the viewer's own cards), not by a trial. The options are exactly those
`actions_for` gives, in its order (tests/rules/conformance/test_button_equivalence.py, the
golden files in tests/web/golden, tests/web/pages/test_page_buttons.py).

The options are worked out once per (game, version, viewer) by that viewer's memo
(app/web/viewer_memo.py); `PageButtons` adds the judge's "as" on the way out.
"""

from __future__ import annotations

from app.rules.redact import ActionOption
from app.web.viewer_memo import ViewerMemo


class PageButtons:
    """The buttons one page shows (its offers): a memo's options, with the judge's "as" when
    acting for a player; or a fixed list (the past offers nothing)."""

    def __init__(self, memo: ViewerMemo | None, acting_as: str | None = None) -> None:
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
