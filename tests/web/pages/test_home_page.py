"""The home page (issue 29, item 1): "Build a table" first, in a short form of its own; the
judge questions grouped by mechanic and collapsed, with a search that works without script;
the new-game form after them. In English and French."""

from __future__ import annotations

import re

import pytest

from app.demo import SCENARIOS
from tests.web.pages_support import SAME_ORIGIN

FR = {"Accept-Language": "fr"}


def _section(page: str, heading_id: str) -> str:
    start = page.index(f'id="{heading_id}"')
    return page[start : page.index("</section>", start)]


@pytest.mark.parametrize(
    ("headers", "button"), [({}, "Build a table"), (FR, "Construire la table")]
)
def test_build_a_table_comes_first_in_a_form_of_its_own(client, headers, button):
    page = client.get("/", headers=headers).text
    main = page[page.index("<main") :]
    # Before the questions and the new-game form, reading top to bottom.
    assert main.index(button) < main.index('id="questions"') < main.index('id="new-game"')
    build = _section(main, "build")
    assert 'action="/tables"' in build and f">{button}</button>" in build
    # Two names ready, so one tap builds the table; the 3rd and 4th seat are optional.
    assert re.findall(r'name="player"[^>]*value="(\w+)"', build) == ["Alice", "Bob"]
    # One "Build a table" button on the page (the new-game form no longer has one).
    assert page.count(f">{button}</button>") == 1
    assert 'formaction="/tables"' not in page


def test_the_build_form_makes_an_empty_table(client):
    page = client.get("/").text
    build = _section(page, "build")
    assert 'name="ruleset"' in build and 'name="hideaway_edition"' in build
    made = client.post(
        "/tables",
        data={"player": ["Alice", "Bob", "", ""], "ruleset": "mtg", "hideaway_edition": "current"},
        headers=SAME_ORIGIN,
    )
    assert made.status_code == 200 and "Links for this game" in made.text


@pytest.mark.parametrize("headers", [{}, FR])
def test_questions_are_grouped_and_collapsed_and_every_one_is_there(client, headers):
    page = client.get("/", headers=headers).text
    questions = _section(page, "questions")
    groups = re.findall(r'<details class="question-group"( open)?>', questions)
    assert len(groups) >= 4 and not any(groups)  # all closed: the page fits at a glance
    for scenario in SCENARIOS:
        assert f'value="{scenario.key}"' in questions
    assert questions.count('class="question"') == len(SCENARIOS)


@pytest.mark.parametrize(
    ("headers", "query", "expected", "label"),
    [
        ({}, "riftbound", "riftbound-i-lost-the-battlefield", "Riftbound: Hidden"),
        (FR, "cachette", "hideaway-who-may-look", "Cachette"),
        ({}, "702.143", "foretell-look-and-same-turn", "Foretell"),
    ],
)
def test_the_question_search_keeps_the_hits_and_opens_their_groups(
    client, headers, query, expected, label
):
    page = client.get("/", params={"q": query}, headers=headers).text
    questions = _section(page, "questions")
    assert f'value="{expected}"' in questions
    assert f'<details class="question-group" open>\n    <summary>{label}' in questions
    shown = re.findall(r'name="scenario" value="([\w-]+)"', questions)
    assert 0 < len(shown) < len(SCENARIOS)
    assert f'value="{query}"' in questions  # the box keeps what was typed


@pytest.mark.parametrize(("headers", "word"), [({}, "No question matches"), (FR, "Aucune")])
def test_a_search_without_hits_says_so(client, headers, word):
    page = client.get("/", params={"q": "zzzz-nothing"}, headers=headers).text
    questions = _section(page, "questions")
    assert word in questions and 'class="question"' not in questions


def test_a_refused_new_game_still_opens_on_its_error(client):
    refused = client.post("/games", data={"player": ["Alice", ""]}, headers=SAME_ORIGIN)
    assert refused.status_code == 422
    # The build form keeps its own two names; the refused form is the one with the error.
    assert 'id="form-error"' in _section(refused.text, "new-game")
