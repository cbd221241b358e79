"""The links page reachable again (issue 17, item 1): POST -> 303 -> GET /g/<game>/links for
the creating browser and the judge, 404 for anyone else; a seat's own link; reissuing."""

from __future__ import annotations

import re
from html import unescape

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from app.store.db import make_engine
from app.store.repository import hash_token
from tests.web.pages_support import SAME_ORIGIN, csrf_of, seat_client

pytestmark = pytest.mark.engine

JOIN = re.compile(r'href="/join/([A-Za-z0-9_-]+)"')


def _create(client: TestClient) -> tuple[str, list[str]]:
    response = client.post("/games", data={"player": ["Ann", "Ben"]}, headers=SAME_ORIGIN)
    assert response.status_code == 200
    game_id = response.url.path.split("/")[2]
    assert response.url.path == f"/g/{game_id}/links"
    return game_id, JOIN.findall(response.text)  # judge, Ann, Ben, spectators


def test_creating_a_game_redirects_to_a_links_page_that_shows_the_same_links_again(client):
    response = client.post(
        "/games", data={"player": ["Ann", "Ben"]}, headers=SAME_ORIGIN, follow_redirects=False
    )
    assert response.status_code == 303
    cookie = response.headers["set-cookie"]
    assert "Path=/g/" in cookie and "/links" in cookie
    assert "HttpOnly" in cookie and "SameSite=strict" in cookie
    game_id, tokens = _create(client)
    again = client.get(f"/g/{game_id}/links")
    assert again.status_code == 200
    assert JOIN.findall(again.text) == tokens and len(tokens) == 4
    assert again.headers["Cache-Control"] == "private, no-store"
    assert "HX-Request" in again.headers["Vary"]
    for token in tokens:  # every link shown again still opens its seat
        assert (
            client.get(f"/join/{token}", headers=SAME_ORIGIN, follow_redirects=False).status_code
            == 303
        )


def test_each_link_has_a_copy_and_a_share_button_hidden_until_scripts_show_them(client):
    game_id, _ = _create(client)
    text = client.get(f"/g/{game_id}/links").text
    assert (
        len(re.findall(r'<button type="button" class="copy" data-copy="[^"]+"[^>]* hidden>', text))
        == 4
    )
    assert (
        len(
            re.findall(
                r'<button type="button" class="share-link" data-share="[^"]+"[^>]* hidden>', text
            )
        )
        == 4
    )
    assert "js/copy.js" in text and "js/share.js" in text


def test_the_judge_reopens_the_links_from_the_game(client):
    game_id, tokens = _create(client)
    judge = seat_client(client.app, tokens[0])
    game_page = judge.get(f"/g/{game_id}").text
    assert f'href="/g/{game_id}/links"' in game_page
    links = judge.get(f"/g/{game_id}/links")
    assert links.status_code == 200 and JOIN.findall(links.text) == tokens


@pytest.mark.parametrize("who", [1, 3])  # a player, the spectators
def test_no_one_but_the_judge_may_open_the_links_page(client, who):
    game_id, tokens = _create(client)
    seat = seat_client(client.app, tokens[who])
    for response in (
        seat.get(f"/g/{game_id}/links"),
        TestClient(client.app).get(f"/g/{game_id}/links"),
    ):
        assert response.status_code == 404
        assert "/join/" not in response.text
        assert not any(token in response.text for token in tokens)


def test_the_links_cookie_of_one_game_opens_no_other_games_links(client):
    first, _ = _create(client)
    other = TestClient(client.app)
    second, _ = _create(other)
    stranger = TestClient(client.app)
    stranger.cookies.set("fd_links", client.cookies.get("fd_links", path=f"/g/{first}/links"))
    assert stranger.get(f"/g/{second}/links").status_code == 404


def test_a_seat_reopens_its_own_link_and_qr_code_only(client):
    game_id, tokens = _create(client)
    ann = seat_client(client.app, tokens[1])
    assert f'href="/g/{game_id}/my-link"' in ann.get(f"/g/{game_id}").text
    mine = ann.get(f"/g/{game_id}/my-link")
    assert mine.status_code == 200
    assert JOIN.findall(mine.text) == [tokens[1]]
    assert mine.text.count("<svg") == 1
    assert mine.headers["Cache-Control"] == "private, no-store"
    assert not any(t in mine.text for t in tokens if t != tokens[1])


def test_the_judge_reissues_a_lost_link_and_the_old_one_stops_working(client):
    game_id, tokens = _create(client)
    page = client.get(f"/g/{game_id}/links").text
    response = client.post(
        f"/g/{game_id}/links/reissue",
        data={"seat": "player:Ben", "csrf": csrf_of(page)},
        headers=SAME_ORIGIN,
    )
    assert response.status_code == 200 and response.url.path == f"/g/{game_id}/links"
    now = JOIN.findall(response.text)
    assert now[:2] == tokens[:2] and now[3] == tokens[3] and now[2] != tokens[2]
    assert client.get(f"/join/{tokens[2]}", headers=SAME_ORIGIN).status_code == 404
    ben = seat_client(client.app, now[2])
    assert "Ben" in ben.get(f"/g/{game_id}").text


def test_reissuing_needs_the_pages_csrf_token_and_the_judge(client):
    game_id, tokens = _create(client)
    forged = client.post(
        f"/g/{game_id}/links/reissue", data={"seat": "player:Ben", "csrf": "x"}, headers=SAME_ORIGIN
    )
    assert forged.status_code == 403
    ann = seat_client(client.app, tokens[1])
    by_a_player = ann.post(
        f"/g/{game_id}/links/reissue", data={"seat": "player:Ben", "csrf": "x"}, headers=SAME_ORIGIN
    )
    assert by_a_player.status_code == 404
    assert (
        client.get(f"/join/{tokens[2]}", headers=SAME_ORIGIN, follow_redirects=False).status_code
        == 303
    )


def test_a_game_from_before_derived_links_says_so_and_a_new_link_can_be_issued(client, settings):
    game_id, tokens = _create(client)
    engine = make_engine(settings.database_url)
    try:
        with engine.begin() as conn:  # Ben's link as games made before this change had it
            conn.execute(
                text("UPDATE seats SET token_hash = :h WHERE game_id = :g AND player = 'Ben'"),
                {"h": hash_token("an-old-random-token"), "g": game_id},
            )
    finally:
        engine.dispose()
    page = client.get(f"/g/{game_id}/links").text
    assert "can't be shown again" in unescape(page)
    assert JOIN.findall(page) == [tokens[0], tokens[1], tokens[3]]
    response = client.post(
        f"/g/{game_id}/links/reissue",
        data={"seat": "player:Ben", "csrf": csrf_of(page)},
        headers=SAME_ORIGIN,
    )
    now = JOIN.findall(response.text)
    assert len(now) == 4 and "can't be shown again" not in unescape(response.text)
    assert "Ben" in seat_client(client.app, now[2]).get(f"/g/{game_id}").text
