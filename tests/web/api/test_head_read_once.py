"""A game's ruleset is read once per request: its head (ruleset, title, version) is one
statement, however many helpers of the route ask for it (app/store/request_heads.py).

Counted with SQLAlchemy's before_cursor_execute event on the app's engine. Before the
request-scoped door, a seat page read the head three times, an edition comparison seven."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event

from app.main import create_app
from app.settings import Settings

pytestmark = pytest.mark.both_databases

# The head read (app/store/compare_and_set.py): the only statement that reads the ruleset.
HEAD = re.compile(r"^SELECT games\.id, games\.ruleset, games\.title, games\.version, games\.fin")
SETUP = {
    "ruleset": "mtg",
    "players": ["Alice", "Bob"],
    "setup": [
        {"owner": "Alice", "zone": "battlefield", "card": "Grizzly Bears"},
        {"owner": "Alice", "zone": "library", "card": "Island"},
    ],
}


class Heads:
    """The game-head reads among the statements run since `clear()`."""

    def __init__(self) -> None:
        self.statements: list[str] = []

    def __call__(self, conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        self.statements.append(" ".join(statement.split()))

    def count(self) -> int:
        return sum(1 for s in self.statements if HEAD.match(s))


@pytest.fixture
def counted(database_url: str) -> Iterator[tuple[TestClient, Heads]]:
    app = create_app(Settings(database_url=database_url, rate_create="off", rate_act="off"))
    heads = Heads()
    event.listen(app.state.engine, "before_cursor_execute", heads)
    with TestClient(app) as client:
        yield client, heads
    event.remove(app.state.engine, "before_cursor_execute", heads)


def _reads(heads: Heads, call: Any, *args: Any, **kwargs: Any) -> int:
    heads.statements.clear()
    response = call(*args, **kwargs)
    assert response.status_code == 200, response.text
    return heads.count()


def test_every_request_reads_the_game_head_at_most_once(counted) -> None:
    client, heads = counted
    created = client.post("/api/games", json=SETUP).json()
    game_id = created["id"]
    tokens = {s["player"]: s["token"] for s in created["seats"]}
    alice = {"Authorization": f"Bearer {tokens['Alice']}"}
    api = f"/api/games/{game_id}"
    objects = client.get(f"{api}/view", headers=alice).json()["objects"]
    bear = next(o["id"] for o in objects if (o.get("card") or {}).get("name") == "Grizzly Bears")

    reads = {
        "api view": _reads(heads, client.get, f"{api}/view", headers=alice),
        "api log": _reads(heads, client.get, f"{api}/log", headers=alice),
        "api action": _reads(
            heads,
            client.post,
            f"{api}/actions",
            headers=alice,
            json={"type": "tap", "object": bear},
        ),
    }
    page = f"/g/{game_id}"
    client.get(f"/join/{tokens['Alice']}", follow_redirects=False)
    csrf = re.search(r'name="csrf" value="([^"]+)"', client.get(page).text)
    assert csrf is not None
    htmx = {"HX-Request": "true", "X-CSRF-Token": csrf.group(1)}
    untap = json.dumps({"type": "untap", "object": bear})
    reads |= {
        "seat page": _reads(heads, client.get, page),
        "htmx fragment": _reads(heads, client.get, page, headers={"HX-Request": "true"}),
        "page action": _reads(
            heads, client.post, f"{page}/act", headers=htmx, data={"action": untap}
        ),
        "full log": _reads(heads, client.get, f"{page}/log"),
        "a past version": _reads(heads, client.get, f"{page}/at", params={"v": 1}),
        "take-back request": _reads(
            heads, client.post, f"{page}/take-back", headers=htmx, data={"to": "1"}
        ),
    }
    client.cookies.clear()
    client.get(f"/join/{created['judge']['token']}", follow_redirects=False)
    reads |= {
        "judge page": _reads(heads, client.get, page),
        "edition comparison": _reads(heads, client.get, f"{page}/editions"),
        "export": _reads(heads, client.get, f"{page}/export.json"),
    }
    assert {name: n for name, n in reads.items() if n > 1} == {}, reads
    # A read names its game's head: it is read, once (a write may start from this process's
    # memory of the head it committed, and then reads none).
    assert all(n == 1 for name, n in reads.items() if "action" not in name), reads
