"""The hot path of every write, in one place: the game's head (its version) read, and the
compare-and-set that advances the version and appends the log entry.

Two statements carry a game forward (docs/DESIGN.md invariants 6 and 7): `read_head` learns the
version an action applies to, `advance` lands the action only if the game is still at that
version (`UPDATE ... WHERE version = :current`: on PostgreSQL the row lock orders two
writers; on SQLite BEGIN IMMEDIATE already holds the write lock) and appends its log entry
(and a snapshot now and then) in the same transaction. They run on the database driver
directly (app/store/driver.py): Core's execution of the UPDATE and the INSERT, and its
transaction around them, cost more than the statements (bench/).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection

from app.store.driver import DriverStatement, DriverWrite, execute
from app.store.errors import GameNotFound
from app.store.tables import ActionRecord, Game, Snapshot, table_of

_GAMES = table_of(Game)
_ACTIONS = table_of(ActionRecord)
_SNAPSHOTS = table_of(Snapshot)


def _insert(table: Any, columns: tuple[str, ...]) -> DriverStatement:
    """INSERT of `columns` (named after themselves), bound as their column types bind."""
    names = ", ".join(columns)
    values = ", ".join(f":{c}" for c in columns)
    return DriverStatement(
        f"INSERT INTO {table.name} ({names}) VALUES ({values})",
        {c: table.c[c].type for c in columns},
    )


# Written as Core wrote them (qualified columns), so that a log or a listener reads the same.
_GAME_HEAD = DriverStatement(
    "SELECT games.id, games.ruleset, games.title, games.version, games.finished "
    "FROM games WHERE games.id = :game_id"
)
# Compare-and-set: the write lands only on the version the action was applied to.
_ADVANCE = DriverStatement(
    "UPDATE games SET version = :new_version, finished = :new_finished "
    "WHERE games.id = :game_id AND games.version = :current",
    {"new_finished": _GAMES.c.finished.type},
)
ACTION_COLUMNS = ("game_id", "version", "actor", "action", "events", "request_id", "created_at")
SNAPSHOT_COLUMNS = ("game_id", "version", "state", "created_at")
_INSERT_ACTION = _insert(_ACTIONS, ACTION_COLUMNS)
_INSERT_SNAPSHOT = _insert(_SNAPSHOTS, SNAPSHOT_COLUMNS)


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
    cursor = execute(conn, _GAME_HEAD, {"game_id": game_id})
    try:
        row = cursor.fetchone()
    finally:
        cursor.close()
    if row is None:
        raise GameNotFound(game_id)
    found_id, ruleset, title, version, finished = row
    return GameInfo(found_id, ruleset, title, version, bool(finished))


def advance(
    conn: Connection | DriverWrite,
    current: int,
    record: dict[str, Any],
    finished: bool,
    snapshot: dict[str, Any] | None = None,
) -> bool:
    """Inside a write transaction (`driver_write`): move the game from `current` to `record["version"]` and
    append `record` (and `snapshot`); False, having written nothing, when the game is no
    longer at `current` (another writer got there first)."""
    cursor = execute(
        conn,
        _ADVANCE,
        {
            "game_id": record["game_id"],
            "current": current,
            "new_version": record["version"],
            "new_finished": finished,
        },
    )
    advanced = cursor.rowcount
    cursor.close()
    if advanced != 1:
        return False
    execute(conn, _INSERT_ACTION, record).close()
    if snapshot is not None:
        execute(conn, _INSERT_SNAPSHOT, snapshot).close()
    return True
