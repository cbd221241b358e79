"""The live stream carries what changed on its page (app/web/live.py, app/web/pages/live.py):
byte for byte what that page's own catch-up fetch would get, for that viewer, viewpoint and
language, and the version alone whenever it can't know what the page shows."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import pytest

from app.rules.redact import Viewer
from app.store.seats import hash_token
from app.web import game_service
from app.web.live import Broadcaster, Patch, version_stream
from app.web.pages import live as live_page
from app.web.pages import live_region
from app.web.pages.acts_in_flight import ACTS, ActsInFlight
from app.web.seat_cookie import PageSeat
from tests.conftest import api_act
from tests.web.middleware.test_live_lane import run_async
from tests.web.pages.test_pages_live import _Repo
from tests.web.pages_support import csrf_of, seat_client

pytestmark = pytest.mark.engine

HIDDEN = "Exalted Angel"  # Alice's, in her hand: cast face down below


def short_streams(app: Any) -> None:
    # A stream sends its catch-up at once, then waits out its lifetime: a tenth of a second.
    app.state.broadcaster.lifetime = 0.1
    app.state.broadcaster.poll = 0.05


def news(body: str) -> list[dict[str, Any]]:
    """The `changed` messages of a stream's bytes, as JSON."""
    return [
        json.loads(line.removeprefix("data: "))
        for line in body.splitlines()
        if line.startswith("data: ")
    ]


def cast_face_down(client, game_id: str, tokens: dict[str, str]) -> None:
    view = client.get(
        f"/api/games/{game_id}/view", headers={"Authorization": f"Bearer {tokens['Alice']}"}
    ).json()
    angel = next(o["id"] for o in view["objects"] if o.get("name") == HIDDEN)
    body = {"type": "cast_face_down", "object": angel, "via": "morph"}
    answer = api_act(client, game_id, tokens["Alice"], body)
    assert answer.status_code == 200, answer.text


def resolve(client, game_id: str, tokens: dict[str, str]) -> None:
    """Version 1 to 2: the face-down spell resolves (a patch, where a new stack is not)."""
    answer = api_act(client, game_id, tokens["Alice"], {"type": "resolve"})
    assert answer.status_code == 200, answer.text


def page_behind(client, make_game, who: str = "Bob", query: str = "", lang: str = ""):
    """A game at version 2 with `who`'s page drawn at version 1 (`query`: its URL's, `lang`:
    its Accept-Language): (game id, tokens, `who`'s browser)."""
    game_id, tokens = make_game(client)
    short_streams(client.app)
    browser = seat_client(client.app, tokens[who])
    if lang:
        browser.headers["Accept-Language"] = lang
    cast_face_down(client, game_id, tokens)
    assert browser.get(f"/g/{game_id}{query}").status_code == 200  # the page shows version 1
    resolve(client, game_id, tokens)
    return game_id, tokens, browser


def catch_up(browser, game_id: str, since: int, query: str = "") -> str:
    """What the page's own catch-up fetch gets (static/js/live.js: `since`)."""
    sep = "&" if query else "?"
    response = browser.get(f"/g/{game_id}{query}{sep}since={since}", headers={"HX-Request": "true"})
    assert response.status_code == 200, response.text
    assert response.headers.get("hx-reswap") == "none", "a whole region, not a patch"
    return response.text


def test_the_stream_sends_a_seat_the_patch_its_catch_up_would_fetch(client, make_game):
    game_id, _tokens, bob = page_behind(client, make_game)

    [told] = news(bob.get(f"/g/{game_id}/live?v=1").text)

    assert told["version"] == 2 and told["base"] == 1 and told["lang"] == "en"
    assert told["html"] == catch_up(bob, game_id, 1)
    assert "hx-swap-oob" in told["html"]
    # Bob sees a face-down spell: not its name, not anything that names it.
    assert HIDDEN not in json.dumps(told) and "Face-down" in told["html"]


