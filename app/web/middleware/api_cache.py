"""Every /api/games response is one viewer's business: never cached, never shared.

Views, logs, action results and even error bodies are built for one token's viewer (an
error may name the actor's own face-down card), and POST /api/games returns raw tokens.
Set on the way out (app/web/middleware/compress.py), over the response's own, so exception
handlers' responses get it too.
"""

from __future__ import annotations

PRIVATE_API = {"Cache-Control": "private, no-store", "Vary": "Authorization"}
PRIVATE_API_RAW: tuple[tuple[bytes, bytes], ...] = tuple(
    (name.lower().encode(), value.encode()) for name, value in PRIVATE_API.items()
)
_PREFIXES = ("/api/games", "/api/scenarios/", "/api/demo")


def is_private_api(path: str) -> bool:
    return path.startswith(_PREFIXES)
