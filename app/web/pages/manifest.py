"""`/manifest.webmanifest`: what makes Facedown installable.

Its icons are committed PNGs rendered from static/icons/icon.svg (scripts/make-icons); their
URLs are fingerprinted like every static file, so a new icon is a new URL. The name and
description follow the page language, like every page.
"""

from __future__ import annotations

import json

from fastapi import APIRouter, Request
from fastapi.responses import Response

from app.web.assets import static_url
from app.web.i18n import Lang, pick_language, translator
from app.web.pages.cache_policy import PUBLIC_PAGE

router = APIRouter(include_in_schema=False)

MANIFEST_PATH = "/manifest.webmanifest"
# The colours of static/css/facedown.css: the accent (the browser's bar) and the paper.
THEME_COLOUR = "#27408b"
BACKGROUND_COLOUR = "#f6f5f1"
# (file under static/, size in px, purpose): the sizes Chromium asks of an installable app.
ICONS: tuple[tuple[str, int, str], ...] = (
    ("icons/icon-192.png", 192, "any"),
    ("icons/icon-512.png", 512, "any"),
    ("icons/icon-maskable-512.png", 512, "maskable"),
)
FAVICON = "icons/icon.svg"


def manifest(lang: Lang) -> dict[str, object]:
    t = translator(lang)
    return {
        "name": "Facedown",
        "short_name": "Facedown",
        "description": t("offline.manifest.description"),
        "lang": lang,
        "id": "/",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": [
            {
                "src": static_url(path),
                "sizes": f"{size}x{size}",
                "type": "image/png",
                "purpose": purpose,
            }
            for path, size, purpose in ICONS
        ],
    }


@router.get(MANIFEST_PATH)
def web_manifest(request: Request) -> Response:
    body = json.dumps(manifest(pick_language(request)), ensure_ascii=False, separators=(",", ":"))
    return Response(body, media_type="application/manifest+json", headers=PUBLIC_PAGE)
