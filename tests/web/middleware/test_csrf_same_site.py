"""`Sec-Fetch-Site: same-site` is another site (a sibling subdomain, which may be anyone's):
the CSRF check refuses it (app/web/csrf.py), even with the seat's right token, and even
with `Origin: null` or no Origin at all; the same request from the same origin is applied,
so the refusal is the header's doing."""

from __future__ import annotations

import json

import pytest

from tests.web.pages_support import csrf_of, option, seat_client, version_of

pytestmark = pytest.mark.engine


@pytest.fixture
def alice(client, make_game):
    game_id, tokens = make_game(client)
    return game_id, seat_client(client.app, tokens["Alice"])


def post_next_turn(browser, game_id: str, page: str, headers: dict[str, str], htmx: bool):
    """The page's "next turn" button with the seat's right CSRF token, and `headers` alone."""
    token = csrf_of(page)
    data = {
        "action": json.dumps(option(page, "next_turn")),
        "expected_version": str(version_of(page)),
    }
    sent = dict(headers)
    if htmx:
        sent |= {"HX-Request": "true", "X-CSRF-Token": token}
    else:
        data["csrf"] = token
    return browser.post(f"/g/{game_id}/act", data=data, headers=sent, follow_redirects=False)


@pytest.mark.parametrize("origin", [None, "null"])
@pytest.mark.parametrize("htmx", [True, False])
def test_sec_fetch_site_same_site_is_refused_even_with_the_right_token(
    alice, client, origin: str | None, htmx: bool
) -> None:
    game_id, browser = alice
    page = browser.get(f"/g/{game_id}").text
    version = client.app.state.repository.info(game_id).version
    origin_header = {"Origin": origin} if origin else {}
    refused = post_next_turn(
        browser, game_id, page, {"Sec-Fetch-Site": "same-site"} | origin_header, htmx
    )
    assert refused.status_code == 403, refused.text
    assert client.app.state.repository.info(game_id).version == version
    # The same request from the same origin goes through.
    allowed = post_next_turn(
        browser, game_id, page, {"Sec-Fetch-Site": "same-origin"} | origin_header, htmx
    )
    assert allowed.status_code in (200, 303), allowed.text
    assert client.app.state.repository.info(game_id).version == version + 1


def test_a_same_site_new_game_form_is_refused(client) -> None:
    """The forms without a seat (a new game, an import) check the same header."""
    response = client.post(
        "/games",
        data={"players": "Alice\nBob"},
        headers={"Sec-Fetch-Site": "same-site"},
        follow_redirects=False,
    )
    assert response.status_code == 403
