"""The JSON API's lane (app/web/api_lane.py) answers exactly as the routes would.

Two apps on one database, one with the lane and one without it, each play the same game
(the same setup under the same seed, so the same object ids) through the same requests:
the actions a client sends, the refusals a hostile one provokes, and the requests the lane
must leave to the route. Every answer must be the same bytes: status, headers and body (the
game's id aside). The lane must also have answered the well-formed ones itself, or the
comparison would prove nothing.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any, cast

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.main import create_app
from app.settings import Settings
from app.store import new_games
from app.web import api_lane
from app.web.api_lane import ApiLane
from tests.conftest import _make_game
from tests.databases import seed_migrated

pytestmark = pytest.mark.both_databases

SEED = "0123456789abcdef0123456789abcdef"


def _without_lane(app: FastAPI) -> FastAPI:
    app.user_middleware = [m for m in app.user_middleware if cast(object, m.cls) is not ApiLane]
    return app


@pytest.fixture
def twins(settings: Settings, monkeypatch) -> Iterator[dict[str, Any]]:
    """The two apps, each with its own game made from the same seed."""
    seed_migrated(settings.database_url)
    # The same seed: the same object ids in both games (app/rules/core/context.py new_id).
    monkeypatch.setattr(new_games, "secrets", SimpleNamespace(token_hex=lambda _n: SEED))
    with (
        TestClient(create_app(settings)) as lane,
        TestClient(_without_lane(create_app(settings))) as route,
    ):
        yield {"lane": (lane, *_make_game(lane)), "route": (route, *_make_game(route))}


@pytest.fixture
def lane_answers(monkeypatch) -> list[str]:
    """The paths the lane answered itself (rather than passing them to the route)."""
    answered: list[str] = []
    original = ApiLane._answer

    async def spy(self: ApiLane, scope: Any, *args: Any, **kwargs: Any) -> None:
        before = len(answered)
        answered.append(scope["path"])
        passed = self.app

        async def passed_on(*a: Any) -> None:  # the lane handed it to the route after all
            del answered[before:]
            await passed(*a)

        self.app = passed_on
        try:
            await original(self, scope, *args, **kwargs)
        finally:
            self.app = passed

    monkeypatch.setattr(api_lane.ApiLane, "_answer", spy)
    return answered


def _object_id(client: TestClient, game_id: str, judge: str, name: str) -> str:
    view = client.get(
        f"/api/games/{game_id}/view", headers={"Authorization": f"Bearer {judge}"}
    ).json()
    return next(o["id"] for o in view["objects"] if o["name"] == name)


def _send(side: tuple[Any, ...], step: dict[str, Any]) -> tuple[int, list[Any], bytes]:
    client, game_id, tokens = side
    headers = dict(step.get("headers", {}))
    if "who" in step:
        headers["Authorization"] = f"Bearer {tokens[step['who']]}"
    path = step["path"].format(game=game_id)
    if step["method"] == "GET":
        response = client.get(path, headers=headers)
    else:
        body = step["body"]
        content = body if isinstance(body, bytes) else json.dumps(body).encode()
        headers.setdefault("Content-Type", "application/json")
        response = client.post(path, headers=headers, content=content)
    raw = response.content.replace(game_id.encode(), b"GAME")
    kept = sorted((k, v.replace(game_id, "GAME")) for k, v in response.headers.items())
    return response.status_code, kept, raw


ACTIONS = "/api/games/{game}/actions"
VIEW = "/api/games/{game}/view"


def _steps(bears: str, angel: str) -> list[dict[str, Any]]:
    """The requests both apps get, in order: `lane`, whether the lane answers it itself;
    `status`, the answer's."""
    act = {"method": "POST", "path": ACTIONS}
    return [
        {
            **act,
            "who": "Alice",
            "body": {"type": "cast_face_down", "object": angel, "via": "morph"},
            "lane": 1,
            "status": 200,
        },
        {
            **act,
            "who": "Alice",
            "body": {"type": "resolve", "expected_version": 1},
            "lane": 1,
            "status": 200,
        },
        {"method": "GET", "path": VIEW, "who": "Alice", "lane": 1, "status": 200},
        {"method": "GET", "path": VIEW, "who": "Bob", "lane": 1, "status": 200},
        {"method": "GET", "path": VIEW, "who": "spectator", "lane": 1, "status": 200},
        # Refusals raised past the lane's checks: answered by the app's handlers.
        {**act, "who": "Bob", "body": {"type": "tap", "object": bears}, "lane": 1, "status": 404},
        {
            **act,
            "who": "Alice",
            "body": {"type": "resolve", "expected_version": 0},
            "lane": 1,
            "status": 409,
        },
        {**act, "who": "Alice", "body": {"type": "shuffle_everything"}, "lane": 1, "status": 422},
        {
            **act,
            "who": "Alice",
            "body": {"type": "tap", "object": "nope"},
            "lane": 1,
            "status": 404,
        },
        {**act, "who": "spectator", "body": {"type": "next_turn"}, "lane": 1, "status": 403},
        {
            **act,
            "body": {"type": "next_turn"},
            "lane": 1,
            "status": 403,
            "headers": {"Authorization": "Bearer " + "x" * 32},
        },
        {
            "method": "GET",
            "path": "/api/games/nosuchgame/view",
            "who": "Alice",
            "lane": 1,
            "status": 403,
        },
        # What the lane leaves to the route.
        {**act, "body": {"type": "next_turn"}, "lane": 0, "status": 401},  # no token
        {
            **act,
            "body": {"type": "next_turn"},
            "lane": 0,
            "status": 401,
            "headers": {"Authorization": "Basic eA=="},
        },
        {**act, "who": "Alice", "body": b'{"type": "next_turn"', "lane": 0, "status": 422},
        {**act, "who": "Alice", "body": b"[1, 2]", "lane": 0, "status": 422},
        {**act, "who": "Alice", "body": b"", "lane": 0, "status": 422},
        {
            **act,
            "who": "Alice",
            "body": b'{"a": ' + b"[" * 5000 + b"]" * 5000 + b"}",
            "lane": 0,
            "status": 422,
        },
        {
            **act,
            "who": "Alice",
            "body": {"type": "next_turn"},
            "lane": 0,
            "status": 200,
            "headers": {"Content-Type": "application/json; charset=utf-8"},
        },
        {
            **act,
            "who": "Alice",
            "body": {"type": "next_turn"},
            "lane": 0,
            "status": 422,
            "headers": {"Content-Type": "text/plain"},
        },
        {"method": "GET", "path": VIEW + "?version=1", "who": "Alice", "lane": 0, "status": 200},
        {"method": "GET", "path": VIEW, "lane": 0, "status": 401},
        {**act, "who": "Alice", "body": {"type": "next_turn"}, "lane": 1, "status": 422},
        {"method": "GET", "path": VIEW, "who": "judge", "lane": 1, "status": 200},
    ]


