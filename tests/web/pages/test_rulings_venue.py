"""Rulings at the venue (issue 17, items 2-4): a scenario's question and answer on the judge's
page, the publish form prefilled and every viewpoint but the judge's ticked, a form refused inline with what
was typed, and a ruling page that names the published viewpoint instead of saying "you"."""

from __future__ import annotations

import html
import re

import pytest
from test_ruling_pages import HIDDEN, browsers, publish, scenario_game, slug_of

from app.scenarios.library import get_scenario
from tests.web.pages_support import SAME_ORIGIN, csrf_of, seat_client

pytestmark = pytest.mark.engine

KEY = "look-at-opponents-face-down"


def _form(page: str) -> str:
    found = re.search(
        r'<form method="post" action="/g/[^"]+/rulings#publish".*?</form>', page, re.S
    )
    assert found, "no publish form"
    return found.group(0)


def _ticked(form: str) -> list[str]:
    boxes = re.findall(r'<input type="checkbox" name="viewpoint" value="([^"]+)"([^>]*)>', form)
    return [value for value, rest in boxes if "checked" in rest]


@pytest.fixture
def looked(client):
    game = scenario_game(client, KEY)
    return game, browsers(client, game)


def test_a_scenarios_judge_page_shows_its_question_and_answer_and_prefills_the_form(looked):
    game, seats = looked
    scenario = get_scenario(KEY)
    page = seats["judge"].get(f"/g/{game['id']}").text
    assert html.escape(scenario.question, quote=False) in page
    form = _form(page)
    title = re.search(r'id="ruling-title"[^>]*value="([^"]*)"', form).group(1)
    assert html.unescape(title) == scenario.title
    note = re.search(r'<textarea id="ruling-note"[^>]*>(.*?)</textarea>', form, re.S).group(1)
    assert html.unescape(note) == scenario.answer


def test_the_french_judge_page_shows_the_french_question_and_answer(looked):
    game, seats = looked
    scenario = get_scenario(KEY)
    seats["judge"].cookies.set("lang", "fr")
    page = seats["judge"].get(f"/g/{game['id']}").text
    assert html.escape(scenario.question_fr, quote=False) in page
    note = re.search(r'<textarea id="ruling-note"[^>]*>(.*?)</textarea>', _form(page), re.S)
    assert html.unescape(note.group(1)) == scenario.answer_fr


def test_players_never_see_the_scenarios_answer(looked):
    game, seats = looked
    scenario = get_scenario(KEY)
    for who in ("Alice", "Bob", "spectator"):
        page = seats[who].get(f"/g/{game['id']}").text
        assert html.escape(scenario.answer, quote=False) not in page, who
        assert "scenario-brief" not in page, who


def test_every_viewpoint_but_the_judges_is_ticked_by_default(looked):
    game, seats = looked
    form = _form(seats["judge"].get(f"/g/{game['id']}").text)
    assert _ticked(form) == ["seat:Alice", "seat:Bob", "role:spectator"]


def test_a_game_built_otherwise_starts_with_an_empty_question_and_answer(client, make_game):
    # The game's title ("Friday night", or "Alice · Bob") is no question (issue 29).
    game_id, tokens = make_game(client, title="Friday night")
    page = seat_client(client.app, tokens["judge"]).get(f"/g/{game_id}").text
    assert "scenario-brief" not in page
    form = _form(page)
    assert re.search(r'id="ruling-title"[^>]*value=""', form) and "Friday night" not in form
    assert re.search(r'<textarea id="ruling-note"[^>]*></textarea>', form)


def test_the_scenarios_refused_look_shows_in_the_judges_log(looked):
    game, seats = looked
    judge = seats["judge"].get(f"/g/{game['id']}/log").text
    assert "Bob tried an action the rules refuse." in judge
    alice = seats["Alice"].get(f"/g/{game['id']}/log").text
    assert "Bob tried an action the rules refuse." in alice


# -- refused inline ----------------------------------------------------------------------------


