"""CSRF protection for the cookie-authenticated page forms.

Two checks, both required for every page POST:

* the request comes from this site: `Sec-Fetch-Site` (when the browser sends it) is
  `same-origin` or `none`, and `Origin` (when sent) is this server's own origin;
* for a seat's actions, a per-seat token — HMAC-SHA256 of the game id and the seat's token
  hash under the server secret (FACEDOWN_SECRET_KEY, the same in every worker) — sent by
  htmx as the `X-CSRF-Token` header (set once on <body> with hx-headers) and by plain forms
  as the hidden `csrf` field, compared in constant time. Without a configured secret the
  key is the seat token itself: as unguessable to another site (the cookie is HttpOnly),
  and still the same in every worker process.
"""

from __future__ import annotations

import base64
import hashlib
import hmac

from starlette.requests import Request

from app.store.repository import hash_token
from app.web.seat_cookie import PageSeat

CSRF_HEADER = "x-csrf-token"
CSRF_FIELD = "csrf"
_ALLOWED_FETCH_SITES = {"same-origin", "none"}


def csrf_token(secret: bytes | None, game_id: str, seat_token: str) -> str:
    """The token a seat's pages carry; it changes with the seat and the server secret."""
    message = f"facedown-csrf:{game_id}:{hash_token(seat_token)}".encode()
    key = secret or f"facedown-csrf-seat:{seat_token}".encode()
    digest = hmac.new(key, message, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def seat_csrf(request: Request, seat: PageSeat) -> str:
    """The token this seat's pages carry, under this app's secret."""
    return csrf_token(request.app.state.page_secret, seat.game_id, seat.token)


def csrf_matches(expected: str, sent: str | None) -> bool:
    if not sent:
        return False
    return hmac.compare_digest(expected.encode(), sent.encode()[:128])


def own_origin(request: Request) -> str:
    scheme = request.url.scheme
    host = request.headers.get("host", "")
    return f"{scheme}://{host}".lower()


def same_site(request: Request) -> bool:
    """False when the browser says this request was made by another site.

    Our pages send `Referrer-Policy: no-referrer`, under which browsers send `Origin: null`
    even for same-origin posts: a null origin is accepted only when Sec-Fetch-Site vouches
    for the request. A client that sends neither header relies on the CSRF token alone."""
    fetch_site = request.headers.get("sec-fetch-site")
    if fetch_site is not None and fetch_site.lower() not in _ALLOWED_FETCH_SITES:
        return False
    origin = request.headers.get("origin")
    if origin is None:
        return True
    if origin == "null":
        return fetch_site is not None
    return origin.lower() == own_origin(request)
