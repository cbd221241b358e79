"""The request body, read once and bounded, before anything acts on it.

413 for a body above the configured size, by Content-Length or by counting a streamed body;
400 for a Content-Length that is not a number. The body read here is what the NUL guard
checks and what the app then receives (app/web/middleware/edge.py).
"""

from __future__ import annotations

import re

from starlette.responses import JSONResponse
from starlette.types import Message, Receive, Scope, Send

# ASCII digits only: str.isdigit() accepts "²", which int() refuses.
_LENGTH = re.compile(rb"[0-9]{1,18}")


class TooLarge(Exception):
    """The body is above the limit."""


class Disconnected(Exception):
    """The client left before its body arrived."""


def bad_length(declared: bytes) -> bool:
    return _LENGTH.fullmatch(declared.strip()) is None


async def read_body(receive: Receive, max_bytes: int) -> bytes:
    """The whole body, at most `max_bytes`; TooLarge beyond, Disconnected if the client left."""
    body = b""
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            raise Disconnected
        chunk = message.get("body", b"")
        if len(body) + len(chunk) > max_bytes:
            raise TooLarge
        body += chunk
        if not message.get("more_body", False):
            return body


def replay(body: bytes, receive: Receive) -> Receive:
    """The body read (by the edge middleware, by a lane), once, then the client's own
    messages (a disconnect)."""
    delivered = False

    async def again() -> Message:
        nonlocal delivered
        if not delivered:
            delivered = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return again


async def refuse(
    scope: Scope, receive: Receive, send: Send, status: int, error: str, message: str
) -> None:
    response = JSONResponse(
        {"error": error, "message": message}, status_code=status, headers={"Connection": "close"}
    )
    await response(scope, receive, send)


async def refuse_too_large(scope: Scope, receive: Receive, send: Send, max_bytes: int) -> None:
    await refuse(
        scope,
        receive,
        send,
        413,
        "too_large",
        f"The request body is larger than the {max_bytes} bytes allowed.",
    )
