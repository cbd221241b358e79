"""A page's catch-up lane (app/web/pages/catch_up_lane.py) answers exactly as the route would.

Two apps on one database, one with the lane and one without it, are asked the same things
of the same game by every seat, at several versions: catch-ups (`?since=`), the judge's
viewpoints, whole pages, and what the lane must leave to the route (another query, a seat
name too long, no cookie, a cookie of another game). Every answer must be the same bytes:
status, headers and body. The lane must have answered the catch-ups itself, or the
comparison would prove nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.main import create_app
from app.settings import Settings
from app.web.pages import catch_up_lane
from app.web.pages.catch_up_lane import CatchUpLane
from tests.conftest import _make_game, api_act
from tests.databases import seed_migrated
from tests.web.pages_support import HTMX, LEAK_SETUP, seat_client

pytestmark = pytest.mark.engine

VIEWERS = ("Alice", "Bob", "judge", "spectator")


def _without_lane(app: FastAPI) -> FastAPI:
    app.user_middleware = [m for m in app.user_middleware if m.cls is not CatchUpLane]
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
    real = catch_up_lane.game_page

    def counting(request: Any, at: Any) -> Any:
        answered.append(at.seat.viewer.player or at.seat.viewer.kind)
        return real(request, at)

    monkeypatch.setattr(catch_up_lane, "game_page", counting)
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
