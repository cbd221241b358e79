"""Publishing from the judge's page (issue 29, item 6): the question starts empty (or as the
scenario asks it), the ruling opens on the viewpoint the question is about, switching
viewpoint lands back on the board, and a scenario's question and answer open the judge's
page. In English and French."""

from __future__ import annotations

import re

import pytest

from app.web.pages.publish_form import open_first
from tests.web.pages.test_ruling_pages import HIDDEN, browsers, publish, scenario_game, slug_of
from tests.web.pages_support import SAME_ORIGIN, seat_client

FR = {"Accept-Language": "fr"}


def _title_value(page: str) -> str:
    return re.search(r'id="ruling-title"[^>]*value="([^"]*)"', page).group(1)


@pytest.mark.parametrize("headers", [{}, FR])
def test_a_built_tables_question_starts_empty_not_with_the_players_names(client, headers):
    made = client.post("/tables", data={"player": ["Alice", "Bob"]}, headers=SAME_ORIGIN)
    token = re.findall(r"/join/([A-Za-z0-9_-]{16,})", made.text)[0]  # the judge's link first
    judge = seat_client(client.app, token)
    page = judge.get(judge.get(f"/join/{token}", follow_redirects=False).headers["location"])
    assert page.status_code == 200
    page = judge.get(page.url, headers=headers).text
    assert _title_value(page) == ""
    assert "Alice · Bob" not in page[page.index('id="publish"') :]


@pytest.mark.parametrize(("headers", "word"), [({}, "Question"), (FR, "Question")])
def test_a_scenarios_question_and_answer_open_the_judges_page(client, headers, word):
    game = scenario_game(client, "look-at-opponents-face-down")
    judge = browsers(client, game)["judge"]
    page = judge.get(f"/g/{game['id']}", headers=headers).text
    main = page[page.index("<main") :]
    brief = main.index('class="scenario-brief"')
    # Above the board, the log and the judge's tools, not under them.
    assert brief < main.index('id="live"') < main.index('class="judge-tools"')
    assert word in main[brief : main.index("</section>", brief)]
    assert main.count('class="scenario-brief"') == 1
    # The scenario's own question is the form's start, not the players' names.
    assert _title_value(page) and "·" not in _title_value(page)


def test_the_brief_stays_off_a_seats_page(client):
    game = scenario_game(client, "look-at-opponents-face-down")
    seats = browsers(client, game)
    for who in ("Alice", "Bob", "spectator"):
        assert "scenario-brief" not in seats[who].get(f"/g/{game['id']}").text, who


def test_open_first_puts_the_player_the_question_names_first():
    ticked = ["seat:Alice", "seat:Bob", "role:spectator"]
    assert open_first(ticked, "Can Bob look at Alice's card?") == [
        "seat:Bob",
        "seat:Alice",
        "role:spectator",
    ]
    assert open_first(ticked, "Alice peut-elle regarder ?")[0] == "seat:Alice"
    # A name inside another word is no mention ("Bobby" is not Bob).
    assert open_first(["seat:Alice", "seat:Bob"], "Can Bobby look?") == ["seat:Alice", "seat:Bob"]
    # No name: as ticked. The judge's choice wins, if ticked.
    assert open_first(ticked, "May I look?") == ticked
    assert open_first(ticked, "Can Bob look?", "role:spectator")[0] == "role:spectator"
    assert open_first(ticked, "Can Bob look?", "role:judge")[0] == "seat:Bob"


def test_the_published_ruling_opens_on_the_player_the_question_is_about(client):
    game = scenario_game(client, "look-at-opponents-face-down")
    seats = browsers(client, game)
    # Alice ticked first, but the question is Bob's: the page opens as Bob saw it.
    slug = slug_of(publish(seats["judge"], game["id"], ["Alice", "Bob"]))
    page = client.get(f"/r/{slug}").text
    assert "The board, as Bob saw it" in page
    board = page[page.index('id="viewpoint-board"') : page.index('class="steps"')]
    assert HIDDEN not in board  # Bob's board: Alice's face-down card unnamed
    french = client.get(f"/r/{slug}", headers=FR).text
    assert "Bob" in french[french.index('id="board-title"') :][:200]


def test_the_judges_open_on_choice_wins(client):
    game = scenario_game(client, "look-at-opponents-face-down")
    seats = browsers(client, game)
    slug = slug_of(
        publish(seats["judge"], game["id"], ["Bob", "spectator"], open_on="role:spectator")
    )
    assert "The board, as Spectator saw it" in client.get(f"/r/{slug}").text


@pytest.mark.parametrize("headers", [{}, FR])
def test_the_publish_form_offers_open_on(client, headers):
    game = scenario_game(client, "look-at-opponents-face-down")
    judge = browsers(client, game)["judge"]
    page = judge.get(f"/g/{game['id']}", headers=headers).text
    chooser = page[
        page.index('id="ruling-open-on"') : page.index(
            "</select>", page.index('id="ruling-open-on"')
        )
    ]
    assert re.findall(r'value="([^"]*)"', chooser) == [
        "",
        "seat:Alice",
        "seat:Bob",
        "role:spectator",
        "role:judge",
    ]
    assert ("The ruling opens on" if not headers else "La décision s&#39;ouvre sur") in page


def test_switching_viewpoint_lands_back_on_the_board(client):
    game = scenario_game(client, "look-at-opponents-face-down")
    seats = browsers(client, game)
    slug = slug_of(publish(seats["judge"], game["id"], ["Bob", "spectator"]))
    page = client.get(f"/r/{slug}").text
    nav = re.search(r'<nav class="viewpoints".*?</nav>', page, re.S).group(0)
    hrefs = re.findall(r'href="([^"]+)"', nav)
    assert hrefs == [f"/r/{slug}#viewpoint-board", f"/r/{slug}?vp=1#viewpoint-board"]
    assert 'id="viewpoint-board"' in page
