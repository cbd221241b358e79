"""Two seats acting at once against a real uvicorn (two worker processes) on 127.0.0.1:
no accepted action is lost or applied twice, versions have no gaps, stale writes get 409."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from tests.counter_game import act_until_accepted, new_counter_game
from tests.server import running_server

pytestmark = pytest.mark.both_databases

ACTIONS_PER_SEAT = 200
WORKERS = 2


def _seat_loop(base: str, game_id: str, token: str, creature: str, seat: str) -> dict[str, int]:
    """Send ACTIONS_PER_SEAT add_counter actions, each guarded by expected_version and
    retried on 409 after re-reading; every 10th is sent twice (a retry on bad Wi-Fi)."""
    headers = {"Authorization": f"Bearer {token}"}
    statuses = {"200": 0, "409": 0, "replayed": 0}
    with httpx.Client(base_url=base, headers=headers, timeout=30) as http:
        for i in range(ACTIONS_PER_SEAT):
            body = {"type": "add_counter", "object": creature, "request_id": f"{seat}-{i}"}
            for status, count in act_until_accepted(http, game_id, body).items():
                statuses[str(status)] += count
            if i % 10 == 0:
                again = http.post(f"/api/games/{game_id}/actions", json=body)
                assert again.status_code == 200, again.text
                assert again.json()["replayed"] is True
                statuses["replayed"] += 1
    return statuses


@pytest.mark.server
def test_two_seats_200_actions_each_concurrently_lose_nothing(database_url, tmp_path) -> None:
    with running_server(database_url, workers=WORKERS, log_dir=tmp_path) as base:
        game = new_counter_game(base)
        game_id, tokens, judge, creature = game.id, game.tokens, game.judge, game.creatures

        with ThreadPoolExecutor(max_workers=2) as pool:
            futures = [
                pool.submit(_seat_loop, base, game_id, tokens[p], creature[p], p)
                for p in ("Alice", "Bob")
            ]
            results = [f.result() for f in futures]

        log = httpx.get(f"{base}/api/games/{game_id}/log", headers=judge).json()
        view = httpx.get(f"{base}/api/games/{game_id}/view", headers=judge).json()

    versions = [entry["version"] for entry in log["entries"]]
    assert versions == list(range(0, 2 * ACTIONS_PER_SEAT + 1))  # gap-free, each once
    assert view["version"] == 2 * ACTIONS_PER_SEAT
    actors = [entry["actor"] for entry in log["entries"][1:]]
    assert actors.count("Alice") == actors.count("Bob") == ACTIONS_PER_SEAT
    # Exactly once: each creature carries one counter per accepted action, retries included.
    counters = {o["controller"]: o["counters"].get("+1/+1", 0) for o in view["objects"]}
    assert counters == {"Alice": ACTIONS_PER_SEAT, "Bob": ACTIONS_PER_SEAT}
    assert sum(r["200"] for r in results) == 2 * ACTIONS_PER_SEAT
    assert all(r["replayed"] == ACTIONS_PER_SEAT // 10 for r in results)