def test_the_lane_answers_every_request_as_the_route_does(twins, lane_answers):
    lane, route = twins["lane"], twins["route"]
    ids = [
        {name: _object_id(c, g, t["judge"], name) for name in ("Grizzly Bears", "Exalted Angel")}
        for c, g, t in (lane, route)
    ]
    assert ids[0] == ids[1], "the twin games must share their object ids"
    steps = _steps(ids[0]["Grizzly Bears"], ids[0]["Exalted Angel"])
    lane_answers.clear()  # the ids were read through the lane
    expected_lane = 0
    statuses = []
    for number, step in enumerate(steps):
        before = len(lane_answers)
        through_lane = _send(lane, step)
        assert len(lane_answers) - before == step["lane"], (number, step)
        expected_lane += step["lane"]
        through_route = _send(route, step)
        assert len(lane_answers) - before == step["lane"], "the route's app has no lane"
        assert through_lane == through_route, (number, step)
        statuses.append(through_lane[0])
    assert len(lane_answers) == expected_lane
    # The game moved on, and each refusal was the one meant: not a run of one error.
    assert statuses == [step["status"] for step in steps]


def test_the_lane_leaves_other_routes_alone(client, make_game, lane_answers):
    game_id, tokens = make_game(client)
    auth = {"Authorization": f"Bearer {tokens['Alice']}"}
    assert client.get(f"/api/games/{game_id}/log", headers=auth).status_code == 200
    assert client.get(
        f"/api/games/{game_id}/view/", headers=auth, follow_redirects=False
    ).status_code in (404, 307)
    assert client.post(f"/api/games/{game_id}/view", headers=auth, json={}).status_code == 405
    assert lane_answers == []
