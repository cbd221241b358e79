"""Per-client-address rate limits on what costs us: creating games and acting.

A token bucket per (address, kind), in this process: with several workers each has its
own buckets, so the effective limit is workers x the setting (documented in SECURITY.md).
The address is the one uvicorn resolved (app/web/client_address.py): behind a reverse proxy,
FORWARDED_ALLOW_IPS must name that proxy alone, and the proxy must replace X-Forwarded-For.
"""

from __future__ import annotations

import json
import re
import threading
import time
from dataclasses import dataclass

from starlette.types import Scope, Send

from app.web.client_address import client_address

_UNITS = {"second": 1.0, "minute": 60.0, "hour": 3600.0}
_RATE = re.compile(r"^\s*(\d+)\s*/\s*(second|minute|hour)\s*$")

# The writing methods: every request with one draws on a limit (tests/security/
# test_every_write_is_limited.py lists the app's routes to check it).
WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})

# The routes that create something (a game, a ruling): (method, path pattern). Every other
# write acts on what exists and draws on the act limit, so a new writing route is covered
# the day it is added.
CREATES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("POST", re.compile(r"^/api/games/?$")),
    ("POST", re.compile(r"^/api/scenarios/[^/]+/games/?$")),
    ("POST", re.compile(r"^/api/games/import/?$")),
    ("POST", re.compile(r"^/api/rulings/[^/]+/fork/?$")),
    ("POST", re.compile(r"^/api/games/[^/]+/rulings/?$")),
    # The pages' twins of the routes above: the same limits whichever door is used.
    ("POST", re.compile(r"^/games/?$")),
    ("POST", re.compile(r"^/tables/?$")),  # the table builder's "Build a table"
    ("POST", re.compile(r"^/import/?$")),
    ("POST", re.compile(r"^/r/[^/]+/fork/?$")),
    ("POST", re.compile(r"^/g/[^/]+/rulings/?$")),
)


@dataclass(frozen=True)
class Rate:
    """`count` requests per `period` seconds; a burst of up to `count` is allowed."""

    count: int
    period: float

    @classmethod
    def parse(cls, text: str) -> Rate | None:
        """ "20/minute" -> Rate(20, 60); "off" or "0/minute" -> None (no limit)."""
        if text.strip().lower() in ("off", "none", ""):
            return None
        match = _RATE.match(text)
        if match is None:
            raise ValueError(f"rate must look like '20/minute', not {text!r}")
        count = int(match.group(1))
        return None if count == 0 else cls(count, _UNITS[match.group(2)])


class _Buckets:
    def __init__(self, rate: Rate, max_clients: int = 10_000) -> None:
        self.rate = rate
        self.max_clients = max_clients
        self._lock = threading.Lock()
        self._tokens: dict[str, tuple[float, float]] = {}

    def take(self, client: str, now: float) -> float:
        """0 if allowed (a token is taken), else the seconds to wait for the next one."""
        per_second = self.rate.count / self.rate.period
        with self._lock:
            tokens, last = self._tokens.get(client, (float(self.rate.count), now))
            tokens = min(float(self.rate.count), tokens + (now - last) * per_second)
            if tokens >= 1.0:
                self._tokens[client] = (tokens - 1.0, now)
                wait = 0.0
            else:
                self._tokens[client] = (tokens, now)
                wait = (1.0 - tokens) / per_second
            if len(self._tokens) > self.max_clients:
                # Full buckets carry no state worth keeping.
                full = [k for k, (t, _) in self._tokens.items() if t >= self.rate.count - 1]
                for key in full[: len(full) // 2 + 1]:
                    self._tokens.pop(key, None)
            return wait


class RateLimits:
    """The buckets of each limited kind of route; consulted by app/web/middleware/edge.py
    for every writing request (WRITES)."""

    def __init__(self, limits: dict[str, Rate | None]) -> None:
        self.buckets = {kind: _Buckets(rate) for kind, rate in limits.items() if rate is not None}

    def __bool__(self) -> bool:
        return bool(self.buckets)

    @staticmethod
    def kind(method: str, path: str) -> str | None:
        """The kind of limit a request draws on: "create", "act" (every other write: actions,
        take-backs, the judge's edits, seat links), or None for a read, never limited."""
        if method not in WRITES:
            return None
        for route_method, pattern in CREATES:
            if method == route_method and pattern.match(path):
                return "create"
        return "act"

    def retry_after(self, scope: Scope) -> int:
        """0 when this request may go on; else the seconds to wait, at least 1."""
        kind = self.kind(scope["method"], scope["path"])
        buckets = self.buckets.get(kind) if kind else None
        if buckets is None:
            return 0
        wait = buckets.take(client_address(scope), time.monotonic())
        return 0 if wait <= 0 else max(1, int(wait + 0.999))


async def refuse(scope: Scope, send: Send, retry: int) -> None:
    """429 with Retry-After: JSON for the API, a short bilingual notice for pages."""
    if str(scope.get("path", "")).startswith("/api/"):
        await _send_429(send, retry, _json_body(retry), b"application/json")
    else:
        await _send_429(send, retry, _html_body(retry), b"text/html; charset=utf-8", True)


def _json_body(retry: int) -> bytes:
    return json.dumps(
        {
            "error": "too_many_requests",
            "message": f"Too many requests from your address; try again in {retry} s.",
            "message_fr": f"Trop de requêtes depuis votre adresse ; réessayez dans {retry} s.",
        }
    ).encode()


def _html_body(retry: int) -> bytes:
    """Pages get a short bilingual HTML answer an htmx error notice can show as it is."""
    return (
        f'<p role="alert" lang="en">Too many requests from your address: nothing was done. '
        f"Try again in {retry} s.</p>"
        f'<p lang="fr">Trop de requêtes depuis votre adresse : rien n\'a été fait. '
        f"Réessayez dans {retry} s.</p>"
    ).encode()


async def _send_429(
    send: Send, retry: int, body: bytes, content_type: bytes, no_store: bool = False
) -> None:
    headers = [
        (b"content-type", content_type),
        (b"retry-after", str(retry).encode()),
        (b"content-length", str(len(body)).encode()),
    ]
    if no_store:  # a page's refusal: never kept by a cache
        headers.append((b"cache-control", b"no-store"))
    await send({"type": "http.response.start", "status": 429, "headers": headers})
    await send({"type": "http.response.body", "body": body})
