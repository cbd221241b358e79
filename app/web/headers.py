"""Security headers on every response, and the cache policies the pages choose from.

The Content-Security-Policy allows scripts and styles from this origin only: no inline
script, no inline style (htmx's own indicator style is switched off by a meta tag), no
frames. FastAPI's /docs page loads its UI from a CDN, so it keeps its own policy.
"""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

CSP = "; ".join(
    [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "form-action 'self'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
    ]
)

# Seat pages and fragments: never stored anywhere, and they differ by htmx request,
# by seat cookie and by language.
PRIVATE = {
    "Cache-Control": "private, no-store",
    "Vary": "HX-Request, Cookie, Accept-Language",
}
# Pages with nothing secret that still differ by language.
PUBLIC_PAGE = {
    "Cache-Control": "no-cache",
    "Vary": "HX-Request, Cookie, Accept-Language",
}
# Pages that carry tokens (the links page): never stored.
NO_STORE = {"Cache-Control": "no-store", "Vary": "Cookie, Accept-Language"}

_NO_CSP_PREFIXES = ("/docs", "/redoc")
_ALWAYS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
}


class SecurityHeaders:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        with_csp = not str(scope.get("path", "")).startswith(_NO_CSP_PREFIXES)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in _ALWAYS.items():
                    headers.setdefault(name, value)
                if with_csp:
                    headers.setdefault("Content-Security-Policy", CSP)
            await send(message)

        await self.app(scope, receive, send_with_headers)
