"""20 games x 2 seats acting at once for 30 s against uvicorn with two workers on
127.0.0.1, on SQLite and on PostgreSQL: every accepted action is in its log exactly once,
versions are gap-free, stale writes get 409, and no "database is locked" (or PostgreSQL
conflict) ever reaches a client (no 5xx).

Each game plays in rounds: both seats read the version, meet, and post on it at once, so
every round is a race exactly one of them must win (200) and the other lose (409). The 20
games run their rounds independently, so their writes overlap on the database all along.
A seat pauses FACEDOWN_SOAK_PACE seconds (0.5) after each round: the races, not a flood of
requests, are what this checks (bench/ measures throughput), and an unpaced flood would take
both cores of CI's machine from the rest of the suite for the whole 30 s. Measured alone on
SQLite: about 1,050 races (as many 409s as the unpaced flood got) for 32 s of CPU, against
66 s unpaced. FACEDOWN_SOAK_PACE=0 floods; FACEDOWN_SOAK_SECONDS runs longer."""

from __future__ import annotations

import os
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from tests.counter_game import CounterGame, new_counter_game
from tests.server import running_server

pytestmark = pytest.mark.both_databases

GAMES = 20
SECONDS = float(os.environ.get("FACEDOWN_SOAK_SECONDS", "30"))
PACE = float(os.environ.get("FACEDOWN_SOAK_PACE", "0.5"))


class Rounds:
    """One game's rounds: both seats start a round together, read, meet again, then post."""

    def __init__(self, until: float) -> None:
        self.until = until
        self.over = False
        # A seat that fails aborts the barriers (timeout: a seat that hangs), so its partner
        # stops too instead of waiting for ever.
        self.start = threading.Barrier(2, action=self._decide, timeout=60)
        self.race = threading.Barrier(2, timeout=60)
        self.statuses: list[list[int]] = []
        self._lock = threading.Lock()

    def _decide(self) -> None:
        self.over = time.monotonic() >= self.until
        if not self.over:
            self.statuses.append([])

    def record(self, status: int) -> None:
        with self._lock:
            self.statuses[-1].append(status)


def _seat(base: str, game: CounterGame, player: str, rounds: Rounds) -> None:
    token = game.tokens[player]
    with httpx.Client(
        base_url=base, headers={"Authorization": f"Bearer {token}"}, timeout=30
    ) as http:
        try:
            i = 0
            while True:
                rounds.start.wait()
                if rounds.over:
                    return
                version = http.get(f"/api/games/{game.id}/view").json()["version"]
                rounds.race.wait()  # both have read the same version: both posts race on it
                response = http.post(
                    f"/api/games/{game.id}/actions",
                    json={
                        "type": "add_counter",
                        "object": game.creatures[player],
                        "expected_version": version,
                        "request_id": f"{token[:6]}-{i}",
                    },
                )
                rounds.record(response.status_code)
                i += 1
                time.sleep(PACE)
        except BaseException:
            rounds.start.abort()
            rounds.race.abort()
            raise


@pytest.mark.server
def test_twenty_games_two_seats_each_for_thirty_seconds(database_url, tmp_path) -> None:
    with running_server(database_url, workers=2, log_dir=tmp_path) as base:
        games = [new_counter_game(base) for _ in range(GAMES)]

        until = time.monotonic() + SECONDS
        rounds = {g.id: Rounds(until) for g in games}
        with ThreadPoolExecutor(max_workers=2 * GAMES) as pool:
            futures = [
                pool.submit(_seat, base, g, player, rounds[g.id])
                for g in games
                for player in g.tokens
            ]
            for future in futures:
                future.result()

        statuses = Counter(s for r in rounds.values() for each in r.statuses for s in each)
        assert set(statuses) <= {200, 409}, statuses  # no 5xx: no SQLITE_BUSY reached anyone
        # Every round a race on one version: exactly one seat's write is accepted.
        for game_rounds in rounds.values():
            assert game_rounds.statuses, "a game played no round"
            assert all(sorted(r) == [200, 409] for r in game_rounds.statuses), game_rounds.statuses
        accepted = 0
        for game in games:
            log = httpx.get(f"{base}/api/games/{game.id}/log", headers=game.judge).json()
            view = httpx.get(f"{base}/api/games/{game.id}/view", headers=game.judge).json()
            versions = [e["version"] for e in log["entries"]]
            assert versions == list(range(view["version"] + 1))
            assert view["version"] == len(rounds[game.id].statuses)  # one write per round
            actors = Counter(e["actor"] for e in log["entries"][1:])
            counters = {o["controller"]: o["counters"].get("+1/+1", 0) for o in view["objects"]}
            assert counters == {"Alice": actors["Alice"], "Bob": actors["Bob"]}
            accepted += view["version"]
        assert accepted == statuses[200]  # each accepted action in a log exactly once
