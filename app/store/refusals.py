"""Refused attempts noted in the log: a refusal changes no state, so it is added to the log
entry of the version it happened at (the log shows it there), and a replay, which re-applies
the recorded actions only, is unchanged. Only the head's entry is ever changed so: a page's log
at the next version reads that entry again (app/web/viewer_memo.py)."""

from __future__ import annotations

from sqlalchemy import Engine, update
from sqlalchemy import select as core_select

from app.rules.core.events import Event
from app.store.compare_and_set import read_head
from app.store.db import begin_write
from app.store.event_json import dump_events, load_events
from app.store.retry import with_retry
from app.store.tables import ActionRecord, table_of

_ACTIONS = table_of(ActionRecord)


class Refusals:
    def __init__(self, engine: Engine, retries: int = 4) -> None:
        self._engine = engine
        self._retries = max(1, retries)

    def note_refusal(self, game_id: str, event: Event) -> None:
        """Add `event` (a refused attempt) to the log entry of the game's current version."""

        def write() -> None:
            with begin_write(self._engine) as conn:
                version = read_head(conn, game_id).version
                where = (_ACTIONS.c.game_id == game_id) & (_ACTIONS.c.version == version)
                stored = conn.execute(core_select(_ACTIONS.c.events).where(where)).scalar_one()
                events = [*load_events(stored), event]
                conn.execute(update(_ACTIONS).where(where).values(events=dump_events(events)))

        with_retry(write, self._retries)
