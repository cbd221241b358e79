"""(3) Bytes on the wire: the first load of a seat page (HTML + CSS + JS, compressed as sent)
and a typical HTMX action response."""

from __future__ import annotations

import re
import statistics
from typing import Any
from urllib.parse import urlencode, urlsplit

import orjson

from bench.client import Connection, Response
from bench.load import JSON, BenchGame, csrf_of, morph_in_hand
from bench.throughput import create_games

# What a phone's browser offers; the server picks what it supports.
BROWSER = {"Accept-Encoding": "gzip, deflate, br, zstd", "Accept": "text/html,*/*"}

_ASSET = re.compile(
    r"""<(?:script[^>]*\bsrc|link[^>]*\bhref|img[^>]*\bsrc)\s*=\s*["']([^"']+)["'][^>]*>""",
    re.IGNORECASE,
)
# A game page's scripts, loaded after its first paint (static/js/after_paint.js).
_DATA_LOAD = re.compile(r"""\bdata-load\s*=\s*["']([^"']+)["']""", re.IGNORECASE)
_LINK_REL = re.compile(r"""\brel\s*=\s*["']([^"']+)["']""", re.IGNORECASE)
# Links a browser fetches on load (not navigation links such as rel="alternate").
_FETCHED_RELS = {"stylesheet", "icon", "preload", "modulepreload", "manifest", "apple-touch-icon"}


class PagesNotAvailable(Exception):
    pass


def subresources(html: str) -> list[str]:
    """Same-origin URLs the browser loads with the page: scripts, stylesheets, icons, images."""
    found: list[str] = []
    for match in _ASSET.finditer(html):
        tag, url = match.group(0), match.group(1)
        if tag.lower().startswith("<link"):
            rel = _LINK_REL.search(tag)
            if rel is None or not set(rel.group(1).lower().split()) & _FETCHED_RELS:
                continue
        later = _DATA_LOAD.search(tag)
        for each in [url, *(later.group(1).split() if later else [])]:
            _add_same_origin(found, each)
    return found


def _add_same_origin(found: list[str], url: str) -> None:
    parts = urlsplit(url)
    if parts.scheme or parts.netloc or url.startswith("data:"):
        return  # another origin or inline: not ours to count
    if url not in found:
        found.append(url.replace("&amp;", "&"))


def _sent(response: Response) -> int:
    return len(response.body)


def _plain(response: Response) -> int:
    return len(response.text().encode())


async def measure(base_url: str) -> dict[str, Any]:
    conn = Connection(base_url)
    try:
        home = await conn.request("GET", "/", BROWSER)
        game = (await create_games(base_url, 1))[0]
        alice = game.seats[0]
        joined = await conn.request("GET", f"/join/{alice.token}", BROWSER)
        cookie = joined.cookies.get("fd_seat")
        if home.status != 200 or joined.status not in (302, 303) or not cookie:
            raise PagesNotAvailable(f"GET / -> {home.status}, GET /join/<token> -> {joined.status}")
        page_headers = {**BROWSER, "Cookie": f"fd_seat={cookie}"}
        page = await conn.request("GET", f"/g/{game.id}", page_headers)
        if page.status != 200:
            raise PagesNotAvailable(f"GET /g/<game> -> {page.status}")
        html = page.text()
        files: list[dict[str, Any]] = [
            {
                "url": f"/g/{game.id}",
                "sent": _sent(page),
                "plain": _plain(page),
                "encoding": page.headers.get("content-encoding", "identity"),
            }
        ]
        for url in subresources(html):
            asset = await conn.request("GET", url, page_headers)
            files.append(
                {
                    "url": url,
                    "status": asset.status,
                    "sent": _sent(asset),
                    "plain": _plain(asset) if asset.status == 200 else 0,
                    "encoding": asset.headers.get("content-encoding", "identity"),
                    "cache_control": asset.headers.get("cache-control", ""),
                }
            )
        actions = await _action_responses(conn, base_url, game, alice.token, html)
    finally:
        await conn.close()
    first_load = sum(f["sent"] for f in files)
    return {
        "first_load_bytes": first_load,
        "first_load_plain_bytes": sum(f["plain"] for f in files),
        "files": files,
        "action_bytes": int(statistics.median(a["sent"] for a in actions)),
        "action_max_bytes": max(a["sent"] for a in actions),
        "actions": actions,
    }


async def _action_responses(
    conn: Connection, base_url: str, game: BenchGame, alice: str, html: str
) -> list[dict[str, Any]]:
    """A few everyday taps, posted the way htmx posts them from Alice's page."""
    api = {**JSON, "Authorization": f"Bearer {alice}"}
    view: Any = (await conn.request("GET", f"/api/games/{game.id}/view", api)).json()
    card = morph_in_hand(view, "Alice")
    headers = {
        **BROWSER,
        "Cookie": f"fd_seat={alice}",
        "HX-Request": "true",
        "HX-Current-URL": f"{base_url}/g/{game.id}",
        "X-CSRF-Token": csrf_of(html),
        "Sec-Fetch-Site": "same-origin",
        "Content-Type": "application/x-www-form-urlencoded",
    }
    out: list[dict[str, Any]] = []

    async def post(action: dict[str, Any]) -> Response:
        body = urlencode({"action": orjson.dumps(action).decode()}).encode()
        response = await conn.request("POST", f"/g/{game.id}/act", headers, body)
        out.append(
            {
                "action": action["type"],
                "status": response.status,
                "sent": _sent(response),
                "plain": _plain(response),
                "encoding": response.headers.get("content-encoding", "identity"),
            }
        )
        return response

    await post({"type": "cast_face_down", "object": card, "via": "morph"})
    await post({"type": "resolve"})
    view = (await conn.request("GET", f"/api/games/{game.id}/view", api)).json()
    creature = next(
        o["id"] for o in view["objects"] if o["zone"] == "battlefield" and o["owner"] == "Alice"
    )
    await post({"type": "tap", "object": creature})
    await post({"type": "add_counter", "object": creature})
    await post({"type": "next_turn"})
    return out
