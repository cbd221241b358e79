"""Shared fixtures: settings on a fresh database, a TestClient, and make_game.

The database is a temporary SQLite file; in modules marked `both_databases` every test
that uses it runs twice, on SQLite and on a fresh PostgreSQL database (tests/databases.py).
"""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import settings as hypothesis_settings

from app.main import create_app
from app.settings import Settings
from app.store.notify import VersionListener
from tests.databases import DATABASE_KINDS, fresh_database, seed_migrated

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

# Every test app on PostgreSQL stops its LISTEN thread at the end, which waits for the thread
# to wake: at 1 s (the server's) that was most of a short PostgreSQL test's time.
VersionListener.wake_seconds = 0.05

# Hypothesis profiles (README, "Tests"). "ci", the default: the same examples on every run and
# every machine (derandomize, no example database), so CI never fails on a draw no one can
# replay. "quick" (scripts/test --quick, a developer's loop after each change): the same, with
# a quarter of the examples. "long": random, many more examples, failures kept in .hypothesis/
# to replay; chosen with FACEDOWN_HYPOTHESIS=long. Modules with their own example counts read
# `LONG_RUN`, and scale them with `quick_examples`.
HYPOTHESIS_PROFILES = ("ci", "quick", "long")
hypothesis_settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
hypothesis_settings.register_profile(
    "quick", max_examples=25, derandomize=True, database=None, print_blob=True
)
hypothesis_settings.register_profile("long", max_examples=1000, print_blob=True)
HYPOTHESIS_PROFILE = os.environ.get("FACEDOWN_HYPOTHESIS") or "ci"
if HYPOTHESIS_PROFILE not in HYPOTHESIS_PROFILES:
    raise pytest.UsageError(
        f"FACEDOWN_HYPOTHESIS={HYPOTHESIS_PROFILE!r}: expected one of {HYPOTHESIS_PROFILES}"
    )
hypothesis_settings.load_profile(HYPOTHESIS_PROFILE)
LONG_RUN = HYPOTHESIS_PROFILE == "long"
QUICK_RUN = HYPOTHESIS_PROFILE == "quick"


def quick_examples(ci: int) -> int:
    """A module's own example count on the profile in force: `ci` examples, a quarter of them
    (at least 2) on the quick profile. The long profile's counts stay the module's own."""
    return max(2, ci // 4) if QUICK_RUN else ci


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "engine: needs app.rules.engine (new_game/apply), not only the store/web"
    )
    config.addinivalue_line(
        "markers",
        "both_databases: run the module's tests on SQLite and on PostgreSQL (the `settings`, "
        "`database_url` and store fixtures are parametrized)",
    )
    config.addinivalue_line(
        "markers", "postgresql: runs on PostgreSQL (a both_databases case, or a test needing one)"
    )


# The collector's garbage: what a test process holds after collecting (modules, Hypothesis'
# strategies, schemathesis' cases, the apps modules build at import) lives to the end, yet
# every full collection walked it again. Frozen once collected, and the youngest generation
# collected every 20,000 allocations rather than 700 (a page render allocates tens of
# thousands): GC was about 6 % of a web test's CPU, about 3 % after (measured with
# gc.callbacks on tests/web/pages/test_live_region.py and the tile-cache twins). The app's
# own processes keep Python's defaults.
GC_THRESHOLDS = (20_000, 20, 50)


def pytest_collection_finish(session: pytest.Session) -> None:
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "database_kind" in metafunc.fixturenames and metafunc.definition.get_closest_marker(
        "both_databases"
    ):
        # The PostgreSQL case carries the `postgresql` mark: `-m "not postgresql"` (scripts/test
        # --quick) leaves it out instead of skipping it.
        metafunc.parametrize(
            "database_kind",
            [
                pytest.param(kind, marks=[pytest.mark.postgresql] if kind == "postgresql" else [])
                for kind in DATABASE_KINDS
            ],
        )


@pytest.fixture
def database_kind() -> str:
    """SQLite, unless the module is marked both_databases (then each kind in turn)."""
    return "sqlite"


@pytest.fixture
def database_url(database_kind: str, tmp_path) -> Iterator[str]:
    with fresh_database(database_kind, tmp_path) as url:
        yield url


@pytest.fixture
def settings(database_url: str) -> Settings:
    return Settings(database_url=database_url, snapshot_every=5)


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    seed_migrated(settings.database_url)  # the app finds its schema at head: no migration
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def api_act(client: Any, game_id: str, token: str, body: Any, **kwargs: Any) -> Any:
    """One action through the JSON API, as the holder of `token`."""
    return client.post(f"/api/games/{game_id}/actions", headers=bearer(token), json=body, **kwargs)


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


def read_game_rows(database_url: str, game_id: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every stored row of one game, read through a connection of our own: the game, its
    seats, its action log and its snapshots, for before/after comparisons."""
    from sqlalchemy import create_engine, text

    engine = create_engine(database_url)
    queries = {
        "games": "SELECT * FROM games WHERE id = :g",
        "seats": "SELECT * FROM seats WHERE game_id = :g ORDER BY id",
        "actions": "SELECT * FROM actions WHERE game_id = :g ORDER BY version",
        "snapshots": "SELECT * FROM snapshots WHERE game_id = :g ORDER BY version",
    }
    try:
        with engine.connect() as conn:
            return {
                table: [tuple(row) for row in conn.execute(text(sql), {"g": game_id})]
                for table, sql in queries.items()
            }
    finally:
        engine.dispose()


@pytest.fixture
def game_rows() -> Callable[[str, str], dict[str, list[tuple[Any, ...]]]]:
    return read_game_rows
