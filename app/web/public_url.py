"""The address absolute links are built from: FACEDOWN_PUBLIC_BASE_URL when the deployment set
it, else the request's own (its Host header, which a response must then vary by)."""

from __future__ import annotations

from dataclasses import dataclass

from starlette.requests import Request


@dataclass(frozen=True)
class PublicOrigin:
    url: str  # "https://facedown.example.org", no trailing slash
    configured: bool  # False: taken from the request's Host


def public_origin(request: Request) -> PublicOrigin:
    configured = getattr(request.app.state.settings, "public_base_url", None)
    if configured:
        return PublicOrigin(configured, True)
    return PublicOrigin(str(request.base_url).rstrip("/"), False)
