"""A seat link opened from another site, or pasted, never silently replaces the seat this
browser holds in that game (issue 14: a cross-site link to /join/<spectator token> logged a
player out, and links are shown once). It asks first; switching is a same-site POST with a
CSRF token. Same-site joins and first joins work as before."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from tests.conftest import _make_game
from tests.web.pages_support import SAME_ORIGIN

CROSS_SITE = [
    {"Sec-Fetch-Site": "cross-site"},
    {"Sec-Fetch-Site": "none"},  # pasted or from a bookmark
    {"Origin": "https://evil.example"},  # an older browser: no Sec-Fetch-Site
    {"Referer": "https://evil.example/page"},
]


def _join(browser: TestClient, token: str, headers: dict[str, str]):
    """Follow the join's redirects inside this site, stopping at the game page or a page."""
    response = browser.get(f"/join/{token}", headers=headers, follow_redirects=False)
    while response.status_code in (302, 303) and "/join" in response.headers["location"]:
        response = browser.get(response.headers["location"], follow_redirects=False)
    return response


@pytest.fixture
def game(client):
    game_id, tokens = _make_game(client)
    return game_id, tokens


@pytest.mark.parametrize("headers", CROSS_SITE)
def test_a_cross_site_link_asks_before_replacing_a_seat(client, game, headers) -> None:
    game_id, tokens = game
    alice = TestClient(client.app)
    assert _join(alice, tokens["Alice"], SAME_ORIGIN).status_code == 303
    seat_cookie = alice.cookies.get("fd_seat")
    assert seat_cookie == tokens["Alice"]

    asked = _join(alice, tokens["spectator"], headers)
    assert asked.status_code == 200, asked.status_code
    assert "You already hold a seat" in asked.text
    assert "Alice" in asked.text
    # Nothing changed yet: Alice still holds her seat.
    assert alice.cookies.get("fd_seat") == tokens["Alice"]
    assert alice.cookies.get("fd_watch") is None

    form = re.search(r'<form method="post" action="([^"]+)"', asked.text).group(1)
    csrf = re.search(r'name="csrf" value="([^"]+)"', asked.text).group(1)
    # Another site can't post the switch: no same-site request, or no token.
    assert alice.post(form, data={"csrf": csrf}, headers={"Sec-Fetch-Site": "cross-site"},
                      follow_redirects=False).status_code == 403  # fmt: skip
    assert alice.post(form, data={"csrf": "forged"}, headers=SAME_ORIGIN,
                      follow_redirects=False).status_code == 403  # fmt: skip
    assert alice.cookies.get("fd_seat") == tokens["Alice"]
    switched = alice.post(form, data={"csrf": csrf}, headers=SAME_ORIGIN, follow_redirects=False)
    assert switched.status_code == 303 and switched.headers["location"] == f"/g/{game_id}"
    assert alice.cookies.get("fd_watch") == tokens["spectator"]
    assert alice.cookies.get("fd_seat") is None


@pytest.mark.parametrize("headers", CROSS_SITE)
def test_a_first_join_from_anywhere_works_as_before(client, game, headers) -> None:
    game_id, tokens = game
    browser = TestClient(client.app)
    response = _join(browser, tokens["Bob"], headers)
    assert response.status_code == 303 and response.headers["location"] == f"/g/{game_id}"
    assert browser.cookies.get("fd_seat") == tokens["Bob"]
    assert browser.get(f"/g/{game_id}").status_code == 200


def test_a_same_site_join_switches_at_once(client, game) -> None:
    game_id, tokens = game
    browser = TestClient(client.app)
    _join(browser, tokens["Alice"], SAME_ORIGIN)
    response = _join(browser, tokens["spectator"], SAME_ORIGIN)
    assert response.status_code == 303 and response.headers["location"] == f"/g/{game_id}"
    assert browser.cookies.get("fd_watch") == tokens["spectator"]
    assert browser.cookies.get("fd_seat") is None


def test_opening_ones_own_link_again_from_anywhere_asks_nothing(client, game) -> None:
    game_id, tokens = game
    browser = TestClient(client.app)
    _join(browser, tokens["Alice"], SAME_ORIGIN)
    response = _join(browser, tokens["Alice"], {"Sec-Fetch-Site": "cross-site"})
    assert response.status_code == 303 and response.headers["location"] == f"/g/{game_id}"
    assert browser.cookies.get("fd_seat") == tokens["Alice"]


def test_the_judge_keeps_the_judge_cookie_and_gains_a_players_as_before(client, game) -> None:
    _, tokens = game
    browser = TestClient(client.app)
    _join(browser, tokens["judge"], SAME_ORIGIN)
    response = _join(browser, tokens["Alice"], {"Sec-Fetch-Site": "cross-site"})
    assert response.status_code == 303
    assert browser.cookies.get("fd_judge") == tokens["judge"]
    assert browser.cookies.get("fd_seat") == tokens["Alice"]
