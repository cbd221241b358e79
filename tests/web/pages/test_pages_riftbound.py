"""Riftbound through the pages (TestClient): hide, play from hidden and move units with the
buttons `actions_for` gives, and — above all — Bob's pages, fragments, sheets and log never
carry the name of Alice's hidden card, nor the id her card had in her hand (811.6.a)."""

from __future__ import annotations

import re

import pytest

from tests.web.pages_support import HTMX, SAME_ORIGIN, act, buttons, option, seat_client, tile_id
from tests.web.riftbound_support import RB_SECRET, RB_SECRET_WORDS, RB_SETUP

pytestmark = pytest.mark.engine

BACK = "Facedown card at Zaun Warrens (Alice)"


@pytest.fixture
def game(client, make_game):
    return make_game(client, setup=RB_SETUP, ruleset="riftbound")


@pytest.fixture
def seats(client, game):
    _, tokens = game
    return {
        who: seat_client(client.app, tokens[who]) for who in ("Alice", "Bob", "judge", "spectator")
    }


def get(browser, url: str, *, htmx: bool = False, lang: str = "en") -> str:
    headers = {"Accept-Language": lang, **(HTMX if htmx else {})}
    response = browser.get(url, headers=headers)
    assert response.status_code == 200, (url, response.text)
    return response.text


def every_text(browser, game_id: str) -> list[str]:
    """Everything a seat's browser can reach: the page and its fragment in both languages,
    the sheet of every card on it, and the whole log."""
    out = []
    for lang in ("en", "fr"):
        full = get(browser, f"/g/{game_id}", lang=lang)
        out += [full, get(browser, f"/g/{game_id}", htmx=True, lang=lang)]
        out.append(get(browser, f"/g/{game_id}/log", lang=lang))
        for object_id in sorted(set(re.findall(r"/objects/([0-9a-f]+)", full))):
            out.append(get(browser, f"/g/{game_id}/objects/{object_id}", htmx=True, lang=lang))
    return out


def assert_hidden_from(browser, game_id: str, *ids: str) -> None:
    for text in every_text(browser, game_id):
        for word in RB_SECRET_WORDS:
            assert word not in text, f"{word!r} leaked"
        for object_id in ids:
            assert object_id not in text, f"id {object_id} leaked"


def hide_secret(seats, game_id: str) -> tuple[str, str]:
    """Alice taps her hidden-able card, then "Hide … at Zaun Warrens"; returns (the id it had
    in her hand, the answer's fragment)."""
    alice = seats["Alice"]
    page = get(alice, f"/g/{game_id}")
    hand_id = tile_id(page, RB_SECRET)
    card = get(alice, f"/g/{game_id}/objects/{hand_id}", htmx=True)
    hides = [b for b in buttons(card) if b["type"] == "hide"]
    assert {b["battlefield"] for b in hides} == {"bf1"}  # only where she controls it
    response = act(alice, game_id, option(card, "hide", battlefield="bf1"), card)
    assert response.status_code == 200, response.text
    return hand_id, response.text


def test_811_1_b_alice_hides_a_card_and_bob_sees_only_its_card_back(seats, game):
    game_id, _ = game
    hand_id, answer = hide_secret(seats, game_id)
    assert "Only you see this" in answer and RB_SECRET in answer
    bob = get(seats["Bob"], f"/g/{game_id}")
    assert BACK in bob and "Controlled by Alice" in bob and "You control it" in bob
    assert_hidden_from(seats["Bob"], game_id, hand_id)
    assert_hidden_from(seats["spectator"], game_id, hand_id)
    judge = get(seats["judge"], f"/g/{game_id}")
    assert RB_SECRET in judge and "Hidden — seen by Alice" in judge and "811.6.a" in judge


def test_bobs_hand_never_reaches_alice_and_the_board_shows_counts(seats, game):
    game_id, _ = game
    alice = get(seats["Alice"], f"/g/{game_id}")
    assert "Fight or Flight" not in alice and "Block" not in alice
    assert "2 cards, hidden" in alice
    assert "Rune pool" in alice and "Energy: 2" in alice and "Chaos ×1" in alice
    assert "Trash" in alice and "Hidden Blade" in alice and "Banishment" in alice
    assert "Champion zone" in alice and "Teemo, Scout" in alice and "Base" in alice