def test_the_judge_gets_the_patch_of_the_viewpoint_the_page_was_opened_with(client, make_game):
    game_id, tokens = make_game(client)
    short_streams(client.app)
    judge = seat_client(client.app, tokens["judge"])
    cast_face_down(client, game_id, tokens)
    page = judge.get(f"/g/{game_id}?seat=Bob").text
    assert judge.get(f"/g/{game_id}").status_code == 200  # and from the judge's own eyes
    # The page's stream carries the viewpoint (app/web/pages/table_page.py's urls).
    assert f'sse-connect="/g/{game_id}/live?v=1&amp;seat=Bob"' in page
    resolve(client, game_id, tokens)

    [told] = news(judge.get(f"/g/{game_id}/live?v=1&seat=Bob").text)

    assert told["html"] == catch_up(judge, game_id, 1, "?seat=Bob")
    assert HIDDEN not in told["html"]  # Bob's eyes: the judge sees what Bob sees
    [own] = news(judge.get(f"/g/{game_id}/live?v=1").text)
    assert HIDDEN in own["html"]  # the judge's own eyes see it


def test_a_french_page_gets_a_french_patch(client, make_game):
    game_id, _tokens, bob = page_behind(client, make_game, lang="fr-FR")

    raw = bob.get(f"/g/{game_id}/live?v=1").text
    [told] = news(raw)

    assert told["lang"] == "fr"
    assert told["html"] == catch_up(bob, game_id, 1)
    # Its letters as they are, not \u escapes: the bytes read as the page's HTML does.
    assert any(ord(c) > 127 for c in told["html"]) and "\\u00" not in raw


def test_without_the_pages_version_or_its_region_the_stream_says_the_version_alone(
    client, make_game, monkeypatch
):
    game_id, _tokens, bob = page_behind(client, make_game)

    # A stream that doesn't say where its page is: the version alone.
    assert news(bob.get(f"/g/{game_id}/live").text) == [{"version": 2}]
    # A region this process no longer holds (a restart, another worker drew the page):
    # nothing is built for the stream (the page's own fetch will build it).
    live_region.REGIONS.clear()
    built: list[int] = []
    monkeypatch.setattr("app.web.pages.live.stream_patch", lambda *a: built.append(1))
    assert news(bob.get(f"/g/{game_id}/live?v=1").text) == [{"version": 2}]
    assert built == []


def test_a_stream_whose_patch_fails_still_says_the_version(client, make_game, monkeypatch):
    game_id, _tokens, bob = page_behind(client, make_game)

    def broken(*_args: Any) -> Any:
        raise RuntimeError("the store hiccuped")

    monkeypatch.setattr("app.web.pages.live.stream_patch", broken)
    assert news(bob.get(f"/g/{game_id}/live?v=1").text) == [{"version": 2}]


def test_a_viewpoint_past_its_bound_is_refused_by_the_route(client, make_game):
    game_id, tokens = make_game(client)
    judge = seat_client(client.app, tokens["judge"])
    response = judge.get(f"/g/{game_id}/live?v=1&seat=" + "x" * 41)
    assert response.status_code == 422


def test_a_seat_naming_another_viewpoint_still_gets_its_own(client, make_game):
    """`?seat=` is the judge's: Bob's stream asking for Alice's eyes gets Bob's patch."""
    game_id, _tokens, bob = page_behind(client, make_game, query="?seat=Alice")

    [told] = news(bob.get(f"/g/{game_id}/live?v=1&seat=Alice").text)

    assert HIDDEN not in told["html"]
    assert told["html"] == catch_up(bob, game_id, 1, "?seat=Alice")


def test_while_its_own_action_is_on_its_way_a_seat_links_stream_says_the_version_alone(
    client, make_game
):
    """The tapping page gets its region in its answer: its stream doesn't build it again."""
    game_id, tokens, bob = page_behind(client, make_game)

    with ACTS.during((game_id, hash_token(tokens["Bob"]))):
        assert news(bob.get(f"/g/{game_id}/live?v=1").text) == [{"version": 2}]
    # Alice's action on its way changes nothing for Bob's stream.
    with ACTS.during((game_id, hash_token(tokens["Alice"]))):
        assert "html" in news(bob.get(f"/g/{game_id}/live?v=1").text)[0]


