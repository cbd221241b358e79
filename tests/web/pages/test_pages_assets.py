"""Static assets: the vendored htmx files are exactly the pinned ones, URLs are fingerprinted
and cached for a year, and a first load stays under 60 KB compressed."""

from __future__ import annotations

import base64
import gzip
import hashlib
import re

import pytest

from app.web.assets import HTMX, HTMX_SSE, STATIC_DIR
from tests.web.pages_support import LEAK_SETUP, seat_client

# Digests of the files `npm pack htmx.org@2.0.11` / `npm pack htmx-ext-sse@2.2.4` ship as
# dist/htmx.min.js and dist/sse.min.js (see static/vendor/VERSIONS.txt).
PINNED_SHA384 = {
    "vendor/htmx-2.0.11.min.js": "2OatzQy1H+Zd/IIrjr1TcuDGqLXeHhbooAyJY1KdQMKnr4LZ22k31GBLdYKHmVjg",
    "vendor/htmx-ext-sse-2.2.4.min.js": "A986SAtodyH8eg8x8irJnYUk7i9inVQqYigD6qZ9evobksGNIXfeFvDwLSHcp31N",
}
FIRST_LOAD_BUDGET = 60 * 1024


@pytest.mark.parametrize("path", sorted(PINNED_SHA384))
def test_vendored_htmx_files_match_their_pinned_sha384(path):
    digest = hashlib.sha384((STATIC_DIR / path).read_bytes()).digest()
    assert base64.b64encode(digest).decode() == PINNED_SHA384[path]


def test_the_app_links_exactly_the_pinned_versions():
    assert {HTMX, HTMX_SSE} == set(PINNED_SHA384)
    vendored = {p.relative_to(STATIC_DIR).as_posix() for p in (STATIC_DIR / "vendor").glob("*.js")}
    assert vendored == set(PINNED_SHA384)


def test_fingerprinted_static_urls_are_cached_for_a_year(client):
    home = client.get("/").text
    css = re.search(r'href="(/static/css/facedown\.css\?v=[0-9a-f]{12})"', home)
    assert css
    response = client.get(css.group(1))
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    plain = client.get("/static/css/facedown.css")
    assert plain.headers["Cache-Control"] == "no-cache"


def _gzipped_size(client, path: str, headers: dict[str, str] | None = None) -> int:
    response = client.get(path, headers={"Accept-Encoding": "gzip", **(headers or {})})
    assert response.status_code == 200, path
    # httpx decodes the body: measure what went over the wire by compressing it the same way.
    if response.headers.get("Content-Encoding") == "gzip":
        return len(gzip.compress(response.content, compresslevel=9))
    return len(response.content)


@pytest.mark.engine
def test_first_load_of_home_and_a_seat_page_is_under_60_kb_compressed(client, make_game):
    game_id, tokens = make_game(client, setup=LEAK_SETUP)
    alice = seat_client(client.app, tokens["Alice"])
    for browser, path in ((client, "/"), (alice, f"/g/{game_id}")):
        page = browser.get(path).text
        assets = re.findall(r'(?:href|src)="(/static/[^"]+)"', page)
        # A game page's scripts, loaded after its first paint (static/js/after_paint.js).
        assets += [url for urls in re.findall(r'data-load="([^"]+)"', page) for url in urls.split()]
        total = _gzipped_size(browser, path) + sum(_gzipped_size(browser, a) for a in assets)
        assert total < FIRST_LOAD_BUDGET, (path, total)