def test_811_1_d_2_played_from_hidden_next_turn_with_choices_at_its_battlefield(seats, game):
    game_id, _ = game
    hand_id, _ = hide_secret(seats, game_id)
    alice, bob = seats["Alice"], seats["Bob"]
    facedown = tile_id(get(alice, f"/g/{game_id}"), BACK)
    sheet = get(alice, f"/g/{game_id}/objects/{facedown}", htmx=True)
    assert not [b for b in buttons(sheet) if b["type"] == "play"]  # not the turn it was hidden
    page = get(alice, f"/g/{game_id}")
    assert act(alice, game_id, option(page, "next_turn"), page).status_code == 200
    page = get(bob, f"/g/{game_id}")
    assert act(bob, game_id, option(page, "next_turn"), page).status_code == 200
    assert_hidden_from(bob, game_id, hand_id)

    sheet = get(alice, f"/g/{game_id}/objects/{facedown}", htmx=True)
    plays = [b for b in buttons(sheet) if b["type"] == "play"]
    assert plays and all(b["object"] == facedown for b in plays)
    assert "choosing Noxus Saboteur" in sheet
    assert "Watchful Sentry" not in sheet and "Ember Monk" not in sheet
    target = tile_id(get(alice, f"/g/{game_id}"), "Noxus Saboteur")
    response = act(alice, game_id, option(sheet, "play", targets=[target]), sheet)
    assert response.status_code == 200, response.text

    # Revealed as it changes zone: now Bob's page names it, on the chain, from hidden.
    bob_page = get(bob, f"/g/{game_id}")
    assert RB_SECRET in bob_page and "from hidden at Zaun Warrens" in bob_page
    assert "Closed: a chain exists" in bob_page
    assert hand_id not in bob_page


def test_units_move_from_their_sheet(seats, game):
    game_id, _ = game
    alice = seats["Alice"]
    monk = tile_id(get(alice, f"/g/{game_id}"), "Ember Monk")
    sheet = get(alice, f"/g/{game_id}/objects/{monk}", htmx=True)
    assert "Move Ember Monk to Star Spring" in sheet
    response = act(alice, game_id, option(sheet, "move_unit", to="bf3"), sheet)
    assert response.status_code == 200, response.text
    bob = get(seats["Bob"], f"/g/{game_id}")
    star = re.search(r'<li class="rb-field[^"]*">\s*<h3 id="bf-bf3".*?</ul>\n</section>', bob, re.S)
    assert star and "Ember Monk" in star.group(0) and "Alice&#39;s units" in star.group(0)


def test_the_riftbound_board_speaks_french(seats, game):
    game_id, _ = game
    page = get(seats["Alice"], f"/g/{game_id}", lang="fr")
    for text in ("Champs de bataille", "Vous le contrôlez", "Sans contrôleur", "Réserve de runes"):
        assert text in page
    assert "Swipe" not in page and "Uncontrolled" not in page


def test_the_judge_sets_who_controls_a_battlefield_from_its_card(seats, game):
    game_id, _ = game
    judge = seats["judge"]
    page = get(judge, f"/g/{game_id}")
    assert "Judge: who controls it" in page
    response = act(
        judge, game_id, option(page, "set_control", battlefield="bf2", player=None), page
    )
    assert response.status_code == 200, response.text
    alice = get(seats["Alice"], f"/g/{game_id}")
    assert "Controlled by Bob" not in alice and alice.count("Uncontrolled") == 2
    assert "Judge: who controls it" not in alice


def test_home_offers_riftbound_with_a_starter_table_for_two(client):
    home = client.get("/", headers={"Accept-Language": "en"}).text
    assert 'value="riftbound"' in home
    response = client.post(
        "/games", data={"ruleset": "riftbound", "player": ["Ann", "Ben"]}, headers=SAME_ORIGIN
    )
    assert response.status_code == 200, response.text
    token = re.findall(r'href="/join/([A-Za-z0-9_-]+)"', response.text)[1]
    browser = seat_client(client.app, token)
    game_path = browser.get(f"/join/{token}", follow_redirects=False).headers["location"]
    page = get(browser, game_path)
    assert "Battlefields" in page and "Zaun Warrens" in page and "Blastcone Fae" in page
    three = client.post(
        "/games",
        data={"ruleset": "riftbound", "player": ["Ann", "Ben", "Cy"]},
        headers=SAME_ORIGIN,
    )
    assert three.status_code == 422 and "exactly two players" in three.text
