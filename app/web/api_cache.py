"""Every /api/games response is one viewer's business: never cached, never shared.

Views, logs, action results and even error bodies are built for one token's viewer (an
error may name the actor's own face-down card), and POST /api/games returns raw tokens.
Set on the way out so exception handlers' responses get it too.
"""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

PRIVATE_API = {"Cache-Control": "private, no-store", "Vary": "Authorization"}
_PREFIXES = ("/api/games", "/api/scenarios/", "/api/demo")


class PrivateApiResponses:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not str(scope.get("path", "")).startswith(_PREFIXES):
            await self.app(scope, receive, send)
            return

        async def send_private(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in PRIVATE_API.items():
                    headers[name] = value
            await send(message)

        await self.app(scope, receive, send_private)
