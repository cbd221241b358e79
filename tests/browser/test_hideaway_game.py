"""Hideaway and a flip card on two phones in real Chromium, with a judge (Lorwyn edition).

Alice plays Windbrisk Heights: only her page shows the looked-at cards, in a choice sheet;
she picks the card to exile face down and orders the rest (Lorwyn: she chooses). Bob's page
says only that a choice is pending, and neither his DOM nor any response or server-sent
event his browser receives carries the hidden card's name until the rules let him look. The
judge gives the land to Bob: Bob may now look, and under Lorwyn Alice still may too. When the
land leaves, the Lorwyn answer is that nobody may (the judge sees both editions' answers side
by side). Axe passes on the choice sheet; screenshots go to tests/browser/screenshots/.
"""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from tests.browser.test_morph_game import (
    LIVE_TIMEOUT_MS,
    Recorder,
    assert_not_reloaded,
    check_axe,
    check_layout,
    live_text,
    mark_page,
    open_seat,
    press,
    shoot,
    tap_tile,
    wait_connected,
)

pytestmark = pytest.mark.browser

HIDDEN = "Akroma, Angel of Fury"
BOTTOM = ("Island", "Forest", "Divination")  # looked at, then to the bottom: Alice's only
SETUP = [
    {"owner": "Alice", "zone": "hand", "card": "Windbrisk Heights"},
    {"owner": "Alice", "zone": "library", "card": HIDDEN},
    *({"owner": "Alice", "zone": "library", "card": name} for name in BOTTOM),
    {"owner": "Alice", "zone": "library", "card": "Llanowar Elves"},
    {"owner": "Alice", "zone": "battlefield", "card": "Akki Lavarunner"},
    {"owner": "Bob", "zone": "battlefield", "card": "Grizzly Bears"},
]
LABEL = "Face-down card hidden by Windbrisk Heights"


