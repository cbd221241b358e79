"""Issue 14: a seat acts only on what is its own. Bob proposes to gain control of Alice's
face-down creature, naming the spell that does it; Alice's page shows the proposal live;
she refuses (nothing changes, nothing is revealed), Bob proposes again, she accepts, and
Bob may now look; the log says who did what and why. Two phones, Debian chromium."""

from __future__ import annotations

import json
import urllib.request

import pytest

from tests.browser.test_morph_game import (
    LIVE_TIMEOUT_MS,
    alice_and_recorded_bob,
    check_axe,
    check_layout,
    live_text,
    shoot,
    tap_tile,
)

pytestmark = pytest.mark.browser

CARD = "Exalted Angel"
SOURCE = "Threads of Disloyalty"


def _game(base: str) -> dict[str, str]:
    """Alice's Exalted Angel already face down on the battlefield (a judge's table)."""
    setup = [
        {"owner": "Alice", "zone": "battlefield", "card": CARD, "face_down": "morph"},
        {"owner": "Bob", "zone": "battlefield", "card": "Grizzly Bears"},
    ]
    body = json.dumps({"ruleset": "mtg", "players": ["Alice", "Bob"], "setup": setup}).encode()
    request = urllib.request.Request(
        f"{base}/api/games", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        created = json.load(response)
    return {seat["player"]: seat["token"] for seat in created["seats"]}


def _answer(page, name: str) -> None:
    with page.expect_response(lambda r: r.url.endswith("/act")) as answer:
        page.locator("section.proposals").get_by_role("button", name=name, exact=True).click()
    assert answer.value.status == 200, answer.value.text()


def _propose(page) -> None:
    tap_tile(page, "Face-down 2/2 (Alice)")
    page.get_by_label("By what (a spell or card of yours)").fill(SOURCE)
    with page.expect_response(lambda r: r.url.endswith("/act")) as answer:
        page.get_by_role("button", name="Propose: Give control to Bob", exact=True).click()
    assert answer.value.status == 200, answer.value.text()


def test_bob_proposes_alice_refuses_then_accepts(server, phone):
    tokens = _game(server)
    alice, bob, bob_page = alice_and_recorded_bob(server, phone, tokens)

    # Bob's sheet on Alice's face-down creature offers only proposals (and his own token
    # copying it, 707.2: nothing that acts on her creature), and asks by what.
    tap_tile(bob_page, "Face-down 2/2 (Alice)")
    buttons = bob_page.locator("#sheet aside.sheet button").all_inner_texts()
    assert "Propose: Give control to Bob" in buttons
    own = [b for b in buttons if not b.startswith("Propose: ")]
    assert len(own) == 1 and own[0].startswith("Token copy of Face-down 2/2 (Alice)"), buttons
    assert own[0].endswith("(Bob)"), buttons
    check_layout(bob_page)
    check_axe(bob_page, "opponent's sheet with proposals")
    bob_page.locator("#sheet a.close").click()
    _propose(bob_page)

    # Alice's page shows it live, with who proposes what and by what.
    alice.locator("section.proposals", has_text=SOURCE).wait_for(timeout=LIVE_TIMEOUT_MS)
    assert "Bob proposes to Alice" in live_text(alice)
    check_layout(alice)
    check_axe(alice, "a proposal waiting for an answer")
    shoot(alice, "proposal")
    _answer(alice, "Refuse")
    bob_page.locator("#live .log", has_text="Alice refuses Bob's proposal").wait_for(
        timeout=LIVE_TIMEOUT_MS
    )
    assert "Face-down 2/2 (Alice)" in live_text(bob_page)  # nothing changed
    bob.assert_never_saw(CARD)

    # Proposed again; this time Alice accepts: Bob controls it and may look at it.
    _propose(bob_page)
    alice.locator("section.proposals", has_text=SOURCE).wait_for(timeout=LIVE_TIMEOUT_MS)
    _answer(alice, "Accept")
    bob_page.locator("#live .log", has_text="Alice accepts Bob's proposal").wait_for(
        timeout=LIVE_TIMEOUT_MS
    )
    log = bob_page.locator("#live .log").inner_text()
    assert SOURCE in log and "Bob gains control" in log
    secret = bob_page.locator(".secret").first
    secret.locator("summary").click()
    assert CARD in secret.inner_text()
