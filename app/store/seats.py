"""Seats and their links: who a token is in which game, every seat's link shown again to the
judge, and a new link for a seat that lost its own.

Only the sha256 of each token is stored. A player's and the spectators' token derives from the
judge's (app/store/seat_keys.py), so the judge's token shows every link again; a made-up token
is checked against its game's few seats in memory (app/store/seat_directory.py).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, bindparam
from sqlalchemy import select as core_select
from sqlmodel import Session, col, select

from app.lru import LRU
from app.rules.core.viewer import Viewer
from app.store.db import read_only
from app.store.retry import with_retry
from app.store.seat_directory import SeatDirectory, SeatRow
from app.store.seat_keys import SPECTATORS, derived_token
from app.store.tables import Seat, table_of

_SEATS = table_of(Seat)

_SEAT_BY_HASH = core_select(
    _SEATS.c.game_id, _SEATS.c.role, _SEATS.c.player, _SEATS.c.token_hash
).where(_SEATS.c.token_hash == bindparam("digest"))
_SEATS_OF_GAME = (
    core_select(_SEATS.c.role, _SEATS.c.player, _SEATS.c.token_hash, _SEATS.c.link_generation)
    .where(_SEATS.c.game_id == bindparam("game_id"))
    .order_by(_SEATS.c.id)
)  # the players in order

_SEAT_CACHE_SIZE = 4096
# How long a process trusts a token it resolved: a link the judge replaced in another process
# stops opening the game here at the latest this long after.
SEAT_MEMORY_SECONDS = 60.0


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


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
class IssuedSeats:
    """A new game's seats: the rows to store (hashes only) and the raw tokens, never stored."""

    rows: list[Seat]
    players: list[SeatToken]
    spectator_token: str


def issue(game_id: str, judge_token: str, players: list[str]) -> IssuedSeats:
    """One seat per player, the judge's and the spectators': each player's and the
    spectators' token derives from the judge's and the game id (seat_keys.py), so the judge
    can show the links again; only their hashes are stored."""
    tokens = [
        SeatToken(name, derived_token(judge_token, game_id, Viewer.seat(name), 0))
        for name in players
    ]
    spectator = derived_token(judge_token, game_id, SPECTATORS, 0)
    rows = [
        Seat(game_id=game_id, role="player", player=t.player, token_hash=hash_token(t.token))
        for t in tokens
    ]
    rows.append(Seat(game_id=game_id, role="judge", token_hash=hash_token(judge_token)))
    rows.append(Seat(game_id=game_id, role="spectator", token_hash=hash_token(spectator)))
    return IssuedSeats(rows, tokens, spectator)


class Seats:
    """The seats table: tokens resolved (and remembered a while), links shown and reissued."""

    def __init__(self, engine: Engine, retries: int = 4) -> None:
        self._engine = engine
        self._read_engine = read_only(engine)
        self._retries = max(1, retries)
        # token hash -> (game id, viewer, until when it may be trusted): a seat's token changes
        # only when the judge issues it a new link, and another process may have done that.
        self._seats: LRU[str, tuple[str, Viewer, float]] = LRU(_SEAT_CACHE_SIZE)
        # Per game, its seats' token hashes: a made-up token on a page or a live stream costs
        # no database read (app/store/seat_directory.py).
        self.directory = SeatDirectory(self._seat_rows, ttl=SEAT_MEMORY_SECONDS)

    def viewer_for_token(self, game_id: str, token: str) -> Viewer | None:
        """The viewer a token grants in this game, or None (unknown token or other game)."""
        found = self.resolve_token(token)
        if found is None or found[0] != game_id:
            return None
        return found[1]

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

        seat = with_retry(read, self._retries)
        if seat is None or not hmac.compare_digest(seat.token_hash, digest):
            return None
        viewer = Viewer(kind=seat.role, player=seat.player)
        self._seats.put(digest, (seat.game_id, viewer, time.monotonic() + SEAT_MEMORY_SECONDS))
        return seat.game_id, viewer

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
        for row in with_retry(read, self._retries):
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

        done = with_retry(write, self._retries)
        if done is None:
            return None
        token, old_hash = done
        self._seats.pop(old_hash)
        self.directory.forget(game_id)
        return token

    def _seat_rows(self, game_id: str) -> list[SeatRow]:
        """(token hash, role, player) of every seat of a game: what SeatDirectory reads."""

        def read() -> list[SeatRow]:
            with self._read_engine.connect() as conn:
                rows = conn.execute(_SEATS_OF_GAME, {"game_id": game_id})
                return [(row.token_hash, row.role, row.player) for row in rows]

        return with_retry(read, self._retries)