def create_game(base: str) -> dict[str, Any]:
    body = json.dumps(
        {
            "ruleset": "mtg",
            "players": ["Alice", "Bob"],
            "setup": SETUP,
            "options": {"hideaway_edition": "lorwyn"},
        }
    ).encode()
    request = urllib.request.Request(
        f"{base}/api/games", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        created = json.load(response)
    tokens = {seat["player"]: seat["token"] for seat in created["seats"]}
    tokens["judge"] = created["judge"]["token"]
    return {"id": created["id"], "tokens": tokens}


def tap_land(page) -> None:
    """The land's own tile (the exiled card's label names it too)."""
    page.locator("#live .zone-battlefield a.tile-main", has_text="Windbrisk Heights").first.click()
    page.locator("#sheet aside.sheet").wait_for()


def close_sheet(page) -> None:
    page.locator("#sheet .close").click()
    page.locator("#sheet aside.sheet").wait_for(state="detached")


def open_exile(page) -> None:
    exile = page.locator("#live details.zone-exile").first
    exile.wait_for(timeout=LIVE_TIMEOUT_MS)
    if exile.get_attribute("open") is None:
        exile.locator(":scope > summary").click()


def exiled_secret(page) -> str:
    """What the exiled card's tile says behind "only you see this" (empty if nothing)."""
    secret = page.locator("#live .zone-exile .tile .secret")
    return secret.first.text_content() or "" if secret.count() else ""


def test_hideaway_on_two_phones_with_control_of_the_land_changing_hands(server, phone):
    game = create_game(server)
    tokens = game["tokens"]
    alice_ctx, bob_ctx, judge_ctx = phone(), phone(), phone()
    alice = open_seat(alice_ctx, server, tokens["Alice"])
    bob = bob_ctx.new_page()
    bob_seen = Recorder(bob_ctx, bob)
    bob.goto(f"{server}/join/{tokens['Bob']}")
    judge = open_seat(judge_ctx, server, tokens["judge"])
    for page in (alice, bob, judge):
        wait_connected(page)
    mark_page(bob)

    # 1. Alice plays Windbrisk Heights: her page asks for the choice; Bob's says one is pending.
    tap_tile(alice, "Windbrisk Heights")
    press(alice, "Play this land")
    sheet = alice.locator("#live .choice-sheet")
    sheet.wait_for()
    for name in (HIDDEN, *BOTTOM):
        assert name in sheet.inner_text()
    assert "Llanowar Elves" not in sheet.inner_text()
    bob.locator("#live .pending-notice").wait_for(timeout=LIVE_TIMEOUT_MS)
    assert "Alice is looking at the top 4 cards" in live_text(bob)
    assert bob.locator("#live .choice-sheet").count() == 0
    assert_not_reloaded(bob)

    alice.evaluate("() => window.scrollTo(0, 0)")
    check_layout(alice)
    check_axe(alice, "hideaway choice sheet")
    sheet.scroll_into_view_if_needed()
    shoot(alice, "hideaway-choice")

    # 2. She hides Akroma and orders the rest (Lorwyn): Divination, Island, Forest.
    sheet.locator("label.pick", has_text=HIDDEN).click()
    for name, rank in (("Divination", "1"), ("Island", "2"), ("Forest", "3")):
        sheet.locator(".rank", has_text=name).locator("select").select_option(rank)
    with alice.expect_response(lambda r: r.url.endswith("/choice")) as answer:
        sheet.get_by_role("button", name="Exile it face down").click()
    assert answer.value.status == 200, answer.value.text()
    alice.locator("#live .choice-sheet").wait_for(state="detached")
    bob.locator("#live .pending-notice").wait_for(state="detached", timeout=LIVE_TIMEOUT_MS)
    assert "in an order they chose" in live_text(bob)
    open_exile(bob)
    assert LABEL in live_text(bob)
    assert HIDDEN in exiled_secret(alice)

    # 3. Alice flips Akki Lavarunner and taps it: flipped shows, tapped or not.
    tap_tile(alice, "Akki Lavarunner")
    press(alice, "Flip it")
    tap_tile(alice, "Tok-Tok, Volcano Born")
    press(alice, "Tap")
    flipped = bob.locator("#live .tile.is-flipped")
    flipped.wait_for(timeout=LIVE_TIMEOUT_MS)
    bob.locator("#live .tile.is-flipped .pill-tapped").wait_for(timeout=LIVE_TIMEOUT_MS)
    assert "flipped from Akki Lavarunner" in flipped.inner_text()
    mine = alice.locator("#live .tile.is-flipped")
    mine.scroll_into_view_if_needed()
    shoot(alice, "flipped-tile")

    # Until now, Bob never received the hidden card, nor the cards Alice put to the bottom.
    assert HIDDEN not in bob.content()
    bob_seen.assert_never_saw(HIDDEN)
    for name in BOTTOM:
        bob_seen.assert_never_saw(name)
    assert_not_reloaded(bob)

    # 4. The judge gives the land to Bob: Bob may now look; under Lorwyn Alice still may too.
    tap_land(judge)
    press(judge, "Give control to Bob")
    bob.locator("#live .zone-exile .secret").wait_for(state="attached", timeout=LIVE_TIMEOUT_MS)
    assert HIDDEN in exiled_secret(bob)
    alice.locator("#live .zone-exile .secret").wait_for(state="attached")
    assert HIDDEN in exiled_secret(alice)
    for page in (bob, alice):
        open_exile(page)
        tap_tile(page, LABEL)
        page.get_by_role("button", name="Look at it", exact=True).wait_for()
    close_sheet(alice)
    press(bob, "Look at it")
    bob.locator("#notice", has_text=f"is {HIDDEN}").wait_for()
    assert_not_reloaded(bob)
    open_exile(judge)
    assert "Both editions agree." in live_text(judge)

    # 5. The land leaves the battlefield: under Lorwyn nobody may look any more; today's rules
    # would still let both. The judge sees the two answers side by side.
    tap_land(judge)
    press(judge, "Put into graveyard")
    judge.wait_for_function(
        "() => (document.querySelector('#live .editions') || {}).textContent"
        "?.includes('The editions differ.')"
    )
    for page in (alice, bob):
        page.locator("#live .zone-exile .secret").wait_for(state="detached", timeout=5000)
        open_exile(page)
        tap_tile(page, "Face-down exiled card")
        assert "Face-down exiled card" in page.locator("#sheet h2").inner_text()
        assert page.get_by_role("button", name="Look at it", exact=True).count() == 0
        close_sheet(page)
    open_exile(judge)
    editions = judge.locator("#live .editions").first
    text = editions.inner_text()
    assert "Lorwyn rules" in text and "this game" in text and "Today's rules" in text
    assert "seen by nobody" in text and "seen by Alice, Bob" in text
    assert "406.3" in text and "502.75" in text
    editions.scroll_into_view_if_needed()
    check_layout(judge)
    shoot(judge, "judge-two-editions")
    assert bob_seen.csp_errors == []
