"""GameRepository: the event-sourced store. The log is the truth; states are rebuilt.

Every write is one short transaction guarded by the game's version (docs/DESIGN.md
invariants 6 and 7): BEGIN IMMEDIATE on SQLite, a row-locking compare-and-set UPDATE on PostgreSQL. A
state at any version is the nearest cached state or snapshot at or before it plus a replay
of the recorded actions through `engine.apply`. A refused action writes nothing.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import orjson
from sqlalchemy import Connection, Engine, bindparam, func, insert, update
from sqlalchemy import select as core_select
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlmodel import Session, SQLModel, col, select

from app.lru import LRU
from app.rules import engine as rules
from app.rules.core import take_back as take_backs
from app.rules.core.actions import ActionModel as Action
from app.rules.core.errors import RuleError
from app.rules.core.events import Event, Text
from app.rules.core.setup import GameSetup
from app.rules.core.state import GameState
from app.rules.core.viewer import Viewer
from app.rules.families import load_state, parse_action
from app.store.db import begin_write, is_locked_error, read_only
from app.store.notify import announce
from app.store.seat_directory import SeatDirectory, SeatRow
from app.store.seat_keys import SPECTATORS, derived_token
from app.store.tables import ActionRecord, Game, Ruling, ScenarioBrief, Seat, Snapshot, utcnow

log = logging.getLogger(__name__)

T = TypeVar("T")
R = TypeVar("R", bound=SQLModel)

# What version 0's log entry records as its "action": the game was set up.
SETUP_ACTION = '{"type":"setup"}'

# A view and an action run these Core statements, not the ORM's unit of work: each costs a
# fixed, small number of SQL statements whatever the game's length (tests/store/
# test_sql_counts.py counts them), and little CPU per request.
_GAMES = Game.__table__  # type: ignore[attr-defined]
_ACTIONS = ActionRecord.__table__  # type: ignore[attr-defined]
_SNAPSHOTS = Snapshot.__table__  # type: ignore[attr-defined]
_SEATS = Seat.__table__  # type: ignore[attr-defined]

_GAME_HEAD = core_select(
    _GAMES.c.id, _GAMES.c.ruleset, _GAMES.c.title, _GAMES.c.version, _GAMES.c.finished
).where(_GAMES.c.id == bindparam("game_id"))
_SEAT_BY_HASH = core_select(
    _SEATS.c.game_id, _SEATS.c.role, _SEATS.c.player, _SEATS.c.token_hash
).where(_SEATS.c.token_hash == bindparam("digest"))
_SEATS_OF_GAME = core_select(
    _SEATS.c.role, _SEATS.c.player, _SEATS.c.token_hash, _SEATS.c.link_generation
).where(_SEATS.c.game_id == bindparam("game_id")).order_by(_SEATS.c.id)  # the players in order
_DONE_REQUEST = core_select(
    _ACTIONS.c.version, _ACTIONS.c.actor, _ACTIONS.c.action, _ACTIONS.c.events
).where(
    _ACTIONS.c.game_id == bindparam("game_id"), _ACTIONS.c.request_id == bindparam("request_id")
)
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
_LOG = core_select(_ACTIONS.c.version, _ACTIONS.c.actor, _ACTIONS.c.events).where(
    _ACTIONS.c.game_id == bindparam("game_id"), _ACTIONS.c.version <= bindparam("upto")
)
# Compare-and-set: the write lands only on the version the action was applied to.
_ADVANCE = (
    update(_GAMES)
    .where(_GAMES.c.id == bindparam("game_id"), _GAMES.c.version == bindparam("current"))
    .values(version=bindparam("new_version"), finished=bindparam("new_finished"))
)
_INSERT_ACTION = insert(_ACTIONS)
_INSERT_SNAPSHOT = insert(_SNAPSHOTS)


class StoreError(Exception):
    """Base of the store's own failures (not rule refusals)."""


class GameNotFound(StoreError):
    pass


class VersionNotFound(StoreError):
    pass


class StaleVersion(StoreError):
    """The client's expected_version is not the game's version: re-read and retry."""

    def __init__(self, current: int) -> None:
        super().__init__(f"the game is at version {current}")
        self.current = current


