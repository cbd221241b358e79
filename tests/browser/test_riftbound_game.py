"""Two seats on two phones play Riftbound's Hidden in real Chromium, with a judge watching.

Alice hides Blastcone Fae at Zaun Warrens, which she controls (811.1.b). Bob's page shows a
card back with its public label, live, and neither his DOM nor any response his browser
received (pages, fragments, the event stream) holds the card's name. On her next turn Alice
plays it from hidden: her sheet offers only targets at Zaun Warrens (811.1.d.2); Bob's page
follows without a reload, and the card is revealed as it changes zone. Every page fits 360 px
without sideways scrolling and passes axe-core with no serious or critical violation.
Screenshots go to tests/browser/screenshots/ (rb-seat, rb-opponent, rb-judge, rb-sheet).
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
    wait_connected,
)

pytestmark = pytest.mark.browser

SECRET = "Blastcone Fae"
SECRET_WORDS = ("Blastcone", "Fée des pommes")
BACK = "Facedown card at Zaun Warrens (Alice)"
SETUP: list[dict[str, Any]] = [
    {"owner": "Alice", "zone": "battlefields", "card": "Zaun Warrens", "controller": "Alice"},
    {"owner": "Bob", "zone": "battlefields", "card": "Vilemaw's Lair", "controller": "Bob"},
    {"owner": "Alice", "zone": "battlefields", "card": "Star Spring"},
    {"owner": "Alice", "zone": "battlefield", "card": "Noxus Saboteur", "location": "bf1"},
    {"owner": "Bob", "zone": "battlefield", "card": "Watchful Sentry", "location": "bf2"},
    {"owner": "Alice", "zone": "base", "card": "Ember Monk"},
    {"owner": "Alice", "zone": "champion_zone", "card": "Teemo, Scout"},
    {"owner": "Alice", "zone": "runes", "card": "Chaos Rune"},
    {"owner": "Alice", "zone": "runes", "card": "Mind Rune"},
    {"owner": "Alice", "zone": "runes", "card": "Calm Rune"},
    {"owner": "Alice", "zone": "hand", "card": SECRET},
    {"owner": "Alice", "zone": "hand", "card": "Watchful Sentry"},
    {"owner": "Bob", "zone": "runes", "card": "Chaos Rune"},
    {"owner": "Bob", "zone": "hand", "card": "Block"},
    {"owner": "Bob", "zone": "trash", "card": "Hidden Blade"},
]


def create_game(base: str) -> dict[str, Any]:
    body = json.dumps({"ruleset": "riftbound", "players": ["Alice", "Bob"], "setup": SETUP})
    request = urllib.request.Request(
        f"{base}/api/games", data=body.encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        created = json.load(response)
    tokens = {seat["player"]: seat["token"] for seat in created["seats"]}
    tokens["judge"] = created["judge"]["token"]
    return {"id": created["id"], "tokens": tokens}


def tap(page, locator) -> None:
    locator.first.click()
    page.locator("#sheet aside.sheet").wait_for()


def never_saw(page, recorder: Recorder) -> None:
    content = page.content()
    for word in SECRET_WORDS:
        assert word not in content, f"{word!r} in Bob's DOM"
        recorder.assert_never_saw(word)


def field(page, name: str):
    return page.locator("#live .rb-field", has_text=name)


def test_alice_hides_then_plays_from_hidden_and_bob_never_sees_it_early(server, phone):
    game = create_game(server)
    tokens = game["tokens"]
    alice_ctx, bob_ctx, judge_ctx = phone(), phone(), phone()
    alice = open_seat(alice_ctx, server, tokens["Alice"])
    bob = bob_ctx.new_page()
    recorder = Recorder(bob_ctx, bob)
    bob.goto(f"{server}/join/{tokens['Bob']}")
    judge = open_seat(judge_ctx, server, tokens["judge"])
    for page in (alice, bob, judge):
        wait_connected(page)
    mark_page(bob)
    mark_page(judge)
    assert "Uncontrolled" in field(bob, "Star Spring").inner_text()

    # 1. Alice hides Blastcone Fae at Zaun Warrens (811.1.b): Bob sees a card back, live.
    tap(alice, alice.locator("#live .zone-hand a.tile-main", has_text=SECRET))
    hide = f"Hide {SECRET} at Zaun Warrens (pay 1 Power of any domain)"
    assert alice.get_by_role("button", name=hide, exact=True).count() == 1
    press(alice, hide)
    bob.locator("#live .rb-slot .is-facedown").wait_for(timeout=LIVE_TIMEOUT_MS)
    assert BACK in field(bob, "Zaun Warrens").inner_text()
    assert_not_reloaded(bob)
    never_saw(bob, recorder)

    # Alice sees it behind "only you see this"; the judge sees it with who may and why.
    mine = alice.locator("#live .rb-slot .secret").first
    mine.locator("summary").click()
    assert SECRET in mine.inner_text()
    judge.locator("#live .rb-slot .badge", has_text="811.6.a").wait_for(timeout=LIVE_TIMEOUT_MS)
    assert "Hidden — seen by Alice" in field(judge, "Zaun Warrens").inner_text()
    assert SECRET in live_text(judge)
    assert_not_reloaded(judge)

    for page, label in ((alice, "rb-seat"), (bob, "rb-opponent"), (judge, "rb-judge")):
        page.evaluate("() => window.scrollTo(0, 0)")
        check_layout(page)
        check_axe(page, label)
        shoot(page, label)

    # 2. Not this turn (811.1.b): her hidden card offers no play yet.
    tap(alice, alice.locator("#live .rb-slot a.tile-main"))
    assert alice.get_by_role("button", name=f"Play {SECRET} from face down").count() == 0
    alice.locator("#sheet a.close").click()
    alice.locator("#sheet aside.sheet").wait_for(state="detached")

    # 3. Bob's turn, then Alice's next turn.
    press(alice, "End the turn")
    bob.locator("#live .chip-me", has_text="Your turn").wait_for(timeout=LIVE_TIMEOUT_MS)
    press(bob, "End the turn")
    alice.locator("#live .chip-me", has_text="Your turn").wait_for(timeout=LIVE_TIMEOUT_MS)
    never_saw(bob, recorder)

    # 4. Played from hidden, its choices limited to Zaun Warrens (811.1.d.2).
    tap(alice, alice.locator("#live .rb-slot a.tile-main"))
    plays = [
        text
        for text in alice.locator("#sheet button").all_inner_texts()
        if text.startswith(f"Play {SECRET} from face down")
    ]
    assert f"Play {SECRET} from face down choosing Noxus Saboteur" in plays
    assert not any("Watchful Sentry" in p or "Ember Monk" in p for p in plays), plays
    check_layout(alice)
    check_axe(alice, "Riftbound sheet")
    shoot(alice, "rb-sheet")
    never_saw(bob, recorder)
    press(alice, f"Play {SECRET} from face down choosing Noxus Saboteur")

    # Bob's page follows live: the card is revealed as it leaves the face-down zone.
    bob.locator("#live .rb-chain", has_text=SECRET).wait_for(timeout=LIVE_TIMEOUT_MS)
    assert "Closed" in live_text(bob)
    assert "from hidden at Zaun Warrens" in bob.locator("#live .rb-chain").inner_text()
    assert_not_reloaded(bob)
    press(alice, "Pass: resolve the chain's newest item")
    field(bob, "Zaun Warrens").locator(".rb-units", has_text=SECRET).wait_for(
        timeout=LIVE_TIMEOUT_MS
    )
    assert "Empty face-down slot" in field(bob, "Zaun Warrens").inner_text()
    assert_not_reloaded(bob)
    check_layout(bob)
    assert recorder.csp_errors == []
