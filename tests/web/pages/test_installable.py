"""Installable and offline (issue 17, item 7) without a browser: the web manifest and its
icons, the CSP that lets them load, the service worker's script and what it is told to keep,
and the offline page. The browser side: tests/browser/test_offline.py."""

from __future__ import annotations

import json
import re
import struct
from typing import Any

import pytest

from app.rules.families import CITATIONS
from app.web.pages.rules import url_of
from app.web.pages.service_worker import cache_version
from tests.web.pages_support import LEAK_SETUP, seat_client

PER_SEAT = ("/g/", "/join/", "/api/")


def png_size(data: bytes) -> tuple[int, int]:
    """A PNG's width and height, from its IHDR chunk (which the format puts first)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def linked_manifest(page: str) -> str:
    found = re.search(r'<link rel="manifest" href="([^"]+)">', page)
    assert found, "the page links no manifest"
    return found.group(1)


def worker_config(client) -> dict[str, Any]:
    script = client.get("/sw.js").text
    found = re.search(r"^var CONFIG = (\{.*\});$", script, re.MULTILINE)
    assert found
    return json.loads(found.group(1))


def test_the_manifest_the_home_page_links_names_the_app_its_icons_start_url_and_display(client):
    response = client.get(linked_manifest(client.get("/").text))
    assert response.status_code == 200
    assert response.headers["Content-Type"].startswith("application/manifest+json")
    manifest = response.json()
    assert manifest["name"] == "Facedown" and manifest["short_name"] == "Facedown"
    assert manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    sizes = set()
    for icon in manifest["icons"]:
        image = client.get(icon["src"])
        assert image.status_code == 200 and image.headers["Content-Type"] == "image/png"
        width, height = png_size(image.content)
        assert icon["sizes"] == f"{width}x{height}"
        sizes.add((width, icon["purpose"]))
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= sizes


def test_the_manifest_speaks_the_page_language(client):
    client.cookies.set("lang", "fr")
    manifest = client.get("/manifest.webmanifest").json()
    assert manifest["lang"] == "fr"
    assert "cartes face cachée" in manifest["description"]


@pytest.mark.engine
def test_every_page_links_the_manifest_a_real_icon_and_the_worker_installer(client, make_game):
    game_id, tokens = make_game(client, setup=LEAK_SETUP)
    alice = seat_client(client.app, tokens["Alice"])
    for browser, path in (
        (client, "/"),
        (client, "/rules"),
        (client, "/offline"),
        (alice, f"/g/{game_id}"),
    ):
        page = browser.get(path).text
        assert linked_manifest(page) == "/manifest.webmanifest", path
        assert 'href="data:,"' not in page, path
        icon = re.search(r'<link rel="icon" href="(/static/icons/icon\.svg\?v=[0-9a-f]{12})"', page)
        assert icon and browser.get(icon.group(1)).status_code == 200, path
        assert re.search(r'<script src="/static/js/install\.js\?v=[0-9a-f]{12}" defer>', page), path


def test_the_csp_lets_the_manifest_and_the_worker_come_from_this_origin_only(client):
    csp = client.get("/").headers["Content-Security-Policy"]
    assert "manifest-src 'self'" in csp.split("; ")
    assert "worker-src 'self'" in csp.split("; ")


def test_the_worker_is_served_from_the_root_as_javascript_and_revalidated(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.headers["Content-Type"].startswith("text/javascript")
    assert response.headers["Cache-Control"] == "no-cache"
    assert response.headers["Service-Worker-Allowed"] == "/"


def test_the_worker_precaches_the_shell_the_judge_questions_and_every_rule_page(client):
    config = worker_config(client)
    home = client.get("/").text
    for asset in re.findall(r'(?:href|src)="(/static/[^"]+)"', home):
        assert asset in config["shell"], asset
    assert "/offline" in config["shell"]
    assert {"/", "/rules"} <= set(config["pages"])
    assert {url_of(c) for c in CITATIONS.values()} <= set(config["pages"])


def test_every_page_the_worker_precaches_is_public_and_answers_without_a_redirect(client):
    config = worker_config(client)
    for url in [*config["shell"], *config["pages"]]:
        response = client.get(url, follow_redirects=False)
        assert response.status_code == 200, url
        cache_control = response.headers["Cache-Control"]
        assert "private" not in cache_control and "no-store" not in cache_control, url


def test_the_worker_keeps_nothing_per_game_per_seat_or_from_the_api(client):
    config = worker_config(client)
    assert set(config["never"]) == set(PER_SEAT)
    kept = [*config["shell"], *config["pages"], *config["keep"]]
    assert [u for u in kept if u.startswith(PER_SEAT)] == []
    assert config["keep"] == ["/r/"]


@pytest.mark.engine
def test_the_pages_the_worker_must_never_keep_say_so_themselves(client, make_game):
    """A second guard: the worker refuses any private or no-store answer, which seat pages,
    their fragments and a seat link's answer all are."""
    game_id, tokens = make_game(client, setup=LEAK_SETUP)
    alice = seat_client(client.app, tokens["Alice"])
    for response in (
        alice.get(f"/g/{game_id}"),
        alice.get(f"/g/{game_id}", headers={"HX-Request": "true"}),
        client.get(f"/join/{tokens['Bob']}", follow_redirects=False),
    ):
        assert "no-store" in response.headers["Cache-Control"]


def test_the_cache_name_changes_when_an_asset_the_worker_or_the_release_changes():
    config: dict[str, object] = {
        "shell": ["/static/css/facedown.css?v=aaaaaaaaaaaa"],
        "pages": ["/"],
    }
    base = cache_version(config, b"worker", "1.0")
    changed = {"shell": ["/static/css/facedown.css?v=bbbbbbbbbbbb"], "pages": ["/"]}
    assert cache_version(changed, b"worker", "1.0") != base
    assert cache_version(config, b"worker v2", "1.0") != base
    assert cache_version(config, b"worker", "1.1") != base
    assert cache_version(dict(config), b"worker", "1.0") == base


def test_the_offline_page_says_the_seat_page_needs_the_network_in_both_languages(client):
    english = client.get("/offline")
    assert english.status_code == 200
    assert "You are offline" in english.text and "never kept on the phone" in english.text
    assert 'href="/rules"' in english.text
    client.cookies.set("lang", "fr")
    assert "Vous êtes hors ligne" in client.get("/offline").text
