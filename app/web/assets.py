"""Static files: fingerprinted URLs (`?v=<content hash>`) served with a year-long cache.

A page links `static_url("css/facedown.css")` -> `/static/css/facedown.css?v=3f2a…`; a change
of content changes the URL, so browsers may keep each version forever. The vendored htmx
files also carry their version in their names.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

from starlette.staticfiles import StaticFiles
from starlette.types import Scope

ROOT = Path(__file__).resolve().parents[2]
STATIC_DIR = ROOT / "static"
TEMPLATES_DIR = ROOT / "templates"

HTMX = "vendor/htmx-2.0.11.min.js"
HTMX_SSE = "vendor/htmx-ext-sse-2.2.4.min.js"
CSS = "css/facedown.css"
LIVE_JS = "js/live.js"

IMMUTABLE = "public, max-age=31536000, immutable"


@functools.cache
def fingerprint(path: str) -> str:
    data = (STATIC_DIR / path).read_bytes()
    return hashlib.sha256(data).hexdigest()[:12]


def static_url(path: str) -> str:
    return f"/static/{path}?v={fingerprint(path)}"


class FingerprintedStatic(StaticFiles):
    """StaticFiles with a long cache for fingerprinted URLs, revalidation otherwise."""

    async def get_response(self, path: str, scope: Scope):
        response = await super().get_response(path, scope)
        if response.status_code == 200:
            versioned = b"v=" in scope.get("query_string", b"")
            response.headers["Cache-Control"] = IMMUTABLE if versioned else "no-cache"
        return response
