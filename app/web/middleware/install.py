"""The middleware, in one place: one pass over every request (app/web/middleware/edge.py), and
the bench-only switch that leaves parts of it out (FACEDOWN_BENCH_SKIP_MIDDLEWARE)."""

from __future__ import annotations

import logging

from fastapi import FastAPI

from app.settings import Settings
from app.web.middleware.access_log import install as redact_access_log
from app.web.middleware.edge import PARTS, Edge
from app.web.middleware.ratelimit import Rate, RateLimits

log = logging.getLogger(__name__)


def skipped_parts(settings: Settings) -> frozenset[str]:
    """The parts FACEDOWN_BENCH_SKIP_MIDDLEWARE leaves out: only on the bench's server
    (FACEDOWN_BENCH_PROBE=1); anywhere else the setting is ignored, with a warning."""
    names = {n.strip() for n in settings.bench_skip_middleware.split(",") if n.strip()}
    if not names:
        return frozenset()
    if not settings.bench_probe:
        log.warning(
            "FACEDOWN_BENCH_SKIP_MIDDLEWARE is ignored: it is honoured only with "
            "FACEDOWN_BENCH_PROBE=1 (the bench's own server)"
        )
        return frozenset()
    if "all" in names:
        return frozenset(PARTS)
    unknown = names - set(PARTS)
    if unknown:
        raise ValueError(f"FACEDOWN_BENCH_SKIP_MIDDLEWARE: unknown {sorted(unknown)}; know {PARTS}")
    log.warning("bench: middleware left out: %s", ", ".join(sorted(names)))
    return frozenset(names)


def install_middleware(app: FastAPI, settings: Settings) -> None:
    """One pure-ASGI middleware for every HTTP request (app/web/middleware/edge.py), inside
    Starlette's error handler: its 500s are the server's last word, as before."""
    redact_access_log()
    skip = skipped_parts(settings)
    if skip >= set(PARTS):
        return
    limits = RateLimits(
        {"create": Rate.parse(settings.rate_create), "act": Rate.parse(settings.rate_act)}
    )
    app.add_middleware(Edge, max_bytes=settings.max_body_bytes, limits=limits, skip=skip)
