"""The "Table" panel of a game page: draw, mulligan and life from small forms, a number typed
beside a button, the French labels, and what the other seat's pages show (nothing hidden)."""

from __future__ import annotations

import json

import pytest

from tests.web.pages_support import (
    HTMX,
    SAME_ORIGIN,
    buttons,
    csrf_of,
    option,
    seat_client,
    version_of,
)

pytestmark = pytest.mark.engine

SETUP = (
    *({"owner": "Alice", "zone": "library", "card": name} for name in (
        "Exalted Angel", "Grizzly Bears", "Serra Angel", "Island", "Forest", "Island", "Forest",
        "Island", "Forest", "Llanowar Elves")),
    *({"owner": "Bob", "zone": "library", "card": name} for name in ("Island", "Forest")),
)  # fmt: skip


@pytest.fixture
def seats(client, make_game):
    game_id, tokens = make_game(client, setup=list(SETUP))
    return game_id, {who: seat_client(client.app, tokens[who]) for who in ("Alice", "Bob", "judge")}


def page(browser, game_id: str, lang: str = "en") -> str:
    response = browser.get(f"/g/{game_id}", headers={"Accept-Language": lang})
    assert response.status_code == 200, response.text
    return response.text


def post(browser, game_id: str, action: dict, before: str, **fields: str | list[str]):
    data: dict = {"action": json.dumps(action), "expected_version": str(version_of(before)),
                  **fields}  # fmt: skip
    headers = {**SAME_ORIGIN, **HTMX, "X-CSRF-Token": csrf_of(before)}
    return browser.post(f"/g/{game_id}/act", data=data, headers=headers)


def test_the_table_panel_draws_as_many_cards_as_typed_and_names_them_to_the_owner_only(seats):
    game_id, s = seats
    before = page(s["Alice"], game_id)
    assert 'class="table-actions"' in before and 'name="count"' in before
    response = post(s["Alice"], game_id, option(before, "draw", player="Alice"), before, count="3")
    assert response.status_code == 200, response.text
    assert "Alice draws 3 cards." in response.text
    assert "Exalted Angel" in page(s["Alice"], game_id)
    bob = page(s["Bob"], game_id)
    assert "Alice draws 3 cards." in bob
    for name in ("Exalted", "Grizzly", "Serra"):
        assert name not in bob


def test_a_seat_is_offered_its_own_table_actions_and_a_proposal_for_another_life(seats):
    game_id, s = seats
    actions = buttons(page(s["Bob"], game_id))
    draws = [a for a in actions if a["type"] == "draw"]
    assert draws and {a["player"] for a in draws} == {"Bob"}
    lose = [a for a in actions if a["type"] == "propose" and a["action"]["type"] == "life"]
    assert [a["action"]["player"] for a in lose] == ["Alice"]


def test_a_typed_number_keeps_the_buttons_direction_for_life(seats):
    game_id, s = seats
    before = page(s["judge"], game_id)
    lose = option(before, "life", player="Alice", amount=-1)
    response = post(s["judge"], game_id, lose, before, amount="4")
    assert response.status_code == 200, response.text
    assert "Alice loses 4 life (16)." in response.text


def test_a_malformed_number_is_refused_and_changes_nothing(seats):
    game_id, s = seats
    before = page(s["Alice"], game_id)
    response = post(s["Alice"], game_id, option(before, "draw", player="Alice"), before,
                    count="²")  # fmt: skip
    assert response.status_code == 422
    assert version_of(page(s["Alice"], game_id)) == version_of(before)


def test_the_london_mulligan_from_the_pages_puts_the_ticked_card_on_the_bottom(seats):
    game_id, s = seats
    before = page(s["Alice"], game_id)
    post(s["Alice"], game_id, option(before, "draw", player="Alice"), before, count="7")
    before = page(s["Alice"], game_id)
    response = post(s["Alice"], game_id, option(before, "mulligan", player="Alice"), before)
    assert response.status_code == 200, response.text
    before = page(s["Alice"], game_id)
    assert 'name="pick"' in before and "Put on the bottom and keep" in before
    pick = before.split('name="pick" value="', 1)[1].split('"', 1)[0]
    bottom = option(before, "mulligan_bottom", player="Alice")
    response = post(s["Alice"], game_id, bottom, before, pick=[pick])
    assert response.status_code == 200, response.text
    assert "Alice keeps 6 cards, putting 1 card on the bottom of their library." in response.text
    assert 'name="pick"' not in page(s["Alice"], game_id)
    assert "Mettre dessous" not in page(s["Bob"], game_id, "fr")


def test_the_table_panel_reads_in_french(seats):
    game_id, s = seats
    text = page(s["Alice"], game_id, "fr")
    assert "Piocher (Alice)" in text and "Lancer un dé" in text


def test_a_hostile_seat_cannot_draw_for_another_player_from_the_pages(seats):
    game_id, s = seats
    before = page(s["Bob"], game_id)
    response = post(s["Bob"], game_id, {"type": "draw", "player": "Alice", "count": 3}, before)
    assert response.status_code in (403, 422)
    assert version_of(page(s["Bob"], game_id)) == version_of(before)
    assert "Exalted" not in response.text
