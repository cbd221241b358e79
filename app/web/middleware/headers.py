"""Security headers on every response (the pages' cache policies: app/web/pages/cache_policy.py).

The Content-Security-Policy allows scripts and styles from this origin only: no inline
script, no inline style (htmx's own indicator style is switched off by a meta tag), no
frames. FastAPI's /docs page loads its UI from a CDN, so it keeps its own policy.
Added by app/web/middleware/compress.py, each only where the response set none.
"""

from __future__ import annotations

CSP = "; ".join(
    [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        # The web manifest and the service worker (/manifest.webmanifest, /sw.js): Facedown installs
        # as an app and stays readable offline.
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

# Pre-encoded, lower-case names (as ASGI carries them).
ALWAYS_RAW: tuple[tuple[bytes, bytes], ...] = tuple(
    (name.lower().encode(), value.encode()) for name, value in _ALWAYS.items()
)
WITH_CSP_RAW = (*ALWAYS_RAW, (b"content-security-policy", CSP.encode()))


def security_headers(path: str) -> tuple[tuple[bytes, bytes], ...]:
    """The headers a response on `path` gets: the CSP everywhere but /docs and /redoc."""
    return ALWAYS_RAW if path.startswith(_NO_CSP_PREFIXES) else WITH_CSP_RAW