def test_publishing_with_no_viewpoint_is_refused_inline_keeping_what_was_typed(looked):
    game, seats = looked
    response = publish(seats["judge"], game["id"], [], title="Can Bob peek?", note="Never.")
    assert response.status_code == 422
    page = response.text
    assert "Something is wrong" not in page
    form = _form(page)
    assert 'value="Can Bob peek?"' in form and ">Never.</textarea>" in form
    assert _ticked(form) == []
    error = re.search(r'<p id="publish-viewpoint-error" class="field-error"[^>]*>([^<]+)</p>', form)
    assert error and "Choose at least one viewpoint" in error.group(1)
    # The judge's own page, open at the form, its question still shown.
    assert (
        'id="judge-tools-title"' in page and '<details class="publish" id="publish" open>' in page
    )
    assert html.escape(get_scenario(KEY).question, quote=False) in page
    assert response.headers["cache-control"].startswith("private")


def test_a_refused_form_keeps_the_viewpoints_that_were_ticked(looked):
    game, seats = looked
    response = publish(seats["judge"], game["id"], ["Bob"], title="   ")
    assert response.status_code == 422
    form = _form(response.text)
    assert _ticked(form) == ["seat:Bob"]
    assert 'id="publish-title-error"' in form


def test_a_refused_form_at_a_past_version_comes_back_on_that_versions_page(looked):
    game, seats = looked
    response = publish(seats["judge"], game["id"], [], version=1, note="Typed at v1.")
    assert response.status_code == 422
    assert '<input type="hidden" name="version" value="1">' in response.text
    assert "Typed at v1.</textarea>" in response.text
    assert HIDDEN in response.text  # the judge's page: the judge sees every face


def test_an_htmx_post_with_no_viewpoint_is_refused_inline_too(looked):
    game, seats = looked
    judge = seats["judge"]
    csrf = csrf_of(judge.get(f"/g/{game['id']}").text)
    response = judge.post(
        f"/g/{game['id']}/rulings",
        data={"csrf": csrf, "title": "Kept", "note": "Also kept"},
        headers=SAME_ORIGIN | {"HX-Request": "true"},
    )
    assert response.status_code == 422
    assert 'value="Kept"' in response.text and "Also kept</textarea>" in response.text


# -- the ruling page names the viewpoint -------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "hand", "peek", "never"),
    [
        ("en", "Alice's hand", "Alice sees this — tap to look", ("Only you", "Your hand")),
        ("fr", "Main d'Alice", "Alice voit ceci — touchez pour voir", ("Vous seul", "Votre main")),
    ],
)
def test_a_ruling_for_alices_viewpoint_names_alice_not_you(client, looked, lang, hand, peek, never):
    game, seats = looked
    slug = slug_of(publish(seats["judge"], game["id"], ["Alice"]))
    client.cookies.set("lang", lang)
    text = html.unescape(client.get(f"/r/{slug}").text)
    assert hand in text and peek in text
    for words in never:
        assert words.casefold() not in text.casefold(), words


def test_the_judge_seeing_as_bob_gets_no_question_or_answer_which_may_name_a_hidden_card(looked):
    game, seats = looked
    scenario = get_scenario(KEY)
    page = seats["judge"].get(f"/g/{game['id']}?seat=Bob").text
    assert "scenario-brief" not in page and HIDDEN not in page
    assert html.escape(scenario.answer, quote=False) not in page


def test_every_label_that_says_you_has_a_twin_that_names_the_player():
    from app.web.i18n import MESSAGES, translator
    from app.web.pages.ruling_wording import THIRD_PERSON, in_third_person

    second_person = re.compile(r"\b(you|your|vous|votre|vos)\b", re.I)
    for lang in ("en", "fr"):
        t = in_third_person(translator(lang), "Zoé")
        for key, (twin, placeholder) in THIRD_PERSON.items():
            assert key in MESSAGES and twin in MESSAGES, key
            assert second_person.search(t(key)) is None, (lang, key, t(key))
            if "{" + placeholder + "}" in MESSAGES[twin][lang == "fr"]:
                assert "Zoé" in t(key), (lang, key)
