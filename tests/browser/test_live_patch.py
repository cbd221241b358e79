"""Only what changed: after a tap, another open page gets out-of-band swaps of the parts of
its live region that changed for its viewer (app/web/live_patch.py), not the whole region,
carried by its live stream (app/web/live.py) with no request of its own; the parts that did
not change keep their DOM elements, and the page ends up as the whole region would have
drawn it."""

from __future__ import annotations

import json
import re
import urllib.request

import pytest

from tests.browser.test_morph_game import FIRST, tap_tile, two_seats

pytestmark = pytest.mark.browser

LIVE_TIMEOUT_MS = 5000


def _api(server: str, game_id: str, token: str, path: str, body: object | None = None):
    request = urllib.request.Request(
        f"{server}/api/games/{game_id}/{path}",
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def _normalised(html: str) -> str:
    return re.sub(r">\s+<", "><", html).strip()


def test_a_tap_swaps_only_the_tile_that_changed_on_the_other_page(server, phone):
    game, alice_ctx, alice, _bob_ctx, _bob = two_seats(server, phone)
    game_id, tokens = game["id"], game["tokens"]
    fragments: list[tuple[str, dict[str, str], int]] = []
    events: list[dict] = []
    cdp = alice_ctx.new_cdp_session(alice)
    cdp.send("Network.enable")
    cdp.on("Network.eventSourceMessageReceived", lambda e: events.append(json.loads(e["data"])))

    def seen(response) -> None:
        request = response.request
        fragment = re.search(rf"/g/{re.escape(game_id)}(\?.*)?$", request.url)
        if request.method == "GET" and request.headers.get("hx-request") == "true" and fragment:
            fragments.append((request.url, response.headers, len(response.body())))

    bears = next(
        o
        for o in _api(server, game_id, tokens["Bob"], "view")["objects"]
        if o["zone"] == "battlefield"
    )
    # The first change brings the time-travel bar and the take-back panel: a new shape of the
    # region, sent whole. The one after is the tap measured here.
    _api(server, game_id, tokens["Bob"], "actions", {"type": "tap", "object": bears["id"]})
    alice.locator("#live .status[data-version='1']").wait_for(timeout=LIVE_TIMEOUT_MS)
    alice.on("response", seen)
    whole = len(alice.locator("#live").inner_html())
    # Every tile of Alice's page, marked: a tile swapped in is a new element, without it.
    alice.evaluate(
        "() => document.querySelectorAll('#live li.tile')"
        ".forEach((el, i) => { el.dataset.testMark = String(i); el.__mark = i; })"
    )
    _api(server, game_id, tokens["Bob"], "actions", {"type": "untap", "object": bears["id"]})
    alice.locator("#live .status[data-version='2']").wait_for(timeout=LIVE_TIMEOUT_MS)
    alice.wait_for_timeout(300)

    # No catch-up: the stream's message carried the swaps, from the version the page showed.
    assert fragments == []
    told = [e for e in events if e["version"] == 2]
    assert len(told) == 1 and told[0]["base"] == 1 and told[0]["lang"] == "en", told
    assert "hx-swap-oob" in told[0]["html"]
    assert len(told[0]["html"]) < whole / 2, (len(told[0]["html"]), whole)
    marks = alice.evaluate(
        "() => [...document.querySelectorAll('#live li.tile')]"
        ".map(el => [el.classList.contains('is-tapped'), el.__mark === undefined ? null : el.__mark])"
    )
    # The untapped Bears is the one new element; Alice's hand kept its elements.
    assert not any(tapped for tapped, _ in marks)
    assert sorted(kept is None for _, kept in marks) == [False] * (len(marks) - 1) + [True]
    # And the page is what the whole region draws now.
    fresh = alice.evaluate(
        """async (url) => {
             const r = await fetch(url, {headers: {"HX-Request": "true"}});
             return await r.text();
           }""",
        f"/g/{game_id}",
    )
    shown = alice.evaluate(
        "() => { const el = document.querySelector('#live').cloneNode(true);"
        " el.querySelectorAll('[data-test-mark]').forEach(t => t.removeAttribute('data-test-mark'));"
        " return el.innerHTML; }"
    )
    template = alice.evaluate(
        "(html) => { const t = document.createElement('div'); t.innerHTML = html; return t.innerHTML; }",
        fresh,
    )
    assert _normalised(shown) == _normalised(template)


def test_the_tapping_page_gets_only_what_changed_and_back_still_leaves_the_game(server, phone):
    """The page that taps says which version its #live shows (X-Live-Version): its answer is
    out-of-band swaps too. Its forms a patch left in place carry the new version, the sheet
    the tap closed drops its history entry once (one afterSwap per swapped element), and the
    page ends up as the whole region draws it."""
    game, _alice_ctx, alice, _bob_ctx, _bob = two_seats(server, phone)
    game_id, tokens = game["id"], game["tokens"]
    alice.goto(f"{server}/rules")
    alice.goto(f"{server}/g/{game_id}")
    # The first change brings the time-travel bar and the take-back panel (a new shape of
    # the region, sent whole): made first, by Bob.
    bears = next(
        o
        for o in _api(server, game_id, tokens["Bob"], "view")["objects"]
        if o["zone"] == "battlefield"
    )
    _api(server, game_id, tokens["Bob"], "actions", {"type": "tap", "object": bears["id"]})
    alice.locator("#live .status[data-version='1']").wait_for(timeout=LIVE_TIMEOUT_MS)
    answers: list[tuple[dict[str, str], int, str]] = []

    def seen(response) -> None:
        if response.request.method == "POST" and response.url.endswith("/act"):
            answers.append(
                (
                    response.headers,
                    len(response.body()),
                    response.request.headers.get("x-live-version", ""),
                )
            )

    alice.on("response", seen)
    whole = len(alice.locator("#live").inner_html())
    # From a card's sheet: cast it face down; the answer closes the sheet.
    tap_tile(alice, FIRST)
    with alice.expect_response(lambda r: r.url.endswith("/act")):
        alice.get_by_role("button", name="Cast face down (morph)", exact=True).first.click()
    alice.locator("#sheet aside.sheet").wait_for(state="detached")
    alice.locator("#live .status[data-version='2']").wait_for(timeout=LIVE_TIMEOUT_MS)
    # And one more from the action bar: the stack resolves.
    with alice.expect_response(lambda r: r.url.endswith("/act")):
        alice.get_by_role("button", name="Resolve the top of the stack", exact=True).first.click()
    alice.locator("#live .status[data-version='3']").wait_for(timeout=LIVE_TIMEOUT_MS)

    assert [sent for _, _, sent in answers] == ["1", "2"]
    for headers, size, _ in answers:
        assert headers.get("hx-reswap") == "none"
        assert size < whole / 2, (size, whole)
    versions = alice.evaluate(
        "() => [...document.querySelectorAll('#live input[name=expected_version]')]"
        ".map(i => [i.value, i.getAttribute('value')])"
    )
    assert versions and all(pair == ["3", "3"] for pair in versions), versions
    fresh = alice.evaluate(
        """async (url) => {
             const r = await fetch(url, {headers: {"HX-Request": "true"}});
             const t = document.createElement('div'); t.innerHTML = await r.text();
             return t.innerHTML;
           }""",
        f"/g/{game_id}",
    )
    shown = alice.evaluate("() => document.querySelector('#live').innerHTML")
    assert _normalised(re.sub(r' open=""', "", shown)) == _normalised(
        re.sub(r' open=""', "", fresh)
    )
    # The sheet's history entry was dropped once: Back leaves the game for the page before.
    alice.go_back()
    alice.wait_for_url(re.compile(r"/rules$"))
