"""Every route that writes draws on a rate limit (app/web/middleware/ratelimit.py): the app's
routes are listed from FastAPI's router, and each writing one (POST, PUT, PATCH, DELETE) is
sent twice through the real middleware with both limits at one an hour; the second answer
must be a 429. A writing route added tomorrow is in the list the day it is added."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient
from starlette.routing import Route

from app.main import create_app
from app.settings import Settings
from app.web.middleware.ratelimit import WRITES, RateLimits

SAME_ORIGIN = {"Sec-Fetch-Site": "same-origin", "Origin": "null"}

# The routes that create (a game, a ruling); every other write acts.
CREATING = {
    "/api/games",
    "/api/scenarios/{key}/games",
    "/api/games/import",
    "/api/rulings/{slug}/fork",
    "/api/games/{game_id}/rulings",
    "/games",
    "/tables",
    "/import",
    "/r/{slug}/fork",
    "/g/{game_id}/rulings",
}


def all_routes(routes) -> list[Route]:
    """Every route, inside included routers too (FastAPI keeps an included router whole)."""
    found: list[Route] = []
    for route in routes:
        inner = getattr(route, "original_router", None)
        if inner is not None:
            found.extend(all_routes(inner.routes))
        elif isinstance(route, Route):
            found.append(route)
    return found


def writing_routes(app) -> list[tuple[str, str]]:
    """(method, path template) of every route that writes."""
    return sorted(
        (method, route.path)
        for route in all_routes(app.routes)
        for method in (route.methods or set()) & WRITES
    )


def concrete(path: str) -> str:
    """A path template with plausible parameters (a game id, a slug, a key)."""
    return re.sub(r"\{[^}]+\}", "AbCdEfGhIjKl", path)


@pytest.fixture(scope="module")
def limited_app(tmp_path_factory):
    db = tmp_path_factory.mktemp("limits") / "limits.db"
    settings = Settings(database_url=f"sqlite:///{db}", rate_create="1/hour", rate_act="1/hour")
    return create_app(settings)


def test_the_app_has_the_writing_routes_this_test_knows(limited_app) -> None:
    """The list is read from the router: it holds the routes found uncovered by issue 25."""
    paths = {path for _, path in writing_routes(limited_app)}
    assert {
        "/tables",
        "/api/games/{game_id}/take-back",
        "/api/games/{game_id}/take-back/answer",
        "/g/{game_id}/take-back",
        "/g/{game_id}/act",
        "/api/games",
    } <= paths, paths


def test_every_writing_route_draws_on_its_limit(limited_app) -> None:
    """Each writing route from its own address: the first request spends the one token of its
    kind, the second is refused with 429, whatever the route would have answered."""
    uncovered = []
    for n, (method, path) in enumerate(writing_routes(limited_app)):
        expected = "create" if path in CREATING else "act"
        assert RateLimits.kind(method, concrete(path)) == expected, (method, path)
        client = TestClient(limited_app, client=(f"198.51.100.{n + 1}", 40000))
        statuses = [
            client.request(
                method, concrete(path), data={"json": "{}"}, headers=SAME_ORIGIN
            ).status_code
            for _ in range(2)
        ]
        if statuses[0] == 429 or statuses[1] != 429:
            uncovered.append((method, path, statuses))
    assert not uncovered, uncovered


def test_build_a_table_draws_on_the_create_limit(limited_app) -> None:
    """POST /tables and POST /games share the create bucket: one spent on the table builder
    leaves none for a new game from the same address (and the act bucket is untouched)."""
    client = TestClient(limited_app, client=("203.0.113.7", 40000))
    assert client.post("/tables", data={}, headers=SAME_ORIGIN).status_code != 429
    refused = client.post("/games", data={}, headers=SAME_ORIGIN)
    assert refused.status_code == 429
    assert "Too many requests" in refused.text and "Trop de requêtes" in refused.text
    assert client.post("/g/AbCdEfGh/act", data={}, headers=SAME_ORIGIN).status_code != 429


@pytest.mark.parametrize(
    "path",
    [
        "/api/games/AbCdEfGh/take-back",
        "/api/games/AbCdEfGh/take-back/answer",
        "/g/AbCdEfGh/take-back",
    ],
)
def test_take_back_request_and_answer_draw_on_the_act_limit(limited_app, path: str) -> None:
    """Each take-back write wakes every open page of the game: it spends an act token."""
    address = f"203.0.113.{20 + len(path)}"
    client = TestClient(limited_app, client=(address, 40000))
    assert client.post("/api/games/AbCdEfGh/actions", json={}).status_code != 429
    refused = client.post(path, json={}, headers=SAME_ORIGIN)
    assert refused.status_code == 429, (path, refused.status_code)
    assert int(refused.headers["retry-after"]) >= 1


def test_reads_are_never_limited(limited_app) -> None:
    client = TestClient(limited_app, client=("203.0.113.99", 40000))
    assert all(client.get("/healthz").status_code == 200 for _ in range(5))
    assert RateLimits.kind("GET", "/tables") is None
    assert RateLimits.kind("DELETE", "/g/AbCdEfGh/anything") == "act"
