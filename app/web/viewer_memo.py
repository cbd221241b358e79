"""What one viewer has at one version of a game, each part worked out once, when asked.

A version's state never changes (a take-back is recorded as a new version), so everything a
viewer is shown at that version is a pure function of (state, viewer): the redacted view, the
buttons, the page's log. A seat that opens five sheets in a row, or reloads, pays for the view
and the log once, and for each card's buttons once (README "Performance").

`ViewerCache` keeps memos per (game id, version, viewer) in a small thread-safe LRU. The viewer
is part of the key because what may be known and done depends on who looks (a judge looking as
a player shares that player's entry; the judge's "as" is added per page, on the way out:
`PageButtons`). Thread-safe without a lock: two threads racing on one part store equal answers.

The page's log is worked out from the one before: each entry is redacted on its own
(`log_for`), and an entry never changes once a later one is written (a take-back is a new
entry; a refused attempt is noted in the entry of the version it happened at, the head's:
app/store/refusals.py). So the log at version v is the log this viewer was shown at v - 1,
its entry v - 1 read again (a refusal may have been noted there since), plus entry v, redacted
for them, with the oldest dropped past the page's length. After a tap, each open page then
reads and redacts two entries, not the page's thirty.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from app.lru import LRU
from app.rules.core.state import GameState
from app.rules.core.view import LogEntryView
from app.rules.redact import (
    ActionOption,
    View,
    Viewer,
    actions_for,
    log_for,
    loose_options,
    object_options,
    view_for,
)
from app.store.event_log import LogEntry

CACHE_SIZE = 256

# read(up_to, after): the raw log entries up to a version, only those past `after` if given.
LogRead = Callable[[int, int | None], list[LogEntry]]


@dataclass(frozen=True)
class EarlierLog:
    """The page log this viewer was shown at an earlier version of the same game."""

    version: int
    last: int  # how many entries the page keeps
    entries: list[LogEntryView]


class ViewerMemo:
    """One viewer at one version: the view, the options, the page's log. `earlier`: this
    viewer's page log at an earlier version, when known (the log is then only extended)."""

    def __init__(self, state: GameState, viewer: Viewer, earlier: EarlierLog | None = None) -> None:
        self._state = state
        self._viewer = viewer
        self._view: View | None = None
        self._log: EarlierLog | None = None
        self._earlier = earlier
        self._loose: list[ActionOption] | None = None
        self._by_object: dict[str, list[ActionOption]] = {}
        self._all: list[ActionOption] | None = None

    def view(self) -> View:
        """`view_for(state, viewer)`: the one door hidden information leaves the core by."""
        if self._view is None:
            self._view = view_for(self._state, self._viewer)
        return self._view

    def page_log(self, read: LogRead, last: int) -> list[LogEntryView]:
        """The `last` newest log entries, redacted for this viewer, up to this memo's version
        (so the log never runs ahead of the board); `read` gives the raw entries (it is asked
        only for those after the earlier log's version when there is one)."""
        if self._log is None:
            version, earlier = self._state.version, self._earlier
            self._earlier = None  # held only until used: memos never chain to older ones
            if earlier is not None and earlier.last == last and earlier.version < version:
                # From the earlier head's own entry on: the only one that may have changed.
                since = earlier.version - 1
                added = log_for(read(version, since), self._viewer, self._state.ruleset)
                kept = [e for e in earlier.entries if e.version <= since]
                entries = (kept + added)[-last:] if last > 0 else []
            else:
                entries = log_for(read(version, None), self._viewer, self._state.ruleset)
            self._log = EarlierLog(version, last, entries)
        return self._log.entries

    def log_so_far(self) -> EarlierLog | None:
        """The page log, if worked out already (a later version's memo starts from it)."""
        return self._log

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


class ViewerCache:
    """A bounded LRU of ViewerMemo by (game id, version, viewer)."""

    def __init__(self, maxsize: int = CACHE_SIZE) -> None:
        self._items: LRU[tuple[str, int, str, str | None], ViewerMemo] = LRU(maxsize)

    def memo(self, game_id: str, state: GameState, viewer: Viewer) -> ViewerMemo:
        key = (game_id, state.version, viewer.kind, viewer.player)
        found = self._items.get(key)
        if found is not None:
            return found
        # The same viewer one version back: its page log, if shown, is extended, not re-read.
        before = self._items.get((game_id, state.version - 1, viewer.kind, viewer.player))
        earlier = before.log_so_far() if before is not None else None
        # Made outside any lock (it costs nothing until asked); a racing twin keeps the first.
        return self._items.setdefault(key, ViewerMemo(state, viewer, earlier))

    def __len__(self) -> int:
        return len(self._items)
