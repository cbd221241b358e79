"""What every middleware here shares: HTTP requests only (lifespan and other scopes pass
through untouched), and a way to add headers to the response on its way out."""

from __future__ import annotations

from collections.abc import Mapping

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send


class HttpMiddleware:
    """Calls `handle` for an HTTP request; anything else goes straight to the app."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        await self.handle(scope, receive, send)

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        raise NotImplementedError


def with_headers(send: Send, headers: Mapping[str, str], *, replace: bool) -> Send:
    """`send`, adding `headers` to the response start: over the app's own (`replace`) or
    only where the app set none. Exception handlers' responses pass here too."""

    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            out = MutableHeaders(scope=message)
            for name, value in headers.items():
                if replace:
                    out[name] = value
                else:
                    out.setdefault(name, value)
        await send(message)

    return sending
