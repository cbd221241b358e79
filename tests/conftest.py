"""Shared fixtures: settings on a temporary SQLite file, a TestClient, and make_game."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from app.settings import Settings

DEFAULT_PLAYERS = ("Alice", "Bob")
DEFAULT_SETUP: tuple[dict[str, Any], ...] = (
    {"owner": "Alice", "zone": "hand", "card": "Exalted Angel"},
    {"owner": "Alice", "zone": "hand", "card": "Grizzly Bears"},
    {"owner": "Alice", "zone": "library", "card": "Island"},
    {"owner": "Alice", "zone": "library", "card": "Serra Angel"},
    {"owner": "Bob", "zone": "battlefield", "card": "Ixidron"},
    {"owner": "Bob", "zone": "hand", "card": "Den Protector"},
)

MakeGame = Callable[..., tuple[str, dict[str, str]]]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "engine: needs app.rules.engine (new_game/apply), not only the store/web"
    )
    config.addinivalue_line(
        "markers",
        "both_databases: run the module's tests on SQLite and on PostgreSQL (the `settings`, "
        "`database_url` and store fixtures are parametrized)",
    )


@pytest.fixture
def settings(tmp_path) -> Settings:
    return Settings(database_url=f"sqlite:///{tmp_path / 'facedown.db'}", snapshot_every=5)


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _make_game(
    client: TestClient,
    setup: list[dict[str, Any]] | tuple[dict[str, Any], ...] = DEFAULT_SETUP,
    players: list[str] | tuple[str, ...] = DEFAULT_PLAYERS,
    ruleset: str = "mtg",
    title: str = "",
) -> tuple[str, dict[str, str]]:
    """POST /api/games; returns (game id, {player name | "judge" | "spectator": token})."""
    response = client.post(
        "/api/games",
        json={"ruleset": ruleset, "players": list(players), "setup": list(setup), "title": title},
    )
    assert response.status_code == 201, response.text
    body = response.json()
    tokens = {seat["player"]: seat["token"] for seat in body["seats"]}
    tokens["judge"] = body["judge"]["token"]
    tokens["spectator"] = body["spectator"]["token"]
    return body["id"], tokens


@pytest.fixture
def make_game() -> MakeGame:
    return _make_game


def sqlite_path(database_url: str) -> str:
    return database_url.removeprefix("sqlite:///")


def read_game_rows(database_url: str, game_id: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every stored row of one game, read with a plain sqlite3 connection: the game, its
    seats, its action log and its snapshots, for before/after byte comparisons."""
    import sqlite3

    conn = sqlite3.connect(sqlite_path(database_url))
    try:
        return {
            "games": conn.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchall(),
            "seats": conn.execute(
                "SELECT * FROM seats WHERE game_id = ? ORDER BY id", (game_id,)
            ).fetchall(),
            "actions": conn.execute(
                "SELECT * FROM actions WHERE game_id = ? ORDER BY version", (game_id,)
            ).fetchall(),
            "snapshots": conn.execute(
                "SELECT * FROM snapshots WHERE game_id = ? ORDER BY version", (game_id,)
            ).fetchall(),
        }
    finally:
        conn.close()


@pytest.fixture
def game_rows() -> Callable[[str, str], dict[str, list[tuple[Any, ...]]]]:
    return read_game_rows
