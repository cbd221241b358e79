"""A casual game from pasted decklists on a phone (360×800): lists with basic lands make a
game whose seats hold their own cards; a list with an unknown line is refused with the error
beside its own field, the page opened there and everything typed kept, without JavaScript too.
"""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import PHONE
from tests.browser.test_morph_game import check_layout, shoot

pytestmark = pytest.mark.browser

ALICE_DECK = "4 Exalted Angel\n16 Plains\n\nSideboard\n2 Ixidron"
BOB_DECK = "10 Island\n6 Snow-Covered Swamp\n2 Wastes\n4 Montagne"
WRONG_DECK = "10 Island\n2 Ixidorn\n4 Forest"


def fill_decks(page, decks: list[str]) -> None:
    for n, text in enumerate(decks, start=1):
        field = page.locator(f"#deck-{n}")
        if not field.is_visible():
            page.locator("details.deck", has=field).locator("summary").tap()
        field.fill(text)


def test_a_casual_game_from_decklists_with_basic_lands(server, phone):
    context = phone()
    page = context.new_page()
    page.goto(server + "/")
    fill_decks(page, [ALICE_DECK, BOB_DECK])
    page.get_by_role("button", name="Create the game").tap()
    page.get_by_role("heading", name="Links for this game").wait_for()
    check_layout(page)
    alice_link = (
        page.locator("section.link-card", has_text="Alice")
        .get_by_role("link")
        .get_attribute("href")
    )
    bob_link = (
        page.locator("section.link-card", has_text="Bob").get_by_role("link").get_attribute("href")
    )

    # Each seat's opening hand (103.4) comes from its own list, basic lands included.
    alice = context.new_page()
    alice.goto(server + alice_link)
    alice.wait_for_url(re.compile(r"/g/[A-Za-z0-9_-]+$"))
    hand = alice.locator("#live").inner_text()
    assert "Plains" in hand or "Exalted Angel" in hand
    # 20 main-deck cards (the sideboard stays out) less 7 drawn; Bob's 22 less 7.
    assert "hand 7 · library 13" in hand and "hand 7 · library 15" in hand
    for other in ("Island", "Swamp", "Wastes", "Mountain"):
        assert f"{other}\n" not in hand.replace("Snow-Covered ", "")  # none of Bob's cards
    check_layout(alice)
    shoot(alice, "decklist-game-alice")

    bob_context = phone()
    bob = bob_context.new_page()
    bob.goto(server + bob_link)
    bob.wait_for_url(re.compile(r"/g/[A-Za-z0-9_-]+$"))
    bob_hand = bob.locator("#live").inner_text()
    assert any(name in bob_hand for name in ("Island", "Snow-Covered Swamp", "Wastes", "Mountain"))
    assert "Exalted Angel" not in bob_hand and "Plains" not in bob_hand


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
@pytest.mark.console_allows(r"status of 422")  # the refused form, shown beside its field
def test_an_unknown_decklist_line_is_shown_beside_its_field_with_the_text_kept(
    server, browser, javascript
):
    context = browser.new_context(
        viewport=PHONE,
        device_scale_factor=1,
        is_mobile=True,
        has_touch=True,
        locale="en-GB",
        java_script_enabled=javascript,
    )
    try:
        page = context.new_page()
        page.goto(server + "/")
        fill_decks(page, [ALICE_DECK, WRONG_DECK])
        page.get_by_role("button", name="Create the game").tap()
        error = page.locator("#form-error")
        error.wait_for()
        # The refused page opens on the error, which sits in Bob's field (the second one).
        assert page.url.endswith("/games")
        assert page.evaluate("document.activeElement.id") == "deck-2"
        box = error.bounding_box()
        assert box is not None and 0 < box["y"] < PHONE["height"] / 2, box
        summary = page.locator("details.deck", has=page.locator("#deck-2")).locator("summary")
        label = summary.bounding_box()
        assert label is not None and label["y"] >= 0, "the field's label is scrolled away"
        bob_field = page.locator("details.deck", has=page.locator("#deck-2"))
        assert bob_field.locator("#form-error").count() == 1
        assert "line 2" in error.inner_text() and "Ixidron" in error.inner_text()
        assert page.locator("#deck-2").get_attribute("aria-invalid") == "true"
        # Everything typed is kept, in its own field.
        assert page.locator("#deck-1").input_value() == ALICE_DECK
        assert page.locator("#deck-2").input_value() == WRONG_DECK
        assert page.locator("#player-1").input_value() == "Alice"
        assert page.locator("#player-2").input_value() == "Bob"
        check_layout(page)
        shoot(page, f"decklist-error-{'js' if javascript else 'no-js'}")

        # Fixed in place, the same form creates the game.
        page.locator("#deck-2").fill(WRONG_DECK.replace("Ixidorn", "Ixidron"))
        page.get_by_role("button", name="Create the game").tap()
        page.get_by_role("heading", name="Links for this game").wait_for()
    finally:
        context.close()
