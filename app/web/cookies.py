"""The cookies the app sets: read by the server only (httponly), scoped to one path, sent
over https only when the page was (a local http run keeps working)."""

from __future__ import annotations

from typing import Literal

from starlette.requests import Request
from starlette.responses import Response


def set_private_cookie(
    response: Response,
    request: Request,
    name: str,
    value: str,
    *,
    max_age: int,
    path: str,
    samesite: Literal["lax", "strict"] = "lax",
) -> None:
    response.set_cookie(
        name,
        value,
        max_age=max_age,
        path=path,
        httponly=True,
        samesite=samesite,
        secure=request.url.scheme == "https",
    )
