"""The load the concurrency tests put on a real server: two-seat games over HTTP in which
each seat adds +1/+1 counters to its own creature, guarded by expected_version."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

import httpx

SETUP = [
    {"owner": "Alice", "zone": "battlefield", "card": "Grizzly Bears"},
    {"owner": "Bob", "zone": "battlefield", "card": "Serra Angel"},
]


@dataclass(frozen=True)
class CounterGame:
    id: str
    tokens: dict[str, str]  # by player name
    judge: dict[str, str]  # the judge's Authorization header
    creatures: dict[str, str]  # each player's creature id


def new_counter_game(base: str) -> CounterGame:
    created = httpx.post(f"{base}/api/games", json={"players": ["Alice", "Bob"], "setup": SETUP})
    assert created.status_code == 201, created.text
    body = created.json()
    judge = {"Authorization": f"Bearer {body['judge']['token']}"}
    view = httpx.get(f"{base}/api/games/{body['id']}/view", headers=judge).json()
    return CounterGame(
        id=body["id"],
        tokens={s["player"]: s["token"] for s in body["seats"]},
        judge=judge,
        creatures={o["controller"]: o["id"] for o in view["objects"]},
    )


def act_until_accepted(http: httpx.Client, game_id: str, body: dict[str, Any]) -> Counter[int]:
    """Send `body` on the version just read; after a 409 (another write landed first) read
    again and retry. Anything but 200 or 409 fails the test. The statuses seen, counted."""
    statuses: Counter[int] = Counter()
    while True:
        version = http.get(f"/api/games/{game_id}/view").json()["version"]
        response = http.post(
            f"/api/games/{game_id}/actions", json={**body, "expected_version": version}
        )
        assert response.status_code in (200, 409), response.text
        statuses[response.status_code] += 1
        if response.status_code == 200:
            return statuses
