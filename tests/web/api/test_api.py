"""The JSON API: shapes, tokens, refusals — and a refused request changes nothing stored."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tests.conftest import api_act as act
from tests.conftest import bearer

pytestmark = pytest.mark.both_databases

engine_needed = pytest.mark.engine


@pytest.fixture
def game(client, make_game) -> tuple[str, dict[str, str]]:
    return make_game(client)


@pytest.fixture
def unchanged(settings, game, game_rows) -> Iterator[None]:
    """Asserts, after the test, that the game's stored rows are byte-identical."""
    game_id, _ = game
    before = game_rows(settings.database_url, game_id)
    yield
    assert game_rows(settings.database_url, game_id) == before


def object_id(client, game_id: str, judge_token: str, name: str) -> str:
    view = client.get(f"/api/games/{game_id}/view", headers=bearer(judge_token)).json()
    found = [o["id"] for o in view["objects"] if o["name"] == name]
    assert len(found) == 1, found
    return found[0]


def assert_error(response, status: int, error: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    body = response.json()
    assert body["error"] == error, body
    assert isinstance(body["message"], str) and body["message"]
    return body


# -- creating a game ---------------------------------------------------------------------------


@engine_needed
def test_create_game_answers_201_with_one_link_per_seat(client):
    response = client.post(
        "/api/games",
        json={
            "ruleset": "mtg",
            "players": ["Alice", "Bob", "Chloé"],
            "setup": [
                {"owner": "Alice", "zone": "hand", "card": "Akki Lavarunner"},
                {"owner": "Bob", "zone": "battlefield", "card": "Ixidron", "tapped": True},
                {"owner": "Chloé", "zone": "library", "card": "Hauts de Ventabrupt"},
                {
                    "owner": "Chloé",
                    "zone": "battlefield",
                    "card": {
                        "name": "Homemade Bear",
                        "types": ["Creature"],
                        "power": 2,
                        "toughness": 2,
                        "morph": "{1}{G}",
                    },
                    "face_down": "morph",
                },
            ],
            "title": "Three-way",
        },
    )
    assert response.status_code == 201, response.text
    body = response.json()
    assert set(body) >= {"id", "version", "seats", "judge", "spectator"}
    assert body["version"] == 0
    assert [s["player"] for s in body["seats"]] == ["Alice", "Bob", "Chloé"]
    tokens = [s["token"] for s in body["seats"]] + [
        body["judge"]["token"],
        body["spectator"]["token"],
    ]
    assert len(set(tokens)) == 5
    for link in [*body["seats"], body["judge"], body["spectator"]]:
        assert link["url"] == f"/join/{link['token']}"


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"players": ["Alice"]}, "players"),
        ({"players": ["Alice", "alice"]}, "players"),
        ({"players": ["Alice", "B" * 41]}, "players[1]"),
        ({"players": ["Alice", "Bob"], "ruleset": "poker"}, "ruleset"),
        (
            {
                "players": ["Alice", "Bob"],
                "setup": [{"owner": "Alice", "zone": "deck", "card": "X"}],
            },
            "setup[0].zone",
        ),
        ({"players": ["Alice", "Bob"], "surprise": 1}, "surprise"),
        ({"players": "Alice"}, "players"),
    ],
)
def test_create_game_refuses_bad_bodies_naming_the_field(client, payload, field):
    body = assert_error(client.post("/api/games", json=payload), 422, "invalid")
    assert field in body["message"]
    assert all(set(d) == {"loc", "msg"} for d in body["details"])


def test_unknown_card_is_422_naming_it(client):
    response = client.post(
        "/api/games",
        json={
            "players": ["Alice", "Bob"],
            "setup": [{"owner": "Alice", "zone": "hand", "card": "Frobnicating Wurm"}],
        },
    )
    body = assert_error(response, 422, "invalid")
    assert "Frobnicating Wurm" in body["message"]
    assert "setup[0].card" in body["message"]


