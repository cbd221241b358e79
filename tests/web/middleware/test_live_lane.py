"""The live lane (app/web/pages/live.py): plain stream requests skip the middleware stack,
yet answer with the same security headers and the same seat check, and end when the client
leaves or the server stops; whatever it does not take, the route answers as before."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import pytest

from app.rules.redact import Viewer
from app.web.live import Broadcaster, version_stream
from app.web.pages.live import VersionStreamResponse
from app.web.seat_cookie import PageSeat
from tests.web.pages_support import seat_client

pytestmark = pytest.mark.engine

SECURITY_HEADERS = (
    "content-security-policy",
    "x-content-type-options",
    "referrer-policy",
    "x-frame-options",
    "cross-origin-opener-policy",
    "permissions-policy",
)


def short_streams(app) -> None:
    app.state.broadcaster.lifetime = 0.3
    app.state.broadcaster.poll = 0.1


def run_async(coroutine):
    """asyncio.run in a thread of its own (another test's loop may be current in this one)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def test_the_stream_has_the_security_headers_of_a_page_and_no_store(client, make_game):
    game_id, tokens = make_game(client)
    short_streams(client.app)
    alice = seat_client(client.app, tokens["Alice"])
    page = alice.get(f"/g/{game_id}")
    stream = alice.get(f"/g/{game_id}/live?v=0", headers={"Accept-Encoding": "gzip"})
    assert page.status_code == stream.status_code == 200
    for name in SECURITY_HEADERS:
        assert stream.headers[name] == page.headers[name], name
    assert stream.headers["cache-control"] == "no-store"
    assert stream.headers["x-accel-buffering"] == "no"
    assert stream.headers["content-type"] == "text/event-stream; charset=utf-8"
    assert "content-encoding" not in stream.headers
    assert "content-length" not in stream.headers


@pytest.mark.parametrize(
    ("query", "headers", "status"),
    [
        ("?v=1000000001", {}, 422),  # past the route's bound
        ("?v=x", {}, 422),
        ("", {"Last-Event-ID": "12a"}, 422),
    ],
)
def test_what_the_lane_does_not_take_the_route_refuses(client, make_game, query, headers, status):
    game_id, tokens = make_game(client)
    alice = seat_client(client.app, tokens["Alice"])
    response = alice.get(f"/g/{game_id}/live{query}", headers=headers)
    assert response.status_code == status
    assert response.headers["content-security-policy"]


def test_without_a_seat_of_this_game_the_lane_streams_nothing(client, make_game):
    game_id, _ = make_game(client)
    _, other = make_game(client)
    stranger = seat_client(client.app, other["Alice"])
    response = stranger.get(f"/g/{game_id}/live?v=0")
    assert response.status_code == 403
    assert "event-stream" not in response.headers["content-type"]


@dataclass
class _Info:
    version: int


class _Repo:
    def info(self, game_id: str) -> _Info:
        return _Info(1)

    def versions(self, game_ids: list[str]) -> dict[str, int]:
        return dict.fromkeys(game_ids, 1)


def test_a_stream_ends_when_its_client_leaves_and_stops_watching():
    async def scenario() -> tuple[list[dict], int]:
        broadcaster = Broadcaster(lifetime=60, poll=60, ping=60)
        left = asyncio.Event()
        sent: list[dict] = []

        async def receive() -> dict:
            if not sent:
                return {"type": "http.request", "body": b"", "more_body": False}
            await left.wait()
            return {"type": "http.disconnect"}

        async def send(message: dict) -> None:
            sent.append(message)

        seat = PageSeat("g1", "token", Viewer.seat("Alice"))
        response = VersionStreamResponse(_Repo(), broadcaster, seat, since=1)  # type: ignore[arg-type]
        serving = asyncio.ensure_future(response({"type": "http"}, receive, send))
        await asyncio.sleep(0.05)
        watching = len(broadcaster._games)
        left.set()
        await asyncio.wait_for(serving, 2)  # returns: no error for a client that left
        return sent, watching - len(broadcaster._games)

    sent, unwatched = run_async(scenario())
    assert sent[0]["type"] == "http.response.start"
    assert sent[1]["body"] == b"retry: 2000\n\n"
    assert unwatched == 1


def test_close_streams_ends_the_open_streams_and_refuses_new_ones():
    async def scenario() -> list[bytes]:
        broadcaster = Broadcaster(lifetime=60, poll=60, ping=60)
        stream = version_stream(_Repo(), broadcaster, "g1", since=1)  # type: ignore[arg-type]
        got = [await anext(stream)]  # retry
        waiting = asyncio.ensure_future(anext(stream))
        await asyncio.sleep(0.05)
        threading.Thread(target=broadcaster.close_streams).start()  # as from a signal handler
        with pytest.raises(StopAsyncIteration):
            await asyncio.wait_for(waiting, 2)
        late = version_stream(_Repo(), broadcaster, "g1", since=0)  # type: ignore[arg-type]
        got += [chunk async for chunk in late]
        return got

    assert run_async(scenario()) == [b"retry: 2000\n\n", b"retry: 2000\n\n"]
