"""Take-back offered from the live page (issue 29, item 7): a seat asks to undo one of the last
few actions without stepping back in time first, each named in the words of its own log
(never a card hidden from it); the existing take-back flow does the rest. English, French."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient

from tests.conftest import api_act, bearer
from tests.web.pages.test_take_back_pages import _object
from tests.web.pages_support import LEAK_SETUP, SAME_ORIGIN, SECRET_WORDS, csrf_of, seat_client


def _cast_face_down(client: TestClient, make_game: Any) -> tuple[str, dict[str, str]]:
    """v1: Alice casts her secret card face down; v2: it resolves."""
    game_id, tokens = make_game(client, setup=LEAK_SETUP)
    secret = _object(client, game_id, tokens["Alice"], "Akroma, Angel of Fury")
    cast = {"type": "cast_face_down", "object": secret, "via": "morph"}
    assert api_act(client, game_id, tokens["Alice"], cast).status_code == 200
    assert api_act(client, game_id, tokens["judge"], {"type": "resolve"}).status_code == 200
    return game_id, tokens


def _offer(page: str) -> str:
    start = page.index('id="take-back-offer"')
    return page[start : page.index("</details>", start)]


def _choices(offer: str) -> list[tuple[str, str]]:
    """(to, button words) for each offered action, newest first."""
    return re.findall(r'name="to" value="(\d+)">\s*<button type="submit">([^<]*)</button>', offer)


def test_bob_is_offered_the_last_actions_in_his_own_words_never_the_hidden_card(
    client, make_game
) -> None:
    game_id, tokens = _cast_face_down(client, make_game)
    bob = seat_client(client.app, tokens["Bob"])
    page = bob.get(f"/g/{game_id}").text
    offer = _offer(page)
    assert "Take back a recent action" in offer
    choices = _choices(offer)
    assert [to for to, _ in choices] == ["1", "0"]  # before v2, before v1
    assert choices[1][1].startswith("Before v1: ")
    assert "face-down" in choices[1][1] or "face down" in choices[1][1]
    for word in SECRET_WORDS:
        assert word not in offer
    # Alice sees her own card named in her own words.
    alice = seat_client(client.app, tokens["Alice"]).get(f"/g/{game_id}").text
    assert "Akroma" in _offer(alice)


def test_the_offer_is_in_french(client, make_game) -> None:
    game_id, tokens = _cast_face_down(client, make_game)
    bob = seat_client(client.app, tokens["Bob"])
    page = bob.get(f"/g/{game_id}", headers={"Accept-Language": "fr"}).text
    offer = _offer(page)
    assert "Revenir sur une action récente" in offer
    assert _choices(offer)[1][1].startswith("Avant v1 : ")
    for word in SECRET_WORDS:
        assert word not in offer


def test_asking_from_the_live_page_starts_the_request_the_others_answer(client, make_game) -> None:
    game_id, tokens = _cast_face_down(client, make_game)
    bob = seat_client(client.app, tokens["Bob"])
    page = bob.get(f"/g/{game_id}").text
    to = _choices(_offer(page))[1][0]
    asked = bob.post(
        f"/g/{game_id}/take-back",
        data={"csrf": csrf_of(page), "to": to},
        headers=SAME_ORIGIN,
        follow_redirects=False,
    )
    assert asked.status_code == 303 and asked.headers["location"].startswith(f"/g/{game_id}")
    status = client.get(f"/api/games/{game_id}/take-back/pending", headers=bearer(tokens["Alice"]))
    assert status.status_code == 200, status.text
    pending = status.json()["pending"]
    assert pending["by"] == "Bob" and pending["to"] == 0 and pending["waiting_for"] == ["Alice"]
    # While a request waits, the page shows it (with its answers), not a second offer.
    again = bob.get(f"/g/{game_id}").text
    assert 'id="take-back-offer"' not in again and "take-back-request" in again


def test_the_judge_takes_back_from_the_live_page_at_once(client, make_game) -> None:
    game_id, tokens = _cast_face_down(client, make_game)
    judge = seat_client(client.app, tokens["judge"])
    page = judge.get(f"/g/{game_id}").text
    offer = _offer(page)
    assert "at once" in offer
    to = _choices(offer)[0][0]
    taken = judge.post(
        f"/g/{game_id}/take-back",
        data={"csrf": csrf_of(page), "to": to},
        headers=SAME_ORIGIN,
        follow_redirects=False,
    )
    assert taken.status_code == 303
    view = client.get(f"/api/games/{game_id}/view", headers=bearer(tokens["Bob"])).json()
    assert view["version"] == 3
    assert any(o["zone"] == "stack" for o in view["objects"])  # back before it resolved


def test_a_spectator_and_a_new_game_are_offered_nothing(client, make_game) -> None:
    game_id, tokens = make_game(client, setup=LEAK_SETUP)
    alice = seat_client(client.app, tokens["Alice"]).get(f"/g/{game_id}").text
    assert 'id="take-back-offer"' not in alice  # nothing to take back yet (v0)
    game_id, tokens = _cast_face_down(client, make_game)
    watcher = seat_client(client.app, tokens["spectator"]).get(f"/g/{game_id}").text
    assert 'id="take-back-offer"' not in watcher
