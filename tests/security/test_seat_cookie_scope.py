"""A seat cookie opens its own game only. The browser scopes it to /g/<A> (Path), but a
hostile client sends whatever it likes: game A's player, judge or spectator token, sent as
game B's cookie, opens neither B's page, nor its live stream (the lane before the
middleware and the route behind it), nor its log, nor acts in it; the same cookie opens A.
The JSON API likewise refuses A's token on B."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from app.web.csrf import csrf_token
from app.web.seat_cookie import COOKIE_NAMES
from tests.conftest import bearer

pytestmark = pytest.mark.engine

KINDS = [("player", "Alice"), ("judge", "judge"), ("spectator", "spectator")]


@pytest.fixture
def games(client, make_game):
    a_id, a_tokens = make_game(client, title="Game A")
    b_id, _ = make_game(client, title="Game B, private")
    return a_id, a_tokens, b_id


def stranger(app, kind: str, token: str) -> TestClient:
    """A client with no cookie jar of its own: it sends the cookie it was given, anywhere."""
    client = TestClient(app)
    client.headers["Cookie"] = f"{COOKIE_NAMES[kind]}={token}"
    return client


@pytest.mark.parametrize(("kind", "who"), KINDS)
def test_a_cookie_of_game_a_opens_neither_game_bs_page_nor_its_log(client, games, kind, who):
    a_id, a_tokens, b_id = games
    browser = stranger(client.app, kind, a_tokens[who])
    assert browser.get(f"/g/{a_id}").status_code == 200  # the cookie is a good one
    for path in (f"/g/{b_id}", f"/g/{b_id}/log"):
        response = browser.get(path)
        assert response.status_code == 403, (path, response.status_code)
        assert "Game B" not in response.text


@pytest.mark.parametrize(("kind", "who"), KINDS)
def test_a_cookie_of_game_a_opens_no_live_stream_of_game_b(client, games, kind, who):
    _a_id, a_tokens, b_id = games
    client.app.state.broadcaster.lifetime = 0.3  # a stream wrongly opened ends soon
    browser = stranger(client.app, kind, a_tokens[who])
    for query in ("?v=0", "", "?v=x"):  # the lane takes the first two, the route the last
        response = browser.get(f"/g/{b_id}/live{query}")
        assert response.status_code in (403, 422), (query, response.status_code)
        assert "event-stream" not in response.headers["content-type"]


def test_a_cookie_of_game_a_does_not_act_in_game_b(client, games):
    _a_id, a_tokens, b_id = games
    version = client.app.state.repository.info(b_id).version
    browser = stranger(client.app, "judge", a_tokens["judge"])
    # Even with the CSRF token that cookie would carry in game B (the strongest attempt).
    csrf = csrf_token(client.app.state.page_secret, b_id, a_tokens["judge"])
    response = browser.post(
        f"/g/{b_id}/act",
        data={"action": '{"type": "next_turn"}', "csrf": csrf},
        headers={"Sec-Fetch-Site": "same-origin"},
    )
    assert response.status_code == 403
    assert client.app.state.repository.info(b_id).version == version


@pytest.mark.parametrize(("kind", "who"), KINDS)
def test_a_token_of_game_a_is_refused_by_game_bs_api(client, games, kind, who):
    a_id, a_tokens, b_id = games
    assert client.get(f"/api/games/{a_id}/view", headers=bearer(a_tokens[who])).status_code == 200
    response = client.get(f"/api/games/{b_id}/view", headers=bearer(a_tokens[who]))
    assert response.status_code == 403
    assert "Game B" not in response.text
