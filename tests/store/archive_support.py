"""Helpers for the archive tests (tests/store/test_archive.py, tests/test_cli.py): games with
hidden cards, a long log, several snapshots and a ruling, played through the API; every stored
row of a database, read through SQLAlchemy; export and import in memory."""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import Table, create_engine, select

from app.store.archive import ArchiveCounts, export_archive, import_archive
from app.store.db import make_engine
from app.store.migrate import upgrade
from app.store.tables import ActionRecord, Game, Ruling, ScenarioBrief, Seat, Snapshot
from tests.conftest import _make_game, bearer

# Cast face down by Alice in the long game: only she and the judge may see its name.
HIDDEN_CARD = "Exalted Angel"


@dataclass(frozen=True)
class PlayedGame:
    id: str
    # player name | "judge" | "spectator" -> raw token (what seat links carry)
    tokens: dict[str, str]
    version: int
    ruling: str | None = None


def _act(client: TestClient, game_id: str, token: str, body: dict[str, Any]) -> int:
    response = client.post(f"/api/games/{game_id}/actions", json=body, headers=bearer(token))
    assert response.status_code == 200, response.text
    return response.json()["version"]


def _object_id(client: TestClient, game_id: str, token: str, name: str) -> str:
    view = client.get(f"/api/games/{game_id}/view", headers=bearer(token)).json()
    [found] = [o["id"] for o in view["objects"] if o.get("name") == name]
    return found


def play_long_game(client: TestClient, title: str = "Long game") -> PlayedGame:
    """13 actions (snapshots at 0, 5 and 10 with snapshot_every=5), a face-down card, request
    ids, a judge acting as a player, and a ruling pinned at version 7."""
    game_id, tokens = _make_game(client, title=title)
    angel = _object_id(client, game_id, tokens["Alice"], HIDDEN_CARD)
    ixidron = _object_id(client, game_id, tokens["Bob"], "Ixidron")
    _act(
        client,
        game_id,
        tokens["Alice"],
        {"type": "cast_face_down", "object": angel, "via": "morph"},
    )
    _act(client, game_id, tokens["Alice"], {"type": "resolve", "request_id": "resolve-1"})
    _act(client, game_id, tokens["Bob"], {"type": "tap", "object": ixidron})
    _act(client, game_id, tokens["Bob"], {"type": "untap", "object": ixidron})
    as_bob = {"type": "tap", "object": ixidron, "as": "Bob", "request_id": "judge-tap"}
    _act(client, game_id, tokens["judge"], as_bob)
    _act(client, game_id, tokens["judge"], {"type": "untap", "object": ixidron})
    version = _act(client, game_id, tokens["Alice"], {"type": "next_turn"})
    ruling = client.post(
        f"/api/games/{game_id}/rulings",
        json={"viewpoint": ["Bob", "spectator"], "title": "Can Bob look?", "note": "Non : 708.5."},
        headers=bearer(tokens["judge"]),
    )
    assert ruling.status_code == 201, ruling.text
    for _ in range(3):
        _act(client, game_id, tokens["Bob"], {"type": "tap", "object": ixidron})
        version = _act(client, game_id, tokens["Bob"], {"type": "untap", "object": ixidron})
    assert version == 13
    return PlayedGame(game_id, tokens, version, ruling.json()["slug"])


def play_games(client: TestClient) -> list[PlayedGame]:
    """The long game, a judge scenario (built by replaying its steps), and a new game with a
    non-ASCII title."""
    games = [play_long_game(client)]
    body = client.post("/api/scenarios/look-at-opponents-face-down/games").json()
    tokens = {seat["player"]: seat["token"] for seat in body["seats"]}
    tokens |= {"judge": body["judge"]["token"], "spectator": body["spectator"]["token"]}
    view = client.get(f"/api/games/{body['id']}/view", headers=bearer(tokens["judge"])).json()
    games.append(PlayedGame(body["id"], tokens, view["version"]))
    game_id, tokens = _make_game(client, title="Partie à l’aube — «morph» ✓ 🃏")
    games.append(PlayedGame(game_id, tokens, 0))
    return games


_TABLES: dict[str, Table] = {
    "games": Game.__table__,  # type: ignore[attr-defined]
    "seats": Seat.__table__,  # type: ignore[attr-defined]
    "actions": ActionRecord.__table__,  # type: ignore[attr-defined]
    "snapshots": Snapshot.__table__,  # type: ignore[attr-defined]
    "rulings": Ruling.__table__,  # type: ignore[attr-defined]
    "briefs": ScenarioBrief.__table__,  # type: ignore[attr-defined]
}
# Each table's order; seats and actions without their surrogate integer id (not carried).
_ORDER = {
    "games": ("id",),
    "seats": ("game_id", "id"),
    "actions": ("game_id", "version"),
    "snapshots": ("game_id", "version"),
    "rulings": ("slug",),
    "briefs": ("game_id",),
}


def database_rows(url: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, as SQLAlchemy reads it (so comparable across databases)."""
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            rows: dict[str, list[tuple[Any, ...]]] = {}
            for name, table in _TABLES.items():
                columns = [
                    c
                    for c in table.columns
                    if not (name in ("seats", "actions") and c.name == "id")
                ]
                order = [table.c[key] for key in _ORDER[name]]
                rows[name] = [tuple(r) for r in conn.execute(select(*columns).order_by(*order))]
            return rows
    finally:
        engine.dispose()


def export_bytes(url: str) -> bytes:
    engine = make_engine(url)
    try:
        out = io.BytesIO()
        export_archive(engine, out, "test")
        return out.getvalue()
    finally:
        engine.dispose()


def import_bytes(url: str, data: bytes, skip_existing: bool = False) -> ArchiveCounts:
    """Import into `url`, migrating it first (as `facedown import` does)."""
    engine = make_engine(url)
    try:
        return import_archive(
            engine,
            io.BytesIO(data),
            skip_existing=skip_existing,
            prepare=lambda: upgrade(url, engine=engine),
        )
    finally:
        engine.dispose()


def body_of(data: bytes) -> bytes:
    """An archive without its header line (which says when and from what it was exported)."""
    return data.split(b"\n", 1)[1]
