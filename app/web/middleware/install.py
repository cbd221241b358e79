"""The middleware stack, in one place: what wraps what, and why in that order."""

from __future__ import annotations

from fastapi import FastAPI
from starlette.middleware.gzip import GZipMiddleware

from app.settings import Settings
from app.web.middleware.access_log import install as redact_access_log
from app.web.middleware.api_cache import PrivateApiResponses
from app.web.middleware.body_limit import BodySizeLimit
from app.web.middleware.headers import SecurityHeaders
from app.web.middleware.nul_guard import RefuseNul
from app.web.middleware.ratelimit import Rate, RateLimit


def install_middleware(app: FastAPI, settings: Settings) -> None:
    """Added innermost first: the last one added sees a request first."""
    redact_access_log()
    # Inside BodySizeLimit (added first = runs later): it sees a body already bounded.
    app.add_middleware(RefuseNul)
    app.add_middleware(BodySizeLimit, max_bytes=settings.max_body_bytes)
    # Compresses pages, fragments, JSON and static files; never the event stream.
    app.add_middleware(GZipMiddleware, minimum_size=500)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(PrivateApiResponses)
    app.add_middleware(
        RateLimit,
        limits={
            "create": Rate.parse(settings.rate_create),
            "act": Rate.parse(settings.rate_act),
        },
    )
