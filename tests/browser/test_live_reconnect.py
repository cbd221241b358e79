"""Issue 30, on bad Wi-Fi: a live stream that drops and comes back brings what changed
meanwhile itself. The browser's reconnection says the last version it was told
(Last-Event-ID), a stream htmx opens anew says the version the page shows (`v`, which
static/js/live.js keeps in step), and the first message on the new stream is then the patch
the page can apply. Neither the drop nor the return costs the page a fetch of its region.

The server here ends every stream after a second (FACEDOWN_LIVE_STREAM_SECONDS), as a proxy
with a short timeout would, so that the browser reconnects several times within a test."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.browser.test_live_refetch import Seen, fragment_gets, recorded
from tests.browser.test_morph_game import press, shown_version, two_seats
from tests.server import running_server

pytestmark = pytest.mark.browser

LIVE_TIMEOUT_MS = 15_000


@pytest.fixture(scope="module")
def short_streams(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("short-streams") / "facedown.db"
    with running_server(db, env={"FACEDOWN_LIVE_STREAM_SECONDS": "1"}) as base:
        yield base


def streams_opened(seen: Seen, game_id: str) -> int:
    path = re.compile(rf"/g/{re.escape(game_id)}/live\?")
    return sum(1 for method, url, _headers in seen if method == "GET" and path.search(url))


def wait_until(page: Any, done: Callable[[], bool], what: str) -> None:
    """Waits until `done()` holds: it reads the page's requests as the test recorded them,
    which no locator can wait for."""
    deadline = time.monotonic() + LIVE_TIMEOUT_MS / 1000
    while not done():
        assert time.monotonic() < deadline, what
        page.wait_for_timeout(100)


def wait_for_streams(page: Any, seen: Seen, game_id: str, count: int) -> None:
    wait_until(
        page, lambda: streams_opened(seen, game_id) >= count, f"{count} streams were not opened"
    )


def turn_two(server: str, phone: Any) -> tuple[dict[str, Any], Any, Any]:
    """A game at Bob's turn (its first change, which brings Bob's page new parts, fetched
    whole), Alice's page watching: (game, Alice's page, Bob's page)."""
    game, _alice_ctx, alice, _bob_ctx, bob = two_seats(server, phone)
    press(alice, "End the turn")
    bob.locator("#live .status-title", has_text="Turn 2").wait_for(timeout=LIVE_TIMEOUT_MS)
    return game, alice, bob


# htmx-ext-sse logs each stream's end (the EventSource's "error" event) as a console error.
STREAM_ENDED = r"\[object Event\]"


@pytest.mark.console_allows(STREAM_ENDED)
def test_a_stream_that_ends_and_comes_back_costs_the_page_no_fetch(short_streams, phone):
    game, alice, bob = turn_two(short_streams, phone)
    seen = recorded(alice)

    # Each stream lasts a second, and the browser opens the next two seconds later.
    wait_for_streams(alice, seen, game["id"], 1)
    alice.wait_for_timeout(500)  # time for a fetch the reopened stream would start
    assert fragment_gets(seen, game["id"]) == 0

    # What changes while the page listens comes by the stream, as before.
    press(bob, "End the turn")
    alice.locator("#live .status-title", has_text="Turn 3").wait_for(timeout=LIVE_TIMEOUT_MS)
    alice.wait_for_timeout(500)
    assert fragment_gets(seen, game["id"]) == 0


@pytest.mark.console_allows(STREAM_ENDED + r"|net::ERR_FAILED")  # and the refused ones
def test_what_changed_while_the_stream_was_down_comes_with_its_return(short_streams, phone):
    game, alice, bob = turn_two(short_streams, phone)
    before = shown_version(alice)
    seen = recorded(alice)
    # A stream opened since Alice's own tap, and its first message (her tap's version, which
    # her page has from her answer already) arrived: the browser now says that version when
    # it reconnects. (A page whose streams were all down while it tapped says the version it
    # was drawn at, so its first news after the cut is from there: it fetches, once.)
    wait_for_streams(alice, seen, game["id"], 1)
    alice.wait_for_timeout(500)

    # Alice's network refuses her streams: the one open ends within a second, and the
    # browser's tries to open another fail until the network lets them through.
    refused: list[str] = []

    def refuse(route: Any) -> None:
        refused.append(route.request.url)
        route.abort()

    alice.route(re.compile(r"/live\?"), refuse)
    wait_until(alice, lambda: bool(refused), "the stream was not cut")
    press(bob, "End the turn")  # Turn 3, while Alice's page hears nothing
    alice.wait_for_timeout(300)
    assert shown_version(alice) == before
    assert "Turn 2" in alice.locator("#live .status-title").inner_text()

    alice.unroute(re.compile(r"/live\?"))
    alice.locator("#live .status-title", has_text="Turn 3").wait_for(timeout=LIVE_TIMEOUT_MS)
    alice.wait_for_timeout(500)
    # Brought by the stream's first message: no fetch of the region, before or after.
    assert fragment_gets(seen, game["id"]) == 0, [(m, u) for m, u, _h in seen]
    # And the page's stream address now says the version it shows.
    connect = alice.locator("#live").get_attribute("sse-connect") or ""
    assert f"v={shown_version(alice)}" in connect
