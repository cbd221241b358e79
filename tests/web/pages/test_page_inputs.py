"""No input to a page route answers 5xx: a malformed field is a 422 with the usual notice.

First the inputs that broke once (issue 14): "²" passes str.isdigit() and fails int(); a deeply
nested JSON `action` field overflowed the recursion limit. Then a property test posts random
form fields (random names and values: unicode digits, NUL, deep nesting, long strings) to
every POST page route the app registers, and each answer must be below 500.
"""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.routing import Route

from app.main import create_app
from app.settings import Settings
from tests.conftest import DEFAULT_SETUP, _make_game, quick_examples
from tests.web.pages_support import HTMX, SAME_ORIGIN, browser, csrf_of, seat_client, version_of

# Digits str.isdigit() accepts and int() refuses, and digits int() reads that are not ASCII.
ODD_DIGITS = ("\u00b2", "\u00b9\u00b2", "\u0663", "\uff11", "1\u00b2")


@pytest.fixture
def table(client):
    game_id, tokens = _make_game(client)
    seats = {w: seat_client(client.app, tokens[w]) for w in ("Alice", "judge")}
    pages = {w: seats[w].get(f"/g/{game_id}").text for w in seats}
    return game_id, seats, pages


def post(browser, url: str, page: str, data, *, htmx: bool = True):
    headers = {**SAME_ORIGIN, **(HTMX if htmx else {}), "X-CSRF-Token": csrf_of(page)}
    return browser.post(url, data=data, headers=headers, follow_redirects=False)


def assert_notice(response) -> None:
    assert response.status_code == 422, (response.status_code, response.text[:300])
    assert "text/html" in response.headers["content-type"]


@pytest.mark.parametrize("odd", ODD_DIGITS)
def test_an_odd_digit_in_expected_version_is_a_422(table, odd: str) -> None:
    game_id, seats, pages = table
    action = json.dumps({"type": "next_turn"})
    for path in ("act", "choice"):
        data = {"action": action, "expected_version": odd, "looked": "ab"}
        assert_notice(post(seats["judge"], f"/g/{game_id}/{path}", pages["judge"], data))


@pytest.mark.parametrize("odd", ODD_DIGITS)
def test_an_odd_digit_in_a_hideaway_rank_is_a_422(table, odd: str) -> None:
    game_id, seats, pages = table
    action = json.dumps({"type": "hideaway_exile", "object": "ab"})
    data = {"looked": ["ab", "cd"], "action": action, "order": "bottom_order", "rank-cd": odd}
    response = post(seats["Alice"], f"/g/{game_id}/choice", pages["Alice"], data)
    assert_notice(response)


@pytest.mark.parametrize("odd", ODD_DIGITS)
def test_an_odd_digit_in_the_ruling_forms_version_is_a_422(table, odd: str) -> None:
    game_id, seats, pages = table
    data = {
        "csrf": csrf_of(pages["judge"]),
        "title": "Q",
        "viewpoint": "role:spectator",
        "version": odd,
    }
    response = seats["judge"].post(f"/g/{game_id}/rulings", data=data, headers=SAME_ORIGIN)
    assert_notice(response)


@pytest.mark.parametrize("odd", ODD_DIGITS)
def test_an_odd_digit_in_last_event_id_is_a_4xx(table, odd: str) -> None:
    game_id, seats, _ = table
    for encoding in ("latin-1", "utf-8"):
        sent = odd.encode(encoding, errors="replace")  # "?" where latin-1 has no such digit
        response = seats["Alice"].get(f"/g/{game_id}/live", headers={"Last-Event-ID": sent})
        assert response.status_code == 422, (sent, response.status_code)


@pytest.mark.parametrize("depth", [50, 1000, 1990])
def test_a_deeply_nested_action_field_is_a_422(table, depth: int) -> None:
    game_id, seats, pages = table
    for nested in ("[" * depth + "]" * depth, '{"a":' * depth + "1" + "}" * depth):
        for action in (
            nested,
            json.dumps({"type": "tap", "object": "x"})[:-1] + f', "z": {nested}}}',
        ):
            data = {"action": action, "expected_version": str(version_of(pages["Alice"]))}
            assert_notice(post(seats["Alice"], f"/g/{game_id}/act", pages["Alice"], data))


# -- every page route, random fields ----------------------------------------------------------