def test_invalid_inline_card_is_422(client):
    response = client.post(
        "/api/games",
        json={
            "players": ["Alice", "Bob"],
            "setup": [{"owner": "Alice", "zone": "hand", "card": {"name": "Odd", "power": "big"}}],
        },
    )
    assert_error(response, 422, "invalid")


@pytest.mark.parametrize("field", ["owner", "controller"])
def test_setup_names_must_be_players(client, field):
    entry = {"owner": "Alice", "zone": "battlefield", "card": "Ixidron", field: "Mallory"}
    response = client.post("/api/games", json={"players": ["Alice", "Bob"], "setup": [entry]})
    body = assert_error(response, 422, "invalid")
    assert f"setup[0].{field}" in body["message"]


# -- tokens ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"Authorization": "Basic abc"},
        {"Authorization": "Bearer"},
        {"Authorization": "Bearer !!"},
    ],
)
def test_missing_or_malformed_token_is_401(client, game, headers, unchanged):
    game_id, _ = game
    for method, path in [("get", "view"), ("get", "log"), ("post", "actions")]:
        kwargs = {"json": {"type": "next_turn"}} if method == "post" else {}
        response = getattr(client, method)(
            f"/api/games/{game_id}/{path}", headers=headers, **kwargs
        )
        assert_error(response, 401, "unauthorized")
        assert response.headers["www-authenticate"] == "Bearer"


@engine_needed
def test_a_token_of_another_game_is_403_and_says_nothing_more(client, make_game, game, unchanged):
    game_id, _ = game
    _, other_tokens = make_game(client)
    wrong = client.get(f"/api/games/{game_id}/view", headers=bearer(other_tokens["Alice"]))
    missing = client.get("/api/games/doesNotExist/view", headers=bearer(other_tokens["Alice"]))
    assert_error(wrong, 403, "forbidden")
    assert_error(missing, 403, "forbidden")
    assert wrong.json() == missing.json()
    assert_error(
        act(client, game_id, other_tokens["judge"], {"type": "next_turn"}), 403, "forbidden"
    )


def test_a_malformed_game_id_is_422(client, game):
    _, tokens = game
    response = client.get("/api/games/not%20an%20id/view", headers=bearer(tokens["Alice"]))
    assert_error(response, 422, "invalid")


# -- acting ------------------------------------------------------------------------------------


def test_spectators_cannot_act(client, game, unchanged):
    game_id, tokens = game
    assert_error(act(client, game_id, tokens["spectator"], {"type": "next_turn"}), 403, "forbidden")


def test_a_seat_cannot_act_as_someone_else(client, game, unchanged):
    game_id, tokens = game
    body = {"type": "next_turn", "as": "Bob"}
    assert_error(act(client, game_id, tokens["Alice"], body), 403, "forbidden")


@engine_needed
def test_the_judge_can_act_as_a_player(client, game):
    game_id, tokens = game
    angel = object_id(client, game_id, tokens["judge"], "Exalted Angel")
    body = {"type": "cast_face_down", "object": angel, "via": "morph", "as": "Alice"}
    response = act(client, game_id, tokens["judge"], body)
    assert response.status_code == 200, response.text
    assert response.json()["version"] == 1
    log = client.get(f"/api/games/{game_id}/log", headers=bearer(tokens["Bob"])).json()
    assert log["entries"][-1]["actor"] == "Alice"


