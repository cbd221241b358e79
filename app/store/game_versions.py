"""The versions of many games in one read: what the live streams' poller asks every few
seconds (app/web/live.py), for every game that has a stream open in this process."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import Engine, bindparam
from sqlalchemy import select as core_select

from app.store.tables import Game, table_of

_GAMES = table_of(Game)
_VERSIONS = core_select(_GAMES.c.id, _GAMES.c.version).where(
    _GAMES.c.id.in_(bindparam("ids", expanding=True))
)
# Ids per statement: well under SQLite's and PostgreSQL's bound-parameter limits.
CHUNK = 500


def game_versions(engine: Engine, game_ids: Sequence[str]) -> dict[str, int]:
    """{game id: version} for those of `game_ids` that exist (a deleted game is left out)."""
    out: dict[str, int] = {}
    with engine.connect() as conn:
        for start in range(0, len(game_ids), CHUNK):
            chunk = list(game_ids[start : start + CHUNK])
            for row in conn.execute(_VERSIONS, {"ids": chunk}):
                out[row.id] = row.version
    return out
