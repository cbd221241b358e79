"""Text with NUL (U+0000) is refused with a 422 before the store, on both databases
(PostgreSQL cannot store it; SQLite could): same answer everywhere, nothing written."""

from __future__ import annotations

import pytest

from app.web.middleware.nul_guard import carries_nul

pytestmark = pytest.mark.both_databases


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.mark.parametrize(
    "body",
    [
        {"players": ["Al\x00ice", "Bob"]},
        {"players": ["Alice", "Bob"], "title": "t\x00"},
        {
            "players": ["Alice", "Bob"],
            "setup": [
                {
                    "owner": "Alice",
                    "zone": "hand",
                    "card": {"name": "A\x00", "types": ["Creature"], "power": 1, "toughness": 1},
                }
            ],
        },
    ],
)
def test_creating_a_game_with_nul_is_refused_and_stores_nothing(client, body):
    response = client.post("/api/games", json=body)
    assert response.status_code == 422
    assert response.json()["error"] == "invalid"
    assert "NUL" in response.json()["message"]
    assert client.app.state.repository.count_games() == 0


def test_an_action_with_nul_is_refused_and_the_game_is_unchanged(
    client, make_game, game_rows, settings
):
    game_id, tokens = make_game(client)
    before = game_rows(settings.database_url, game_id)
    response = client.post(
        f"/api/games/{game_id}/actions",
        headers=bearer(tokens["Alice"]),
        json={"type": "next_turn", "request_id": "a\x00b"},
    )
    assert response.status_code == 422
    assert game_rows(settings.database_url, game_id) == before
    # The same action without it goes through.
    ok = client.post(
        f"/api/games/{game_id}/actions",
        headers=bearer(tokens["Alice"]),
        json={"type": "next_turn", "request_id": "ab"},
    )
    assert ok.status_code == 200, ok.text


def test_nul_in_a_path_or_query_is_refused(client, make_game):
    game_id, tokens = make_game(client)
    assert client.get("/api/games/ab%00cd/view", headers=bearer(tokens["Alice"])).status_code == 422
    assert client.get(f"/g/{game_id}/at?v=1%00").status_code == 422


def test_only_a_real_nul_counts():
    json = {"type": "http", "path": "/x", "headers": [(b"content-type", b"application/json")]}
    form = {
        "type": "http",
        "path": "/x",
        "headers": [(b"content-type", b"application/x-www-form-urlencoded")],
    }
    assert carries_nul(json, b'{"a": "\\u0000"}')
    assert carries_nul(json, b'{"a": "x\\\\\\u0000"}')  # an escaped backslash, then NUL
    assert not carries_nul(json, b'{"a": "\\\\u0000"}')  # the six characters \u0000
    assert not carries_nul(json, b'{"a": "u0000 %00"}')  # %00 means nothing in JSON
    assert carries_nul(form, b"title=a%00b")
    assert not carries_nul(form, b"title=a%2500b")  # the text "%00"


def _scenario_text(client, title: str) -> str:
    """A scenario file (JSON text) whose title is `title`, exported from a real game."""
    import json

    game = client.post("/api/games", json={"players": ["Alice", "Bob"]}).json()
    exported = client.get(f"/api/games/{game['id']}/export", headers=bearer(game["judge"]["token"]))
    assert exported.status_code == 200, exported.text
    scenario = exported.json() | {"title": title}
    return json.dumps(scenario)  # the NUL written as the JSON escape \u0000


@pytest.mark.parametrize("multipart", [False, True], ids=["urlencoded", "multipart"])
def test_a_nul_pasted_into_the_import_form_is_refused_and_stores_nothing(client, multipart):
    text = _scenario_text(client, "Pasted\x00title")
    assert "\\u0000" in text
    before = client.app.state.repository.count_games()
    headers = {"Sec-Fetch-Site": "same-origin", "Origin": "null"}
    if multipart:
        response = client.post(
            "/import", data={"json": text}, files={"file": ("", b"", "application/json")},
            headers=headers,
        )  # fmt: skip
    else:
        response = client.post("/import", data={"json": text}, headers=headers)
    assert response.status_code == 422, response.text[:300]
    assert "NUL" in response.text
    assert client.app.state.repository.count_games() == before


def test_a_nul_in_an_uploaded_scenario_file_is_refused(client):
    text = _scenario_text(client, "Uploaded\x00title")
    before = client.app.state.repository.count_games()
    response = client.post(
        "/import",
        files={"file": ("s.json", text.encode(), "application/json")},
        headers={"Sec-Fetch-Site": "same-origin", "Origin": "null"},
    )
    assert response.status_code == 422, response.text[:300]
    assert client.app.state.repository.count_games() == before


def test_a_form_field_with_a_literal_backslash_u_is_not_a_nul():
    scope = {"method": "POST", "path": "/import", "headers": [
        (b"content-type", b"application/x-www-form-urlencoded")]}  # fmt: skip
    assert not carries_nul(scope, b"json=%5C%5Cu0000")  # the text \\u0000: an escaped backslash
    assert carries_nul(scope, b"json=%5Cu0000")
    assert carries_nul(scope, b"json=a%00b")