class RequestIdReused(StoreError):
    """A request_id already recorded for a different action or actor."""


class UnknownActor(StoreError):
    """The judge asked to act as someone who is not a player of this game."""


class RulingNotFound(StoreError):
    pass


class StoreBusy(StoreError):
    """The database stayed locked through every retry."""


class _Conflict(Exception):
    """Another writer advanced the game between our read and our write: apply again."""


class ReplayFailed(StoreError):
    """A recorded action no longer replays: the log and the engine disagree (a bug)."""


class Refused(RuleError):
    """A RuleError from the engine, tagged with the game's ruleset for citing rules."""

    def __init__(self, err: RuleError, ruleset: str) -> None:
        super().__init__(err.rules, err.message_en, err.message_fr, err.kind, field=err.field)
        self.ruleset = ruleset


@dataclass(frozen=True)
class SeatToken:
    player: str
    token: str


@dataclass(frozen=True)
class ShownLink:
    """A player's or the spectators' link shown again: None when it can't be (seat_keys.py)."""

    viewer: Viewer
    token: str | None


@dataclass(frozen=True)
class CreatedGame:
    """A new game and its raw tokens, never stored: the seats' derive from the judge's."""

    id: str
    version: int
    ruleset: str
    seats: list[SeatToken]
    judge_token: str
    spectator_token: str


@dataclass(frozen=True)
class GameInfo:
    id: str
    ruleset: str
    title: str
    version: int
    finished: bool


@dataclass(frozen=True)
class ActResult:
    version: int
    events: list[Event]
    # True when request_id matched an earlier request: nothing was applied this time.
    replayed: bool
    ruleset: str = field(default="mtg")


LogEntry = tuple[int, str | None, list[Event]]
# What a write applies to the game's latest state (an action, a take-back step).
Step = Callable[[GameState], "rules.Outcome"]


@dataclass(frozen=True)
class RulingRecord:
    slug: str
    game_id: str
    title: str
    note: str
    version: int
    ruleset: str
    viewpoints: list[Viewer]
    state: GameState
    log: list[LogEntry]
    created_at: str


@dataclass(frozen=True)
class Brief:
    """The question a scenario game answers and its authored answer, in both languages."""

    title: str
    title_fr: str
    question: str
    question_fr: str
    answer: str
    answer_fr: str


def _ruling_record(ruling: Ruling) -> RulingRecord:
    return RulingRecord(
        slug=ruling.slug,
        game_id=ruling.game_id,
        title=ruling.title,
        note=ruling.note,
        version=ruling.version,
        ruleset=ruling.ruleset,
        viewpoints=[Viewer.model_validate(v) for v in orjson.loads(ruling.viewpoints)],
        state=load_state(ruling.state),
        log=[
            (v, actor, [Event.model_validate(e) for e in events])
            for v, actor, events in orjson.loads(ruling.log)
        ],
        created_at=ruling.created_at.isoformat(),
    )


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def _dump_events(events: list[Event]) -> str:
    return orjson.dumps([e.model_dump(mode="json") for e in events]).decode()


def _load_events(text: str) -> list[Event]:
    return [Event.model_validate(item) for item in orjson.loads(text)]


def _dump_action(action: Action) -> str:
    return orjson.dumps(action.model_dump(mode="json")).decode()


_SEAT_CACHE_SIZE = 4096
# How long a process trusts a token it resolved: a link the judge replaced in another process
# stops opening the game here at the latest this long after.
SEAT_MEMORY_SECONDS = 60.0
_HEADS_SIZE = 4096
_EVENTS_SIZE = 4096
# Compare-and-set losses in a row before giving up (each means another write landed).
_MAX_CONFLICTS = 50


def _head(conn: Connection, game_id: str) -> GameInfo:
    row = conn.execute(_GAME_HEAD, {"game_id": game_id}).first()
    if row is None:
        raise GameNotFound(game_id)
    return GameInfo(row.id, row.ruleset, row.title, row.version, bool(row.finished))


