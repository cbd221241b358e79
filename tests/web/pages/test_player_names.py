"""Viewpoints and player names can't be confused (issue 14, finding 7).

A player named "judge" once got a judge-viewpoint ruling published: the publish form's boxes
for that player and for the judge both sent value="judge". The form now sends typed values
("seat:<name>", "role:judge", "role:spectator"); and a new game refuses names that are
reserved, hold invisible characters, aren't NFC, or look like another player's.
"""

from __future__ import annotations

import re

import pytest

from app.web.models import GameCreate
from app.web.player_names import name_problem, names_problem, skeleton
from app.web.setup_builder import build_setup
from tests.conftest import bearer
from tests.web.pages_support import SAME_ORIGIN, csrf_of, seat_client

REFUSED = [
    (["judge", "Bob"], "reserved"),
    (["Alice", "SPECTATOR"], "reserved"),
    (["Alice", "Judge"], "reserved"),
    (["Alice", "judg\u0435"], "reserved"),  # Cyrillic е
    (["Ali\u200bce", "Bob"], "hidden_characters"),  # zero-width space
    (["Alice", "\u202eboB"], "hidden_characters"),  # right-to-left override
    (["Alice", "Bob\u0007"], "hidden_characters"),
    (["Alice", "Chloe\u0301"], "not_normalised"),  # é as e + combining acute
    (["Alice", "\u0410lice"], "look_alike"),  # Cyrillic А
    (["Alice", "\u0391lice"], "look_alike"),  # Greek Α
    (["Alice", "Al\u0456ce"], "look_alike"),  # Cyrillic і
    (["Bob", "B0b"], "look_alike"),
    (["Alice", "ALICE "], "look_alike"),
]


def test_the_skeleton_maps_look_alikes_together() -> None:
    assert skeleton("\u0410lice") == skeleton("alice") == skeleton("ALİCE".replace("İ", "I"))
    assert skeleton("Chloé") == skeleton("Chloe\u0301") != skeleton("Chloë Bob")
    assert name_problem("Chloé") is None and name_problem("Dmitri") is None


@pytest.mark.parametrize(("names", "problem"), REFUSED)
def test_names_problem_says_why(names: list[str], problem: str) -> None:
    found = names_problem(names)
    assert found is not None and found[1] == problem, found


@pytest.mark.parametrize(("names", "problem"), REFUSED)
def test_the_api_refuses_an_ambiguous_player_name(client, names: list[str], problem: str) -> None:
    response = client.post("/api/games", json={"players": names})
    assert response.status_code == 422, response.text
    assert response.json()["error"] == "invalid"
    assert client.app.state.repository.count_games() == 0


def test_scenario_games_refuse_them_too(client) -> None:
    key = client.get("/api/scenarios").json()[0]["key"]
    response = client.post(f"/api/scenarios/{key}/games", json={"players": ["Alice", "judge"]})
    assert response.status_code == 422, response.text


@pytest.mark.parametrize(("names", "problem"), REFUSED)
def test_the_new_game_form_refuses_them_with_a_message(client, names: list[str], problem) -> None:
    response = client.post("/games", data={"ruleset": "mtg", "player": names}, headers=SAME_ORIGIN)
    assert response.status_code == 422, response.text[:200]
    assert 'role="alert"' in response.text or "form-error" in response.text
    assert client.app.state.repository.count_games() == 0


def test_plain_distinct_names_still_make_a_game(client) -> None:
    response = client.post("/api/games", json={"players": ["Chloé", "Dmitri", "Zoë"]})
    assert response.status_code == 201, response.text


# -- typed viewpoints ------------------------------------------------------------------------


@pytest.fixture
def legacy_game(client):
    """A game from before names were checked: a player is named "judge"."""
    body = GameCreate.model_construct(
        ruleset="mtg", players=["judge", "Bob"], setup=[], title="", options=None
    )
    repository = client.app.state.repository
    created = repository.create_game(build_setup(body, client.app.state.catalog), "old")
    return created


def _publish(judge, game_id: str, values: list[str]):
    page = judge.get(f"/g/{game_id}").text
    data = {"csrf": csrf_of(page), "title": "Which view?", "viewpoint": values}
    return judge.post(f"/g/{game_id}/rulings", data=data, headers=SAME_ORIGIN)


def _viewers(client, response) -> list[dict]:
    assert response.status_code == 201, response.text[:300]
    slug = re.search(r"/r/([A-Za-z0-9_-]{8,24})", response.text).group(1)
    return [v["viewer"] for v in client.get(f"/api/rulings/{slug}").json()["viewpoints"]]


def test_the_publish_form_tells_the_player_judge_from_the_judge(client, legacy_game) -> None:
    judge = seat_client(client.app, legacy_game.judge_token)
    page = judge.get(f"/g/{legacy_game.id}").text
    values = re.findall(r'name="viewpoint" value="([^"]*)"', page)
    assert values == ["seat:judge", "seat:Bob", "role:spectator", "role:judge"]
    assert _viewers(client, _publish(judge, legacy_game.id, ["seat:judge"])) == [
        {"kind": "player", "player": "judge"}
    ]
    assert _viewers(client, _publish(judge, legacy_game.id, ["role:judge"])) == [
        {"kind": "judge", "player": None}
    ]
    # An untyped value is not a viewpoint on the page.
    assert _publish(judge, legacy_game.id, ["judge"]).status_code == 422


def test_the_api_asks_which_one_when_a_plain_word_is_both(client, legacy_game) -> None:
    judge = bearer(legacy_game.judge_token)
    url = f"/api/games/{legacy_game.id}/rulings"
    ambiguous = client.post(url, json={"viewpoint": "judge", "title": "t"}, headers=judge)
    assert ambiguous.status_code == 422 and "role:judge" in ambiguous.json()["message"]
    typed = client.post(url, json={"viewpoint": "seat:judge", "title": "t"}, headers=judge)
    assert typed.status_code == 201, typed.text
    ruling = client.get(f"/api/rulings/{typed.json()['slug']}").json()
    assert ruling["viewpoints"][0]["viewer"] == {"kind": "player", "player": "judge"}
