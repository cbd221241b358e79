"""Security headers on every response (the pages' cache policies: app/web/pages/cache_policy.py).

The Content-Security-Policy allows scripts and styles from this origin only: no inline
script, no inline style (htmx's own indicator style is switched off by a meta tag), no
frames. FastAPI's /docs page loads its UI from a CDN, so it keeps its own policy.
"""

from __future__ import annotations

from starlette.types import Receive, Scope, Send

from app.web.middleware.http_middleware import HttpMiddleware, with_headers

CSP = "; ".join(
    [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        # The web manifest and the service worker (/manifest.webmanifest, /sw.js): issue 17.
        "manifest-src 'self'",
        "worker-src 'self'",
        "form-action 'self'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
    ]
)

_NO_CSP_PREFIXES = ("/docs", "/redoc")
_ALWAYS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
}


class SecurityHeaders(HttpMiddleware):
    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        with_csp = not str(scope.get("path", "")).startswith(_NO_CSP_PREFIXES)
        headers = {**_ALWAYS, "Content-Security-Policy": CSP} if with_csp else _ALWAYS
        await self.app(scope, receive, with_headers(send, headers, replace=False))
