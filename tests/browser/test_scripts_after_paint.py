"""A game page's scripts load after its first paint (static/js/after_paint.js; issue 29,
Lighthouse): the page is painted from its HTML and CSS alone, then htmx, its live-stream
extension and ours run, and the page works as before: a button answers without a reload,
and the live stream brings another seat's action."""

from __future__ import annotations

import json
import urllib.request

import pytest

from tests.browser.test_morph_game import assert_not_reloaded, mark_page, press
from tests.browser.test_sheet_and_zones import create_game

pytestmark = pytest.mark.browser

# Before any script of the page: note when the live stream opens.
WATCH = """
document.addEventListener("htmx:sseOpen", function () { window.__sseOpen = true; });
"""
# Run by the page itself, before the load event: nothing else may load before the paint.
BEFORE_PAINT = {"install.js", "after_paint.js"}


def scripts_and_first_paint(page) -> tuple[float, list[tuple[str, float]]]:
    found = page.evaluate(
        """() => {
          const paint = performance.getEntriesByName("first-contentful-paint")[0];
          const scripts = performance.getEntriesByType("resource")
            .filter(r => r.initiatorType === "script")
            .map(r => [r.name.split("?")[0].split("/").pop(), r.startTime]);
          return [paint ? paint.startTime : -1, scripts];
        }"""
    )
    return found[0], [tuple(s) for s in found[1]]


def test_a_seat_pages_scripts_start_after_its_first_paint_and_then_work(server, phone):
    game = create_game(server, setup=[{"owner": "Bob", "zone": "hand", "card": "Grizzly Bears"}])
    context = phone()
    context.add_init_script(WATCH)
    page = context.new_page()
    page.goto(f"{server}/join/{game['tokens']['Alice']}")

    first_paint, scripts = scripts_and_first_paint(page)
    assert first_paint > 0
    names = [name for name, _ in scripts]
    assert set(names) >= {
        "htmx-2.0.11.min.js",
        "htmx-ext-sse-2.2.4.min.js",
        "live.js",
        "offline.js",
        "sheet.js",
    }, names
    early = [(n, at) for n, at in scripts if n not in BEFORE_PAINT and at < first_paint]
    assert not early, f"fetched before the first paint at {first_paint:.0f} ms: {early}"
    # Run in the order given: htmx before its extension, which needs it. The fetches run side
    # by side and may end in any order; the added scripts' order, not async, is the run order.
    added = page.evaluate(
        """() => Array.from(document.querySelectorAll("head script[src]"))
          .filter(s => !s.async)
          .map(s => s.src.split("?")[0].split("/").pop())"""
    )
    assert added.index("htmx-2.0.11.min.js") < added.index("htmx-ext-sse-2.2.4.min.js"), added

    # Then the page works as before: the live stream is open...
    page.wait_for_function("() => window.__sseOpen === true")
    # ...a button answers in place, without a reload...
    mark_page(page)
    press(page, "End the turn")
    assert "Turn 2" in page.locator("#live .status").inner_text()
    assert_not_reloaded(page)
    # ...and another seat's action arrives by the stream.
    body = json.dumps({"type": "next_turn"}).encode()
    request = urllib.request.Request(
        f"{server}/api/games/{game['id']}/actions",
        data=body,
        headers={
            "Content-Type": "application/json",
            "Authorization": f"Bearer {game['tokens']['Bob']}",
        },
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 200
    page.wait_for_function(
        "() => document.querySelector('#live .status').innerText.includes('Turn 3')"
    )
    assert_not_reloaded(page)
