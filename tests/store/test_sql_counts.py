"""No N+1: the SQL statements a request runs do not grow with the game (issue 8).

Counted with SQLAlchemy's before_cursor_execute event on the app's engine (the read-only
engine shares its events), for a view and an action, on games of growing length, warm and
cold. Not timed: only statements are counted.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event

from app.main import create_app
from app.rules.families import parse_action
from app.settings import Settings
from app.store.repository import GameRepository

pytestmark = pytest.mark.both_databases

SNAPSHOT_EVERY = 10
# Lengths that cross several snapshots; each measured action lands between two snapshots.
LENGTHS = (3, 23, 63)
PLAYERS = ["Alice", "Bob"]
SETUP = [
    {"owner": "Alice", "zone": "battlefield", "card": "Grizzly Bears"},
    {"owner": "Alice", "zone": "hand", "card": "Exalted Angel"},
    {"owner": "Bob", "zone": "battlefield", "card": "Ixidron"},
]


class Counter:
    def __init__(self) -> None:
        self.statements: list[str] = []

    def __call__(self, conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        self.statements.append(" ".join(statement.split())[:80])


@pytest.fixture
def app_client(database_url: str) -> Iterator[tuple[TestClient, Counter]]:
    settings = Settings(
        database_url=database_url,
        snapshot_every=SNAPSHOT_EVERY,
        rate_create="off",
        rate_act="off",
    )
    app = create_app(settings)
    counter = Counter()
    event.listen(app.state.engine, "before_cursor_execute", counter)
    with TestClient(app) as client:
        yield client, counter
    event.remove(app.state.engine, "before_cursor_execute", counter)


def _game(client: TestClient, length: int) -> tuple[str, dict[str, str], str]:
    """A game of `length` actions (tap / untap of Alice's bear, played through the store)."""
    body = {"ruleset": "mtg", "players": PLAYERS, "setup": SETUP}
    created = client.post("/api/games", json=body).json()
    tokens = {s["player"]: s["token"] for s in created["seats"]}
    repository: GameRepository = client.app.state.repository  # type: ignore[attr-defined]
    state = repository.load(created["id"])
    bear = next(o.id for o in state.objects if o.card.name == "Grizzly Bears")
    for i in range(length):
        kind = "tap" if i % 2 == 0 else "untap"
        repository.act(created["id"], parse_action({"type": kind, "object": bear}), "Alice")
    return created["id"], tokens, bear


def _count(counter: Counter, call: Any, *args: Any, **kwargs: Any) -> list[str]:
    """The statements run by one request, `call(*args, **kwargs)`."""
    counter.statements.clear()
    response = call(*args, **kwargs)
    assert response.status_code == 200, response.text
    return list(counter.statements)


def _per_length(client: TestClient, counter: Counter) -> dict[str, dict[int, list[str]]]:
    counts: dict[str, dict[int, list[str]]] = {}
    repository: GameRepository = client.app.state.repository  # type: ignore[attr-defined]
    for length in LENGTHS:
        game_id, tokens, bear = _game(client, length)
        alice = {"Authorization": f"Bearer {tokens['Alice']}"}
        view = f"/api/games/{game_id}/view"
        client.get(view, headers=alice)  # the token is now known to this process

        repository.cache.clear()
        counts.setdefault("view, cold", {})[length] = _count(
            counter, client.get, view, headers=alice
        )
        counts.setdefault("view, warm", {})[length] = _count(
            counter, client.get, view, headers=alice
        )
        action = {"type": "tap" if length % 2 == 0 else "untap", "object": bear}
        counts.setdefault("action", {})[length] = _count(
            counter, client.post, f"/api/games/{game_id}/actions", headers=alice, json=action
        )
    return counts


def test_sql_statements_per_request_do_not_grow_with_the_game(app_client):
    client, counter = app_client
    counts = _per_length(client, counter)
    for name, by_length in counts.items():
        sizes = {length: len(statements) for length, statements in by_length.items()}
        assert len(set(sizes.values())) == 1, f"{name}: {sizes}\n{by_length}"
    # And they stay few: a warm view reads the game's head (the state is cached), a cold one
    # also the latest snapshot and the actions after it; an action is BEGIN IMMEDIATE, the
    # compare-and-set UPDATE of the version and the INSERT of the log entry.
    assert len(counts["view, warm"][LENGTHS[0]]) <= 2, counts["view, warm"]
    assert len(counts["view, cold"][LENGTHS[0]]) <= 4, counts["view, cold"]
    assert len(counts["action"][LENGTHS[0]]) <= 4, counts["action"]


def _pages_installed(client: TestClient) -> bool:
    # Without a seat cookie a seat page refuses (403); without the pages it does not exist.
    return client.get("/g/no-such-game").status_code != 404


def test_sql_statements_per_page_request_do_not_grow_with_the_game(app_client):
    client, counter = app_client
    assert _pages_installed(client), "the seat pages must be installed"
    repository: GameRepository = client.app.state.repository  # type: ignore[attr-defined]
    counts: dict[str, dict[int, int]] = {}
    for length in LENGTHS:
        game_id, tokens, bear = _game(client, length)
        client.cookies.clear()
        joined = client.get(f"/join/{tokens['Alice']}", follow_redirects=False)
        assert joined.status_code == 303
        page = f"/g/{game_id}"
        client.get(page)
        repository.cache.clear()
        counts.setdefault("page, cold", {})[length] = len(_count(counter, client.get, page))
        counts.setdefault("page, warm", {})[length] = len(_count(counter, client.get, page))
        counts.setdefault("htmx fragment", {})[length] = len(
            _count(counter, client.get, page, headers={"HX-Request": "true"})
        )
        csrf = re.search(r'name="csrf" value="([^"]+)"', client.get(page).text)
        assert csrf is not None
        action = {"type": "tap" if length % 2 == 0 else "untap", "object": bear}
        counts.setdefault("htmx action", {})[length] = len(
            _count(
                counter,
                client.post,
                f"{page}/act",
                headers={"HX-Request": "true", "X-CSRF-Token": csrf.group(1)},
                data={"action": json.dumps(action)},
            )
        )
    for name, sizes in counts.items():
        assert len(set(sizes.values())) == 1, f"{name}: {sizes}"
