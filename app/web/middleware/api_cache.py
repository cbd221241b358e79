"""Every /api/games response is one viewer's business: never cached, never shared.

Views, logs, action results and even error bodies are built for one token's viewer (an
error may name the actor's own face-down card), and POST /api/games returns raw tokens.
Set on the way out so exception handlers' responses get it too.
"""

from __future__ import annotations

from starlette.types import Receive, Scope, Send

from app.web.middleware.http_middleware import HttpMiddleware, with_headers

PRIVATE_API = {"Cache-Control": "private, no-store", "Vary": "Authorization"}
_PREFIXES = ("/api/games", "/api/scenarios/", "/api/demo")


class PrivateApiResponses(HttpMiddleware):
    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        if str(scope.get("path", "")).startswith(_PREFIXES):
            send = with_headers(send, PRIVATE_API, replace=True)
        await self.app(scope, receive, send)