_NESTING = st.integers(min_value=1, max_value=1990)
# What a field of ours may hold: small, odd numbers, nesting (under the action's 4000 chars).
_SMALL = st.one_of(
    st.sampled_from(["", "0", "1", "-1", "99999999999", "role:judge", "seat:Alice"]),
    st.sampled_from(ODD_DIGITS),
    st.text(max_size=30),
    st.from_regex(r"\A[0-9\u00b2\u00b9\u0660-\u0669\uff10-\uff19]{1,4}\Z"),
    _NESTING.map(lambda n: "[" * n + "]" * n),
    _NESTING.map(lambda n: '{"a":' * n + "1" + "}" * n),
)
# Rarer: NUL, long and over-long text (refused whole by the NUL guard and the size limit).
_TEXT = st.one_of(
    _SMALL,
    _SMALL,
    st.sampled_from(["\x00", "a\x00b", "x" * 70000]),
    st.text(min_size=1000, max_size=3000),
)
_KNOWN = [
    "action", "expected_version", "csrf", "seat", "looked", "object", "order", "title", "note",
    "viewpoint", "version", "json", "file", "player", "ruleset", "scenario", "hideaway_edition",
]  # fmt: skip
_NAME = st.one_of(
    st.sampled_from(_KNOWN),
    st.sampled_from(_KNOWN),
    st.sampled_from(_KNOWN).map(lambda n: f"rank-{n}"),
    st.text(min_size=1, max_size=12),
)
# Each field a form of ours reads, present or not, and a few random others.
_FIELDS = st.tuples(
    st.fixed_dictionaries({}, optional={name: _SMALL for name in _KNOWN}).map(
        lambda known: list(known.items())
    ),
    st.lists(st.tuples(_NAME, _TEXT), max_size=3),
).map(lambda parts: parts[0] + parts[1])


def all_routes(routes) -> list[Route]:
    """Every route, inside included routers too (FastAPI keeps an included router whole: its
    `original_router` holds the routes; none of ours adds a prefix when included)."""
    found: list[Route] = []
    for route in routes:
        inner = getattr(route, "original_router", None)
        if inner is not None:
            found.extend(all_routes(inner.routes))
        elif isinstance(route, Route):
            found.append(route)
    return found


def page_post_routes(app) -> list[str]:
    """Every POST route of the pages (not /api, not the bench probe)."""
    found = []
    for route in all_routes(app.routes):
        posts = isinstance(route, Route) and "POST" in (route.methods or set())
        if posts and not route.path.startswith(("/api/", "/_")):
            found.append(route.path)
    return sorted(found)


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory):
    """One app (limits off) and a judge's and a player's browser in one game, a published
    ruling's slug and a spectator link for the path parameters."""
    db = tmp_path_factory.mktemp("fuzz") / "fuzz.db"
    settings_ = Settings(database_url=f"sqlite:///{db}", rate_create="off", rate_act="off")
    client = browser(create_app(settings_))
    game_id, tokens = _make_game(client, DEFAULT_SETUP)
    judge = seat_client(client.app, tokens["judge"])
    alice = seat_client(client.app, tokens["Alice"])
    ruling = client.post(
        f"/api/games/{game_id}/rulings",
        json={"viewpoint": "spectator", "title": "Q"},
        headers={"Authorization": f"Bearer {tokens['judge']}"},
    )
    assert ruling.status_code == 201, ruling.text
    params = {
        "game_id": game_id,
        "slug": ruling.json()["slug"],
        "token": tokens["spectator"],
    }
    pages = {"judge": judge.get(f"/g/{game_id}").text, "Alice": alice.get(f"/g/{game_id}").text}
    return client, {"judge": judge, "Alice": alice}, pages, params


def test_the_property_test_reaches_every_page_form(fuzzed) -> None:
    client, *_ = fuzzed
    routes = page_post_routes(client.app)
    expected = {"/games", "/import", "/g/{game_id}/act", "/g/{game_id}/choice"}
    assert expected | {"/g/{game_id}/rulings", "/r/{slug}/fork"} <= set(routes), routes


@settings(
    max_examples=int(os.environ.get("FACEDOWN_FORM_FUZZ_EXAMPLES") or quick_examples(50)),
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    database=None,
)
@given(fields=_FIELDS, htmx=st.booleans(), multipart=st.booleans())
def test_no_form_posted_to_a_page_route_answers_5xx(
    fuzzed, fields, htmx: bool, multipart: bool
) -> None:
    """The same fields to every POST page route, as the judge and a player (with their CSRF
    token) and as a stranger."""
    client, browsers, pages, params = fuzzed
    data: dict[str, list[str]] = {}
    for name, value in fields:
        data.setdefault(name, []).append(value)
    for who in ("judge", "Alice", "stranger"):
        browser = browsers.get(who, client)
        headers = dict(SAME_ORIGIN) | (HTMX if htmx else {})
        sent = dict(data)
        if who in pages:
            headers["X-CSRF-Token"] = csrf_of(pages[who])
            sent.setdefault("csrf", [csrf_of(pages[who])])
        for route in page_post_routes(client.app):
            path = route.format(**params)
            upload = multipart and path == "/import"
            files = {"file": ("x.json", b"{}", "application/json")} if upload else None
            response = browser.post(
                path, data=sent, files=files, headers=headers, follow_redirects=False
            )
            assert response.status_code < 500, (who, path, fields, response.status_code)
