"""EventLog: the games' append-only log of actions, read and written.

The log is the truth; states are rebuilt from it (docs/DESIGN.md invariant 6: app/store/states.py).
An action is applied by the rules engine, a take-back step as the rules core decides it
(app/rules/core/take_back.py): the log only records them. Every write is one short transaction guarded by the game's version
(docs/DESIGN.md invariant 7: app/store/compare_and_set.py). A refused action writes nothing.

Each committed write is announced to the hooks subscribed with `on_commit` (the live pages:
app/web/live.py), in the writing thread, after the commit and never for a write that did not
land.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import orjson
from sqlalchemy import Connection, Engine, bindparam, func
from sqlalchemy import select as core_select
from sqlmodel import Session, SQLModel, col, select

from app.lru import LRU
from app.rules import engine as rules
from app.rules.core import take_back as take_backs
from app.rules.core.actions import ActionModel as Action
from app.rules.core.errors import RuleError
from app.rules.core.events import Event
from app.rules.core.state import GameState
from app.store.compare_and_set import GameInfo, advance, read_head
from app.store.db import read_only
from app.store.driver import DriverStatement, driver_write, execute
from app.store.errors import (
    GameNotFound,
    Refused,
    RequestIdReused,
    StaleVersion,
    StoreBusy,
    StoreError,
    UnknownActor,
    VersionNotFound,
)
from app.store.event_json import dump_action, dump_events, load_events
from app.store.game_versions import game_versions
from app.store.notify import announce
from app.store.request_heads import RequestHeads
from app.store.retry import with_retry
from app.store.rows import row_by_key
from app.store.states import States
from app.store.tables import ActionRecord, Game, Snapshot, new_game_id, table_of, utcnow

log = logging.getLogger(__name__)

# What version 0's log entry records as its "action": the game was set up.
SETUP_ACTION = '{"type":"setup"}'

# A view and an action run these Core statements, not the ORM's unit of work: each costs a
# fixed, small number of SQL statements whatever the game's length (tests/store/
# test_sql_counts.py counts them), and little CPU per request.
_ACTIONS = table_of(ActionRecord)

_DONE_REQUEST = core_select(
    _ACTIONS.c.version, _ACTIONS.c.actor, _ACTIONS.c.action, _ACTIONS.c.events
).where(
    _ACTIONS.c.game_id == bindparam("game_id"), _ACTIONS.c.request_id == bindparam("request_id")
)


def _log_statement(after: bool, newest: bool) -> DriverStatement:
    """The log's read on the driver (every page reads it: Core's statement, built and keyed
    for each read, cost more than the read). With `after`, only the entries a page that
    showed the log up to that version lacks (app/web/viewer_memo.py); with `newest`, the
    `last` most recent, newest first."""
    sql = (
        "SELECT actions.version, actions.actor, actions.events FROM actions "
        "WHERE actions.game_id = :game_id AND actions.version <= :upto"
    )
    if after:
        sql += " AND actions.version > :after"
    sql += " ORDER BY actions.version DESC LIMIT :last" if newest else " ORDER BY actions.version"
    return DriverStatement(sql)


# (after given, newest only) -> the statement.
_LOG = {(a, n): _log_statement(a, n) for a in (False, True) for n in (False, True)}

_HEADS_SIZE = 4096
_EVENTS_SIZE = 4096
# Compare-and-set losses in a row before giving up (each means another write landed).
_MAX_CONFLICTS = 50

LogEntry = tuple[int, str | None, list[Event]]
# What a write applies to the game's latest state (an action, a take-back step).
Step = Callable[[GameState], "rules.Outcome"]


@dataclass(frozen=True)
class ActResult:
    version: int
    events: list[Event]
    # True when request_id matched an earlier request: nothing was applied this time.
    replayed: bool
    ruleset: str


@dataclass(frozen=True)
class Committed:
    """What the on-commit hooks hear: `game_id` reached `version` (no card data)."""

    game_id: str
    version: int


CommitHook = Callable[[Committed], None]


class _Conflict(Exception):
    """Another writer advanced the game between our read and our write: apply again."""


def _later(known: GameInfo, seen: GameInfo) -> GameInfo:
    return seen if seen.version > known.version else known


class EventLog:
    def __init__(
        self,
        engine: Engine,
        snapshot_every: int = 50,
        cache_size: int = 256,
        retries: int = 4,
    ) -> None:
        self._engine = engine
        self._read_engine = read_only(engine)
        self._snapshot_every = max(1, snapshot_every)
        self._retries = max(1, retries)
        self._hooks: list[CommitHook] = []
        # The states rebuilt from the log, cached by (game id, version).
        self.states = States(cache_size)
        self.cache = self.states.cache
        # Per game, the latest head this process committed or read: where the next action
        # starts from. Only a hint (the compare-and-set write checks it), and it never goes
        # back: a request that read version v may record it after another committed v + 1.
        self._heads: LRU[str, GameInfo] = LRU(_HEADS_SIZE)
        # Parsed log entries by their stored text (frozen events): a page shows the newest 30
        # on every render, and parsing them again was a tenth of a page's time (bench/).
        # Keyed by the text itself, so an entry a refusal note rewrote is parsed afresh.
        self._events: LRU[str, list[Event]] = LRU(_EVENTS_SIZE)
        # None on the app's shared log; a request's copy remembers the heads it read.
        self._request: RequestHeads | None = None

    def for_request(self) -> EventLog:
        """This log for one request: the same caches and hooks, and a memory of the games'
        heads that lives as long as the request (a head read once, however many helpers
        ask, and moved forward by the request's own write)."""
        copy = object.__new__(EventLog)
        copy.__dict__.update(self.__dict__)
        copy._request = RequestHeads()
        return copy

    def on_commit(self, hook: CommitHook) -> None:
        """Call `hook` after every committed action or take-back step, once per commit."""
        self._hooks.append(hook)

    def _retry(self, fn: Callable[[], Any], retry_integrity: bool = False) -> Any:
        return with_retry(fn, self._retries, retry_integrity)

    # -- a new game -----------------------------------------------------------------------

    def open_game(
        self,
        state: GameState,
        events: list[Event],
        setup_json: str,
        title: str,
        rows_for: Callable[[str], Sequence[SQLModel]],
    ) -> str:
        """Store version 0 (its snapshot and its events) with `rows_for(game id)` (the
        seats) in one transaction; the new game's id."""
        if state.version != 0:
            raise StoreError("a new game starts at version 0")
        state_json = state.model_dump_json()
        events_json = dump_events(events)

        def write() -> str:
            game_id = new_game_id()  # a clash (72 random bits) is retried with a new one
            with Session(self._engine) as session, session.begin():
                session.add(
                    Game(
                        id=game_id,
                        ruleset=state.ruleset,
                        title=title,
                        version=0,
                        finished=state.finished,
                        setup=setup_json,
                    )
                )
                session.flush()
                session.add_all(rows_for(game_id))
                session.add(
                    ActionRecord(
                        game_id=game_id,
                        version=0,
                        actor=None,
                        action=SETUP_ACTION,
                        events=events_json,
                    )
                )
                session.add(Snapshot(game_id=game_id, version=0, state=state_json))
            return game_id

        game_id: str = self._retry(write, retry_integrity=True)
        self.states.cache.put((game_id, 0), state)
        return game_id

    # -- reading the head, states and the log ---------------------------------------------

    def info(self, game_id: str) -> GameInfo:
        """The game's head; on a request's log, read at most once per request."""
        heads = self._request
        known = heads.get(game_id) if heads is not None else None
        if known is not None:
            return known
        head = self._read_head(game_id)
        if heads is not None:
            heads.put(head)
        return head

    def _read_head(self, game_id: str) -> GameInfo:
        """The head as the database holds it now."""

        def read() -> GameInfo:
            with self._read_engine.connect() as conn:
                return read_head(conn, game_id)

        head: GameInfo = self._retry(read)
        return head

    def _head(self, conn: Connection, game_id: str) -> GameInfo:
        """The head this request read already, else read now on `conn` (and remembered)."""
        heads = self._request
        head = heads.get(game_id) if heads is not None else None
        if head is None:
            head = read_head(conn, game_id)
            if heads is not None:
                heads.put(head)
        return head

    def versions(self, game_ids: Sequence[str]) -> dict[str, int]:
        """Every listed game's version, in one query (the live poller's read)."""
        return game_versions(self._read_engine, game_ids)

    def load(self, game_id: str, version: int | None = None) -> GameState:
        """The state at `version` (default: the latest). The caller owns the copy."""
        return self.load_shared(game_id, version).clone()

    def load_shared(self, game_id: str, version: int | None = None) -> GameState:
        """The state at `version` as this process keeps it, not a copy: for a caller that only
        reads it (a view, the buttons), never to be changed (docs/DESIGN.md invariant 1). Its
        objects are the ones the states before and after it share where a move never read
        them, so what is worked out per object can be kept across versions (view_of.py)."""

        def read() -> GameState:
            heads = self._request
            head = heads.get(game_id) if heads is not None else None
            if head is not None:
                cached = self.states.cache.get((game_id, _target(head, version)))
                if cached is not None:
                    return cached
            with self._read_engine.connect() as conn:
                head = self._head(conn, game_id)
                return self.states.at(conn, game_id, _target(head, version))

        state: GameState = self._retry(read)
        return state

    def log(
        self,
        game_id: str,
        up_to: int | None = None,
        last: int | None = None,
        after: int | None = None,
    ) -> list[LogEntry]:
        """(version, actor, events) per recorded action, ascending; version 0 is the setup.
        With `last`, only the `last` most recent entries (a page's log: its cost does not grow
        with the game); with `after`, only those past that version (what a page's log at an
        earlier version lacks)."""

        def read() -> list[LogEntry]:
            with self._read_engine.connect() as conn:
                head = self._head(conn, game_id)
                params = {"game_id": game_id, "upto": _target(head, up_to)}
                if after is not None:
                    params["after"] = after
                if last is not None:
                    params["last"] = max(0, last)
                cursor = execute(conn, _LOG[(after is not None, last is not None)], params)
                try:
                    rows = cursor.fetchall()
                finally:
                    cursor.close()
                if last is not None:
                    rows.reverse()
                return [(v, actor, self._parsed_events(events)) for v, actor, events in rows]

        entries: list[LogEntry] = self._retry(read)
        return entries

    def actions(self, game_id: str, up_to: int | None = None) -> list[tuple[int, str | None, str]]:
        """(version, actor, action JSON) of every applied action after the setup."""

        def read() -> list[tuple[int, str | None, str]]:
            query = select(ActionRecord).where(
                ActionRecord.game_id == game_id, ActionRecord.version > 0
            )
            if up_to is not None:
                # No bound when none is asked (PostgreSQL's integer column can't hold 2**62).
                query = query.where(ActionRecord.version <= up_to)
            with Session(self._read_engine) as session:
                records = session.exec(query.order_by(col(ActionRecord.version))).all()
                return [(r.version, r.actor, r.action) for r in records]

        found: list[tuple[int, str | None, str]] = self._retry(read)
        return found

    def setup_of(self, game_id: str) -> str:
        """The stored setup JSON (a GameSetup) or origin note of a game."""

        game = row_by_key(self._read_engine, Game, game_id, GameNotFound(game_id), self._retries)
        return game.setup

    def count_games(self) -> int:
        def read() -> int:
            with Session(self._read_engine) as session:
                return session.exec(select(func.count()).select_from(Game)).one()

        count: int = self._retry(read)
        return count

    def _parsed_events(self, text: str) -> list[Event]:
        found = self._events.get(text)
        if found is None:
            found = self._events.setdefault(text, load_events(text))
        return list(found)

    # -- writing --------------------------------------------------------------------------

    def act(
        self,
        game_id: str,
        action: Action,
        actor: str | None,
        expected_version: int | None = None,
        request_id: str | None = None,
        *,
        consent: bool = False,
    ) -> ActResult:
        """Apply one action (`consent`: the judge acting as `actor`, see engine.apply);
        raises Refused (a RuleError), StaleVersion, GameNotFound,
        UnknownActor, RequestIdReused or StoreBusy, and then nothing was written.

        The action is applied outside the write lock, to the state this process last
        committed (or read) for the game; the write is one short transaction (BEGIN
        IMMEDIATE on SQLite) that lands only if the game is still at that version
        (compare-and-set). When another writer got there first, or before refusing an
        action, the state is read again from the database and the action applied again. So
        the write lock is held for a few statements (advance, log entry, maybe a snapshot,
        the PostgreSQL notification), not for a replay and the rules engine."""

        def step(state: GameState) -> rules.Outcome:
            return rules.apply(state, action, actor, consent=consent)

        return self._write(
            game_id, step, dump_action(action), actor, expected_version, request_id, self._request
        )

    def take_back(
        self,
        game_id: str,
        kind: str,
        actor: str | None,
        *,
        to: int | None = None,
        agree: bool | None = None,
        expected_version: int | None = None,
    ) -> ActResult:
        """Record one step of a take-back, as the rules core decides it
        (app.rules.core.take_back.step), in the log like an action. Raises like `act`."""
        try:
            payload = take_backs.recorded(kind, to, agree)
        except ValueError as exc:
            raise StoreError(str(exc)) from exc
        action_json = orjson.dumps(payload).decode()

        def step(state: GameState) -> rules.Outcome:
            with self._read_engine.connect() as conn:
                new, events = take_backs.step(
                    state, payload, actor, lambda v: self.states.at(conn, game_id, v)
                )
            return rules.Outcome(state=new, events=events)

        return self._write(game_id, step, action_json, actor, expected_version, None, self._request)

    def _write(
        self,
        game_id: str,
        step: Step,
        action_json: str,
        actor: str | None,
        expected_version: int | None,
        request_id: str | None,
        heads: RequestHeads | None,
    ) -> ActResult:
        """Apply `step` to the game's latest state and record it (see `act`)."""
        fresh = False
        for _ in range(_MAX_CONFLICTS):

            def once(fresh: bool = fresh) -> tuple[ActResult, GameInfo | None]:
                return self._act_once(
                    game_id, step, action_json, actor, expected_version, request_id, fresh, heads
                )

            try:
                result, head = self._retry(once, retry_integrity=True)
            except _Conflict:
                fresh = True
                continue
            if heads is not None:
                # The request's next read starts from its own write.
                if head is None:
                    heads.forget(game_id)
                else:
                    heads.put(head)
            if not result.replayed:
                self._committed(Committed(game_id, result.version))
            return result
        raise StoreBusy("too many concurrent writes to this game")

    def _committed(self, event: Committed) -> None:
        for hook in self._hooks:
            try:
                hook(event)
            except Exception:  # the write landed: a listener's bug must not undo the reply
                log.exception("on-commit hook failed for %s@%s", event.game_id, event.version)

    def _act_once(
        self,
        game_id: str,
        step: Step,
        action_json: str,
        actor: str | None,
        expected_version: int | None,
        request_id: str | None,
        fresh: bool,
        heads: RequestHeads | None,
    ) -> tuple[ActResult, GameInfo | None]:
        """One try: the result, and the game's head after it (None when unknown). It starts
        from the latest head this process or this request (`heads`) knows, else reads it."""
        remembered = mine = None
        if not fresh and request_id is None:
            remembered = self._heads.get(game_id)
            mine = heads.get(game_id) if heads is not None else None
            if mine is not None and (remembered is None or mine.version > remembered.version):
                remembered = mine  # this request read the head already: not again
        state = None
        if remembered is not None and expected_version in (None, remembered.version):
            game = remembered
            state = self.states.cache.get((game_id, game.version))
            if state is None and remembered is mine:
                with self._read_engine.connect() as conn:
                    state = self.states.at(conn, game_id, game.version)
        if state is None:
            with self._read_engine.connect() as conn:
                game = read_head(conn, game_id)
                if request_id is not None:
                    done = conn.execute(
                        _DONE_REQUEST, {"game_id": game_id, "request_id": request_id}
                    ).first()
                    if done is not None:
                        if done.action != action_json or done.actor != actor:
                            raise RequestIdReused(request_id)
                        replayed = ActResult(
                            done.version, load_events(done.events), True, game.ruleset
                        )
                        return replayed, game
                if expected_version is not None and expected_version != game.version:
                    raise StaleVersion(game.version)
                state = self.states.at(conn, game_id, game.version)
            self._heads.merge(game_id, game, _later)
            fresh = True
        current, ruleset = game.version, game.ruleset
        if actor is not None and actor not in state.player_names():
            raise UnknownActor(actor)
        try:
            # apply never changes its input (docs/DESIGN.md invariant 1): no copy needed.
            outcome = step(state)
        except RuleError as err:
            if not fresh and self._read_head(game_id).version != current:
                raise _Conflict() from err  # refuse only on what the database holds now
            raise Refused(err, ruleset) from err
        new_version = current + 1
        if outcome.state.version != new_version:
            raise StoreError("engine.apply must advance the version by one")
        record = {
            "game_id": game_id,
            "version": new_version,
            "actor": actor,
            "action": action_json,
            "events": dump_events(list(outcome.events)),
            "request_id": request_id,
            "created_at": utcnow(),
        }
        snapshot = None
        if new_version % self._snapshot_every == 0:
            snapshot = {
                "game_id": game_id,
                "version": new_version,
                "state": outcome.state.model_dump_json(),
                "created_at": utcnow(),
            }
        with driver_write(self._engine) as conn:
            if not advance(conn, current, record, outcome.state.finished, snapshot):
                raise _Conflict()
            # PostgreSQL: every process's live pages hear of it at commit (app/store/notify.py).
            announce(conn, game_id, new_version)
        # Only once committed: an uncommitted v+1 might lose to another writer.
        self.states.cache.put((game_id, new_version), outcome.state)
        after = GameInfo(game_id, ruleset, game.title, new_version, outcome.state.finished)
        self._heads.merge(game_id, after, _later)
        return ActResult(new_version, list(outcome.events), False, ruleset), after


def _target(head: GameInfo, version: int | None) -> int:
    """`version` (default: the head's), if the game has reached it; else VersionNotFound."""
    target = head.version if version is None else version
    if target < 0 or target > head.version:
        raise VersionNotFound(f"{head.id}@{version}")
    return target
