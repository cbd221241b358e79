"""Take-back consent over the pages and the JSON API, at a table of three: one agreement of
two changes nothing, and the judge's "no" (page or API) ends the request with the game as
it was. Each failed with its bug planted by hand (issue 25, "tests that don't bite")."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.conftest import api_act, bearer
from tests.web.pages_support import SAME_ORIGIN, csrf_of, seat_client

SETUP = [
    {"owner": "Alice", "zone": "library", "card": "Island"},
    {"owner": "Alice", "zone": "library", "card": "Forest"},
    {"owner": "Bob", "zone": "battlefield", "card": "Grizzly Bears"},
    {"owner": "Carol", "zone": "battlefield", "card": "Llanowar Elves"},
]


def _game(client: TestClient, make_game: Any) -> tuple[str, dict[str, str]]:
    """Version 2: Alice drew twice; then she asks to go back to version 1 (version 3)."""
    game_id, tokens = make_game(client, setup=SETUP, players=["Alice", "Bob", "Carol"])
    for _ in range(2):
        draw = {"type": "draw", "player": "Alice"}
        assert api_act(client, game_id, tokens["Alice"], draw).status_code == 200
    asked = client.post(
        f"/api/games/{game_id}/take-back", headers=bearer(tokens["Alice"]), json={"to": 1}
    )
    assert asked.status_code == 200, asked.text
    return game_id, tokens


def _ids(client: TestClient, game_id: str, token: str) -> list[str]:
    view = client.get(f"/api/games/{game_id}/view", headers=bearer(token)).json()
    return [o["id"] for o in view["objects"]]


def _pending(client: TestClient, game_id: str, token: str) -> dict[str, Any]:
    return client.get(f"/api/games/{game_id}/take-back/pending", headers=bearer(token)).json()


def _answer_on_page(client: TestClient, game_id: str, token: str, answer: str) -> Any:
    browser = seat_client(client.app, token)
    page = browser.get(f"/g/{game_id}").text
    data = {"csrf": csrf_of(page), "answer": answer}
    return browser.post(
        f"/g/{game_id}/take-back", data=data, headers=SAME_ORIGIN, follow_redirects=False
    )


def test_three_players_one_agreement_of_two_takes_nothing_back(client, make_game) -> None:
    game_id, tokens = _game(client, make_game)
    before = _ids(client, game_id, tokens["judge"])
    assert _answer_on_page(client, game_id, tokens["Bob"], "yes").status_code == 303
    status = _pending(client, game_id, tokens["Carol"])
    assert status["pending"]["agreed"] == ["Bob"]
    assert status["pending"]["waiting_for"] == ["Carol"]
    assert _ids(client, game_id, tokens["judge"]) == before  # nothing taken back yet
    carol_page = seat_client(client.app, tokens["Carol"]).get(f"/g/{game_id}").text
    assert 'name="answer" value="yes"' in carol_page
    assert _answer_on_page(client, game_id, tokens["Carol"], "yes").status_code == 303
    status = _pending(client, game_id, tokens["Carol"])
    assert status["pending"] is None and status["version"] == 5
    assert set(_ids(client, game_id, tokens["judge"])).isdisjoint(before)  # new ids: taken back


def test_the_judges_no_on_the_page_ends_the_request_and_the_game_goes_on(client, make_game) -> None:
    game_id, tokens = _game(client, make_game)
    assert _answer_on_page(client, game_id, tokens["Bob"], "yes").status_code == 303
    before = _ids(client, game_id, tokens["judge"])
    assert _answer_on_page(client, game_id, tokens["judge"], "no").status_code == 303
    status = _pending(client, game_id, tokens["Alice"])
    assert status["pending"] is None and status["version"] == 5
    assert _ids(client, game_id, tokens["judge"]) == before
    log = client.get(f"/api/games/{game_id}/log", headers=bearer(tokens["spectator"])).text
    assert "The judge declines to take the game back to version 1" in log


def test_the_judges_no_over_the_api_ends_the_request_and_the_game_goes_on(
    client, make_game
) -> None:
    game_id, tokens = _game(client, make_game)
    before = _ids(client, game_id, tokens["judge"])
    declined = client.post(
        f"/api/games/{game_id}/take-back/answer",
        headers=bearer(tokens["judge"]),
        json={"agree": False},
    )
    assert declined.status_code == 200, declined.text
    assert _pending(client, game_id, tokens["Bob"])["pending"] is None
    assert _ids(client, game_id, tokens["judge"]) == before
    # Bob's later word finds nothing to agree to: still the game of before.
    late = client.post(
        f"/api/games/{game_id}/take-back/answer",
        headers=bearer(tokens["Bob"]),
        json={"agree": True},
    )
    assert late.status_code == 422
    assert _ids(client, game_id, tokens["judge"]) == before
