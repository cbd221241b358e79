"""The middleware stack, in one place: what wraps what, and why in that order."""

from __future__ import annotations

import logging

from fastapi import FastAPI
from starlette.middleware.gzip import GZipMiddleware

from app.settings import Settings
from app.web.middleware.access_log import install as redact_access_log
from app.web.middleware.api_cache import PrivateApiResponses
from app.web.middleware.body_limit import BodySizeLimit
from app.web.middleware.headers import SecurityHeaders
from app.web.middleware.nul_guard import RefuseNul
from app.web.middleware.ratelimit import Rate, RateLimit

log = logging.getLogger(__name__)

# The parts a bench run may leave out one at a time (FACEDOWN_BENCH_SKIP_MIDDLEWARE).
PARTS = ("nul", "body_limit", "gzip", "headers", "private_api", "rate_limit")


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
    """Added innermost first: the last one added sees a request first."""
    redact_access_log()
    skip = skipped_parts(settings)
    # Inside BodySizeLimit (added first = runs later): it sees a body already bounded.
    if "nul" not in skip:
        app.add_middleware(RefuseNul)
    if "body_limit" not in skip:
        app.add_middleware(BodySizeLimit, max_bytes=settings.max_body_bytes)
    # Compresses pages, fragments, JSON and static files; never the event stream.
    if "gzip" not in skip:
        app.add_middleware(GZipMiddleware, minimum_size=500)
    if "headers" not in skip:
        app.add_middleware(SecurityHeaders)
    if "private_api" not in skip:
        app.add_middleware(PrivateApiResponses)
    if "rate_limit" not in skip:
        app.add_middleware(
            RateLimit,
            limits={
                "create": Rate.parse(settings.rate_create),
                "act": Rate.parse(settings.rate_act),
            },
        )
