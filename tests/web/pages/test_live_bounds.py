"""Bounded live streams (issue 25, finding 5), driven through the real app's ASGI entrance
(the live lane runs before the middleware): one seat cookie holds at most STREAMS_PER_SEAT
open streams of a game; a newer one ends the seat's oldest (a reloaded page is never
refused), other seats' streams are untouched, and the spectators' shared link has a larger
bound. A made-up seat cookie on the stream costs no database read: the game's seats are
checked in memory (app/store/seat_directory.py)."""

from __future__ import annotations

import asyncio
import secrets
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import event

from app.web.live import STREAMS_PER_SEAT, STREAMS_PER_SPECTATOR_LINK
from app.web.seat_cookie import COOKIE_NAMES

pytestmark = pytest.mark.engine


def run_async(coroutine):
    """asyncio.run in a thread of its own (the test client's loop is another)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


class Stream:
    """One GET /g/<game>/live sent to the app's ASGI entrance, as a browser's EventSource."""

    def __init__(self, app, game_id: str, cookie: str, token: str) -> None:
        self.left = asyncio.Event()
        self.messages: list[dict] = []
        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": "GET",
            "scheme": "http",
            "path": f"/g/{game_id}/live",
            "raw_path": f"/g/{game_id}/live".encode(),
            "query_string": b"v=0",
            "root_path": "",
            "headers": [
                (b"host", b"testserver"),
                (b"accept", b"text/event-stream"),
                (b"cookie", f"{cookie}={token}".encode()),
            ],
            "client": ("192.0.2.10", 50000),
            "server": ("testserver", 80),
            "app": app,
        }
        self.task = asyncio.ensure_future(app(scope, self.receive, self.send))

    async def receive(self) -> dict:
        await self.left.wait()
        return {"type": "http.disconnect"}

    async def send(self, message: dict) -> None:
        self.messages.append(message)

    @property
    def status(self) -> int | None:
        starts = [m for m in self.messages if m["type"] == "http.response.start"]
        return starts[0]["status"] if starts else None

    @property
    def ended(self) -> bool:
        """The server ended it (its last body message closes the response)."""
        return any(
            m["type"] == "http.response.body" and not m.get("more_body", False)
            for m in self.messages
        )

    async def close(self) -> None:
        self.left.set()
        await asyncio.wait_for(self.task, 5)


async def open_streams(app, game_id: str, seats: list[tuple[str, str]]) -> list[Stream]:
    """One stream per (cookie name, token), in that order, each settled before the next."""
    streams = []
    for cookie, token in seats:
        streams.append(Stream(app, game_id, cookie, token))
        await asyncio.sleep(0.15)
    await asyncio.sleep(0.2)
    return streams


@pytest.fixture
def table(client, make_game):
    game_id, tokens = make_game(client)
    return client.app, game_id, tokens


def test_a_seat_holds_at_most_a_handful_of_streams_the_oldest_ends(table) -> None:
    app, game_id, tokens = table
    alice = (COOKIE_NAMES["player"], tokens["Alice"])
    bob = (COOKIE_NAMES["player"], tokens["Bob"])

    async def scenario() -> tuple[list[tuple[int | None, bool]], int]:
        seats = [bob] + [alice] * (STREAMS_PER_SEAT + 2)
        streams = await open_streams(app, game_id, seats)
        seen = [(s.status, s.ended) for s in streams]
        held = app.state.broadcaster.open_streams(game_id, "player:Alice")
        for stream in streams:
            await stream.close()
        return seen, held

    seen, held = run_async(scenario())
    # Every stream was answered 200 (none refused); Alice's two oldest were ended by her
    # newer ones, Bob's is untouched.
    assert [status for status, _ in seen] == [200] * (STREAMS_PER_SEAT + 3)
    assert [ended for _, ended in seen] == [False, True, True] + [False] * STREAMS_PER_SEAT
    assert held == STREAMS_PER_SEAT


def test_the_spectators_shared_link_has_a_larger_bound(table) -> None:
    app, game_id, tokens = table
    spectator = (COOKIE_NAMES["spectator"], tokens["spectator"])
    assert STREAMS_PER_SPECTATOR_LINK > STREAMS_PER_SEAT + 1

    async def scenario() -> list[bool]:
        streams = await open_streams(app, game_id, [spectator] * (STREAMS_PER_SEAT + 1))
        ended = [s.ended for s in streams]
        for stream in streams:
            await stream.close()
        return ended

    assert run_async(scenario()) == [False] * (STREAMS_PER_SEAT + 1)


def test_every_stream_closes_its_place_when_its_client_leaves(table) -> None:
    app, game_id, tokens = table
    alice = (COOKIE_NAMES["player"], tokens["Alice"])

    async def scenario() -> tuple[int, int]:
        streams = await open_streams(app, game_id, [alice] * 3)
        before = app.state.broadcaster.open_streams(game_id, "player:Alice")
        for stream in streams:
            await stream.close()
        return before, app.state.broadcaster.open_streams(game_id, "player:Alice")

    assert run_async(scenario()) == (3, 0)


def test_a_made_up_seat_cookie_on_the_stream_costs_no_database_read(client, table) -> None:
    """Alice's page read the game's seats once; then a flood of made-up cookies on the live
    stream (each a new token: nothing to remember) reads the database not at all."""
    app, game_id, tokens = table
    client.cookies.set(COOKIE_NAMES["player"], tokens["Alice"], path=f"/g/{game_id}")
    assert client.get(f"/g/{game_id}").status_code == 200  # reads the seats once
    client.cookies.clear()
    statements: list[str] = []

    def count(_conn, _cursor, statement, *_args) -> None:
        statements.append(statement)

    event.listen(app.state.engine, "before_cursor_execute", count)
    try:
        for kind in ("player", "judge", "spectator"):
            for _ in range(10):
                made_up = secrets.token_urlsafe(24)
                response = client.get(
                    f"/g/{game_id}/live?v=0",
                    headers={"Cookie": f"{COOKIE_NAMES[kind]}={made_up}"},
                )
                assert response.status_code == 403
                assert "event-stream" not in response.headers["content-type"]
    finally:
        event.remove(app.state.engine, "before_cursor_execute", count)
    assert statements == []
