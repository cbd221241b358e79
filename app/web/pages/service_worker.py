"""`/sw.js`: the service worker that keeps Facedown readable on bad Wi-Fi.

Served from the root so its scope is the whole site, with `Cache-Control: no-cache` so a
deploy is seen at the next visit. The worker itself is templates/service_worker.js; this
module hands it what to precache and names its caches by a hash of all that, so a deploy
that changes an asset, the list or the worker replaces the old caches.

What it may keep (the rest always goes to the network, and is never written to a cache):
- the app shell: every CSS, JS and icon file under static/, by its fingerprinted URL;
- the offline page, the home page (the judge questions), /rules and every rule page;
- each ruling page (/r/...) once opened.
Never /g/, /join/ or /api/ (a game's pages, a seat's link, the JSON API), never an htmx
fragment, never a response marked private or no-store: a shared phone must not keep a seat's
hidden cards.
"""

from __future__ import annotations

import functools
import hashlib
import json
from importlib.metadata import PackageNotFoundError, version

from fastapi import APIRouter
from fastapi.responses import Response

from app.rules.families import CITATIONS
from app.web.assets import STATIC_DIR, TEMPLATES_DIR, static_url
from app.web.pages.offline import OFFLINE_PATH
from app.web.pages.rules import url_of
from app.web.templating import render

router = APIRouter(include_in_schema=False)

WORKER_PATH = "/sw.js"
WORKER_TEMPLATE = "service_worker.js"
# Path prefixes never cached, never answered from a cache: per game, per seat, per token.
NEVER_CACHED = ("/g/", "/join/", "/api/")
# Pages kept once opened (rulings never change once published).
KEPT_WHEN_OPENED = ("/r/",)
SHELL_SUFFIXES = (".css", ".js", ".png", ".svg")
WORKER_HEADERS = {"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"}


def shell_assets() -> list[str]:
    """Every stylesheet, script and icon under static/, by its fingerprinted URL."""
    files = sorted(
        p.relative_to(STATIC_DIR).as_posix()
        for p in STATIC_DIR.rglob("*")
        if p.is_file() and p.suffix in SHELL_SUFFIXES
    )
    return [static_url(f) for f in files]


def precached_pages() -> list[str]:
    """The pages kept at install: the home page (with its judge questions), /rules and each
    rule page by its canonical URL (the pages that redirect are not kept)."""
    return ["/", "/rules", *sorted({url_of(c) for c in CITATIONS.values()})]


def _package_version() -> str:
    try:
        return version("facedown")
    except PackageNotFoundError:  # a source tree never installed
        return "source"


def cache_version(config: dict[str, object], worker_source: bytes, package_version: str) -> str:
    """The caches' name: any change of an asset (its fingerprinted URL), of the lists, of the
    worker or of the release gives new caches, and the worker drops the old ones."""
    digest = hashlib.sha256(json.dumps(config, sort_keys=True).encode())
    digest.update(worker_source)
    digest.update(package_version.encode())
    return digest.hexdigest()[:12]


@functools.cache
def worker_config() -> dict[str, object]:
    config: dict[str, object] = {
        "shell": [OFFLINE_PATH, *shell_assets()],
        "pages": precached_pages(),
        "never": list(NEVER_CACHED),
        "keep": list(KEPT_WHEN_OPENED),
    }
    source = (TEMPLATES_DIR / WORKER_TEMPLATE).read_bytes()
    return config | {"version": cache_version(config, source, _package_version())}


@functools.cache
def worker_script() -> str:
    return render(WORKER_TEMPLATE, {"config": worker_config()})


@router.get(WORKER_PATH)
def service_worker() -> Response:
    return Response(worker_script(), media_type="text/javascript", headers=WORKER_HEADERS)
