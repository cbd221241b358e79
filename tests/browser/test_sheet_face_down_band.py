"""A face-down card's sheet opens on what its owner may see, in English and French alike
(issue 29, item 9): no empty band above it where the tile's name line was (the sheet's title
already names it, so the line is hidden and, holding nothing else, takes no room)."""

from __future__ import annotations

import json
import urllib.request

import pytest

pytestmark = pytest.mark.browser

SETUP = [{"owner": "Alice", "zone": "battlefield", "card": "Exalted Angel", "face_down": "morph"}]


def _alice_token(base: str) -> str:
    body = json.dumps({"ruleset": "mtg", "players": ["Alice", "Bob"], "setup": SETUP}).encode()
    request = urllib.request.Request(
        f"{base}/api/games", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        created = json.load(response)
    return next(s["token"] for s in created["seats"] if s["player"] == "Alice")


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR"])
def test_708_2_a_face_down_sheet_has_no_empty_band_at_its_top(server, phone, locale):
    page = phone(locale).new_page()
    page.goto(f"{server}/join/{_alice_token(server)}")
    page.locator("a.tile-main").first.click()
    tile = page.locator(".sheet .tile.is-facedown")
    tile.wait_for()
    # The tile in the sheet starts with the owner's look at the card: nothing above it.
    secret = tile.locator("details.secret")
    assert secret.is_visible()
    gap = page.evaluate(
        """() => {
            const tile = document.querySelector('.sheet .tile.is-facedown');
            const secret = tile.querySelector('details.secret');
            return secret.getBoundingClientRect().top - tile.getBoundingClientRect().top;
        }"""
    )
    assert gap < 12, f"{gap}px of empty band above the card in {locale}"
