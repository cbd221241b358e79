"""The routes a game is played through are matched first (app/web/hot_routes.py): each is
one of the first patterns the app's router tries, as in a one-route FastAPI app; it is the
route its router declared (same endpoint, same checks), the one the router would have
chosen anyway, and the OpenAPI page is what it was."""

from __future__ import annotations

import re
import warnings
from typing import Any

from fastapi.routing import APIRoute
from starlette.routing import Match

from app.main import create_app
from app.settings import Settings
from app.web.hot_routes import HOT

SAMPLE = re.compile(r"\{[^}]+\}")


def _scope(app: Any, method: str, path: str) -> dict[str, Any]:
    return {
        "type": "http",
        "method": method,
        "path": path,
        "root_path": "",
        "query_string": b"",
        "headers": [],
        "app": app,
    }


def _declared_routes(app: Any) -> list[APIRoute]:
    """Every APIRoute after the hot head, in the order the router tried them before."""
    out: list[APIRoute] = []

    def walk(routes: list[Any]) -> None:
        for route in routes:
            if isinstance(route, APIRoute):
                out.append(route)
            elif hasattr(route, "original_router"):  # an included router, tried in its turn
                walk(route.original_router.routes)

    walk(app.router.routes[len(HOT) :])
    return out


def test_every_hot_route_is_tried_first_and_is_the_route_the_router_would_choose(settings):
    app = create_app(settings)
    head = app.router.routes[: len(HOT)]
    assert [(next(iter(r.methods)), r.path) for r in head] == list(HOT)
    declared = _declared_routes(app)
    for (method, path), hot in zip(HOT, head, strict=True):
        sample = SAMPLE.sub("abc123", path)
        scope = _scope(app, method, sample)
        # Tried first: no route before it in the app's list matches.
        tried = [r.matches(scope)[0] for r in app.router.routes]
        assert tried.index(Match.FULL) == head.index(hot), (method, path)
        # And the route the router chose before: the first declared one to match in full.
        chosen = next(
            r for r in declared if r.matches(_scope(app, method, sample))[0] == Match.FULL
        )
        assert chosen.endpoint is hot.endpoint, (method, path, chosen.name)
        assert chosen.dependant is hot.dependant  # the same dependencies: seat, CSRF, token


def test_the_openapi_page_documents_each_api_route_once(settings):
    app = create_app(settings)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # FastAPI warns of an operation documented twice
        paths = app.openapi()["paths"]
    action = paths["/api/games/{game_id}/actions"]["post"]
    assert action["summary"] == "Apply one action"
    # Its token and body as before the route's dependencies were one (app/web/deps.py ApiSeat).
    assert action["security"] == [{"HTTPBearer": []}]
    assert [p["name"] for p in action["parameters"]] == ["game_id"]
    assert "examples" in action["requestBody"]["content"]["application/json"]
    assert "get" in paths["/api/games/{game_id}/view"]
    assert not any(p.startswith("/g/") for p in paths)  # the pages stay out of it


def test_the_bench_probe_is_routed_right_after_the_json_action(tmp_path):
    app = create_app(
        Settings(database_url=f"sqlite:///{tmp_path / 'p.db'}", bench_probe=True, demo=False)
    )
    head = [(next(iter(r.methods)), r.path) for r in app.router.routes[:2]]
    assert head == [HOT[0], ("POST", "/_bench/insert")]
