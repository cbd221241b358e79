"""The states rebuilt from the log: a game's state at a version is the cached state, else the
nearest cached or snapshotted state before it plus a replay of the recorded actions
(docs/DESIGN.md invariant 6). A replay applies what the log holds as it was allowed when it happened, and
take-back steps as the rules core decides them (app/rules/core/take_back.py)."""

from __future__ import annotations

import orjson
from sqlalchemy import Connection, bindparam
from sqlalchemy import select as core_select

from app.lru import LRU
from app.rules import engine as rules
from app.rules.core import take_back as take_backs
from app.rules.core.state import GameState
from app.rules.families import load_state, parse_action
from app.store.errors import ReplayFailed, VersionNotFound
from app.store.tables import ActionRecord, Snapshot, table_of

_ACTIONS = table_of(ActionRecord)
_SNAPSHOTS = table_of(Snapshot)

_LATEST_SNAPSHOT = (
    core_select(_SNAPSHOTS.c.version, _SNAPSHOTS.c.state)
    .where(
        _SNAPSHOTS.c.game_id == bindparam("game_id"), _SNAPSHOTS.c.version <= bindparam("version")
    )
    .order_by(_SNAPSHOTS.c.version.desc())
    .limit(1)
)
_REPLAY = (
    core_select(_ACTIONS.c.version, _ACTIONS.c.actor, _ACTIONS.c.action)
    .where(
        _ACTIONS.c.game_id == bindparam("game_id"),
        _ACTIONS.c.version > bindparam("after"),
        _ACTIONS.c.version <= bindparam("upto"),
    )
    .order_by(_ACTIONS.c.version)
)


class States:
    def __init__(self, cache_size: int = 256) -> None:
        # (game id, version) -> state: a version's state never changes, so an entry never goes
        # stale. A cached state is never changed: callers get a clone, and engine.apply
        # leaves its input as it was (docs/DESIGN.md invariant 1).
        self.cache: LRU[tuple[str, int], GameState] = LRU(cache_size)

    def at(self, conn: Connection, game_id: str, version: int) -> GameState:
        """Cached state, else the nearest cached or snapshotted state before it + replay.
        The returned object may be the cached one: do not mutate it."""
        cached = self.cache.get((game_id, version))
        if cached is not None:
            return cached
        snapshot = conn.execute(_LATEST_SNAPSHOT, {"game_id": game_id, "version": version}).first()
        if snapshot is None:
            raise VersionNotFound(f"{game_id}@{version}: no snapshot")
        state: GameState | None = None
        start = snapshot.version
        for v in range(version - 1, snapshot.version, -1):
            hit = self.cache.get((game_id, v))
            if hit is not None:
                state, start = hit, v
                break
        if state is None:
            state = load_state(snapshot.state)
        records = conn.execute(_REPLAY, {"game_id": game_id, "after": start, "upto": version}).all()
        for record in records:
            try:
                payload = orjson.loads(record.action)
                if payload.get("type") in take_backs.KINDS:

                    def past(v: int) -> GameState:
                        return self.at(conn, game_id, v)

                    state = take_backs.step(state, payload, record.actor, past)[0]
                else:
                    action = parse_action(payload)
                    # The log holds what was allowed when it happened (a seat's own moves,
                    # what the judge did as a player, accepted proposals): replay it as it was.
                    state = rules.apply(state, action, record.actor, consent=True).state
            except Exception as exc:
                raise ReplayFailed(f"{game_id}@{record.version}: {exc!r}") from exc
            if state.version != record.version:
                raise ReplayFailed(f"{game_id}@{record.version}: replay reached {state.version}")
        if state.version != version:
            raise ReplayFailed(f"{game_id}: replay stopped at {state.version}, not {version}")
        self.cache.put((game_id, version), state)
        return state
