"""How the edge middleware frames a request body (app/web/middleware/edge.py), driven through
the app's own ASGI entrance so that the headers are exactly the ones sent: two Content-Length
headers that differ are a 400 whichever comes first (neither wins), and a body of exactly
the size limit is accepted (one byte more is a 413), declared or streamed in chunks."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from app.settings import Settings

LIMIT = 4096
GAME = {"players": ["Alice", "Bob"], "setup": []}


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    db = tmp_path_factory.mktemp("framing") / "framing.db"
    settings = Settings(
        database_url=f"sqlite:///{db}", max_body_bytes=LIMIT, rate_create="off", rate_act="off"
    )
    application = create_app(settings)
    with TestClient(application):  # runs the lifespan once
        yield application


def send(app, headers: list[tuple[bytes, bytes]], chunks: list[bytes]) -> tuple[int, bytes]:
    """POST /api/games with exactly these headers and the body in these chunks."""

    async def call() -> tuple[int, bytes]:
        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": "POST",
            "scheme": "http",
            "path": "/api/games",
            "raw_path": b"/api/games",
            "query_string": b"",
            "root_path": "",
            "headers": [(b"host", b"testserver"), (b"content-type", b"application/json"), *headers],
            "client": ("192.0.2.50", 50000),
            "server": ("testserver", 80),
            "app": app,
        }
        pending = [
            {"type": "http.request", "body": c, "more_body": i < len(chunks) - 1}
            for i, c in enumerate(chunks)
        ]
        status: list[int] = []
        body: list[bytes] = []

        async def receive() -> dict:
            if pending:
                return pending.pop(0)
            await asyncio.sleep(3600)
            return {"type": "http.disconnect"}

        async def on_send(message: dict) -> None:
            if message["type"] == "http.response.start":
                status.append(message["status"])
            elif message["type"] == "http.response.body":
                body.append(message.get("body", b""))

        await asyncio.wait_for(app(scope, receive, on_send), 30)
        return status[0], b"".join(body)

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, call()).result()


def game_body(size: int) -> bytes:
    """A valid new-game request padded with spaces to exactly `size` bytes."""
    body = json.dumps(GAME).encode()
    assert len(body) <= size
    return body + b" " * (size - len(body))


def length(n: int) -> tuple[bytes, bytes]:
    return (b"content-length", str(n).encode())


@pytest.mark.parametrize("first_small", [True, False])
def test_two_content_length_headers_that_differ_are_refused_whichever_comes_first(
    app, first_small: bool
) -> None:
    """The body is small and valid; one of the two headers says it is too large. Had either
    header won, one of the two orders would have reached the app (201) or answered 413."""
    body = game_body(200)
    declared = [length(len(body)), length(LIMIT + 1)]
    if not first_small:
        declared.reverse()
    status, answer = send(app, declared, [body])
    assert status == 400, answer
    assert b"Content-Length" in answer


def test_two_equal_content_length_headers_are_one(app) -> None:
    body = game_body(200)
    status, answer = send(app, [length(len(body)), length(len(body))], [body])
    assert status == 201, answer


def test_a_body_of_exactly_the_limit_is_accepted(app) -> None:
    body = game_body(LIMIT)
    status, answer = send(app, [length(LIMIT)], [body])
    assert status == 201, answer
    # Streamed in chunks without a Content-Length: counted as it arrives, the same bound.
    status, answer = send(app, [], [body[:1000], body[1000:3000], body[3000:]])
    assert status == 201, answer


def test_one_byte_more_than_the_limit_is_a_413(app) -> None:
    body = game_body(LIMIT + 1)
    assert send(app, [length(LIMIT + 1)], [body])[0] == 413
    assert send(app, [], [body[:2000], body[2000:]])[0] == 413
