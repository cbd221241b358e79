"""Taking a game back from the pages and the JSON API (issue 17, item 6): the judge from the
time-travel page, a player's request answered from the other seat's page, and every seat's
bytes afterwards free of what it could not see at N or now."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient

from tests.conftest import api_act, bearer
from tests.web.pages_support import LEAK_SETUP, SAME_ORIGIN, SECRET_WORDS, csrf_of, seat_client


def _ids(client: TestClient, game_id: str, token: str, version: int) -> set[str]:
    view = client.get(
        f"/api/games/{game_id}/view", params={"version": version}, headers=bearer(token)
    ).json()
    return {o["id"] for o in view["objects"]}


def _object(client: TestClient, game_id: str, token: str, name: str) -> str:
    view = client.get(f"/api/games/{game_id}/view", headers=bearer(token)).json()
    return next(o["id"] for o in view["objects"] if (o.get("name") or "") == name)


def _morph_then_reveal(client: TestClient, make_game: Any) -> tuple[str, dict[str, str]]:
    """v1: Alice casts her secret card face down, v2: it resolves, v3: she turns it face up
    (Bob sees it)."""
    game_id, tokens = make_game(client, setup=LEAK_SETUP)
    secret = _object(client, game_id, tokens["Alice"], "Akroma, Angel of Fury")
    cast = {"type": "cast_face_down", "object": secret, "via": "morph"}
    assert api_act(client, game_id, tokens["Alice"], cast).status_code == 200
    assert api_act(client, game_id, tokens["judge"], {"type": "resolve"}).status_code == 200
    face_down = next(
        o["id"]
        for o in client.get(f"/api/games/{game_id}/view", headers=bearer(tokens["Alice"])).json()[
            "objects"
        ]
        if o["zone"] == "battlefield" and o.get("face_down")
    )
    up = {"type": "turn_face_up", "object": face_down, "via": "morph"}
    assert api_act(client, game_id, tokens["Alice"], up).status_code == 200, up
    return game_id, tokens


def _post(client: TestClient, game_id: str, page: str, **fields: str):
    data = {"csrf": csrf_of(page), **fields}
    return client.post(
        f"/g/{game_id}/take-back", data=data, headers=SAME_ORIGIN, follow_redirects=False
    )


def test_the_judge_takes_back_from_the_time_travel_page(client, make_game) -> None:
    game_id, tokens = _morph_then_reveal(client, make_game)
    judge = seat_client(client.app, tokens["judge"])
    past = judge.get(f"/g/{game_id}/at?v=1").text
    assert "Take back to version 1" in past
    answer = _post(judge, game_id, past, to="1")
    assert answer.status_code == 303
    bob = seat_client(client.app, tokens["Bob"])
    page = bob.get(f"/g/{game_id}").text
    assert "Taken back to version 1 by the judge." in page
    view = client.get(f"/api/games/{game_id}/view", headers=bearer(tokens["Bob"])).json()
    assert view["version"] == 4
    assert any(o["zone"] == "stack" for o in view["objects"])


def test_after_a_take_back_no_seat_page_holds_an_id_from_before(client, make_game) -> None:
    game_id, tokens = _morph_then_reveal(client, make_game)
    before = {
        who: set().union(*(_ids(client, game_id, tokens[who], v) for v in range(4)))
        for who in ("Alice", "Bob", "spectator")
    }
    version = client.get(f"/api/games/{game_id}/view", headers=bearer(tokens["judge"])).json()[
        "version"
    ]
    taken = client.post(
        f"/api/games/{game_id}/take-back", headers=bearer(tokens["judge"]), json={"to": 0}
    )
    assert taken.status_code == 200, taken.text
    assert taken.json()["version"] == version + 1
    every_id = set().union(*before.values())
    for who in ("Alice", "Bob", "spectator"):
        browser = seat_client(client.app, tokens[who])
        page = browser.get(f"/g/{game_id}").text
        api = client.get(f"/api/games/{game_id}/view", headers=bearer(tokens[who])).text
        for old in every_id:
            assert old not in page and old not in api, (who, old)


def test_a_card_hidden_from_bob_at_n_and_now_stays_hidden_after_the_take_back(
    client, make_game
) -> None:
    """Alice's secret in hand at v0; she casts it face down (v1), the judge takes the game
    back to v0: Bob never saw its face, and his bytes still don't name it."""
    game_id, tokens = make_game(client, setup=LEAK_SETUP)
    secret = _object(client, game_id, tokens["Alice"], "Akroma, Angel of Fury")
    cast = {"type": "cast_face_down", "object": secret, "via": "morph"}
    assert api_act(client, game_id, tokens["Alice"], cast).status_code == 200
    taken = client.post(
        f"/api/games/{game_id}/take-back", headers=bearer(tokens["judge"]), json={"to": 0}
    )
    assert taken.status_code == 200
    bob = seat_client(client.app, tokens["Bob"])
    channels = [
        bob.get(f"/g/{game_id}").text,
        bob.get(f"/g/{game_id}/log").text,
        client.get(f"/api/games/{game_id}/view", headers=bearer(tokens["Bob"])).text,
        client.get(f"/api/games/{game_id}/log", headers=bearer(tokens["Bob"])).text,
        taken.text,
    ]
    for text in channels:
        for word in SECRET_WORDS:
            assert word not in text
    # Alice still holds it, under a new id.
    assert _object(client, game_id, tokens["Alice"], "Akroma, Angel of Fury") != secret


