"""The take-back offer's actions (app/web/recent_actions.py): the log's newest entries after
the setup, at most three, in the log's own order (newest first)."""

from __future__ import annotations

from app.rules.core.view import LogEntryView
from app.web.recent_actions import OFFERED, recent_actions


def _log(*versions: int) -> list[LogEntryView]:
    return [LogEntryView(version=v, actor="Alice", events=[]) for v in versions]


def test_the_offer_lists_the_three_newest_actions_newest_first() -> None:
    log = _log(7, 6, 5, 4, 3)
    assert [e.version for e in recent_actions(log)] == [7, 6, 5]
    assert OFFERED == 3


def test_the_setup_is_never_offered_to_take_back() -> None:
    # A game of two actions: its setup (version 0) is not an action to undo.
    assert [e.version for e in recent_actions(_log(2, 1, 0))] == [2, 1]
    assert recent_actions(_log(0)) == []
    assert recent_actions([]) == []


def test_the_entries_offered_are_the_logs_own() -> None:
    log = _log(3, 2, 1, 0)
    assert all(a is b for a, b in zip(recent_actions(log), log, strict=False))
