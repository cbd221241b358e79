"""(2) View cost against log length: a seat's view of games with 10, 1,000 and 10,000 actions.

The long games are played through `GameRepository.act` in this process, in the fresh
database (bench/database.py), before the server starts: the server then meets every game
cold. A game of each length is copied (rows copied in SQL under a new id and a new seat
token) so that each cold load in the measurement is the first read of its own game.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, insert, select, text

from app.catalog import load_catalog
from app.rules.core.state import GameState
from app.rules.families import family_of, parse_action
from app.rules.mtg.state import Zone
from app.store.db import make_engine
from app.store.migrate import upgrade
from app.store.repository import GameRepository, hash_token, new_token
from app.store.tables import ActionRecord, Game, Seat, Snapshot, new_game_id
from app.web.models import GameCreate
from app.web.setup_builder import build_setup
from bench.client import Connection
from bench.load import JSON, MORPH_CARD

PLAYERS = ["Alice", "Bob"]


@dataclass
class LongGame:
    length: int
    game_id: str
    token: str  # Alice's seat
    snapshot_version: int


def _card_in_hand(state: GameState, player: str) -> str:
    for obj in state.objects:
        if obj.zone == Zone.HAND and obj.owner == player and obj.card.name == MORPH_CARD:
            return obj.id
    raise RuntimeError(f"{MORPH_CARD} is not in {player}'s hand")


def play(repository: GameRepository, game_id: str, actions: int) -> None:
    """Play `actions` accepted actions: the same turn as the load test's ApiPlayer."""
    done = 0

    def act(player: str | None, action: dict[str, Any]) -> list[str]:
        nonlocal done
        result = repository.act(game_id, parse_action(action), player)
        done += 1
        return [o for e in result.events for o in e.objects]

    while True:
        for player in PLAYERS:
            steps: list[dict[str, Any]] = []
            card = _card_in_hand(repository.load(game_id), player)
            first = {"type": "cast_face_down", "object": card, "via": "morph"}
            if done >= actions:
                return
            act(player, first)
            if done >= actions:
                return
            x = act(player, {"type": "resolve"})[-1]
            steps = [
                {"type": "tap", "object": x},
                {"type": "untap", "object": x},
                {"type": "add_counter", "object": x},
                {"type": "pump", "object": x, "power": 1, "toughness": 1},
                {"type": "turn_face_up", "object": x, "via": "morph"},
                {"type": "attack", "objects": [x]},
                {"type": "move", "object": x, "to": "hand"},
                {"type": "next_turn"},
            ]
            for step in steps:
                if done >= actions:
                    return
                # 302.6: cast this turn, it is summoning sick: the judge declares the attack
                # (accepted with a warning in the log), as bench/load.py's mix does.
                act(None if step["type"] == "attack" else player, step)


def copy_game(engine: Engine, game_id: str, count: int = 1) -> list[tuple[str, dict[str, str]]]:
    """`count` copies of a game under new ids (its log and snapshots copied row by row), each
    with a new token per player: [(game id, {player: token})]."""
    games, actions, snapshots = (
        Game.__table__,  # type: ignore[attr-defined]
        ActionRecord.__table__,  # type: ignore[attr-defined]
        Snapshot.__table__,  # type: ignore[attr-defined]
    )
    out = [(new_game_id(), {p: new_token() for p in PLAYERS}) for _ in range(count)]
    with engine.begin() as conn:
        game = conn.execute(select(games).where(games.c.id == game_id)).mappings().one()
        conn.execute(insert(games), [{**game, "id": new_id} for new_id, _ in out])
        conn.execute(
            insert(Seat.__table__),  # type: ignore[attr-defined]
            [
                {"game_id": new_id, "role": "player", "player": p, "token_hash": hash_token(t)}
                for new_id, tokens in out
                for p, t in tokens.items()
            ],
        )
        for table in (actions, snapshots):
            rows = conn.execute(select(table).where(table.c.game_id == game_id)).mappings().all()
            keep = [c.name for c in table.columns if c.name != "id"]
            conn.execute(
                insert(table),
                [{**{k: r[k] for k in keep}, "game_id": new_id} for new_id, _ in out for r in rows],
            )
    return out


