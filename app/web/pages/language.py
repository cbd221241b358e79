"""The language toggle: a cookie, then back to the page it was pressed on."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query, Request
from fastapi.responses import RedirectResponse, Response

from app.web.cookies import set_private_cookie
from app.web.i18n import LANG_COOKIE, LANGS

router = APIRouter(include_in_schema=False)


def _local_path(target: str | None) -> str:
    if not target or not target.startswith("/") or target.startswith(("//", "/\\")):
        return "/"
    if any(c in target for c in "\r\n\\"):
        return "/"
    return target[:500]


@router.get("/lang/{code}")
def set_language(
    request: Request, code: str, next: Annotated[str | None, Query(max_length=500)] = None
) -> Response:
    """A local path only: never a redirect to another site."""
    response = RedirectResponse(_local_path(next), 303, headers={"Cache-Control": "no-store"})
    if code in LANGS:
        set_private_cookie(
            response, request, LANG_COOKIE, code, max_age=60 * 60 * 24 * 365, path="/"
        )
    return response