@engine_needed
def test_the_judge_cannot_act_as_a_stranger(client, game, unchanged):
    game_id, tokens = game
    response = act(client, game_id, tokens["judge"], {"type": "next_turn", "as": "Mallory"})
    body = assert_error(response, 422, "invalid")
    assert "'as'" in body["message"]


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        (b'{"type": "next_turn"', "JSON"),
        (b"not json at all", "JSON"),
        (b'{"type": "next_turn", "x": "\xff\xfe"}', "JSON"),
        (b'{"type": ' + b"[" * 20000 + b"]" * 20000 + b"}", "JSON"),
        (b"[1, 2, 3]", "object"),
        (b'"next_turn"', "object"),
        (b"", ""),
        (b'{"type": "shuffle_everything"}', "type"),
        (b'{"object": "abc"}', "type"),
        (b'{"type": "tap"}', "object"),
        (b'{"type": "tap", "object": 7}', "Field 'object'"),
        (b'{"type": "tap", "object": "x", "colour": "blue"}', "Field 'colour'"),
        (b'{"type": "cast_face_down", "object": "x", "via": "teleport"}', "via"),
        (b'{"type": "attack", "objects": []}', "objects"),
        (b'{"type": "next_turn", "expected_version": "3"}', "expected_version"),
        (b'{"type": "next_turn", "expected_version": -1}', "expected_version"),
        (b'{"type": "next_turn", "request_id": "' + b"r" * 65 + b'"}', "request_id"),
    ],
)
def test_malformed_action_bodies_are_422_json(client, game, content, fragment, unchanged):
    game_id, tokens = game
    response = client.post(
        f"/api/games/{game_id}/actions",
        headers={**bearer(tokens["Alice"]), "Content-Type": "application/json"},
        content=content,
    )
    body = assert_error(response, 422, "invalid")
    assert fragment in body["message"]
    # Never echo what was sent.
    assert "shuffle_everything" not in response.text
    assert "teleport" not in response.text


@engine_needed
def test_an_illegal_action_is_422_citing_the_rule_and_changes_nothing(client, game, unchanged):
    game_id, tokens = game
    bears = object_id(client, game_id, tokens["judge"], "Grizzly Bears")
    body = {"type": "cast_face_down", "object": bears, "via": "morph"}
    response = act(client, game_id, tokens["Alice"], body)
    assert response.status_code == 422, response.text
    error = response.json()
    assert error["error"] == "rule"
    assert error["rules"] and error["citations"]
    assert error["message"] and error["message_fr"]


@engine_needed
def test_looking_at_the_opponents_face_down_card_is_refused(client, game):
    game_id, tokens = game
    angel = object_id(client, game_id, tokens["judge"], "Exalted Angel")
    assert (
        act(
            client,
            game_id,
            tokens["Alice"],
            {"type": "cast_face_down", "object": angel, "via": "morph"},
        ).status_code
        == 200
    )
    spell = client.get(f"/api/games/{game_id}/view", headers=bearer(tokens["Bob"])).json()
    face_down = [o for o in spell["objects"] if o["face_down"]]
    assert len(face_down) == 1 and face_down[0]["name"] is None
    assert "Exalted Angel" not in json.dumps(spell)
    response = act(client, game_id, tokens["Bob"], {"type": "look", "object": face_down[0]["id"]})
    assert response.status_code in (403, 422), response.text
    assert "Exalted Angel" not in response.text


@engine_needed
def test_a_stale_expected_version_is_409_with_the_current_version(
    client, game, settings, game_rows
):
    game_id, tokens = game
    assert act(client, game_id, tokens["Alice"], {"type": "next_turn"}).status_code == 200
    before = game_rows(settings.database_url, game_id)
    response = act(client, game_id, tokens["Bob"], {"type": "next_turn", "expected_version": 0})
    body = assert_error(response, 409, "stale")
    assert body["version"] == 1
    assert game_rows(settings.database_url, game_id) == before
    ok = act(client, game_id, tokens["Bob"], {"type": "next_turn", "expected_version": 1})
    assert ok.status_code == 200 and ok.json()["version"] == 2


@engine_needed
def test_a_retried_request_id_is_applied_once(client, game, settings, game_rows):
    game_id, tokens = game
    body = {"type": "next_turn", "request_id": "retry-me", "expected_version": 0}
    first = act(client, game_id, tokens["Alice"], body)
    assert first.status_code == 200 and first.json()["replayed"] is False
    rows = game_rows(settings.database_url, game_id)
    second = act(client, game_id, tokens["Alice"], body)
    assert second.status_code == 200, second.text
    assert second.json()["version"] == 1 and second.json()["replayed"] is True
    assert game_rows(settings.database_url, game_id) == rows


