"""Two seats on two phones play a morph game in real Chromium, with a judge watching.

Alice casts Akroma face down, resolves it, attacks with it and turns it face up; then casts
Sagu Mauler face down and bounces it. Bob's page follows live, without a reload, and until
each card is legitimately revealed neither Bob's DOM nor any response his browser received
(pages, fragments, the event stream) contains its name. The judge sees everything, each
hidden thing with a badge. Every page type passes axe-core with no serious or critical
violation, fits 360 px without sideways scrolling, and has touch targets of 44 px or more.
Screenshots go to tests/browser/screenshots/.
"""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

FIRST = "Akroma, Angel of Fury"
SECOND = "Sagu Mauler"
SETUP = [
    {"owner": "Alice", "zone": "hand", "card": FIRST},
    {"owner": "Alice", "zone": "hand", "card": SECOND},
    {"owner": "Alice", "zone": "library", "card": "Island"},
    {"owner": "Bob", "zone": "hand", "card": "Llanowar Elves"},
    {"owner": "Bob", "zone": "battlefield", "card": "Grizzly Bears"},
]
LIVE_TIMEOUT_MS = 5000
PHONE_WIDTH = 360
SCREENSHOTS = Path(__file__).parent / "screenshots"


def create_game(base: str) -> dict[str, Any]:
    body = json.dumps({"ruleset": "mtg", "players": ["Alice", "Bob"], "setup": SETUP}).encode()
    request = urllib.request.Request(
        f"{base}/api/games", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        created = json.load(response)
    tokens = {seat["player"]: seat["token"] for seat in created["seats"]}
    tokens["judge"] = created["judge"]["token"]
    tokens["spectator"] = created["spectator"]["token"]
    return {"id": created["id"], "tokens": tokens}


class Recorder:
    """Everything one browser context received: each finished response's body, and each
    server-sent event (through the DevTools protocol)."""

    def __init__(self, context, page) -> None:
        self.bodies: list[tuple[str, str]] = []
        self.events: list[str] = []
        self.csp_errors: list[str] = []
        context.on("requestfinished", self._finished)
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.on("Network.eventSourceMessageReceived", lambda e: self.events.append(e["data"]))
        page.on("console", self._console)

    def _finished(self, request) -> None:
        response = request.response()
        if response is None or 300 <= response.status < 400:
            return
        try:
            body = response.body().decode("utf-8", "replace")
        except Exception:  # a body the browser dropped (navigated away): nothing to read
            return
        self.bodies.append((request.url, body))

    def _console(self, message) -> None:
        if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text:
            self.csp_errors.append(message.text)

    def assert_never_saw(self, word: str) -> None:
        for url, body in self.bodies:
            assert word not in body, f"{word!r} in the response to {url}"
        for data in self.events:
            assert word not in data, f"{word!r} in an event: {data}"
            # A version, and what changed on the page (app/web/live.py): nothing else.
            assert set(json.loads(data)) in ({"version"}, {"version", "base", "lang", "html"})


def open_seat(context, base: str, token: str):
    page = context.new_page()
    page.goto(f"{base}/join/{token}")
    assert "/join/" not in page.url, "the token stayed in the address bar"
    return page


def wait_connected(page) -> None:
    """The live stream is open (htmx-ext-sse keeps it on #live)."""
    page.wait_for_function(
        "() => { const el = document.querySelector('#live');"
        " return !!(el && window.htmx && htmx.version); }"
    )


def tap_tile(page, text: str) -> None:
    page.locator("#live a.tile-main", has_text=text).first.click()
    page.locator("#sheet aside.sheet").wait_for()
    # A sheet without its card says the card is gone: the tile was a stale board's.
    assert page.locator("#sheet aside.sheet ul.tiles").count() == 1, "the tapped card was gone"


def shown_version(page) -> int:
    """The version the page's board shows (its status line carries it)."""
    return int(page.locator("#live [data-version]").first.get_attribute("data-version") or "0")


def press(page, name: str) -> None:
    """Tap a button, and wait for the board the answer brings: swapped in, not only received.
    The answer arrives before htmx swaps it, and a tile tapped in between is the old board's,
    whose object may have moved on (a new id: its sheet is gone)."""
    before = shown_version(page)
    with page.expect_response(lambda r: r.url.endswith("/act")) as answer:
        page.get_by_role("button", name=name, exact=True).first.click()
    assert answer.value.status == 200, answer.value.text()
    page.wait_for_function(
        "(before) => { const s = document.querySelector('#live [data-version]');"
        " return !!s && parseInt(s.getAttribute('data-version'), 10) > before; }",
        arg=before,
    )
    page.locator("#sheet aside.sheet").wait_for(state="detached")


def live_text(page) -> str:
    return page.locator("#live").inner_text()


def mark_page(page) -> None:
    page.evaluate("() => { window.__noReload = true; }")


def assert_not_reloaded(page) -> None:
    assert page.evaluate("() => window.__noReload === true"), "the page was reloaded"


def check_layout(page) -> None:
    """One column at 360 px: no sideways scroll, and touch targets of 44 px or more."""
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE_WIDTH, f"horizontal scroll: {width}px wide"
    small = page.evaluate(
        """() => [...document.querySelectorAll(
                'a, button, summary, select, input:not([type=hidden]):not([type=radio])')]
            .filter(el => el.checkVisibility({contentVisibilityAuto: true, visibilityProperty: true}))
            .filter(el => { const r = el.getBoundingClientRect();
                            return r.width > 0 && r.height > 0 && r.right > 0 && r.left < innerWidth; })
            .filter(el => { const r = el.getBoundingClientRect();
                            return r.width < 44 || r.height < 44; })
            .map(el => el.outerHTML.slice(0, 120))"""
    )
    assert small == [], f"touch targets under 44x44: {small}"


def check_axe(page, label: str) -> None:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    bad = [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    assert bad == [], f"axe on {label}: {bad}"


def shoot(page, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def test_home_creates_a_game_whose_judge_link_opens_the_board(server, phone):
    context = phone()
    page = context.new_page()
    page.goto(server + "/")
    check_layout(page)
    check_axe(page, "home")
    shoot(page, "home")
    page.get_by_role("button", name="Create the game").click()
    page.get_by_role("heading", name="Links for this game").wait_for()
    assert page.locator("figure.qr svg").count() == 4
    check_layout(page)
    check_axe(page, "links")
    page.get_by_role("link", name="Open as judge").click()
    page.wait_for_url(re.compile(r"/g/[A-Za-z0-9_-]+$"))
    assert "Judge view" in live_text(page)


def test_two_seats_play_a_morph_game_and_the_name_never_leaks_early(server, phone):
    game = create_game(server)
    tokens = game["tokens"]
    alice_ctx, bob_ctx, judge_ctx = phone(), phone(), phone()
    alice = open_seat(alice_ctx, server, tokens["Alice"])
    bob_page = bob_ctx.new_page()
    bob = Recorder(bob_ctx, bob_page)
    bob_page.goto(f"{server}/join/{tokens['Bob']}")
    judge = open_seat(judge_ctx, server, tokens["judge"])
    for page in (alice, bob_page, judge):
        wait_connected(page)
    mark_page(bob_page)
    mark_page(judge)

    # 1. Alice casts Akroma face down.
    tap_tile(alice, FIRST)
    check_axe(alice, "seat page with its bottom sheet")
    shoot(alice, "seat-sheet")
    press(alice, "Cast face down (morph)")
    bob_page.locator("#live .zone-stack .tile").wait_for(timeout=LIVE_TIMEOUT_MS)
    assert "Face-down 2/2 (Alice)" in live_text(bob_page)
    assert_not_reloaded(bob_page)

    # 2. It resolves; 3. it attacks on Alice's next turn (302.6: not the turn it arrived).
    press(alice, "Resolve the top of the stack")
    tap_tile(alice, "Face-down 2/2 (Alice)")
    assert alice.locator("#sheet").get_by_role("button", name="Attack", exact=True).count() == 0
    alice.locator("#sheet a.close").click()
    alice.locator("#sheet aside.sheet").wait_for(state="detached")
    press(alice, "End the turn")
    bob_page.get_by_role("button", name="End the turn", exact=True).wait_for(
        timeout=LIVE_TIMEOUT_MS
    )
    press(bob_page, "End the turn")
    alice.get_by_role("button", name="End the turn", exact=True).wait_for(timeout=LIVE_TIMEOUT_MS)
    tap_tile(alice, "Face-down 2/2 (Alice)")
    press(alice, "Attack")
    bob_page.locator("#live", has_text="attacked this turn").wait_for(timeout=LIVE_TIMEOUT_MS)
    judge.locator("#live", has_text="attacked this turn").wait_for(timeout=LIVE_TIMEOUT_MS)
    assert_not_reloaded(bob_page)

    # Alice sees her card behind "only you see this"; Bob sees nothing of it.
    secret = alice.locator(".secret").first
    secret.locator("summary").click()
    assert FIRST in secret.inner_text()
    assert FIRST not in bob_page.content()
    bob.assert_never_saw(FIRST)
    bob.assert_never_saw(SECOND)

    # The judge sees everything, each hidden thing with who may see it and the rule.
    judge_text = live_text(judge)
    assert FIRST in judge_text and SECOND in judge_text
    assert "Hidden — seen by Alice" in judge_text
    assert judge.locator("a.badge", has_text="708.5").count() >= 1
    assert_not_reloaded(judge)

    for page, label in ((alice, "seat"), (bob_page, "opponent"), (judge, "judge")):
        page.evaluate("() => window.scrollTo(0, 0)")
        check_layout(page)
        check_axe(page, label)
    shoot(alice, "seat")
    shoot(bob_page, "opponent")
    shoot(judge, "judge")

    # 4. Alice turns it face up: now everyone may see it.
    tap_tile(alice, "Face-down 2/2 (Alice)")
    press(alice, "Turn face up")
    bob_page.locator("#live .tile-name", has_text=FIRST).wait_for(timeout=LIVE_TIMEOUT_MS)
    assert_not_reloaded(bob_page)

    # 5. Sagu Mauler face down, then bounced: revealed as it leaves (708.9).
    tap_tile(alice, SECOND)
    press(alice, "Cast face down (morph)")
    press(alice, "Resolve the top of the stack")
    bob_page.locator("#live .zone-battlefield .is-facedown").wait_for(timeout=LIVE_TIMEOUT_MS)
    bob.assert_never_saw(SECOND)
    assert SECOND not in bob_page.content()
    tap_tile(alice, "Face-down 2/2 (Alice)")
    press(alice, "Return to hand")
    bob_page.locator("#live .log", has_text=SECOND).wait_for(timeout=LIVE_TIMEOUT_MS)
    assert "708.9" in bob_page.locator("#live .log").inner_text()
    assert_not_reloaded(bob_page)
    assert bob.csp_errors == []


@pytest.mark.console_allows(r"status of 422")  # the refused action, with its rule
def test_an_illegal_action_shows_the_rule_in_french_and_nothing_changes(server, phone):
    game = create_game(server)
    bob_ctx = phone("fr-FR")
    bob = open_seat(bob_ctx, server, game["tokens"]["Bob"])
    wait_connected(bob)
    before = live_text(bob)
    # Not Bob's turn: his sheet offers no attack, so post the one a stale page might have.
    # A French page names the card in French (issue 17): "Grizzlis".
    bears = bob.locator("#live a.tile-main", has_text="Grizzlis").first.get_attribute("href")
    object_id = bears.rsplit("/", 1)[-1]
    bob.evaluate(
        """(id) => { const form = document.querySelector('.actionbar form');
                     const button = form.querySelector('button');
                     button.value = JSON.stringify({type: 'attack', objects: [id]});
                     button.click(); }""",
        object_id,
    )
    notice = bob.locator("#notice .notice-bad")
    notice.wait_for()
    assert "Seul le joueur actif" in notice.inner_text()
    assert "508.1" in notice.inner_text()
    assert live_text(bob) == before
    check_axe(bob, "seat page with an error")


@pytest.mark.console_allows(r"status of 403")  # a stranger refused the game page
def test_rule_and_log_pages_pass_axe_and_fit_a_phone(server, phone):
    game = create_game(server)
    context = phone("fr-FR")
    page = open_seat(context, server, game["tokens"]["judge"])
    page.goto(f"{server}/rules/mtg/708.5")
    assert "Qui peut regarder" in page.content()
    check_layout(page)
    check_axe(page, "rule page")
    page.goto(f"{server}/g/{game['id']}/log")
    check_layout(page)
    check_axe(page, "log page")
    stranger = phone().new_page()
    response = stranger.goto(f"{server}/g/{game['id']}")
    assert response is not None and response.status == 403
    check_layout(stranger)
    check_axe(stranger, "refusal page")


def two_seats(server: str, phone) -> tuple[dict[str, Any], Any, Any, Any, Any]:
    """A new game with Alice's and Bob's pages open on two phones, their streams connected:
    (game, Alice's context, her page, Bob's context, his page)."""
    game = create_game(server)
    tokens = game["tokens"]
    alice_ctx, bob_ctx = phone(), phone()
    alice = open_seat(alice_ctx, server, tokens["Alice"])
    bob = open_seat(bob_ctx, server, tokens["Bob"])
    for page in (alice, bob):
        wait_connected(page)
    return game, alice_ctx, alice, bob_ctx, bob


def alice_and_recorded_bob(server: str, phone, tokens: dict[str, str]) -> tuple[Any, Any, Any]:
    """Alice's page, and Bob's with every byte his browser receives recorded, both streams
    connected: (Alice's page, Bob's Recorder, Bob's page)."""
    alice = open_seat(phone(), server, tokens["Alice"])
    bob_ctx = phone()
    bob_page = bob_ctx.new_page()
    bob = Recorder(bob_ctx, bob_page)
    bob_page.goto(f"{server}/join/{tokens['Bob']}")
    for page in (alice, bob_page):
        wait_connected(page)
    return alice, bob, bob_page


@pytest.mark.console_allows(r"htmx:(sendError|afterRequest)")  # htmx on a request sent offline
def test_a_page_that_lost_its_connection_catches_up(server, phone):
    _game, _alice_ctx, alice, bob_ctx, bob = two_seats(server, phone)
    mark_page(bob)
    bob_ctx.set_offline(True)
    press(alice, "End the turn")
    bob.wait_for_timeout(500)
    assert "Turn 2" not in live_text(bob)
    bob_ctx.set_offline(False)
    bob.locator("#live .status-title", has_text="Turn 2").wait_for(timeout=15000)
    assert_not_reloaded(bob)

    # Offline, a button's request fails: the page says nothing was done, and nothing was.
    bob_ctx.set_offline(True)
    bob.get_by_role("button", name="End the turn", exact=True).click()
    bob.locator("#notice .notice-bad", has_text="nothing was done").wait_for()
    bob_ctx.set_offline(False)
    alice.locator("#live .status-title", has_text="Turn 2").wait_for()
    assert "Turn 3" not in live_text(alice)