def build(
    url: str, lengths: list[int], copies: int, snapshot_every: int
) -> dict[int, list[LongGame]]:
    """Games of each length (and their copies) in a fresh (migrated here) database."""
    engine = make_engine(url)
    upgrade(url, engine=engine)
    repository = GameRepository(engine, snapshot_every=snapshot_every)
    catalog = load_catalog()
    setup = build_setup(
        GameCreate(ruleset="mtg", players=PLAYERS, setup=family_of("mtg").pages.starter(PLAYERS)),
        catalog,
    )
    games: dict[int, list[LongGame]] = {}
    try:
        for length in lengths:
            created = repository.create_game(setup, f"{length} actions")
            play(repository, created.id, length)
            if repository.info(created.id).version != length:
                raise RuntimeError(f"built {repository.info(created.id).version}, not {length}")
            snap = (length // snapshot_every) * snapshot_every
            games[length] = [LongGame(length, created.id, created.seats[0].token, snap)]
            for copy_id, tokens in copy_game(engine, created.id, copies):
                games[length].append(LongGame(length, copy_id, tokens["Alice"], snap))
        settle(engine)
    finally:
        engine.dispose()
    return games


def settle(engine: Engine) -> None:
    """On PostgreSQL, VACUUM ANALYZE after the bulk build, as autovacuum would soon do by
    itself: otherwise it starts during the measurement (and the first reads of the new rows
    set their hint bits), and the first seconds of cold reads came out twice as slow as the
    rest, whatever the game's length. SQLite needs nothing."""
    if engine.dialect.name != "postgresql":
        return
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
        conn.execute(text("VACUUM ANALYZE"))


async def _timed(conn: Connection, path: str, headers: dict[str, str]) -> float:
    started = time.perf_counter()
    response = await conn.request("GET", path, headers)
    elapsed = time.perf_counter() - started
    if response.status != 200:
        raise RuntimeError(f"GET {path}: {response.status} {response.text()[:300]}")
    return elapsed


def _ms(values: list[float]) -> float:
    return round(statistics.median(values) * 1000, 2)


def _api(game: LongGame) -> tuple[str, dict[str, str]]:
    return f"/api/games/{game.game_id}/view", {**JSON, "Authorization": f"Bearer {game.token}"}


def _page(game: LongGame) -> tuple[str, dict[str, str]]:
    return f"/g/{game.game_id}", {"Cookie": f"fd_seat={game.token}", "Accept-Encoding": "gzip"}


async def measure(
    base_url: str, games: dict[int, list[LongGame]], *, warm: int, pages: bool
) -> dict[str, Any]:
    """Median times per length: warm (the state cached) and cold (first read of a game
    since the server started: latest snapshot + replay), for the JSON view and the page.
    The lengths take turns, request by request, so a busy moment of the machine falls on
    all of them alike."""
    conn = Connection(base_url)
    lengths = sorted(games)
    samples: dict[str, dict[int, list[float]]] = {}

    async def rounds(name: str, count: int, pick: Any) -> None:
        row = samples.setdefault(name, {length: [] for length in lengths})
        for i in range(count):
            for length in lengths:
                path, headers = pick(length, i)
                row[length].append(await _timed(conn, path, headers))

    try:
        copies = {length: games[length][1:] for length in lengths}
        n_cold = min(len(c) for c in copies.values())
        json_cold = n_cold if not pages else n_cold // 2
        # The server's own first requests (imports, caches) land on the originals, which
        # the warm series reads anyway; then each copy's first read since the start: cold.
        for length in lengths:
            await _timed(conn, *_api(games[length][0]))
            if pages:
                await _timed(conn, *_page(games[length][0]))
        await rounds("json_cold", json_cold, lambda n, i: _api(copies[n][i]))
        if pages:
            await rounds(
                "page_cold", n_cold - json_cold, lambda n, i: _page(copies[n][json_cold + i])
            )
        await rounds("json_warm", warm, lambda n, i: _api(games[n][0]))
        if pages:
            await rounds("page_warm", max(5, warm // 5), lambda n, i: _page(games[n][0]))
    finally:
        await conn.close()
    shortest, longest = lengths[0], lengths[-1]
    ms = {name: {n: _ms(v) for n, v in row.items()} for name, row in samples.items()}
    return {
        "lengths": lengths,
        "ms": {name: {str(n): v for n, v in row.items()} for name, row in ms.items()},
        "ratio": {name: round(row[longest] / row[shortest], 2) for name, row in ms.items()},
        "detail": {
            str(n): {
                "snapshot_version": games[n][0].snapshot_version,
                "replayed_on_cold_load": n - games[n][0].snapshot_version,
            }
            for n in lengths
        },
    }
