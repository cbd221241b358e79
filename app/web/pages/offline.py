"""`/offline`: the page the service worker shows when a page that needs the network can't be
reached (a seat page, the judge's page, a page never opened): never the browser's error page.

It names no game and no seat, so it is the same for everyone and safe to keep on a phone.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import Response

from app.web.pages.cache_policy import PUBLIC_PAGE
from app.web.pages.chrome import base_context
from app.web.templating import html, render

router = APIRouter(include_in_schema=False)

OFFLINE_PATH = "/offline"


@router.get(OFFLINE_PATH)
def offline_page(request: Request) -> Response:
    return html(render("pages/offline.html", base_context(request)), headers=PUBLIC_PAGE)
