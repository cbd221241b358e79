"""Issue 29 items 3 and 8 on a 360×800 touch screen, beyond test_sheet_and_zones.py: a tap
on any part of a card's tile opens its sheet (its name, its face panel, the tile's bare edge),
while what inside a tile has a job of its own keeps it (a seat's "peek" at its own face-down
card); and the phone's own Back (the browser's, not a script's) with a sheet open closes the
sheet and stays on the game, in English and in French, the next Back leaving the game."""

from __future__ import annotations

import re

import pytest

from tests.browser.test_morph_game import assert_not_reloaded, mark_page, shoot
from tests.browser.test_sheet_and_zones import SETUP, create_game, join

pytestmark = pytest.mark.browser

HIDDEN = "Exalted Angel"  # Alice's face-down creature (morph) in SETUP


def _sheet(page):
    return page.locator("#sheet aside.sheet")


def _close_with_back(page, game_url: str) -> None:
    page.go_back()
    _sheet(page).wait_for(state="detached")
    assert page.url == game_url
    assert_not_reloaded(page)


# A point (viewport coordinates) where the tile itself is what a tap lands on: its padding.
BARE_POINT = """li => {
  const r = li.getBoundingClientRect();
  for (let y = r.bottom - 2; y > r.top; y -= 4) {
    for (let x = r.left + 2; x < r.right; x += 4) {
      if (document.elementFromPoint(x, y) === li) { return {x, y}; }
    }
  }
  return null;
}"""


def _tap_at(page, box: dict[str, float], dx: float, dy: float) -> None:
    page.touchscreen.tap(box["x"] + dx, box["y"] + dy)


def test_a_tap_on_any_part_of_a_tile_opens_its_sheet(server, phone):
    game = create_game(server, setup=SETUP)
    page = phone().new_page()
    join(page, server, game["tokens"]["judge"])
    game_url = page.url
    mark_page(page)
    tile = page.locator("#live li.tile.is-facedown").first
    parts = {
        "its title line": tile.locator("a.tile-main"),
        "its face panel": tile.locator("p.face"),
        "its face panel's label": tile.locator("p.face .face-label"),
    }
    for part, locator in parts.items():
        tile.scroll_into_view_if_needed()
        box = locator.bounding_box()
        assert box is not None, part
        _tap_at(page, box, box["width"] / 2, box["height"] / 2)
        _sheet(page).wait_for()
        assert HIDDEN in _sheet(page).inner_text(), part
        _close_with_back(page, game_url)
    # The tile's bare edge: a point of the tile that is nothing but the tile.
    tile.scroll_into_view_if_needed()
    bare = tile.evaluate(BARE_POINT)
    assert bare is not None, "no bare point on the tile"
    page.touchscreen.tap(bare["x"], bare["y"])
    _sheet(page).wait_for()
    assert HIDDEN in _sheet(page).inner_text()
    _close_with_back(page, game_url)


def test_a_seats_peek_at_its_own_face_down_card_keeps_its_job(server, phone):
    """708.5: Alice may look at her face-down creature; the "peek" summary inside its tile
    opens the peek, not the sheet (a summary keeps its own job), and the rest of the tile
    opens the sheet."""
    game = create_game(server, setup=SETUP)
    page = phone().new_page()
    join(page, server, game["tokens"]["Alice"])
    tile = page.locator("#live li.tile.is-facedown").first
    peek = tile.locator("details.secret")
    peek.locator("summary").tap()
    assert peek.evaluate("d => d.open")
    page.wait_for_timeout(300)
    assert _sheet(page).count() == 0
    assert HIDDEN in peek.inner_text()
    tile.locator("a.tile-main").tap()
    _sheet(page).wait_for()


@pytest.mark.parametrize(
    ("locale", "rules"), [("en-GB", "Rules reference"), ("fr-FR", "Référence des règles")]
)
def test_the_phones_back_with_a_sheet_open_closes_it_then_leaves_the_game(
    server, phone, locale, rules
):
    game = create_game(server, setup=SETUP)
    page = phone(locale).new_page()
    page.goto(server + "/rules")
    join(page, server, game["tokens"]["judge"])
    game_url = page.url
    mark_page(page)
    # Opened from the tile's face panel (the judge's "FACE …"), closed by the browser's Back.
    page.locator("#live li.tile.is-facedown p.face").first.tap()
    _sheet(page).wait_for()
    shoot(page, f"sheet-before-back-{locale}")
    _close_with_back(page, game_url)
    assert page.locator("#live").is_visible()
    # Nothing else was pushed: the next Back leaves the game for the page before it.
    page.go_back()
    page.wait_for_url(re.compile(r"/rules$"))
    assert page.get_by_role("heading", name=rules, exact=True).is_visible()
