"""Issue 17, item 6: taking a game back to version N, on 360×800 touch phones (Debian
chromium). The judge takes it back from the time-travel page and both seat pages follow
live; a player's request shows live on the other seat, who agrees from their page. Each
seat's bytes (pages, fragments, the live stream) still pass the leak checks: no hidden card
name, no id of an object from before the take-back."""

from __future__ import annotations

import json
import urllib.request

import pytest

from tests.browser.test_morph_game import (
    FIRST,
    LIVE_TIMEOUT_MS,
    SECOND,
    Recorder,
    alice_and_recorded_bob,
    assert_not_reloaded,
    check_axe,
    check_layout,
    create_game,
    live_text,
    mark_page,
    open_seat,
    press,
    shoot,
    tap_tile,
    wait_connected,
)

pytestmark = pytest.mark.browser

BOB_SECRET = "Llanowar Elves"  # in Bob's hand throughout: Alice never sees it


def _ids_seen(base: str, game_id: str, token: str, versions: range) -> set[str]:
    """Every object id this seat's view held at these versions."""
    seen: set[str] = set()
    for version in versions:
        request = urllib.request.Request(
            f"{base}/api/games/{game_id}/view?version={version}",
            headers={"Authorization": f"Bearer {token}"},
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            seen |= {o["id"] for o in json.load(response)["objects"]}
    return seen


def _cast_both_face_down(alice) -> None:
    """v1, v2: Akroma face down and resolved; v3, v4: Sagu Mauler the same."""
    for card in (FIRST, SECOND):
        tap_tile(alice, card)
        press(alice, "Cast face down (morph)")
        press(alice, "Resolve the top of the stack")


def _face_down_count(page) -> int:
    return page.locator("#live .zone-battlefield .is-facedown").count()


def _assert_no_old_ids(recorder: Recorder, since: int, old_ids: set[str], who: str) -> None:
    for url, body in recorder.bodies[since:]:
        for old in old_ids:
            assert old not in body, f"{who}: an id from before the take-back in {url}"


def test_the_judge_takes_back_and_both_seats_follow_live(server, phone):
    game = create_game(server)
    game_id, tokens = game["id"], game["tokens"]
    alice_ctx, bob_ctx, judge_ctx = phone(), phone(), phone()
    alice_page, bob_page = alice_ctx.new_page(), bob_ctx.new_page()
    alice, bob = Recorder(alice_ctx, alice_page), Recorder(bob_ctx, bob_page)
    alice_page.goto(f"{server}/join/{tokens['Alice']}")
    bob_page.goto(f"{server}/join/{tokens['Bob']}")
    judge = open_seat(judge_ctx, server, tokens["judge"])
    for page in (alice_page, bob_page, judge):
        wait_connected(page)

    _cast_both_face_down(alice_page)
    bob_page.locator("#live .zone-battlefield .is-facedown").nth(1).wait_for(
        timeout=LIVE_TIMEOUT_MS
    )
    assert _face_down_count(bob_page) == 2
    old_ids = {who: _ids_seen(server, game_id, tokens[who], range(5)) for who in ("Alice", "Bob")}
    mark_page(alice_page)
    mark_page(bob_page)
    marks = {"Alice": len(alice.bodies), "Bob": len(bob.bodies)}

    # The judge steps back to version 2 and takes the game back there.
    judge.goto(f"{server}/g/{game_id}/at?v=2")
    button = judge.get_by_role("button", name="Take back to version 2", exact=True)
    check_layout(judge)
    check_axe(judge, "the past, with the judge's take-back")
    shoot(judge, "take-back-judge-past")
    button.click()
    judge.wait_for_url(f"{server}/g/{game_id}")
    assert "Taken back to version 2 by the judge." in live_text(judge)

    # Both seats follow live (no reload): one face-down creature again, the log says why.
    for page in (alice_page, bob_page):
        page.locator("#live .log", has_text="Taken back to version 2 by the judge.").wait_for(
            timeout=LIVE_TIMEOUT_MS
        )
        assert _face_down_count(page) == 1
        assert_not_reloaded(page)
    assert alice_page.locator("#live .zone-hand .tile-name", has_text=SECOND).count() == 1
    check_layout(bob_page)
    shoot(bob_page, "take-back-opponent-after")

    # The leak checks, on every byte each seat received.
    bob.assert_never_saw(FIRST)
    bob.assert_never_saw(SECOND)
    alice.assert_never_saw(BOB_SECRET)
    _assert_no_old_ids(bob, marks["Bob"], old_ids["Bob"], "Bob")
    _assert_no_old_ids(alice, marks["Alice"], old_ids["Alice"], "Alice")
    assert bob.csp_errors == [] and alice.csp_errors == []


def test_a_players_request_shows_live_and_the_other_seat_agrees(server, phone):
    game = create_game(server)
    game_id, tokens = game["id"], game["tokens"]
    alice, bob, bob_page = alice_and_recorded_bob(server, phone, tokens)
    _cast_both_face_down(alice)
    mark_page(bob_page)

    # Alice, viewing version 2, asks; Bob's page shows the request live.
    alice.goto(f"{server}/g/{game_id}/at?v=2")
    check_layout(alice)
    alice.get_by_role("button", name="Ask to take back to version 2", exact=True).click()
    alice.wait_for_url(f"{server}/g/{game_id}")
    request = bob_page.locator("section.take-back-request")
    request.wait_for(timeout=LIVE_TIMEOUT_MS)
    assert "Alice asks to take the game back to version 2." in request.inner_text()
    assert_not_reloaded(bob_page)
    check_layout(bob_page)
    check_axe(bob_page, "a take-back request waiting for Bob")
    shoot(bob_page, "take-back-request")

    # Bob agrees: the game goes back, and Alice's page follows live.
    mark_page(alice)
    request.get_by_role("button", name="Agree", exact=True).click()
    bob_page.wait_for_url(f"{server}/g/{game_id}")
    text = "Taken back to version 2 by Alice, with everyone's agreement."
    alice.locator("#live .log", has_text=text).wait_for(timeout=LIVE_TIMEOUT_MS)
    assert _face_down_count(alice) == 1
    assert alice.locator("section.take-back-request").count() == 0
    assert_not_reloaded(alice)
    bob.assert_never_saw(FIRST)
    bob.assert_never_saw(SECOND)
