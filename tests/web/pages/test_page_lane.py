"""A seat page's lane (app/web/pages/page_lane.py) answers exactly as the routes would.

Two apps on one database, one with the lane and one without it:
- catch-ups: both are asked the same things of the same game by every seat, at several
  versions (`?since=`, the judge's viewpoints, whole pages, and what the lane must leave to
  the route: another query, a seat name too long, no cookie, a cookie of another game);
- taps: each plays its own twin of one game (the same setup under the same seed, so the same
  object ids) through the same posts, the accepted, the refused and the malformed.
Every answer must be the same bytes: status, headers and body (each game's id, seat tokens
and CSRF tokens aside). The lane must have answered the plain ones itself, or the
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
from app.web.pages import page_lane
from app.web.pages.page_lane import PageLane
from tests.conftest import _make_game, api_act
from tests.databases import seed_migrated
from tests.web.pages_support import HTMX, LEAK_SETUP, SAME_ORIGIN, SECRET, csrf_of, seat_client

pytestmark = pytest.mark.engine

VIEWERS = ("Alice", "Bob", "judge", "spectator")


def _without_lane(app: FastAPI) -> FastAPI:
    app.user_middleware = [m for m in app.user_middleware if cast(object, m.cls) is not PageLane]
    return app


@pytest.fixture
def apps(settings: Settings) -> Iterator[tuple[TestClient, TestClient]]:
    seed_migrated(settings.database_url)
    with (
        TestClient(create_app(settings)) as lane,
        TestClient(_without_lane(create_app(settings))) as route,
    ):
        yield lane, route


@pytest.fixture
def lane_answers(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The viewers whose catch-up the lane answered itself."""
    answered: list[str] = []
    real = page_lane.game_page

    def counting(request: Any, at: Any) -> Any:
        answered.append(at.seat.viewer.player or at.seat.viewer.kind)
        return real(request, at)

    monkeypatch.setattr(page_lane, "game_page", counting)
    return answered


def _answer(client: TestClient, path: str, headers: dict[str, str]) -> tuple[Any, ...]:
    response = client.get(path, headers=headers, follow_redirects=False)
    return response.status_code, sorted(response.headers.items()), response.content


def test_the_lane_answers_every_catch_up_as_the_route_does(apps, lane_answers):
    lane, route = apps
    game_id, tokens = _make_game(lane, setup=LEAK_SETUP)
    _, other_tokens = _make_game(lane)
    pages = {
        side: {who: seat_client(app.app, tokens[who]) for who in VIEWERS}
        for side, app in (("lane", lane), ("route", route))
    }
    strangers = {
        side: seat_client(app.app, other_tokens["Alice"])
        for side, app in (("lane", lane), ("route", route))
    }
    page = f"/g/{game_id}"
    expected: list[str] = []
    statuses: set[int] = set()
    for version in range(3):
        asks: list[tuple[str, str, dict[str, str], bool]] = []
        for who in VIEWERS:
            asks += [
                (who, page, HTMX, True),
                (who, f"{page}?since={max(version - 1, 0)}", HTMX, True),
                (who, f"{page}?since=0", HTMX | {"Accept-Language": "fr"}, True),
                (who, f"{page}?since=abc", HTMX, True),
                (who, page, {}, False),  # the whole page
                (who, f"{page}?since=0&since=1", HTMX, False),
                (who, f"{page}?since=0&full=1", HTMX, False),
                (who, f"{page}?seat={'x' * 41}", HTMX, False),
                (who, f"{page}?since=0", {"HX-Request": "false"}, False),
            ]
        asks += [
            ("judge", f"{page}?seat=Bob&since=0", HTMX, True),
            ("judge", f"{page}?seat=spectator", HTMX, True),
            ("judge", f"{page}?seat=Nobody", HTMX, True),
            ("Alice", f"{page}?seat=Bob", HTMX, True),
        ]
        for who, path, headers, through_lane in asks:
            before = len(lane_answers)
            got = _answer(pages["lane"][who], path, headers)
            assert len(lane_answers) - before == int(through_lane), (who, path, headers)
            assert got == _answer(pages["route"][who], path, headers), (who, path, headers)
            expected += [who] * through_lane
            statuses.add(got[0])
        # Not a seat of this game, or no cookie at all: the route's refusal, from both.
        for side in ("lane", "route"):
            assert _answer(strangers[side], page, HTMX)[0] == 403
        assert _answer(lane, page, HTMX) == _answer(route, page, HTMX)
        assert (
            api_act(lane, game_id, tokens["Alice"], {"type": "roll_die", "sides": 6}).status_code
            == 200
        )
    assert lane_answers == expected
    assert 200 in statuses and 422 in statuses


SEED = "fedcba9876543210fedcba9876543210"
ACT = "/g/{game}/act"


