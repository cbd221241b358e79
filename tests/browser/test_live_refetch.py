"""Issue 18: after a tap, the page that tapped already shows the new version (the action's
answer is its new live region), so the "changed" its stream then brings fetches nothing;
every other open page of the game gets what changed on it once: from its stream when the
stream can work it out (issue 30: the page then asks nothing), else by fetching its own
fragment (the first change, which brings new parts of the page, is sent whole)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.test_morph_game import press, two_seats

pytestmark = pytest.mark.browser

LIVE_TIMEOUT_MS = 5000


# Each request a page made: (method, URL, headers).
Seen = list[tuple[str, str, dict[str, str]]]


def recorded(page: Any) -> Seen:
    """The requests `page` makes from now on, as it makes them."""
    seen: Seen = []
    page.on("request", lambda r: seen.append((r.method, r.url, r.headers)))
    return seen


def fragment_gets(requests: Seen, game_id: str) -> int:
    """htmx GETs of the game page (the live region), not the page loads."""
    path = re.compile(rf"/g/{re.escape(game_id)}(\?[^/]*)?$")
    return sum(
        1
        for method, url, headers in requests
        if method == "GET" and path.search(url) and headers.get("hx-request") == "true"
    )


def test_changed_for_the_version_shown_fetches_nothing(server, phone):
    game, _alice_ctx, alice, _bob_ctx, bob = two_seats(server, phone)
    seen = {"alice": recorded(alice), "bob": recorded(bob)}

    press(alice, "End the turn")
    bob.locator("#live .status-title", has_text="Turn 2").wait_for(timeout=LIVE_TIMEOUT_MS)
    alice.locator("#live .status[data-version]").wait_for()
    # Time for Alice's stream to bring the same version, and for a fetch it would start.
    alice.wait_for_timeout(1500)

    assert "Turn 2" in alice.locator("#live .status-title").inner_text()
    assert fragment_gets(seen["alice"], game["id"]) == 0
    assert fragment_gets(seen["bob"], game["id"]) == 1


def test_once_in_step_a_tap_costs_the_other_page_no_request(server, phone):
    game, _alice_ctx, alice, _bob_ctx, bob = two_seats(server, phone)
    press(alice, "End the turn")  # the first change: Bob's page fetches it whole
    bob.locator("#live .status-title", has_text="Turn 2").wait_for(timeout=LIVE_TIMEOUT_MS)
    seen = {"alice": recorded(alice), "bob": recorded(bob)}

    press(bob, "End the turn")
    alice.locator("#live .status-title", has_text="Turn 3").wait_for(timeout=LIVE_TIMEOUT_MS)
    bob.wait_for_timeout(1500)  # time for any fetch either page would start

    assert fragment_gets(seen["alice"], game["id"]) == 0  # her stream brought the patch
    assert fragment_gets(seen["bob"], game["id"]) == 0  # his answer did
    # The buttons Alice's page kept carry the version it shows now (live.js).
    versions = alice.evaluate(
        "() => [...document.querySelectorAll('#live input[name=expected_version]')]"
        ".map(i => i.value)"
    )
    shown = alice.locator("#live .status[data-version]").get_attribute("data-version")
    assert versions and set(versions) == {shown}
    assert "End the turn" in alice.locator("#live").inner_text()
