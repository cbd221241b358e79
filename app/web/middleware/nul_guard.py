"""Refuse text with the NUL character before it reaches the store.

PostgreSQL's text types cannot hold U+0000 (SQLite can), and no name, title, note or
request id of ours needs it: a request carrying one, in its path, query string or body
(raw, JSON-escaped as \\u0000, or form-encoded as %00), gets a 422 and nothing is stored, on
both databases alike. Form fields count too, decoded: a scenario file pasted into /import
(urlencoded) or uploaded (multipart) is JSON, where \\u0000 is a NUL once parsed. Sits inside
BodySizeLimit, which has already read the body (bounded).
"""

from __future__ import annotations

import re
from urllib.parse import unquote_to_bytes

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import Message, Receive, Scope, Send

from app.web.middleware.http_middleware import HttpMiddleware

# \u0000 preceded by an even number of backslashes is an escape, not the literal text "\u0000".
_JSON_NUL = re.compile(rb"(?<!\\)(?:\\\\)*\\u0000", re.IGNORECASE)
_FORM_NUL = re.compile(rb"%00")

MESSAGE = "Text may not contain the NUL character (U+0000)."


def carries_nul(scope: Scope, body: bytes) -> bool:
    raw_path = scope.get("raw_path") or scope.get("path", "").encode()
    query = scope.get("query_string", b"")
    if b"\x00" in body or "\x00" in scope.get("path", ""):
        return True
    if _FORM_NUL.search(raw_path) or _FORM_NUL.search(query):
        return True
    content_type = Headers(scope=scope).get("content-type", "")
    if "x-www-form-urlencoded" in content_type:
        body = unquote_to_bytes(body.replace(b"+", b" "))
        return b"\x00" in body or bool(_JSON_NUL.search(body))
    return ("json" in content_type or "multipart/" in content_type) and bool(
        _JSON_NUL.search(body)
    )


class RefuseNul(HttpMiddleware):
    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        messages: list[Message] = []
        body = b""
        if scope.get("method") not in ("GET", "HEAD", "OPTIONS"):
            while True:
                message = await receive()
                messages.append(message)
                if message["type"] != "http.request":
                    break
                body += message.get("body", b"")
                if not message.get("more_body", False):
                    break
        if carries_nul(scope, body):
            response = JSONResponse({"error": "invalid", "message": MESSAGE}, status_code=422)
            await response(scope, receive, send)
            return

        async def replay() -> Message:
            if messages:
                return messages.pop(0)
            return await receive()

        await self.app(scope, replay, send)
