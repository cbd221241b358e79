"""Game creation and actions are rate-limited per client address (429 + Retry-After)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from app.settings import Settings
from app.web.middleware.ratelimit import Rate, _Buckets
from tests.conftest import bearer

GAME = {
    "players": ["Alice", "Bob"],
    "setup": [{"owner": "Alice", "zone": "battlefield", "card": "Grizzly Bears"}],
}


def test_rate_parses_and_can_be_switched_off():
    assert Rate.parse("20/minute") == Rate(20, 60.0)
    assert Rate.parse("5 / second") == Rate(5, 1.0)
    assert Rate.parse("off") is None and Rate.parse("0/hour") is None
    with pytest.raises(ValueError):
        Rate.parse("lots")


def test_bucket_allows_a_burst_then_refills_over_time():
    buckets = _Buckets(Rate(3, 60.0))
    assert [buckets.take("1.2.3.4", 0.0) for _ in range(3)] == [0.0, 0.0, 0.0]
    wait = buckets.take("1.2.3.4", 0.0)
    assert wait == pytest.approx(20.0)
    assert buckets.take("5.6.7.8", 0.0) == 0.0  # another address has its own bucket
    assert buckets.take("1.2.3.4", 20.0) == 0.0  # one token back after 20 s


def test_creating_games_too_fast_gets_429_with_retry_after(tmp_path):
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'rl.db'}", rate_create="2/minute", rate_act="3/hour"
    )
    with TestClient(create_app(settings)) as client:
        first = client.post("/api/games", json=GAME)
        assert first.status_code == 201
        assert client.post("/api/games", json=GAME).status_code == 201
        refused = client.post("/api/games", json=GAME)
        assert refused.status_code == 429
        assert int(refused.headers["retry-after"]) >= 1
        assert refused.json()["error"] == "too_many_requests"
        # Reading is never limited; acting is, separately.
        token = first.json()["judge"]["token"]
        game_id = first.json()["id"]
        for _ in range(5):
            assert (
                client.get(f"/api/games/{game_id}/view", headers=bearer(token)).status_code == 200
            )
        statuses = [
            client.post(
                f"/api/games/{game_id}/actions", json={"type": "next_turn"}, headers=bearer(token)
            ).status_code
            for _ in range(4)
        ]
        assert statuses == [200, 200, 200, 429]


def test_pages_get_an_html_429(tmp_path):
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'rlp.db'}", rate_create="1/hour")
    with TestClient(create_app(settings)) as client:
        client.post("/games", data={})  # spends the one token, whatever the answer
        refused = client.post("/games", data={})
        assert refused.status_code == 429
        assert refused.headers["content-type"].startswith("text/html")
        assert "Too many requests" in refused.text and "Trop de requêtes" in refused.text