def test_a_players_request_applies_when_the_other_seat_agrees(client, make_game) -> None:
    game_id, tokens = _morph_then_reveal(client, make_game)
    alice = seat_client(client.app, tokens["Alice"])
    past = alice.get(f"/g/{game_id}/at?v=1").text
    assert "Ask to take back to version 1" in past
    assert _post(alice, game_id, past, to="1").status_code == 303
    alice_page = alice.get(f"/g/{game_id}").text
    assert "Alice asks to take the game back to version 1." in alice_page
    assert 'name="answer"' not in alice_page  # her own request: nothing to answer
    bob = seat_client(client.app, tokens["Bob"])
    bob_page = bob.get(f"/g/{game_id}").text
    assert "Waiting for: Bob." in bob_page and 'name="answer" value="yes"' in bob_page
    status = client.get(
        f"/api/games/{game_id}/take-back/pending", headers=bearer(tokens["Bob"])
    ).json()
    assert status["pending"] == {"by": "Alice", "to": 1, "agreed": [], "waiting_for": ["Bob"]}
    assert _post(bob, game_id, bob_page, answer="yes").status_code == 303
    after = bob.get(f"/g/{game_id}").text
    assert "Taken back to version 1 by Alice, with everyone&#39;s agreement." in after
    status = client.get(
        f"/api/games/{game_id}/take-back/pending", headers=bearer(tokens["Bob"])
    ).json()
    assert status["pending"] is None and status["version"] == 5


def test_a_seat_declines_and_the_game_goes_on(client, make_game) -> None:
    game_id, tokens = _morph_then_reveal(client, make_game)
    asked = client.post(
        f"/api/games/{game_id}/take-back", headers=bearer(tokens["Bob"]), json={"to": 2}
    )
    assert asked.status_code == 200
    declined = client.post(
        f"/api/games/{game_id}/take-back/answer",
        headers=bearer(tokens["Alice"]),
        json={"agree": False},
    )
    assert declined.status_code == 200
    assert "Alice declines to take the game back to version 2" in declined.text
    status = client.get(
        f"/api/games/{game_id}/take-back/pending", headers=bearer(tokens["Bob"])
    ).json()
    assert status["pending"] is None


def test_a_spectator_and_a_lone_player_cannot_take_back(client, make_game) -> None:
    game_id, tokens = _morph_then_reveal(client, make_game)
    spectator = client.post(
        f"/api/games/{game_id}/take-back", headers=bearer(tokens["spectator"]), json={"to": 0}
    )
    assert spectator.status_code == 403
    answer = client.post(
        f"/api/games/{game_id}/take-back/answer",
        headers=bearer(tokens["Alice"]),
        json={"agree": True},
    )
    assert answer.status_code == 422  # nobody asked
    later = client.post(
        f"/api/games/{game_id}/take-back", headers=bearer(tokens["judge"]), json={"to": 9}
    )
    assert later.status_code == 422
    watcher = seat_client(client.app, tokens["spectator"])
    page = watcher.get(f"/g/{game_id}/at?v=1").text
    assert "take-back" not in page


def test_the_take_back_routes_are_documented_with_public_models(client) -> None:
    spec = client.get("/openapi.json").json()
    paths = spec["paths"]
    assert "post" in paths["/api/games/{game_id}/take-back"]
    assert "get" in paths["/api/games/{game_id}/take-back/pending"]
    assert "post" in paths["/api/games/{game_id}/take-back/answer"]
    schemas = spec["components"]["schemas"]
    assert {"TakeBackPending", "TakeBackStatus", "TakeBackRequestBody"} <= set(schemas)
    text = str(schemas["TakeBackPending"]) + str(schemas["TakeBackStatus"])
    assert not re.search(r"seed|objects|GameState", text)


def test_a_taken_back_game_exports_only_up_to_the_version_before(client, make_game) -> None:
    """Ids and the secret seed are renewed at a take-back: a scenario file can't replay past
    it, so export says so clearly (page 409, API 409) and still exports the versions before."""
    game_id, tokens = _morph_then_reveal(client, make_game)
    judge = seat_client(client.app, tokens["judge"])
    _post(judge, game_id, judge.get(f"/g/{game_id}/at?v=1").text, to="1")  # v4: back to 1
    page = judge.get(f"/g/{game_id}/export.json")
    assert page.status_code == 409
    assert "taken back at version 4" in page.text and "up to version 3" in page.text
    assert "Akroma" not in page.text
    api = client.get(f"/api/games/{game_id}/export", headers=bearer(tokens["judge"]))
    assert api.status_code == 409 and api.json()["error"] == "taken_back"
    before = client.get(
        f"/api/games/{game_id}/export", params={"up_to": 3}, headers=bearer(tokens["judge"])
    )
    assert before.status_code == 200
    assert [s["action"]["type"] for s in before.json()["steps"]] == [
        "cast_face_down",
        "resolve",
        "turn_face_up",
    ]
    editions = judge.get(f"/g/{game_id}/editions?other=mtg-2004")
    assert editions.status_code == 409


def test_a_declined_request_does_not_stop_the_export(client, make_game) -> None:
    game_id, tokens = _morph_then_reveal(client, make_game)
    client.post(f"/api/games/{game_id}/take-back", headers=bearer(tokens["Bob"]), json={"to": 2})
    client.post(
        f"/api/games/{game_id}/take-back/answer",
        headers=bearer(tokens["Alice"]),
        json={"agree": False},
    )
    exported = client.get(f"/api/games/{game_id}/export", headers=bearer(tokens["judge"]))
    assert exported.status_code == 200
    assert [s["action"]["type"] for s in exported.json()["steps"]] == [
        "cast_face_down",
        "resolve",
        "turn_face_up",
    ]
