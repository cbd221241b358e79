"""A card's sheet and the folded zones on a 360×800 touch screen (issue 29 items 3, 4, 8).

- A zone that holds cards (exile here) stays open as the judge left it, across a reload, a
  live refresh and a seat switch; what the browser remembers names the zone kind only.
- A tap anywhere on a tile, its judge's "FACE …" panel included, opens the card's sheet.
- A card's own mechanic is its sheet's first button (Foretell on a foretellable card), above
  the generic moves.
- Back with a sheet open closes the sheet and stays on the game page, not reloaded.
"""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

import pytest

from tests.browser.test_morph_game import (
    assert_not_reloaded,
    check_layout,
    mark_page,
    press,
    shoot,
)

pytestmark = pytest.mark.browser

SETUP = [
    {"owner": "Alice", "zone": "hand", "card": "Saw It Coming"},
    {"owner": "Alice", "zone": "hand", "card": "Grizzly Bears"},
    {"owner": "Alice", "zone": "exile", "card": "Llanowar Elves"},
    {"owner": "Alice", "zone": "battlefield", "card": "Exalted Angel", "face_down": "morph"},
    {"owner": "Bob", "zone": "exile", "card": "Serra Angel"},
]


def create_game(base: str, setup: list[dict[str, Any]]) -> dict[str, Any]:
    body = json.dumps({"ruleset": "mtg", "players": ["Alice", "Bob"], "setup": setup}).encode()
    request = urllib.request.Request(
        f"{base}/api/games", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        created = json.load(response)
    tokens = {seat["player"]: seat["token"] for seat in created["seats"]}
    tokens["judge"] = created["judge"]["token"]
    return {"id": created["id"], "tokens": tokens}


def join(page, base: str, token: str) -> None:
    """Open a seat link; when the browser holds another seat of the game, switch to it."""
    page.goto(f"{base}/join/{token}")
    switch = page.locator("form button.primary")
    if "/join/" in page.url and switch.count():
        switch.click()
    page.wait_for_url(re.compile(r"/g/[A-Za-z0-9_-]+"))
    page.locator("#live").wait_for()


def exile_of(page, player: str):
    section = page.locator(
        "#live section.player", has=page.locator(".player-name", has_text=player)
    )
    return section.locator("details.zone-exile")


def is_open(zone) -> bool:
    return bool(zone.evaluate("d => d.open"))


def _remembered(page, open_: bool) -> None:
    """Until sheet.js has written the zone's state: `toggle` fires in a later task than the
    tap, and a reload right after the tap could come first (seen on a loaded CI machine)."""
    page.wait_for_function(
        "(open) => (JSON.parse(localStorage.getItem('facedown.zones') || '{}').exile === open)",
        arg=open_,
    )


def test_exile_stays_open_across_reload_refresh_and_seat_switch(server, phone):
    game = create_game(server, setup=SETUP)
    page = phone().new_page()
    join(page, server, game["tokens"]["judge"])
    exile = exile_of(page, "Alice")
    assert not is_open(exile)
    exile.locator("summary").tap()
    assert is_open(exile)
    _remembered(page, True)

    page.reload()
    page.locator("#live").wait_for()
    assert is_open(exile_of(page, "Alice")), "exile closed again after a reload"

    # A live refresh re-renders the board: still open.
    mark_page(page)
    page.evaluate("() => htmx.trigger('#live', 'fd:refresh')")
    page.wait_for_function("() => !!document.querySelector('#live details.zone-exile')")
    page.wait_for_timeout(300)
    assert is_open(exile_of(page, "Alice"))
    assert_not_reloaded(page)

    # What is remembered: the zone kind, nothing about the cards.
    stored = page.evaluate("() => JSON.stringify(localStorage)")
    assert stored == '{"facedown.zones":"{\\"exile\\":true}"}', stored

    # Another seat of the same game in the same browser: Alice's own page.
    join(page, server, game["tokens"]["Alice"])
    assert "Alice" in page.locator("#live").inner_text()
    assert is_open(exile_of(page, "Alice")), "exile closed again after a seat switch"
    check_layout(page)
    shoot(page, "exile-stays-open")

    # Closed, it stays closed.
    exile_of(page, "Alice").locator("summary").tap()
    _remembered(page, False)
    page.reload()
    page.locator("#live").wait_for()
    assert not is_open(exile_of(page, "Alice"))


def test_a_tap_on_a_tiles_face_panel_opens_its_sheet(server, phone):
    game = create_game(server, setup=SETUP)
    page = phone().new_page()
    join(page, server, game["tokens"]["judge"])
    face = page.locator("#live li.tile.is-facedown p.face").first
    assert "Exalted Angel" in face.inner_text()
    face.tap()
    sheet = page.locator("#sheet aside.sheet")
    sheet.wait_for()
    assert "Exalted Angel" in sheet.inner_text()
    assert sheet.get_by_role("button", name="Turn face up").count() == 1


def test_702_143a_foretell_is_the_first_button_of_its_sheet_above_the_generic_moves(server, phone):
    game = create_game(server, setup=SETUP)
    page = phone().new_page()
    join(page, server, game["tokens"]["Alice"])
    page.locator("#live li.tile", has_text="Saw It Coming").locator("a.tile-main").tap()
    sheet = page.locator("#sheet aside.sheet")
    sheet.wait_for()
    buttons = sheet.locator(".buttons button")
    assert buttons.first.inner_text() == "Foretell ({2})"
    foretell = sheet.get_by_role("button", name="Foretell ({2})").bounding_box()
    graveyard = sheet.get_by_role("button", name="Put into graveyard").bounding_box()
    assert foretell is not None and graveyard is not None
    assert foretell["y"] < graveyard["y"]
    # On a phone the card's own button is on the first screen, without scrolling.
    assert foretell["y"] + foretell["height"] <= 800
    shoot(page, "sheet-own-button-first")
    press(page, "Foretell ({2})")
    assert "Foretold card" in page.locator("#live").inner_text()


def test_back_with_a_sheet_open_closes_it_and_stays_on_the_game(server, phone):
    game = create_game(server, setup=SETUP)
    page = phone().new_page()
    page.goto(server + "/rules")
    join(page, server, game["tokens"]["Alice"])
    game_url = page.url
    mark_page(page)
    sheet = page.locator("#sheet aside.sheet")

    page.locator("#live li.tile", has_text="Grizzly Bears").locator("a.tile-main").tap()
    sheet.wait_for()
    page.evaluate("() => history.back()")
    sheet.wait_for(state="detached")
    assert page.url == game_url
    assert_not_reloaded(page)

    # Closed by its own Close link, the sheet leaves no entry behind: Back leaves the game.
    page.locator("#live li.tile", has_text="Grizzly Bears").locator("a.tile-main").tap()
    sheet.wait_for()
    sheet.get_by_role("link", name="Close").tap()
    sheet.wait_for(state="detached")
    page.wait_for_timeout(300)
    assert page.url == game_url
    assert_not_reloaded(page)
    page.go_back()
    page.wait_for_url(re.compile(r"/rules"))


def test_a_live_refresh_after_the_browser_styled_an_element_breaks_no_csp(server, phone):
    """The judge's page raised "Refused to apply inline style": htmx, settling an element that
    keeps its id across a swap, copied its `style` attribute with setAttribute, which the
    CSP refuses. Chromium gives an element a style of its own (a textarea the judge resized);
    here one is given through the CSSOM, which the CSP allows. The console watch
    (conftest.py) fails this test on the refusal."""
    game = create_game(server, setup=SETUP)
    page = phone().new_page()
    join(page, server, game["tokens"]["judge"])
    mark_page(page)
    page.evaluate("() => { document.querySelector('#live [id]').style.height = '60px'; }")
    with page.expect_response(lambda r: "/g/" in r.url and r.request.method == "GET"):
        page.evaluate("() => htmx.trigger('#live', 'fd:refresh')")
    page.wait_for_timeout(500)  # htmx settles 20 ms after the swap
    assert_not_reloaded(page)
