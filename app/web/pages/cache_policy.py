"""The cache policies the pages choose from (the security headers: app/web/middleware/headers.py)."""

from __future__ import annotations

# Seat pages and fragments: never stored anywhere, and they differ by htmx request,
# by seat cookie and by language.
PRIVATE = {
    "Cache-Control": "private, no-store",
    "Vary": "HX-Request, Cookie, Accept-Language",
}
# Pages with nothing secret that still differ by language.
PUBLIC_PAGE = {
    "Cache-Control": "no-cache",
    "Vary": "HX-Request, Cookie, Accept-Language",
}
# Pages that carry tokens or answer a token (joining, a new ruling): never stored. The links
# pages (links.py) are PRIVATE: per judge or seat, and htmx-aware like every seat page.
NO_STORE = {"Cache-Control": "no-store", "Vary": "Cookie, Accept-Language"}
# A rule's text in the bottom sheet: the same for everyone, but it differs by language.
RULE_SHEET = {"Cache-Control": "private, max-age=300", "Vary": PRIVATE["Vary"]}