# -- reading -----------------------------------------------------------------------------------


@engine_needed
def test_views_hide_what_each_viewer_may_not_see(client, game):
    game_id, tokens = game
    views = {
        who: client.get(f"/api/games/{game_id}/view", headers=bearer(tokens[who]))
        for who in ("Alice", "Bob", "judge", "spectator")
    }
    assert all(r.status_code == 200 for r in views.values())
    assert "Exalted Angel" in views["Alice"].text  # her own hand
    assert "Exalted Angel" in views["judge"].text
    assert "Exalted Angel" not in views["Bob"].text
    assert "Exalted Angel" not in views["spectator"].text
    assert "Serra Angel" not in views["Alice"].text  # her library
    assert views["Bob"].json()["viewer"] == {"kind": "player", "player": "Bob"}


@engine_needed
def test_the_log_and_past_versions(client, game):
    game_id, tokens = game
    act(client, game_id, tokens["Alice"], {"type": "next_turn"})
    log = client.get(f"/api/games/{game_id}/log", headers=bearer(tokens["spectator"]))
    assert log.status_code == 200
    assert log.json()["version"] == 1
    assert [e["version"] for e in log.json()["entries"]] == [0, 1]
    first = client.get(f"/api/games/{game_id}/log?up_to=0", headers=bearer(tokens["Bob"]))
    assert [e["version"] for e in first.json()["entries"]] == [0]
    past = client.get(f"/api/games/{game_id}/view?version=0", headers=bearer(tokens["Bob"]))
    assert past.json()["version"] == 0
    future = client.get(f"/api/games/{game_id}/view?version=9", headers=bearer(tokens["Bob"]))
    assert_error(future, 404, "not_found")
    negative = client.get(f"/api/games/{game_id}/log?up_to=-1", headers=bearer(tokens["Bob"]))
    assert "Query parameter 'up_to'" in assert_error(negative, 422, "invalid")["message"]


# -- the envelope ------------------------------------------------------------------------------


def test_a_70_kb_body_is_413(client, game, unchanged):
    game_id, tokens = game
    big = {"type": "next_turn", "padding": "x" * 70_000}
    assert_error(act(client, game_id, tokens["Alice"], big), 413, "too_large")


def test_a_streamed_body_over_the_limit_is_413(client, game, unchanged):
    game_id, tokens = game

    def chunks() -> Iterator[bytes]:
        yield b'{"type": "next_turn", "padding": "'
        for _ in range(80):
            yield b"x" * 1000
        yield b'"}'

    response = client.post(
        f"/api/games/{game_id}/actions",
        headers={**bearer(tokens["Alice"]), "Content-Type": "application/json"},
        content=chunks(),
    )
    assert_error(response, 413, "too_large")


def test_a_big_create_body_is_413(client):
    setup = [{"owner": "Alice", "zone": "hand", "card": "Island" + " " * 200}] * 400
    response = client.post("/api/games", json={"players": ["Alice", "Bob"], "setup": setup})
    assert_error(response, 413, "too_large")


def test_unknown_routes_and_methods_are_json(client):
    assert_error(client.get("/api/nothing-here"), 404, "not_found")
    assert_error(client.delete("/api/games"), 405, "method_not_allowed")


def test_healthz(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"ok": True}


