"""The one middleware every HTTP request passes through: all the cheap checks in one pass.

It replaces six Python ASGI middlewares (together they cost about as much as the
rest of a one-insert request), and keeps what each did, in their order:

1. rate limits (app/web/middleware/ratelimit.py): 429 with Retry-After, before anything
   else; every writing request (POST, PUT, PATCH, DELETE) draws on one;
2. the response's headers and compression (app/web/middleware/compress.py): one `send`
   wrapper adds the security headers, the private-API headers and gzips where it pays, for
   every answer below, refusals included;
3. the body limit (app/web/middleware/body_limit.py): 400 for a bad Content-Length (or two
   that differ), 413 above the limit (a body of exactly the limit passes), read once;
4. the NUL guard (app/web/middleware/nul_guard.py): 422 for a NUL in the path, the query or
   that same body, before the app sees it.

The request's headers are scanned once for Content-Length, Content-Type and Accept-Encoding.
Lifespan and WebSocket scopes go straight to the app.
"""

from __future__ import annotations

import sys

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from app.web.middleware import body_limit, ratelimit
from app.web.middleware.api_cache import PRIVATE_API_RAW, is_private_api
from app.web.middleware.body_limit import (
    Disconnected,
    TooLarge,
    bad_length,
    read_body,
    replay,
)
from app.web.middleware.compress import responding
from app.web.middleware.headers import security_headers
from app.web.middleware.nul_guard import MESSAGE as NUL_MESSAGE
from app.web.middleware.nul_guard import carries_nul
from app.web.middleware.ratelimit import RateLimits

# Methods whose body the app never reads: not read (unless declared), not searched for NUL.
_BODILESS = ("GET", "HEAD", "OPTIONS")

# The parts, by the names FACEDOWN_BENCH_SKIP_MIDDLEWARE knows (app/web/middleware/install.py).
PARTS = ("nul", "body_limit", "gzip", "headers", "private_api", "rate_limit")


class Edge:
    def __init__(
        self,
        app: ASGIApp,
        *,
        max_bytes: int,
        limits: RateLimits,
        skip: frozenset[str] = frozenset(),
    ) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.limits = limits if limits and "rate_limit" not in skip else None
        self.nul = "nul" not in skip
        self.body_limit = "body_limit" not in skip
        self.gzip = "gzip" not in skip
        self.headers = "headers" not in skip
        self.private = "private_api" not in skip

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        method: str = scope["method"]
        path: str = scope["path"]
        if self.limits is not None and method in ratelimit.WRITES:
            retry = self.limits.retry_after(scope)
            if retry:
                await ratelimit.refuse(scope, send, retry)
                return

        declared: bytes | None = None
        content_type: bytes | None = None
        accept: bytes | None = None
        for name, value in scope["headers"]:
            if name == b"content-length":
                # Two that differ: neither wins (RFC 9112 6.3: an invalid length), a 400.
                declared = value if declared is None or declared == value else b"differ"
            elif name == b"content-type":
                content_type = value if content_type is None else content_type
            elif name == b"accept-encoding":
                accept = value if accept is None else accept

        send = responding(
            send,
            gzip=(accept is not None and b"gzip" in accept) if self.gzip else None,
            defaults=security_headers(path) if self.headers else (),
            replacing=PRIVATE_API_RAW if self.private and is_private_api(path) else (),
        )

        if declared is not None and self.body_limit:
            if bad_length(declared):
                await body_limit.refuse(
                    scope, receive, send, 400, "bad_request", "Bad Content-Length."
                )
                return
            if int(declared) > self.max_bytes:
                await body_limit.refuse_too_large(scope, receive, send, self.max_bytes)
                return
        bodiless = method in _BODILESS
        body = b""
        if (self.body_limit and (not bodiless or declared is not None)) or (
            self.nul and not bodiless
        ):
            limit = self.max_bytes if self.body_limit else sys.maxsize
            try:
                body = await read_body(receive, limit)
            except Disconnected:
                return
            except TooLarge:
                await body_limit.refuse_too_large(scope, receive, send, self.max_bytes)
                return
            receive = replay(body, receive)
        if self.nul and carries_nul(
            scope,
            b"" if bodiless else body,
            content_type.decode("latin-1") if content_type is not None else "",
        ):
            refusal = JSONResponse({"error": "invalid", "message": NUL_MESSAGE}, status_code=422)
            await refusal(scope, receive, send)
            return
        await self.app(scope, receive, send)
