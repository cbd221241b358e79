"""Two app servers, one PostgreSQL: what a load balancer in front of several uvicorn
processes (or hosts) relies on. A seat acting through server A is seen live by a page
connected to server B (LISTEN/NOTIFY, not polling: the streams' polling is set to a minute),
and 2 × 20 seats acting at once through both servers lose no action."""

from __future__ import annotations

import json
import queue
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from tests.counter_game import act_until_accepted, new_counter_game
from tests.databases import fresh_postgres_database, require_postgres
from tests.server import running_server

pytestmark = pytest.mark.server

GAMES = 20
ACTIONS_PER_SEAT = 15
# Far longer than the test waits: a change seen within seconds came by NOTIFY.
SLOW_POLL = {"FACEDOWN_LIVE_POLL_SECONDS": "60"}


@pytest.fixture
def two_servers(tmp_path):
    with (
        fresh_postgres_database(require_postgres()) as url,
        running_server(url, env=SLOW_POLL, log_dir=tmp_path) as server_a,
        running_server(url, env=SLOW_POLL, log_dir=tmp_path) as server_b,
    ):
        yield server_a, server_b


def _read_stream(base: str, game_id: str, token: str, out: queue.Queue, stop: threading.Event):
    """A page's live stream on `base`: join with the seat link (cookie), then read SSE lines."""
    with httpx.Client(base_url=base, timeout=httpx.Timeout(30, read=90)) as page:
        assert page.get(f"/join/{token}", follow_redirects=True).status_code == 200
        try:
            with page.stream("GET", f"/g/{game_id}/live", params={"v": 0}) as stream:
                out.put(("open", stream.status_code))
                for line in stream.iter_lines():
                    if stop.is_set():
                        return
                    if line.startswith("data: "):
                        out.put(("data", line.removeprefix("data: ")))
        except httpx.HTTPError:
            if not stop.is_set():  # the server going away at the end is expected
                raise


def test_an_action_through_server_a_reaches_a_page_on_server_b_at_once(two_servers):
    server_a, server_b = two_servers
    game = new_counter_game(server_a)
    game_id, tokens, creatures = game.id, game.tokens, game.creatures
    lines: queue.Queue = queue.Queue()
    stop = threading.Event()
    reader = threading.Thread(
        target=_read_stream, args=(server_b, game_id, tokens["Bob"], lines, stop), daemon=True
    )
    reader.start()
    try:
        assert lines.get(timeout=15) == ("open", 200)
        time.sleep(0.5)  # the stream is waiting on server B's broadcaster
        for version in (1, 2, 3):
            started = time.monotonic()
            response = httpx.post(
                f"{server_a}/api/games/{game_id}/actions",
                headers={"Authorization": f"Bearer {tokens['Alice']}"},
                json={"type": "add_counter", "object": creatures["Alice"]},
            )
            assert response.status_code == 200, response.text
            kind, data = lines.get(timeout=5)
            assert kind == "data"
            # The version, with what changed on Bob's page when server B can work it out
            # (it drew the page this stream's page shows: app/web/live.py); between the
            # servers only the version travels (NOTIFY: app/store/notify.py).
            news = json.loads(data)
            assert news["version"] == version
            assert set(news) in ({"version"}, {"version", "base", "lang", "html"})
            assert time.monotonic() - started < 5  # NOTIFY, not the 60 s poll
        # The page on server B, re-rendered after the news, shows the new state.
        with httpx.Client(base_url=server_b) as page:
            page.get(f"/join/{tokens['Bob']}", follow_redirects=True)
            board = page.get(f"/g/{game_id}")
            assert board.status_code == 200
            # Rendered at version 3: its own stream resumes from there.
            assert f"/g/{game_id}/live?v=3" in board.text
    finally:
        stop.set()


def _seat(base: str, game_id: str, token: str, creature: str, seat: str) -> Counter:
    """ACTIONS_PER_SEAT actions, each guarded by expected_version and retried after a 409."""
    statuses: Counter = Counter()
    headers = {"Authorization": f"Bearer {token}"}
    with httpx.Client(base_url=base, headers=headers, timeout=60) as http:
        for i in range(ACTIONS_PER_SEAT):
            body = {"type": "add_counter", "object": creature, "request_id": f"{seat}-{i}"}
            statuses += act_until_accepted(http, game_id, body)
    return statuses


def test_twenty_seats_on_each_server_lose_no_action(two_servers):
    server_a, server_b = two_servers
    games = [new_counter_game(server_a if g % 2 else server_b) for g in range(GAMES)]
    with ThreadPoolExecutor(max_workers=2 * GAMES) as pool:
        futures = [
            # Alice always through server A, Bob through server B: every game is shared.
            pool.submit(_seat, base, g.id, g.tokens[player], g.creatures[player], f"{player}{n}")
            for n, g in enumerate(games)
            for player, base in (("Alice", server_a), ("Bob", server_b))
        ]
        statuses = sum((f.result() for f in futures), Counter())
    assert set(statuses) <= {200, 409}, statuses
    assert statuses[200] == 2 * GAMES * ACTIONS_PER_SEAT
    for game in games:
        for base in (server_a, server_b):  # both servers agree
            log = httpx.get(f"{base}/api/games/{game.id}/log", headers=game.judge).json()
            view = httpx.get(f"{base}/api/games/{game.id}/view", headers=game.judge).json()
            assert view["version"] == 2 * ACTIONS_PER_SEAT
            assert [e["version"] for e in log["entries"]] == list(range(view["version"] + 1))
            assert Counter(e["actor"] for e in log["entries"][1:]) == {
                "Alice": ACTIONS_PER_SEAT,
                "Bob": ACTIONS_PER_SEAT,
            }
            counters = {o["controller"]: o["counters"].get("+1/+1", 0) for o in view["objects"]}
            assert counters == {"Alice": ACTIONS_PER_SEAT, "Bob": ACTIONS_PER_SEAT}