@pytest.fixture
def lane_taps(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The seats whose tap the lane took itself (past the cookie's check: its answer is then
    the lane's, a refusal of the form included)."""
    answered: list[str] = []
    real = page_lane._tap

    async def counting(request: Any, app: Any, seat: Any, repository: Any) -> Any:
        answered.append(seat.viewer.player or seat.viewer.kind)
        return await real(request, app, seat, repository)

    monkeypatch.setattr(page_lane, "_tap", counting)
    return answered


def _twin(client: TestClient) -> dict[str, Any]:
    """One twin game on `client`'s app: its id, its seats' browsers and CSRF tokens, and
    what to blank in its answers."""
    game_id, tokens = _make_game(client, setup=LEAK_SETUP)
    browsers = {who: seat_client(client.app, tokens[who]) for who in VIEWERS}
    csrf = {
        who: csrf_of(browsers[who].get(f"/g/{game_id}").text)
        for who in VIEWERS
        if who != "spectator"
    }
    blanks = [(game_id, "GAME")] + [(t, f"TOKEN-{w}") for w, t in tokens.items()]
    blanks += [(c, f"CSRF-{w}") for w, c in csrf.items()]
    return {
        "id": game_id,
        "tokens": tokens,
        "browsers": browsers,
        "csrf": csrf,
        "blanks": blanks,
        "app": client,
    }


def _tap(twin: dict[str, Any], step: dict[str, Any]) -> tuple[Any, ...]:
    who = step["who"]
    form = {"action": step["action"], **step.get("form", {})}
    if step.get("csrf", True) and who in twin["csrf"]:
        form["csrf"] = twin["csrf"][who]
    headers = {**SAME_ORIGIN, **step.get("headers", {})}
    client = twin["browsers"][who] if who in twin["browsers"] else twin["app"]
    path = ACT.format(game=twin["id"]) + step.get("query", "")
    response = client.post(path, data=form, headers=headers, follow_redirects=False)
    text = response.content.decode()
    # The compressed length aside: each twin's tokens are its own random bytes.
    kept = sorted((k, v) for k, v in response.headers.items() if k != "content-length")
    for secret, blank in twin["blanks"]:
        text = text.replace(secret, blank)
        kept = [(k, v.replace(secret, blank)) for k, v in kept]
    return response.status_code, kept, text


def _json(action: dict[str, Any]) -> str:
    return json.dumps(action)


def _tap_steps(angel: str, bears: str) -> list[dict[str, Any]]:
    """The posts both twins get, in order: `lane`, whether the lane answers it itself;
    `status`, the answer's."""
    cast = _json({"type": "cast_face_down", "object": angel, "via": "morph"})
    resolve = _json({"type": "resolve"})
    live = {**HTMX, "X-Live-Version": "1"}
    return [
        {"who": "Alice", "action": cast, "headers": HTMX, "lane": 1, "status": 200},
        {"who": "Alice", "action": resolve, "headers": live, "lane": 1, "status": 200},
        {
            "who": "Bob",
            "action": _json({"type": "next_turn"}),
            "headers": HTMX,
            "lane": 1,
            "status": 422,
        },
        {
            "who": "Alice",
            "action": _json({"type": "tap", "object": bears}),
            "headers": HTMX,
            "lane": 1,
            "status": 422,
        },
        {
            "who": "Alice",
            "action": resolve,
            "headers": HTMX,
            "form": {"expected_version": "0"},
            "lane": 1,
            "status": 409,
        },
        {"who": "Alice", "action": "{not json", "headers": HTMX, "lane": 1, "status": 422},
        {
            "who": "Alice",
            "action": resolve,
            "headers": HTMX,
            "form": {"expected_version": "x"},
            "lane": 1,
            "status": 422,
        },
        {
            "who": "Alice",
            "action": resolve,
            "headers": HTMX,
            "csrf": False,
            "lane": 1,
            "status": 403,
        },
        {"who": "spectator", "action": resolve, "headers": HTMX, "lane": 1, "status": 403},
        {
            "who": "judge",
            "action": _json({"type": "roll_die", "sides": 6}),
            "headers": HTMX,
            "lane": 1,
            "status": 200,
        },
        {
            "who": "judge",
            "action": _json({"type": "roll_die", "sides": 6}),
            "form": {"seat": "Bob"},
            "lane": 1,
            "status": 303,
        },
        {
            "who": "Alice",
            "action": _json({"type": "roll_die", "sides": 6}),
            "lane": 1,
            "status": 303,
        },
        # What the lane leaves to the route: a query string, no seat cookie.
        {
            "who": "Alice",
            "action": _json({"type": "roll_die", "sides": 6}),
            "headers": HTMX,
            "query": "?x=1",
            "lane": 0,
            "status": 200,
        },
        {"who": "nobody", "action": resolve, "headers": HTMX, "lane": 0, "status": 403},
    ]


def _object_id(twin: dict[str, Any], name: str) -> str:
    view = (
        twin["app"]
        .get(
            f"/api/games/{twin['id']}/view",
            headers={"Authorization": f"Bearer {twin['tokens']['judge']}"},
        )
        .json()
    )
    return next(o["id"] for o in view["objects"] if o["name"] == name)


def test_the_lane_answers_every_tap_as_the_route_does(settings, monkeypatch, lane_taps):
    seed_migrated(settings.database_url)
    # The same seed: the same object ids in both games (app/rules/core/context.py new_id).
    monkeypatch.setattr(new_games, "secrets", SimpleNamespace(token_hex=lambda _n: SEED))
    with (
        TestClient(create_app(settings)) as lane_client,
        TestClient(_without_lane(create_app(settings))) as route_client,
    ):
        lane, route = _twin(lane_client), _twin(route_client)
        names = (SECRET, "Grizzly Bears")
        ids = [[_object_id(twin, name) for name in names] for twin in (lane, route)]
        assert ids[0] == ids[1], "the twin games must share their object ids"
        steps = _tap_steps(*ids[0])
        expected: list[str] = []
        for number, step in enumerate(steps):
            before = len(lane_taps)
            got = _tap(lane, step)
            assert len(lane_taps) - before == step["lane"], (number, step)
            assert got == _tap(route, step), (number, step)
            assert got[0] == step["status"], (number, step, got[2][:300])
            expected += [step["who"]] * step["lane"]
        assert lane_taps == expected
