"""413 for a request body above the configured size, before anything acts on it."""

from __future__ import annotations

import re

from fastapi.responses import JSONResponse
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.web.middleware.http_middleware import HttpMiddleware


class BodySizeLimit(HttpMiddleware):
    """413 for a body above `max_bytes`, by Content-Length or by counting a streamed body.

    The body (at most max_bytes) is read before the app runs, so a request is refused before
    anything acts on it.
    """

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        super().__init__(app)
        self.max_bytes = max_bytes

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        declared = Headers(scope=scope).get("content-length")
        if declared is not None:
            # ASCII digits only: str.isdigit() accepts "²", which int() refuses.
            if not re.fullmatch(r"[0-9]{1,18}", declared.strip()):
                await self._refuse(scope, receive, send, 400, "bad_request", "Bad Content-Length.")
                return
            if int(declared) > self.max_bytes:
                await self._too_large(scope, receive, send)
                return
        if scope.get("method") in ("GET", "HEAD", "OPTIONS") and declared is None:
            await self.app(scope, receive, send)
            return

        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await self._too_large(scope, receive, send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break

        body = b"".join(chunks)
        delivered = False

        async def replay() -> Message:
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _too_large(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self._refuse(
            scope,
            receive,
            send,
            413,
            "too_large",
            f"The request body is larger than the {self.max_bytes} bytes allowed.",
        )

    async def _refuse(
        self, scope: Scope, receive: Receive, send: Send, status: int, error: str, message: str
    ) -> None:
        response = JSONResponse(
            {"error": error, "message": message},
            status_code=status,
            headers={"Connection": "close"},
        )
        await response(scope, receive, send)
