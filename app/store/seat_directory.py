"""Per game, its seats' token hashes, read in one query and trusted for a while: a request
that names its game (a page, a live stream, the JSON API) checks its token against that
game's few seats in memory.

So a token that was never issued costs what a known one costs, a SHA-256 and a dict look-up,
and never a database read per request: a flood of made-up seat cookies on one game reads the
database once per `ttl` at most. The look-up is by the token's SHA-256, so its timing tells
nothing about the token itself (and the raw token is never kept). A game that does not exist
is not remembered (a flood of made-up game ids must not push real games out); each such
request costs the one indexed read a real game's first request costs.

Reissuing a link forgets its game here at once; another process trusts what it read for at
most `ttl` seconds (SEAT_MEMORY_SECONDS, as for a resolved token).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import cast

from app.lru import LRU
from app.rules.core.viewer import Viewer, ViewerKind

# (token hash, role, player) of each seat of one game.
SeatRow = tuple[str, str, str | None]


@dataclass(frozen=True)
class GameSeats:
    """One game's seats: token hash -> viewer, trusted until `until` (monotonic seconds)."""

    by_hash: Mapping[str, Viewer]
    until: float


class SeatDirectory:
    def __init__(self, read: Callable[[str], list[SeatRow]], ttl: float, size: int = 4096) -> None:
        self._read = read
        self._ttl = ttl
        self._games: LRU[str, GameSeats] = LRU(size)

    def remembered(self, game_id: str) -> Mapping[str, Viewer] | None:
        """The game's seats from memory (safe on the event loop), or None: `load` it."""
        known = self._games.get(game_id)
        if known is None or known.until < time.monotonic():
            return None
        return known.by_hash

    def load(self, game_id: str) -> Mapping[str, Viewer]:
        """The game's seats, read from the database when not remembered (blocking: in the
        threadpool). Empty for a game that does not exist (every game has a judge's seat)."""
        known = self.remembered(game_id)
        if known is not None:
            return known
        rows = self._read(game_id)
        by_hash = {
            digest: Viewer(kind=cast(ViewerKind, role), player=player)
            for digest, role, player in rows
        }
        if by_hash:
            self._games.put(game_id, GameSeats(by_hash, time.monotonic() + self._ttl))
        return by_hash

    def forget(self, game_id: str) -> None:
        """A seat's link changed (or the game was just created): read it again next time."""
        self._games.pop(game_id)