def test_openapi_documents_the_public_models(client):
    spec = client.get("/openapi.json").json()
    for path in (
        "/api/games",
        "/api/games/{game_id}/view",
        "/api/games/{game_id}/actions",
        "/api/games/{game_id}/log",
    ):
        assert path in spec["paths"]
    schemas = spec["components"]["schemas"]
    for model in (
        "GameCreate", "GameCreated", "MtgView", "RiftboundView", "ActionResult", "GameLog",
        "ErrorBody",
    ):  # fmt: skip
        assert model in schemas
    # One view shape per game family, told apart by `ruleset`.
    view = spec["paths"]["/api/games/{game_id}/view"]["get"]["responses"]["200"]
    shape = view["content"]["application/json"]["schema"]
    assert {r["$ref"].rsplit("/", 1)[1] for r in shape["oneOf"]} == {"MtgView", "RiftboundView"}
    assert shape["discriminator"]["propertyName"] == "ruleset"
    assert "might" in schemas["RiftboundObjectView"]["properties"]
    assert "toughness" not in schemas["RiftboundObjectView"]["properties"]
    assert client.get("/docs").status_code == 200


def test_api_responses_for_a_viewer_are_never_cached(client, make_game) -> None:
    game_id, tokens = make_game(client)
    for response in (
        client.get(f"/api/games/{game_id}/view", headers=bearer(tokens["Alice"])),
        client.get(f"/api/games/{game_id}/log", headers=bearer(tokens["Bob"])),
        client.post(
            f"/api/games/{game_id}/actions",
            json={"type": "look", "object": "nope"},
            headers=bearer(tokens["Bob"]),
        ),
        client.get(f"/api/games/{game_id}/view"),
    ):
        assert response.headers["cache-control"] == "private, no-store"
        assert "Authorization" in response.headers["vary"]


def test_the_openapi_page_needs_no_cdn(client) -> None:
    page = client.get("/docs")
    assert page.status_code == 200
    assert "cdn." not in page.text and "unpkg" not in page.text
    script = [part.split('"')[0] for part in page.text.split('src="')[1:]]
    assert script and all(client.get(src).status_code == 200 for src in script)


# -- flip cards and hideaway (seed 003 / 709 -> 710; seed 004 / 502.75 -> 702.75) ---------------

HIDEAWAY_SETUP = [
    {"owner": "Alice", "zone": "hand", "card": "Hauts de ventabrupt"},  # by its French name
    {"owner": "Alice", "zone": "library", "card": "Serra Angel"},
    {"owner": "Alice", "zone": "library", "card": "Forest"},
    {"owner": "Alice", "zone": "library", "card": "Island"},
    {"owner": "Alice", "zone": "library", "card": "Grizzly Bears"},
    {"owner": "Alice", "zone": "library", "card": "Divination"},
    {"owner": "Alice", "zone": "battlefield", "card": "Akki Lavarunner"},
]


def _hideaway_game(client, edition: str | None = None) -> tuple[str, dict[str, str]]:
    body: dict[str, Any] = {"players": ["Alice", "Bob"], "setup": HIDEAWAY_SETUP}
    if edition is not None:
        body["options"] = {"hideaway_edition": edition}
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    created = response.json()
    tokens = {s["player"]: s["token"] for s in created["seats"]}
    tokens |= {"judge": created["judge"]["token"], "spectator": created["spectator"]["token"]}
    return created["id"], tokens


def _seen(client, game_id: str, token: str) -> str:
    return (
        client.get(f"/api/games/{game_id}/view", headers=bearer(token)).text
        + client.get(f"/api/games/{game_id}/log", headers=bearer(token)).text
    )


@engine_needed
def test_create_game_takes_the_hideaway_edition_option(client):
    game_id, tokens = _hideaway_game(client, "lorwyn")
    view = client.get(f"/api/games/{game_id}/view", headers=bearer(tokens["Bob"])).json()
    assert view["hideaway_edition"] == "lorwyn"
    default_id, default_tokens = _hideaway_game(client)
    view = client.get(f"/api/games/{default_id}/view", headers=bearer(default_tokens["Bob"]))
    assert view.json()["hideaway_edition"] == "current"
    bad = client.post(
        "/api/games",
        json={"players": ["Alice", "Bob"], "options": {"hideaway_edition": "2007"}},
    )
    body = assert_error(bad, 422, "invalid")
    assert "hideaway_edition" in body["message"]


