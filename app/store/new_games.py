"""A new game: its version 0 in the event log and its seats, written in one transaction.
The raw tokens are handed back once and never stored (only their hashes are)."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from app.rules import engine as rules
from app.rules.core.errors import RuleError
from app.rules.core.events import Event
from app.rules.core.setup import GameSetup
from app.rules.core.state import GameState
from app.store.errors import Refused
from app.store.event_log import EventLog
from app.store.seats import IssuedSeats, SeatToken, issue, new_token
from app.store.tables import Seat


@dataclass(frozen=True)
class CreatedGame:
    """A new game and its raw tokens, never stored: the seats' derive from the judge's."""

    id: str
    version: int
    ruleset: str
    seats: list[SeatToken]
    judge_token: str
    spectator_token: str


class NewGames:
    def __init__(self, events: EventLog) -> None:
        self._events = events

    def create_game(self, setup: GameSetup, title: str = "") -> CreatedGame:
        """Store version 0 (snapshot + its events) and one hashed token per seat."""
        seed = secrets.token_hex(16)
        try:
            outcome = rules.new_game(setup, seed)
        except RuleError as err:
            raise Refused(err, setup.ruleset) from err
        return self._insert(outcome.state, list(outcome.events), setup.model_dump_json(), title)

    def create_game_from_state(
        self, state: GameState, events: list[Event], origin: str, title: str = ""
    ) -> CreatedGame:
        """A new game whose version 0 is `state` (a fork of a ruling, an import). `origin`
        is stored in place of the setup, saying where it came from."""
        if state.take_back is not None:
            # A request to go back to a version of another game means nothing in this one.
            state = state.model_copy(update={"take_back": None})
        return self._insert(state, events, origin, title)

    def _insert(
        self, state: GameState, events: list[Event], setup_json: str, title: str
    ) -> CreatedGame:
        judge_token = new_token()
        issued: dict[str, IssuedSeats] = {}

        def seat_rows(game_id: str) -> list[Seat]:
            issued[game_id] = issue(game_id, judge_token, state.player_names())
            return list(issued[game_id].rows)

        game_id = self._events.open_game(state, events, setup_json, title, seat_rows)
        seats = issued[game_id]
        return CreatedGame(
            id=game_id,
            version=0,
            ruleset=state.ruleset,
            seats=seats.players,
            judge_token=judge_token,
            spectator_token=seats.spectator_token,
        )
