"""Live updates: the stream says only "version N", catches up after a reconnect, and every
committed action — from the API or a page — reaches the open streams."""

from __future__ import annotations

import asyncio
import json
import re
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import pytest

from app.web.live import Broadcaster, version_stream
from tests.web.pages_support import LEAK_SETUP, SECRET_WORDS, seat_client

pytestmark = [pytest.mark.engine, pytest.mark.both_databases]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def short_streams(app) -> None:
    app.state.broadcaster.lifetime = 0.4
    app.state.broadcaster.poll = 0.1


def run_async(coroutine):
    """asyncio.run in a thread of its own: another test's event loop (Playwright's sync API
    keeps one) may be current in this one."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def messages(body: str) -> list[dict[str, str]]:
    out = []
    for block in body.split("\n\n"):
        fields = dict(
            line.split(": ", 1) for line in block.splitlines() if line and not line.startswith(":")
        )
        if fields:
            out.append(fields)
    return out


def api_object(client, game_id, token, name):
    view = client.get(f"/api/games/{game_id}/view", headers=bearer(token)).json()
    return next(o["id"] for o in view["objects"] if o["name"] == name)


@pytest.fixture
def game(client, make_game):
    game_id, tokens = make_game(client, setup=LEAK_SETUP)
    card = api_object(client, game_id, tokens["Alice"], "Akroma, Angel of Fury")
    response = client.post(
        f"/api/games/{game_id}/actions",
        headers=bearer(tokens["Alice"]),
        json={"type": "cast_face_down", "object": card, "via": "morph"},
    )
    assert response.status_code == 200, response.text
    return game_id, tokens


def test_the_stream_carries_only_the_version_and_catches_up_from_the_page_version(client, game):
    game_id, tokens = game
    short_streams(client.app)
    bob = seat_client(client.app, tokens["Bob"])
    response = bob.get(f"/g/{game_id}/live?v=0")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/event-stream")
    assert response.headers["Cache-Control"] == "no-store"
    assert "Content-Encoding" not in response.headers
    body = response.text
    for word in SECRET_WORDS:
        assert word not in body
    found = messages(body)
    assert found[0] == {"retry": "2000"}
    changed = [m for m in found if m.get("event") == "changed"]
    assert changed == [{"event": "changed", "id": "1", "data": '{"version": 1}'}]
    for m in found:
        if "data" in m:
            assert set(json.loads(m["data"])) == {"version"}


def test_a_reconnect_with_last_event_id_gets_only_what_it_missed(client, game):
    game_id, tokens = game
    short_streams(client.app)
    alice = seat_client(client.app, tokens["Alice"])
    up_to_date = alice.get(f"/g/{game_id}/live?v=0", headers={"Last-Event-ID": "1"}).text
    assert "event: changed" not in up_to_date
    behind = alice.get(f"/g/{game_id}/live", headers={"Last-Event-ID": "0"}).text
    assert re.search(r"event: changed\nid: 1\ndata: \{\"version\": 1\}", behind)


def test_the_stream_needs_a_seat_of_this_game(client, game, make_game):
    game_id, _ = game
    _, other_tokens = make_game(client)
    stranger = seat_client(client.app, other_tokens["Alice"])
    assert stranger.get(f"/g/{game_id}/live").status_code == 403


@dataclass
class _Info:
    version: int


class _Repo:
    def __init__(self, version: int) -> None:
        self.version = version

    def info(self, game_id: str) -> _Info:
        return _Info(self.version)

    def versions(self, game_ids: list[str]) -> dict[str, int]:
        return dict.fromkeys(game_ids, self.version)


def test_an_open_stream_is_told_of_each_commit_from_another_thread():
    async def scenario() -> list[bytes]:
        broadcaster = Broadcaster(lifetime=5, poll=5, ping=5)
        repo = _Repo(3)
        stream = version_stream(repo, broadcaster, "g1", since=3)  # type: ignore[arg-type]
        got = [await anext(stream)]  # retry
        waiting = asyncio.ensure_future(anext(stream))
        await asyncio.sleep(0.05)
        assert not waiting.done()  # up to date: nothing to say yet
        repo.version = 4
        threading.Thread(target=broadcaster.publish, args=("g1", 4)).start()
        got.append(await asyncio.wait_for(waiting, 2))
        broadcaster.publish("other-game", 9)
        repo.version = 5
        broadcaster.publish("g1", 5)
        got.append(await asyncio.wait_for(anext(stream), 2))
        await stream.aclose()
        return got

    got = run_async(scenario())
    assert got[0] == b"retry: 2000\n\n"
    assert got[1] == b'event: changed\nid: 4\ndata: {"version": 4}\n\n'
    assert got[2] == b'event: changed\nid: 5\ndata: {"version": 5}\n\n'


def test_without_a_push_the_stream_polls_the_store_and_pings():
    async def scenario() -> list[bytes]:
        broadcaster = Broadcaster(lifetime=5, poll=0.05, ping=0.05)
        repo = _Repo(1)
        stream = version_stream(repo, broadcaster, "g1", since=1)  # type: ignore[arg-type]
        got = [await anext(stream), await anext(stream)]  # retry, then a ping
        repo.version = 2  # written by another worker: no push here

        # The poll finds it; a ping may come first (both are due every 0.05 s, and a loaded
        # machine decides which wakes first), never anything else.
        async def until_changed() -> None:
            while not got[-1].startswith(b"event: changed"):
                got.append(await anext(stream))

        await asyncio.wait_for(until_changed(), 2)
        await stream.aclose()
        return got

    got = run_async(scenario())
    assert got[1] == b": ping\n\n"
    assert got[-1] == b'event: changed\nid: 2\ndata: {"version": 2}\n\n'
    assert set(got[2:-1]) <= {b": ping\n\n"}


def test_api_and_page_actions_are_published_once_committed(client, game, settings):
    game_id, tokens = game
    published: list[tuple[str, int]] = []
    # The app's broadcaster heard of it through the store's on-commit hook (app/main.py).
    client.app.state.broadcaster.publish = lambda g, v: published.append((g, v))
    response = client.post(
        f"/api/games/{game_id}/actions", headers=bearer(tokens["Alice"]), json={"type": "resolve"}
    )
    assert response.status_code == 200
    refused = client.post(
        f"/api/games/{game_id}/actions", headers=bearer(tokens["Bob"]), json={"type": "next_turn"}
    )
    assert refused.status_code == 422
    assert published == [(game_id, 2)]