def test_a_page_action_marks_its_seat_link_busy_until_its_answer_is_built(
    client, make_game, monkeypatch
):
    game_id, tokens = make_game(client)
    alice = seat_client(client.app, tokens["Alice"])
    page = alice.get(f"/g/{game_id}").text
    busy: list[bool] = []
    real = game_service.perform

    def perform(*args: Any, **kwargs: Any) -> Any:
        busy.append(ACTS.busy((game_id, hash_token(tokens["Alice"]))))
        return real(*args, **kwargs)

    monkeypatch.setattr(game_service, "perform", perform)
    answer = alice.post(
        f"/g/{game_id}/act",
        data={"action": json.dumps({"type": "next_turn"}), "csrf": csrf_of(page)},
        headers={"HX-Request": "true"},
    )
    assert answer.status_code == 200, answer.text
    assert busy == [True]
    assert not ACTS.busy((game_id, hash_token(tokens["Alice"])))


def test_acts_in_flight_counts_each_action_until_it_ends():
    acts = ActsInFlight()
    with acts.during("k"):
        with acts.during("k"):
            assert acts.busy("k")
        assert acts.busy("k") and not acts.busy("other")
    assert not acts.busy("k")
    with pytest.raises(RuntimeError), acts.during("k"):
        raise RuntimeError("the action failed")
    assert not acts.busy("k")


class _State:
    """What a stream's patcher reads from the app (app.state)."""

    class repository:
        @staticmethod
        def for_request() -> None:
            return None

    viewer_cache = None


def _scope() -> dict[str, Any]:
    app = type("App", (), {"state": _State})()
    return {"type": "http", "headers": [], "app": app, "query_string": b""}


def test_the_streams_of_one_seat_link_told_at_once_share_one_patch(monkeypatch):
    """A second tab, everyone on the spectators' link: one build, every stream told."""
    made: list[int] = []

    def slow_patch(_request: Any, _at: Any, shown: int) -> Patch:
        made.append(shown)
        time.sleep(0.05)  # still being made when the other streams ask
        return Patch(shown, 2, "<p hx-swap-oob='true'>x</p>", "en")

    monkeypatch.setattr(live_page, "stream_patch", slow_patch)
    monkeypatch.setattr(live_page, "stream_patch_at_once", lambda *_a: None)  # to be made
    seat = PageSeat("g1", "token", Viewer.spectator())
    other = PageSeat("g1", "other-token", Viewer.spectator())

    async def scenario() -> list[Patch | int]:
        patchers = [live_page.page_patcher(_scope(), seat, None) for _ in range(3)]
        told = await asyncio.gather(*(p(1, 2) for p in patchers))
        # Another seat link's page is its own: its patch is made for it.
        told.append(await live_page.page_patcher(_scope(), other, None)(1, 2))
        return list(told)

    told = run_async(scenario())
    assert made == [1, 1]  # once for the three streams of one link, once for the other
    assert all(t == Patch(1, 2, "<p hx-swap-oob='true'>x</p>", "en") for t in told)
    assert live_page._MAKING == {}


def test_a_stream_with_a_patcher_tells_each_version_with_its_patch_once():
    """version_stream: the patch's own version is what the page will show (it may be newer
    than the news that woke the stream): that news is then not told again."""
    asked: list[tuple[int, int]] = []

    async def patcher(shown: int, latest: int) -> Patch | int:
        asked.append((shown, latest))
        return Patch(shown, 5, "<p>x</p>", "fr") if shown == 3 else latest

    async def scenario() -> list[bytes]:
        broadcaster = Broadcaster(lifetime=5, poll=5, ping=5)
        repo = _Repo(3)
        stream = version_stream(repo, broadcaster, "g1", since=3, patcher=patcher)  # type: ignore[arg-type]
        got = [await anext(stream)]  # retry
        waiting = asyncio.ensure_future(anext(stream))
        await asyncio.sleep(0.02)
        broadcaster.publish("g1", 4)
        got.append(await asyncio.wait_for(waiting, 2))
        broadcaster.publish("g1", 5)  # already told (the patch went to 5)
        waiting = asyncio.ensure_future(anext(stream))
        await asyncio.sleep(0.05)
        assert not waiting.done()
        broadcaster.publish("g1", 6)
        got.append(await asyncio.wait_for(waiting, 2))
        await stream.aclose()
        return got

    got = run_async(scenario())
    assert asked == [(3, 4), (5, 6)]
    assert json.loads(got[1].split(b"data: ")[1]) == {
        "version": 5,
        "base": 3,
        "lang": "fr",
        "html": "<p>x</p>",
    }
    assert got[1].startswith(b"event: changed\nid: 5\n")
    assert got[2] == b'event: changed\nid: 6\ndata: {"version": 6}\n\n'
