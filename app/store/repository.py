"""GameRepository: the store's rooms behind one door, for the web layer and the scenarios.

The rooms hold the store's concepts, each in its own module: the games' event log with its
compare-and-set write (event_log.py, compare_and_set.py), seats and their links (seats.py),
rulings and scenario briefs (rulings.py), refused attempts noted in the log (refusals.py) and
new games (new_games.py). This door holds no logic of its own: it hands each call to its
room, and gives a request its own `for_request()` copy, which reads a game's head (ruleset,
title, version) at most once however many helpers ask (request_heads.py).

Live notification is a hook: `on_commit(hook)` (the live pages subscribe, app/main.py).
"""

from __future__ import annotations

from sqlalchemy import Engine

from app.lru import LRU
from app.rules.core.events import Event
from app.rules.core.setup import GameSetup
from app.rules.core.state import GameState
from app.rules.core.viewer import Viewer
from app.store.compare_and_set import GameInfo
from app.store.errors import (
    GameNotFound,
    Refused,
    ReplayFailed,
    RequestIdReused,
    RulingNotFound,
    StaleVersion,
    StoreBusy,
    StoreError,
    UnknownActor,
    VersionNotFound,
)
from app.store.event_log import SETUP_ACTION, ActResult, CommitHook, Committed, EventLog, LogEntry
from app.store.new_games import CreatedGame, NewGames
from app.store.refusals import Refusals
from app.store.rulings import Brief, RulingRecord, Rulings
from app.store.seat_directory import SeatDirectory
from app.store.seats import (
    SEAT_MEMORY_SECONDS,
    Seats,
    SeatToken,
    ShownLink,
    hash_token,
    new_token,
)

# What the rest of the app imports from here (the rooms' own names, unchanged).
__all__ = [
    "SEAT_MEMORY_SECONDS",
    "SETUP_ACTION",
    "ActResult",
    "Brief",
    "CommitHook",
    "Committed",
    "CreatedGame",
    "GameInfo",
    "GameNotFound",
    "GameRepository",
    "LogEntry",
    "Refused",
    "ReplayFailed",
    "RequestIdReused",
    "RulingNotFound",
    "RulingRecord",
    "SeatToken",
    "ShownLink",
    "StaleVersion",
    "StoreBusy",
    "StoreError",
    "UnknownActor",
    "VersionNotFound",
    "hash_token",
    "new_token",
]


class GameRepository:
    def __init__(
        self,
        engine: Engine,
        snapshot_every: int = 50,
        cache_size: int = 256,
        retries: int = 4,
    ) -> None:
        self._hand_on(EventLog(engine, snapshot_every, cache_size, retries))
        self.seats = Seats(engine, retries)
        self.rulings = Rulings(engine, self.events, retries)
        self.refusals = Refusals(engine, retries)
        self.new_games = NewGames(self.events)

    def _hand_on(self, events: EventLog) -> None:
        """The event log's calls are the room's own methods, handed on as they are (the same
        signatures, written once, in event_log.py)."""
        self.events = events
        self.info = events.info
        self.versions = events.versions
        self.load = events.load
        self.load_shared = events.load_shared
        self.log = events.log
        self.actions = events.actions
        self.setup_of = events.setup_of
        self.count_games = events.count_games
        self.act = events.act
        self.take_back = events.take_back

    def for_request(self) -> GameRepository:
        """This door for one request: the same rooms, with the event log's copy that
        remembers the games' heads for as long as the request (a head read once, however
        many helpers ask)."""
        door = object.__new__(GameRepository)
        door.__dict__.update(self.__dict__)
        door._hand_on(self.events.for_request())
        return door

    @property
    def cache(self) -> LRU[tuple[str, int], GameState]:
        """The states by (game id, version) this process rebuilt or committed."""
        return self.events.cache

    @property
    def seat_directory(self) -> SeatDirectory:
        return self.seats.directory

    def on_commit(self, hook: CommitHook) -> None:
        self.events.on_commit(hook)

    # -- refusals -------------------------------------------------------------------------

    def note_refusal(self, game_id: str, event: Event) -> None:
        self.refusals.note_refusal(game_id, event)

    # -- new games ------------------------------------------------------------------------

    def create_game(self, setup: GameSetup, title: str = "") -> CreatedGame:
        return self.new_games.create_game(setup, title)

    def create_game_from_state(
        self, state: GameState, events: list[Event], origin: str, title: str = ""
    ) -> CreatedGame:
        return self.new_games.create_game_from_state(state, events, origin, title)

    # -- seats and links ------------------------------------------------------------------

    def viewer_for_token(self, game_id: str, token: str) -> Viewer | None:
        return self.seats.viewer_for_token(game_id, token)

    def remembered_token(self, token: str) -> tuple[str, Viewer] | None:
        return self.seats.remembered_token(token)

    def resolve_token(self, token: str) -> tuple[str, Viewer] | None:
        return self.seats.resolve_token(token)

    def seat_links(self, game_id: str, judge_token: str) -> list[ShownLink] | None:
        return self.seats.seat_links(game_id, judge_token)

    def reissue_link(self, game_id: str, judge_token: str, viewer: Viewer) -> str | None:
        return self.seats.reissue_link(game_id, judge_token, viewer)

    # -- rulings and briefs ---------------------------------------------------------------

    def create_ruling(
        self, game_id: str, version: int, viewpoints: list[Viewer], title: str, note: str
    ) -> RulingRecord:
        return self.rulings.create_ruling(game_id, version, viewpoints, title, note)

    def get_ruling(self, slug: str) -> RulingRecord:
        return self.rulings.get_ruling(slug)

    def save_brief(self, game_id: str, brief: Brief) -> None:
        self.rulings.save_brief(game_id, brief)

    def brief(self, game_id: str) -> Brief | None:
        return self.rulings.brief(game_id)