@engine_needed
def test_flip_through_the_api_is_one_way_and_shown_to_every_seat(client):
    game_id, tokens = _hideaway_game(client)
    akki = object_id(client, game_id, tokens["judge"], "Akki Lavarunner")
    assert (
        act(client, game_id, tokens["Alice"], {"type": "flip", "object": akki}).status_code == 200
    )
    for who in ("Bob", "spectator"):
        view = client.get(f"/api/games/{game_id}/view", headers=bearer(tokens[who])).json()
        (tok,) = [o for o in view["objects"] if o["id"] == akki]
        assert tok["flipped"] is True and tok["name"] == "Tok-Tok, Volcano Born"
        assert tok["supertypes"] == ["Legendary"] and tok["mana_cost"] == "{3}{R}"
    again = act(client, game_id, tokens["Alice"], {"type": "flip", "object": akki})
    body = assert_error(again, 422, "rule")
    assert body["rules"] == ["709.4", "710.4"]
    refused = act(client, game_id, tokens["Bob"], {"type": "flip", "object": akki})
    assert refused.status_code == 422


@engine_needed
def test_hideaway_through_the_api_reaches_exactly_the_players_allowed_to_look(client):
    game_id, tokens = _hideaway_game(client)
    land = object_id(client, game_id, tokens["judge"], "Windbrisk Heights")
    assert (
        act(client, game_id, tokens["Alice"], {"type": "play_land", "object": land}).status_code
        == 200
    )
    alice = client.get(f"/api/games/{game_id}/view", headers=bearer(tokens["Alice"])).json()
    looked = [o for o in alice["objects"] if o["zone"] == "library"]
    assert [o["name"] for o in looked] == ["Serra Angel", "Forest", "Island", "Grizzly Bears"]
    assert alice["pending"]["player"] == "Alice" and alice["pending"]["count"] == 4
    for who in ("Bob", "spectator"):
        seen = _seen(client, game_id, tokens[who])
        assert not any(o["id"] in seen for o in looked)
        assert "Serra Angel" not in seen and "Forest" not in seen
    # The game waits for Alice's choice.
    waiting = act(client, game_id, tokens["Bob"], {"type": "next_turn"})
    assert assert_error(waiting, 422, "rule")["rules"] == ["502.75", "702.75"]
    serra = looked[0]["id"]
    done = act(client, game_id, tokens["Alice"], {"type": "hideaway_exile", "object": serra})
    assert done.status_code == 200, done.text
    assert "Serra Angel" in done.text  # her own event, detailed for her
    for who in ("Bob", "spectator"):
        assert "Serra Angel" not in _seen(client, game_id, tokens[who])
    judge = client.get(f"/api/games/{game_id}/view", headers=bearer(tokens["judge"])).json()
    (hidden,) = [o for o in judge["objects"] if o["zone"] == "exile"]
    assert hidden["visible_to"]["players"] == ["Alice"]
    assert hidden["visible_to"]["other_edition"]["edition"] == "lorwyn"
    # Bob takes the land (a new object since it was played: 400.7): now he may look too;
    # the spectator never.
    land = object_id(client, game_id, tokens["judge"], "Windbrisk Heights")
    taken = act(
        client,
        game_id,
        tokens["judge"],
        {"type": "gain_control", "object": land, "player": "Bob"},
    )
    assert taken.status_code == 200
    assert "Serra Angel" in _seen(client, game_id, tokens["Bob"])
    assert "Serra Angel" not in _seen(client, game_id, tokens["spectator"])
    refused = act(
        client,
        game_id,
        tokens["Bob"],
        {"type": "hideaway_play", "source": land, "via": "morph"},
    )
    assert assert_error(refused, 422, "rule")["rules"] == ["502.75"]
