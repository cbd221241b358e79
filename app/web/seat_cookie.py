"""The seat cookie: `/join/<token>` stores the token in an HttpOnly cookie scoped to the game's
pages, so it leaves the address bar and never travels in a Referer (the dependency that reads it:
`SeatDep` in app/web/deps.py).

One cookie per kind of seat (judge, player, spectator), all with Path=/g/<game id>: a judge who
also opens a player's link on the same phone stays the judge (and can see as that player).
"""

from __future__ import annotations

from dataclasses import dataclass

from starlette.requests import Request
from starlette.responses import Response

from app.rules.redact import Viewer
from app.web.cookies import set_private_cookie

COOKIE_NAMES = {"judge": "fd_judge", "player": "fd_seat", "spectator": "fd_watch"}
# Which cookie wins when a browser holds several for one game.
PRECEDENCE = ("judge", "player", "spectator")
MAX_AGE = 60 * 60 * 24 * 30


class NoSeat(Exception):
    """No cookie for this game, or one that does not open it."""

    def __init__(self, game_id: str) -> None:
        super().__init__(game_id)
        self.game_id = game_id


@dataclass(frozen=True)
class PageSeat:
    game_id: str
    token: str
    viewer: Viewer


def game_path(game_id: str) -> str:
    return f"/g/{game_id}"


def set_seat_cookie(
    response: Response, request: Request, game_id: str, kind: str, token: str
) -> None:
    set_private_cookie(
        response, request, COOKIE_NAMES[kind], token, max_age=MAX_AGE, path=game_path(game_id)
    )