# Per game, the latest version this process committed or read, and its ruleset: where the
# next action starts from. Only a hint (the compare-and-set write checks it), and it never
# goes back: a request that read version v may record it after another committed v + 1.
_Head = tuple[int, str]


def _later(known: _Head, seen: _Head) -> _Head:
    return seen if seen[0] > known[0] else known


class GameRepository:
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
        # (game id, version) -> state: a version's state never changes, so an entry never goes
        # stale. A cached state is never changed: callers get a clone, and engine.apply
        # leaves its input as it was (docs/DESIGN.md invariant 1).
        self.cache: LRU[tuple[str, int], GameState] = LRU(cache_size)
        # token hash -> (game id, viewer, until when it may be trusted): a seat's token changes
        # only when the judge issues it a new link, and another process may have done that.
        self._seats: LRU[str, tuple[str, Viewer, float]] = LRU(_SEAT_CACHE_SIZE)
        # Per game, its seats' token hashes: a made-up token on a page or a live stream costs
        # no database read (app/store/seat_directory.py).
        self.seat_directory = SeatDirectory(self._seat_rows, ttl=SEAT_MEMORY_SECONDS)
        self._heads: LRU[str, _Head] = LRU(_HEADS_SIZE)
        # Parsed log entries by their stored text (frozen events): a page shows the newest 30
        # on every render, and parsing them again was a tenth of a page's time (issue 18).
        # Keyed by the text itself, so an entry a refusal note rewrote is parsed afresh.
        self._events: LRU[str, list[Event]] = LRU(_EVENTS_SIZE)

    # -- creating and finding -------------------------------------------------------------

    def create_game(self, setup: GameSetup, title: str = "") -> CreatedGame:
        """Store version 0 (snapshot + its events) and one hashed token per seat."""
        seed = secrets.token_hex(16)
        try:
            outcome = rules.new_game(setup, seed)
        except RuleError as err:
            raise Refused(err, setup.ruleset) from err
        return self._insert_game(
            outcome.state, list(outcome.events), setup.model_dump_json(), title
        )

    def create_game_from_state(
        self, state: GameState, events: list[Event], origin: str, title: str = ""
    ) -> CreatedGame:
        """A new game whose version 0 is `state` (a fork of a ruling, an import). `origin`
        is stored in place of the setup, saying where it came from."""
        if state.take_back is not None:
            # A request to go back to a version of another game means nothing in this one.
            state = state.model_copy(update={"take_back": None})
        return self._insert_game(state, events, origin, title)

    def _insert_game(
        self, state: GameState, events: list[Event], setup_json: str, title: str
    ) -> CreatedGame:
        if state.version != 0:
            raise StoreError("a new game starts at version 0")
        judge_token = new_token()
        state_json = state.model_dump_json()
        events_json = _dump_events(events)
        issued: dict[str, tuple[list[SeatToken], str]] = {}

        def write() -> str:
            with Session(self._engine) as session, session.begin():
                game = Game(
                    ruleset=state.ruleset,
                    title=title,
                    version=0,
                    finished=state.finished,
                    setup=setup_json,
                )
                game_id = game.id
                session.add(game)
                session.flush()
                # Each seat's token derives from the judge's and the game id (seat_keys.py):
                # the judge can show the links again; only their hashes are stored.
                seats = [
                    SeatToken(name, derived_token(judge_token, game_id, Viewer.seat(name), 0))
                    for name in state.player_names()
                ]
                spectator = derived_token(judge_token, game_id, SPECTATORS, 0)
                for seat in seats:
                    session.add(
                        Seat(
                            game_id=game_id,
                            role="player",
                            player=seat.player,
                            token_hash=hash_token(seat.token),
                        )
                    )
                session.add(Seat(game_id=game_id, role="judge", token_hash=hash_token(judge_token)))
                session.add(
                    Seat(game_id=game_id, role="spectator", token_hash=hash_token(spectator))
                )
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
            issued[game_id] = (seats, spectator)
            return game_id

        game_id = self._with_retry(write, retry_integrity=True)
        self.cache.put((game_id, 0), state)
        seat_tokens, spectator_token = issued[game_id]
        return CreatedGame(
            id=game_id,
            version=0,
            ruleset=state.ruleset,
            seats=seat_tokens,
            judge_token=judge_token,
            spectator_token=spectator_token,
        )

    # -- showing the links again (seat_keys.py) -------------------------------------------

    def seat_links(self, game_id: str, judge_token: str) -> list[ShownLink] | None:
        """Every player's and the spectators' link, computed again from the judge's token;
        None unless `judge_token` is this game's judge. A seat whose stored hash is not its
        derived token's (a game from before derived links) has `token` None."""
        judge = self.viewer_for_token(game_id, judge_token)
        if judge is None or judge.kind != "judge":
            return None

        def read() -> list[Any]:
            with self._read_engine.connect() as conn:
                return list(conn.execute(_SEATS_OF_GAME, {"game_id": game_id}))

        shown: list[ShownLink] = []
        for row in self._with_retry(read):
            if row.role == "judge":
                continue
            viewer = Viewer(kind=row.role, player=row.player)
            token = derived_token(judge_token, game_id, viewer, row.link_generation)
            matches = hmac.compare_digest(hash_token(token), row.token_hash)
            shown.append(ShownLink(viewer, token if matches else None))
        return shown

    def reissue_link(self, game_id: str, judge_token: str, viewer: Viewer) -> str | None:
        """A new link for a player's or the spectators' seat (the judge only): the next
        generation's derived token replaces the stored hash, so the old link stops opening
        the game (at once in this process, within SEAT_MEMORY_SECONDS in others). None
        when `judge_token` is not this game's judge or there is no such seat."""
        judge = self.viewer_for_token(game_id, judge_token)
        if judge is None or judge.kind != "judge" or viewer.kind == "judge":
            return None

        def write() -> tuple[str, str] | None:
            with Session(self._engine) as session, session.begin():
                seat = session.exec(
                    select(Seat).where(
                        Seat.game_id == game_id,
                        Seat.role == viewer.kind,
                        Seat.player == viewer.player
                        if viewer.player is not None
                        else col(Seat.player).is_(None),
                    )
                ).first()
                if seat is None:
                    return None
                old_hash = seat.token_hash
                seat.link_generation += 1
                token = derived_token(judge_token, game_id, viewer, seat.link_generation)
                seat.token_hash = hash_token(token)
                session.add(seat)
            return token, old_hash

        done = self._with_retry(write)
        if done is None:
            return None
        token, old_hash = done
        self._seats.pop(old_hash)
        self.seat_directory.forget(game_id)
        return token

    def setup_of(self, game_id: str) -> str:
        """The stored setup JSON (a GameSetup) or origin note of a game."""
        return self._row(Game, game_id, GameNotFound).setup

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

        return self._with_retry(read)

    # -- rulings --------------------------------------------------------------------------

    def create_ruling(
        self, game_id: str, version: int, viewpoints: list[Viewer], title: str, note: str
    ) -> RulingRecord:
        """Pin a copy of the game at `version`: later actions never change it."""
        state = self.load(game_id, version)
        log = self.log(game_id, up_to=version)
        ruling = Ruling(
            game_id=game_id,
            version=version,
            ruleset=state.ruleset,
            title=title,
            note=note,
            viewpoints=orjson.dumps([v.model_dump() for v in viewpoints]).decode(),
            state=state.model_dump_json(),
            log=orjson.dumps(
                [
                    [v, actor, [e.model_dump(mode="json") for e in events]]
                    for v, actor, events in log
                ]
            ).decode(),
        )
        record = _ruling_record(ruling)

        def write() -> None:
            with Session(self._engine) as session, session.begin():
                session.add(ruling)

        self._with_retry(write, retry_integrity=True)
        return record

    def get_ruling(self, slug: str) -> RulingRecord:
        return _ruling_record(self._row(Ruling, slug, RulingNotFound))

    # -- scenario games: their question and answer, refused steps ------------------------

    def save_brief(self, game_id: str, brief: Brief) -> None:
        """Keep the question a scenario game answers (the game's title is its English title)."""
        row = ScenarioBrief(
            game_id=game_id,
            title_fr=brief.title_fr,
            question=brief.question,
            question_fr=brief.question_fr,
            answer=brief.answer,
            answer_fr=brief.answer_fr,
        )

        def write() -> None:
            with Session(self._engine) as session, session.begin():
                session.merge(row)

        self._with_retry(write, retry_integrity=True)

    def brief(self, game_id: str) -> Brief | None:
        """The scenario's question and answer, or None for a game built any other way."""

        def read() -> Brief | None:
            with Session(self._read_engine) as session:
                game = session.get(Game, game_id)
                row = session.get(ScenarioBrief, game_id)
                if game is None or row is None:
                    return None
                return Brief(
                    game.title,
                    row.title_fr,
                    row.question,
                    row.question_fr,
                    row.answer,
                    row.answer_fr,
                )

        return self._with_retry(read)

    def note_refusal(self, game_id: str, event: Event) -> None:
        """Add `event` (a refused attempt, which changes no state) to the log entry of the
        game's current version: the log shows it where it happened, and a replay, which
        re-applies the recorded actions only, is unchanged."""

        def write() -> None:
            with begin_write(self._engine) as conn:
                version = _head(conn, game_id).version
                where = (_ACTIONS.c.game_id == game_id) & (_ACTIONS.c.version == version)
                stored = conn.execute(core_select(_ACTIONS.c.events).where(where)).scalar_one()
                events = [*_load_events(stored), event]
                conn.execute(update(_ACTIONS).where(where).values(events=_dump_events(events)))

        self._with_retry(write)

    def viewer_for_token(self, game_id: str, token: str) -> Viewer | None:
        """The viewer a token grants in this game, or None (unknown token or other game)."""
        found = self.resolve_token(token)
        if found is None or found[0] != game_id:
            return None
        return found[1]

    def _seat_rows(self, game_id: str) -> list[SeatRow]:
        """(token hash, role, player) of every seat of a game: what SeatDirectory reads."""

        def read() -> list[SeatRow]:
            with self._read_engine.connect() as conn:
                rows = conn.execute(_SEATS_OF_GAME, {"game_id": game_id})
                return [(row.token_hash, row.role, row.player) for row in rows]

        return self._with_retry(read)

    def remembered_token(self, token: str) -> tuple[str, Viewer] | None:
        """What `resolve_token` would answer, from this process's memory only (no database
        read: safe on the event loop); None when not remembered."""
        known = self._seats.get(hash_token(token))
        if known is None or known[2] < time.monotonic():
            return None
        return known[0], known[1]

    def resolve_token(self, token: str) -> tuple[str, Viewer] | None:
        """(game id, viewer) for a seat link (`/join/<token>` carries no game id)."""
        known = self.remembered_token(token)
        if known is not None:
            return known
        digest = hash_token(token)

        def read() -> Any:
            with self._read_engine.connect() as conn:
                return conn.execute(_SEAT_BY_HASH, {"digest": digest}).first()

        seat = self._with_retry(read)
        if seat is None or not hmac.compare_digest(seat.token_hash, digest):
            return None
        viewer = Viewer(kind=seat.role, player=seat.player)
        self._seats.put(digest, (seat.game_id, viewer, time.monotonic() + SEAT_MEMORY_SECONDS))
        return seat.game_id, viewer

    def count_games(self) -> int:
        def read() -> int:
            with Session(self._read_engine) as session:
                return session.exec(select(func.count()).select_from(Game)).one()

        return self._with_retry(read)

    def _parsed_events(self, text: str) -> list[Event]:
        found = self._events.get(text)
        if found is None:
            found = self._events.setdefault(text, _load_events(text))
        return list(found)

    def info(self, game_id: str) -> GameInfo:
        def read() -> GameInfo:
            with self._read_engine.connect() as conn:
                return _head(conn, game_id)

        return self._with_retry(read)

    # -- reading states and the log -------------------------------------------------------

    def load(self, game_id: str, version: int | None = None) -> GameState:
        """The state at `version` (default: the latest). The caller owns the copy."""

        def read() -> GameState:
            with self._read_engine.connect() as conn:
                game = _head(conn, game_id)
                target = game.version if version is None else version
                if target < 0 or target > game.version:
                    raise VersionNotFound(f"{game_id}@{version}")
                return self._state_at(conn, game_id, target)

        return self._with_retry(read).clone()

    def log(
        self, game_id: str, up_to: int | None = None, last: int | None = None
    ) -> list[LogEntry]:
        """(version, actor, events) per recorded action, ascending; version 0 is the setup.
        With `last`, only the `last` most recent entries (a page's log: its cost does not grow
        with the game)."""

        def read() -> list[LogEntry]:
            with self._read_engine.connect() as conn:
                game = _head(conn, game_id)
                upper = game.version if up_to is None else up_to
                if upper < 0 or upper > game.version:
                    raise VersionNotFound(f"{game_id}@{up_to}")
                params = {"game_id": game_id, "upto": upper}
                if last is None:
                    rows = conn.execute(_LOG.order_by(_ACTIONS.c.version), params).all()
                else:
                    newest = _LOG.order_by(_ACTIONS.c.version.desc()).limit(max(0, last))
                    rows = list(reversed(conn.execute(newest, params).all()))
                return [(r.version, r.actor, self._parsed_events(r.events)) for r in rows]

        return self._with_retry(read)

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

        return self._write(game_id, step, _dump_action(action), actor, expected_version, request_id)

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
        """One step of a take-back (app.rules.core.take_back), recorded in the log like an
        action: the judge (actor None) takes the game back to `to`, or answers the pending
        request (`agree`); a player asks (`to`) or answers (`agree`). Raises like `act`."""
        payload: dict[str, Any] = {"type": kind}
        if to is not None:
            payload["to"] = to
        if agree is not None:
            payload["agree"] = agree
        if kind not in take_backs.KINDS:
            raise StoreError(f"not a take-back step: {kind}")
        action_json = orjson.dumps(payload).decode()

        def step(state: GameState) -> rules.Outcome:
            with self._read_engine.connect() as conn:
                new, events = self._take_back_step(conn, game_id, state, payload, actor)
            return rules.Outcome(state=new, events=events)

        return self._write(game_id, step, action_json, actor, expected_version, None)

    def _take_back_step(
        self,
        conn: Connection,
        game_id: str,
        state: GameState,
        payload: dict[str, Any],
        actor: str | None,
    ) -> tuple[GameState, list[Event]]:
        """The state after one recorded take-back step (live and on replay alike)."""
        kind = payload["type"]
        if kind == take_backs.REQUEST:
            if actor is None:
                raise StoreError("the judge takes back, it does not ask")
            return take_backs.request(state, actor, int(payload["to"]))
        if kind == take_backs.ANSWER:
            agree = bool(payload["agree"])
            if actor is None:
                pending = state.take_back
                if not agree or pending is None:
                    return take_backs.dismiss(state)
                # The judge accepts the request: the game goes back at once.
                who = Text(
                    en=f"the judge, at {pending.by}'s request",
                    fr=f"l'arbitre, à la demande de {pending.by}",
                )
                return take_backs.restore(state, self._state_at(conn, game_id, pending.to), who)
            after, events, complete = take_backs.answer(state, actor, agree)
            if not complete or state.take_back is None:
                return after, events
            pending = state.take_back
            past = self._state_at(conn, game_id, pending.to)
            restored, more = take_backs.restore(state, past, take_backs.agreed_by(pending))
            return restored, events + more
        if actor is not None:
            raise RuleError(
                [],
                "Only the judge takes a game back directly: ask the other players.",
                "Seul l'arbitre ramène directement la partie en arrière : demandez aux autres joueurs.",
                kind="forbidden",
            )
        to = int(payload["to"])
        take_backs.check_target(state, to)
        return take_backs.restore(state, self._state_at(conn, game_id, to), take_backs.JUDGE)

    def _write(
        self,
        game_id: str,
        step: Step,
        action_json: str,
        actor: str | None,
        expected_version: int | None,
        request_id: str | None,
    ) -> ActResult:
        """Apply `step` to the game's latest state and record it (see `act`)."""
        fresh = False
        for _ in range(_MAX_CONFLICTS):

            def once(fresh: bool = fresh) -> ActResult:
                return self._act_once(
                    game_id, step, action_json, actor, expected_version, request_id, fresh
                )

            try:
                return self._with_retry(once, retry_integrity=True)
            except _Conflict:
                fresh = True
        raise StoreBusy("too many concurrent writes to this game")

    def _act_once(
        self,
        game_id: str,
        step: Step,
        action_json: str,
        actor: str | None,
        expected_version: int | None,
        request_id: str | None,
        fresh: bool,
    ) -> ActResult:
        remembered = None if fresh or request_id is not None else self._heads.get(game_id)
        state = None
        if remembered is not None and expected_version in (None, remembered[0]):
            current, ruleset = remembered
            state = self.cache.get((game_id, current))
        if state is None:
            with self._read_engine.connect() as conn:
                game = _head(conn, game_id)
                ruleset, current = game.ruleset, game.version
                if request_id is not None:
                    done = conn.execute(
                        _DONE_REQUEST, {"game_id": game_id, "request_id": request_id}
                    ).first()
                    if done is not None:
                        if done.action != action_json or done.actor != actor:
                            raise RequestIdReused(request_id)
                        return ActResult(done.version, _load_events(done.events), True, ruleset)
                if expected_version is not None and expected_version != current:
                    raise StaleVersion(current)
                state = self._state_at(conn, game_id, current)
            self._heads.merge(game_id, (current, ruleset), _later)
            fresh = True
        if actor is not None and actor not in state.player_names():
            raise UnknownActor(actor)
        try:
            # apply never changes its input (docs/DESIGN.md invariant 1): no copy needed.
            outcome = step(state)
        except RuleError as err:
            if not fresh and self.info(game_id).version != current:
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
            "events": _dump_events(list(outcome.events)),
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
        with begin_write(self._engine) as conn:
            advanced = conn.execute(
                _ADVANCE,
                {
                    "game_id": game_id,
                    "current": current,
                    "new_version": new_version,
                    "new_finished": outcome.state.finished,
                },
            ).rowcount
            if advanced != 1:
                raise _Conflict()
            conn.execute(_INSERT_ACTION, record)
            if snapshot is not None:
                conn.execute(_INSERT_SNAPSHOT, snapshot)
            # PostgreSQL: every process's live pages hear of it at commit (app/store/notify.py).
            announce(conn, game_id, new_version)
        # Only once committed: an uncommitted v+1 might lose to another writer.
        self.cache.put((game_id, new_version), outcome.state)
        self._heads.merge(game_id, (new_version, ruleset), _later)
        return ActResult(new_version, list(outcome.events), False, ruleset)

    # -- internals ------------------------------------------------------------------------

    def _row(self, table: type[R], key: str, missing: type[StoreError]) -> R:
        """The row of `table` whose primary key is `key`; raises `missing(key)` if none."""

        def read() -> R:
            with Session(self._read_engine) as session:
                row = session.get(table, key)
                if row is None:
                    raise missing(key)
                return row

        return self._with_retry(read)

    def _state_at(self, conn: Connection, game_id: str, version: int) -> GameState:
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
                    state = self._take_back_step(conn, game_id, state, payload, record.actor)[0]
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

    def _with_retry(self, fn: Callable[[], T], retry_integrity: bool = False) -> T:
        """Run fn, retrying when SQLite stays locked past busy_timeout or PostgreSQL reports a
        retryable conflict (and, for writes, on a unique-key race, which re-reads the
        version); StoreBusy after the last try."""
        for attempt in range(self._retries):
            try:
                return fn()
            except OperationalError as exc:
                if not is_locked_error(exc):
                    raise
                if attempt == self._retries - 1:
                    raise StoreBusy("the database is busy") from exc
                log.warning("database locked, retrying (%s)", attempt + 1)
            except IntegrityError:
                if not retry_integrity or attempt == self._retries - 1:
                    raise
            time.sleep(0.02 * (2**attempt) + random.random() * 0.02)
        raise StoreBusy("the database is busy")  # pragma: no cover
