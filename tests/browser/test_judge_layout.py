"""The judge's page of a starter game on a 360×800 touch screen (issue 17 item 9).

Before: 3,245 px tall when the issue was filed (3,924 px on main before this change, at 360 px
in Debian Chromium), with a "Hidden — seen by X" badge under each of the 18 cards in hand and
"Publish" below the log and the "Add a card" panel. Now each hand says once how its cards are
hidden, "Add a card" is folded away on a table that has cards, and a bar stuck to the bottom
of the screen reaches Publish and Add a card from anywhere on the page.
"""

from __future__ import annotations

import re

import pytest

from tests.browser.home_support import start_question
from tests.browser.test_morph_game import check_axe, check_layout, shoot

pytestmark = pytest.mark.browser

# Measured by this test on the branch (2,658 px); the bound leaves room for a line or two of
# other issue-17 work (a scenario's question, a take-back form) without letting the badges back.
MAX_HEIGHT = 2800


def open_starter_as_judge(server: str, phone):
    context = phone()
    page = context.new_page()
    page.goto(server + "/")
    page.get_by_role("button", name="Create the game").tap()
    page.get_by_role("heading", name="Links for this game").wait_for()
    page.get_by_role("link", name="Open as judge").tap()
    page.wait_for_url(re.compile(r"/g/[A-Za-z0-9_-]+$"))
    page.locator("#live").wait_for()
    return page


def test_a_starter_games_judge_page_says_each_hands_hiding_once_and_is_shorter(server, phone):
    page = open_starter_as_judge(server, phone)
    height = page.evaluate("() => document.documentElement.scrollHeight")
    print(f"judge page of a starter game at 360 px: {height} px tall")
    assert height <= MAX_HEIGHT
    badges = page.locator("#live .badge")
    assert badges.count() == 2
    assert badges.nth(0).inner_text().startswith("Hidden — Alice's hand: 9 cards, seen by Alice")
    assert badges.nth(1).inner_text().startswith("Hidden — Bob's hand: 9 cards, seen by Bob")
    # The summary still cites the rule, and opens it.
    badges.nth(0).tap()
    page.locator("#sheet aside.sheet").wait_for()
    assert "402.3" in page.locator("#sheet").inner_text()
    check_layout(page)
    check_axe(page, "judge page")
    shoot(page, "judge-starter")


def test_the_judge_bar_reaches_publish_and_add_a_card_from_the_top_of_the_page(server, phone):
    page = open_starter_as_judge(server, phone)
    bar = page.get_by_role("navigation", name="Judge's tools")
    # At the top of a long page the bar is already on screen, at its bottom edge.
    box = bar.bounding_box()
    assert box is not None and 800 - 80 <= box["y"] + box["height"] <= 800
    bar.get_by_role("link", name="Publish").tap()
    title = page.locator("#ruling-title")
    title.wait_for(state="visible")
    assert page.locator("details.publish").evaluate("d => d.open")
    assert title.evaluate(
        "el => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }"
    )
    page.evaluate("() => window.scrollTo(0, 0)")
    bar.get_by_role("link", name="Add a card").tap()
    page.locator("#card-q").wait_for(state="visible")
    assert page.locator("details#add-card").evaluate("d => d.open")


def test_an_opponents_sheet_on_a_face_down_card_says_what_they_may_know(server, phone):
    """The first judge question (Bob may not look at Alice's face-down creature): Bob's sheet
    on it shows what anyone may know, not an empty card box, and never its name."""
    context = phone()
    page = context.new_page()
    page.goto(server + "/")
    start_question(page, "look-at-opponents-face-down")
    page.get_by_role("heading", name="Links for this game").wait_for()
    bob = page.locator("section.link-card", has_text="Bob's seat").get_by_role("link").first
    page.goto(server + bob.get_attribute("href"))
    page.locator("#live").wait_for()
    page.locator("#live li.is-facedown a.tile-main").first.tap()
    sheet = page.locator("#sheet aside.sheet")
    sheet.wait_for()
    known = sheet.locator(".tile-known")
    assert known.inner_text().startswith("A face-down 2/2 creature: no name")
    # No empty box: the card's box in the sheet has visible text in it.
    assert sheet.locator("li.tile").first.inner_text().strip() != ""
    assert "Exalted Angel" not in page.content()
    check_layout(page)
    shoot(page, "opponent-face-down-sheet")


def test_the_rules_index_chips_keep_their_counts_on_one_line(server, phone):
    page = phone().new_page()
    page.goto(server + "/rules")
    split = page.evaluate(
        """() => [...document.querySelectorAll('nav.groups .count')]
            .filter(c => c.getClientRects().length > 1 || c.getBoundingClientRect().height > 24)
            .map(c => c.parentElement.innerText)"""
    )
    assert split == []
    check_layout(page)
