"""The judge's table builder on the pages: "Build a table", the search box, the "Add a card"
panel and a sheet's "Move / edit" — plain forms and htmx, in English and French."""

from __future__ import annotations

import re

import pytest

from tests.web.pages_support import HTMX, SAME_ORIGIN, csrf_of, seat_client


def _links(page: str) -> dict[str, str]:
    return dict(re.findall(r'data-kind="(\w+)"[^>]*href="(/join/[^"]+)"', page))


def build_table(client, ruleset: str = "mtg", players=("Alice", "Bob")):
    response = client.post(
        "/tables", data={"ruleset": ruleset, "player": list(players)}, headers=SAME_ORIGIN
    )
    assert response.status_code == 200, response.text
    tokens = re.findall(r"/join/([A-Za-z0-9_-]{16,})", response.text)
    return response.text, list(dict.fromkeys(tokens))


def test_home_page_offers_build_a_table_and_a_decklist_per_seat(client):
    page = client.get("/").text
    assert 'formaction="/tables"' in page and "Build a table" in page
    assert page.count('name="deck"') == 4
    french = client.get("/", headers={"Accept-Language": "fr"}).text
    assert "Construire la table" in french and "Listes de deck" in french


def test_build_a_table_makes_an_empty_game_whose_judge_page_has_the_add_panel(client):
    links, tokens = build_table(client)
    assert "Links for this game" in links
    judge = seat_client(client.app, tokens[0])
    page = judge.get(links_game(judge, tokens[0])).text
    assert 'id="add-card"' in page
    assert 'action="/g/' in page and '/judge/add"' in page
    assert re.findall(r'class="tile', page) == []  # nothing on the table


def links_game(client, token: str) -> str:
    response = client.get(f"/join/{token}", follow_redirects=False)
    return response.headers["location"]


def test_the_search_box_answers_add_buttons_in_english_and_french(client):
    fragment = client.get("/cards/search", params={"q": "exalt"}, headers=HTMX).text
    assert 'name="card" value="Exalted Angel"' in fragment
    french = client.get(
        "/cards/search", params={"q": "hauts de vent"}, headers={**HTMX, "Accept-Language": "fr"}
    ).text
    assert 'value="Windbrisk Heights"' in french and "Hauts de ventabrupt" in french
    assert "Ajouter" in french
    none = client.get("/cards/search", params={"q": "zzqqxx"}, headers=HTMX).text
    assert "No card by that name" in none


def test_a_plain_search_reloads_the_judge_page_with_hits_and_keeps_the_placement(client):
    _, tokens = build_table(client)
    judge = seat_client(client.app, tokens[0])
    url = links_game(judge, tokens[0])
    page = judge.get(url, params={"q": "ixidr", "owner": "Bob", "face_down": "morph"}).text
    assert 'name="card" value="Ixidron"' in page
    assert re.search(r'name="owner" value="Bob" checked', page)
    assert re.search(r'<option value="morph" selected>', page)


def test_a_seat_page_has_no_builder_and_a_seat_cannot_post_the_judges_forms(client):
    _, tokens = build_table(client)
    alice = seat_client(client.app, tokens[1])
    url = links_game(alice, tokens[1])
    page = alice.get(url).text
    assert 'id="add-card"' not in page
    response = alice.post(
        f"{url}/judge/add",
        data={"csrf": csrf_of(page), "card": "Exalted Angel", "owner": "Alice"},
        headers=SAME_ORIGIN,
    )
    assert response.status_code == 403


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_wrong_decklist_on_the_home_form_lists_every_unknown_line(client, lang):
    response = client.post(
        "/games",
        data={
            "player": ["Alice", "Bob", "", ""],
            "deck": ["4 Exalted Angle\n4 Forest", "2 Ixidorn", "", ""],
        },
        headers={**SAME_ORIGIN, "Accept-Language": lang},
    )
    assert response.status_code == 422
    text = response.text
    assert "Exalted Angel" in text and "Ixidron" in text  # the suggestions
    assert ("line 1" in text) if lang == "en" else ("ligne 1" in text)
    assert "4 Exalted Angle" in text  # the lists stay in their fields


def test_decklists_on_the_home_form_make_each_seats_library(client):
    response = client.post(
        "/games",
        data={"player": ["Alice", "Bob", "", ""], "deck": ["4 Exalted Angel", "", "", ""]},
        headers=SAME_ORIGIN,
    )
    assert response.status_code == 200, response.text
    assert "Links for this game" in response.text
