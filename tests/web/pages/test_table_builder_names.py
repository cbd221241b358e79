"""The table builder ("Build a table", POST /tables) and the new-game form (POST /games) refuse
two players whose names differ only in case or look alike ("Alice" and "alice"): every seat
and every log line must name one player. Refused in both languages, and no game is built."""

from __future__ import annotations

import pytest

from tests.web.pages_support import SAME_ORIGIN

PAIRS = [
    ("Alice", "alice"),
    ("Alice", "ALICE"),
    ("Bob", " bob "),
    ("Alice", "\u0410lice"),  # Cyrillic А
]
REFUSALS = {
    "en": ("with different names", "looks like another player"),
    "fr": ("aux noms différents", "ressemble au nom"),
}


@pytest.mark.parametrize("route", ["/tables", "/games"])
@pytest.mark.parametrize("pair", PAIRS)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_two_players_named_alike_are_refused(client, route: str, pair, lang: str) -> None:
    games = client.app.state.repository.count_games()
    response = client.post(
        route,
        data={"ruleset": "mtg", "player": list(pair)},
        headers=SAME_ORIGIN | {"Accept-Language": lang},
        follow_redirects=False,
    )
    assert response.status_code == 422, (route, pair, response.status_code)
    assert any(words in response.text for words in REFUSALS[lang]), response.text[-600:]
    assert client.app.state.repository.count_games() == games


def test_two_different_names_build_a_table(client) -> None:
    games = client.app.state.repository.count_games()
    response = client.post(
        "/tables", data={"ruleset": "mtg", "player": ["Alice", "Alicia"]}, headers=SAME_ORIGIN
    )
    assert response.status_code == 200
    assert client.app.state.repository.count_games() == games + 1
