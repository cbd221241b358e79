"""The hot path of every write, in one place: the game's head (its version) read, and the
compare-and-set that advances the version and appends the log entry.

Two statements carry a game forward (docs/DESIGN.md invariants 6 and 7): `read_head` learns the
version an action applies to, `advance` lands the action only if the game is still at that
version (`UPDATE ... WHERE version = :current`: on PostgreSQL the row lock orders two
writers; on SQLite BEGIN IMMEDIATE already holds the write lock) and appends its log entry
(and a snapshot now and then) in the same transaction. Kept apart from the event log's
bookkeeping so that they can be run on the database driver directly if a measurement asks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, bindparam, insert, update
from sqlalchemy import select as core_select

from app.store.errors import GameNotFound
from app.store.tables import ActionRecord, Game, Snapshot, table_of

_GAMES = table_of(Game)
_ACTIONS = table_of(ActionRecord)
_SNAPSHOTS = table_of(Snapshot)

_GAME_HEAD = core_select(
    _GAMES.c.id, _GAMES.c.ruleset, _GAMES.c.title, _GAMES.c.version, _GAMES.c.finished
).where(_GAMES.c.id == bindparam("game_id"))
# Compare-and-set: the write lands only on the version the action was applied to.
_ADVANCE = (
    update(_GAMES)
    .where(_GAMES.c.id == bindparam("game_id"), _GAMES.c.version == bindparam("current"))
    .values(version=bindparam("new_version"), finished=bindparam("new_finished"))
)
_INSERT_ACTION = insert(_ACTIONS)
_INSERT_SNAPSHOT = insert(_SNAPSHOTS)


@dataclass(frozen=True)
class GameInfo:
    """A game's head: what it is (ruleset, title: never change) and where it is now."""

    id: str
    ruleset: str
    title: str
    version: int
    finished: bool


def read_head(conn: Connection, game_id: str) -> GameInfo:
    """The game's head as the database holds it now; GameNotFound if there is no such game."""
    row = conn.execute(_GAME_HEAD, {"game_id": game_id}).first()
    if row is None:
        raise GameNotFound(game_id)
    return GameInfo(row.id, row.ruleset, row.title, row.version, bool(row.finished))


def advance(
    conn: Connection,
    current: int,
    record: dict[str, Any],
    finished: bool,
    snapshot: dict[str, Any] | None = None,
) -> bool:
    """Inside a write transaction: move the game from `current` to `record["version"]` and
    append `record` (and `snapshot`); False, having written nothing, when the game is no
    longer at `current` (another writer got there first)."""
    advanced = conn.execute(
        _ADVANCE,
        {
            "game_id": record["game_id"],
            "current": current,
            "new_version": record["version"],
            "new_finished": finished,
        },
    ).rowcount
    if advanced != 1:
        return False
    conn.execute(_INSERT_ACTION, record)
    if snapshot is not None:
        conn.execute(_INSERT_SNAPSHOT, snapshot)
    return True
