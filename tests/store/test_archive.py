"""`facedown export` / `facedown import` (app/store/archive.py): every game moves with every
row, seat links and the log keep working on the new database, and a bad or clashing archive
writes nothing. On SQLite and PostgreSQL, and from one to the other."""

from __future__ import annotations

import gzip
import io
from collections.abc import Callable, Iterator
from pathlib import Path

import orjson
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import inspect
from sqlmodel import SQLModel

from app.main import create_app
from app.rules.redact import Viewer, view_for
from app.settings import Settings
from app.store import archive
from app.store.archive import (
    ARCHIVED_COLUMNS,
    FORMAT,
    NOT_ARCHIVED,
    TABLES,
    ArchiveError,
    export_archive,
    import_archive,
    open_for_writing,
    read_lines,
)
from app.store.db import make_engine
from app.store.migrate import upgrade
from app.store.repository import GameRepository
from tests.conftest import _make_game, bearer
from tests.databases import fresh_database, fresh_postgres_database, require_postgres
from tests.store.archive_support import (
    HIDDEN_CARD,
    PlayedGame,
    body_of,
    database_rows,
    export_bytes,
    import_bytes,
    play_games,
    play_long_game,
)

pytestmark = pytest.mark.both_databases

VIEWERS = [Viewer.seat("Alice"), Viewer.seat("Bob"), Viewer.judge(), Viewer.spectator()]


@pytest.fixture
def target_url(database_kind: str, tmp_path: Path) -> Iterator[str]:
    """A second, empty database of the same kind as `settings.database_url`."""
    with fresh_database(database_kind, tmp_path, "target.db") as url:
        yield url


@pytest.fixture
def played(client: TestClient) -> list[PlayedGame]:
    return play_games(client)


def _lines(data: bytes) -> list[bytes]:
    return data.splitlines(keepends=True)


# -- the format -----------------------------------------------------------------------------


def test_every_column_of_every_table_is_archived() -> None:
    # A new table or column must be added to the archive (and the format version considered).
    # Imported card data is left out on purpose (NOT_ARCHIVED says why), and only that.
    tables = SQLModel.metadata.tables.values()
    assert set(TABLES.values()) == {t for t in tables if t.name not in NOT_ARCHIVED}
    assert {"cards"} == NOT_ARCHIVED
    for kind, table in TABLES.items():
        carried = {c.name for c in ARCHIVED_COLUMNS[kind]}
        not_carried = {"id"} if table.name in ("seats", "actions") else set()
        assert carried == {c.name for c in table.columns} - not_carried, kind


def test_the_archive_is_json_lines_with_a_header_and_an_end_line(settings, played) -> None:
    lines = [orjson.loads(line) for line in _lines(export_bytes(settings.database_url))]
    header, *records, end = lines
    assert header["format"] == FORMAT
    assert header["schema"] == archive.schema_head()
    assert header["source"] in ("sqlite", "postgresql")
    assert end == {
        "type": "end",
        "counts": {
            "games": 3,
            "seats": 12,  # 2 players + judge + spectator, per game
            "actions": 14 + (played[1].version + 1) + 1,
            "snapshots": 3 + len(range(0, played[1].version + 1, 5)) + 1,
            "rulings": 1,
            "briefs": 1,  # the scenario game's question and answer
        },
    }
    # Each game's block: the game, then its rows; seats by hash, never a raw token.
    assert [r["type"] for r in records if r["type"] == "game"] == ["game"] * 3
    text = b"".join(_lines(export_bytes(settings.database_url)))
    for game in played:
        for token in game.tokens.values():
            assert token.encode() not in text
    seat = next(r for r in records if r["type"] == "seat")
    assert set(seat) == {"type", "game_id", "role", "player", "token_hash", "link_generation"}
    assert len(seat["token_hash"]) == 64


# -- a move keeps everything ----------------------------------------------------------------


def test_export_then_import_carries_every_row(settings, played, target_url) -> None:
    data = export_bytes(settings.database_url)
    counts = import_bytes(target_url, data)

    before, after = database_rows(settings.database_url), database_rows(target_url)
    assert after == before
    assert counts.as_dict() == {table: len(rows) for table, rows in before.items()}
    assert counts.skipped == []
    long_game = played[0].id
    assert [r[0] for r in before["snapshots"] if r[0] == long_game] == [long_game] * 3
    # The target exports the same bytes: the stored JSON texts were carried byte for byte.
    assert body_of(export_bytes(target_url)) == body_of(data)


def test_seat_links_and_actions_work_on_the_new_database(
    settings, client, played, target_url
) -> None:
    import_bytes(target_url, export_bytes(settings.database_url))
    game = played[0]
    moved_settings = Settings(database_url=target_url, snapshot_every=5)
    with TestClient(create_app(moved_settings)) as moved:
        for who, token in game.tokens.items():
            path = f"/api/games/{game.id}/view"
            there = moved.get(path, headers=bearer(token))
            assert there.status_code == 200, who
            assert there.json() == client.get(path, headers=bearer(token)).json(), who
        log = f"/api/games/{game.id}/log"
        token = game.tokens["Alice"]
        assert (
            moved.get(log, headers=bearer(token)).json()
            == client.get(log, headers=bearer(token)).json()
        )
        ruling = f"/api/rulings/{game.ruling}"
        assert moved.get(ruling).json() == client.get(ruling).json()

        # A seat link opens the game page there, and the next action lands at the next version.
        joined = moved.get(f"/join/{game.tokens['Bob']}", follow_redirects=False)
        assert joined.status_code in (302, 303, 307), joined.text
        assert moved.get(f"/g/{game.id}").status_code == 200
        next_turn = moved.post(
            f"/api/games/{game.id}/actions",
            json={"type": "next_turn", "expected_version": game.version},
            headers=bearer(game.tokens["Bob"]),  # Bob's turn since version 7
        )
        assert next_turn.status_code == 200, next_turn.text
        assert next_turn.json()["version"] == game.version + 1
        # A retried request id recorded before the move is still recognised (applied once).
        retried = moved.post(
            f"/api/games/{game.id}/actions",
            json={"type": "resolve", "request_id": "resolve-1"},
            headers=bearer(game.tokens["Alice"]),
        )
        assert retried.status_code == 200, retried.text
        assert retried.json()["version"] == 2


def test_every_viewer_sees_the_same_states_after_the_move(settings, played, target_url) -> None:
    import_bytes(target_url, export_bytes(settings.database_url))
    source, target = make_engine(settings.database_url), make_engine(target_url)
    try:
        before = GameRepository(source, snapshot_every=5)
        after = GameRepository(target, snapshot_every=5)
        for game in played:
            versions = sorted({0, game.version // 2, game.version - 1, game.version} - {-1})
            for version in versions:
                old, new = before.load(game.id, version), after.load(game.id, version)
                assert new.model_dump() == old.model_dump(), (game.id, version)
                for viewer in VIEWERS:
                    assert view_for(new, viewer) == view_for(old, viewer), (game.id, viewer)
            assert after.log(game.id) == before.log(game.id)
            assert after.info(game.id) == before.info(game.id)
        # The hidden card is still hidden from Bob, still seen by Alice.
        state = after.load(played[0].id)
        assert HIDDEN_CARD not in str(view_for(state, Viewer.seat("Bob")).model_dump())
        assert HIDDEN_CARD in str(view_for(state, Viewer.seat("Alice")).model_dump())
    finally:
        source.dispose()
        target.dispose()


def test_export_reads_page_by_page(settings, played, monkeypatch) -> None:
    whole = export_bytes(settings.database_url)
    monkeypatch.setattr(archive, "_PAGE", 2)
    assert body_of(export_bytes(settings.database_url)) == body_of(whole)


def test_a_gzip_archive_file_round_trips(settings, played, target_url, tmp_path) -> None:
    path = tmp_path / "backup.jsonl.gz"
    engine = make_engine(settings.database_url)
    try:
        with open_for_writing(path) as out:
            export_archive(engine, out)
    finally:
        engine.dispose()
    assert path.read_bytes()[:2] == b"\x1f\x8b"
    assert not (tmp_path / "backup.jsonl.gz.part").exists()
    assert gzip.decompress(path.read_bytes()).startswith(b'{"format":"facedown-archive/1"')

    target = make_engine(target_url)
    try:
        upgrade(target_url, engine=target)
        with path.open("rb") as stream:
            counts = import_archive(target, read_lines(stream))
    finally:
        target.dispose()
    assert counts.games == 3
    assert database_rows(target_url) == database_rows(settings.database_url)


# -- refusals write nothing -----------------------------------------------------------------


def test_a_game_already_in_the_target_refuses_the_whole_import(
    settings, client, played, target_url
) -> None:
    import_bytes(target_url, export_bytes(settings.database_url))
    newer = play_long_game(client, title="Played after the first move")
    data = export_bytes(settings.database_url)
    in_target = database_rows(target_url)

    first_in_archive = min(g.id for g in played)  # the archive lists games by id
    with pytest.raises(ArchiveError, match=f"^game {first_in_archive} already exists"):
        import_bytes(target_url, data)
    assert database_rows(target_url) == in_target  # not even the new game

    counts = import_bytes(target_url, data, skip_existing=True)
    assert sorted(counts.skipped) == sorted(g.id for g in played)
    assert counts.games == 1 and counts.actions == newer.version + 1
    assert database_rows(target_url) == database_rows(settings.database_url)


@pytest.fixture
def small_archive(settings, client) -> list[bytes]:
    """Two short games, exported: the material the refusal cases below corrupt."""
    for _ in range(2):
        game_id, tokens = _make_game(client)
        client.post(
            f"/api/games/{game_id}/actions",
            json={"type": "next_turn"},
            headers=bearer(tokens["Alice"]),
        )
    return _lines(export_bytes(settings.database_url))


def _edit(record_type: str, change: Callable[[dict], None]) -> Callable[[list[bytes]], list[bytes]]:
    """Apply `change` to the first record of `record_type`."""

    def edit(lines: list[bytes]) -> list[bytes]:
        out, done = [], False
        for line in lines:
            record = orjson.loads(line)
            if not done and record.get("type", "header") == record_type:
                change(record)
                line, done = orjson.dumps(record) + b"\n", True
            out.append(line)
        assert done, record_type
        return out

    return edit


def _drop_first(record_type: str) -> Callable[[list[bytes]], list[bytes]]:
    def drop(lines: list[bytes]) -> list[bytes]:
        index = next(
            i for i, line in enumerate(lines) if f'"type":"{record_type}"' in line.decode()
        )
        return lines[:index] + lines[index + 1 :]

    return drop


def _second_game_cut(lines: list[bytes]) -> list[bytes]:
    """Truncated inside the second game: the first game is complete."""
    games = [i for i, line in enumerate(lines) if line.startswith(b'{"type":"game"')]
    return lines[: games[1] + 3]


HEADER_REFUSALS = [
    (lambda lines: [], "empty"),
    (lambda lines: [b"not json\n", *lines[1:]], "not JSON"),
    (lambda lines: [b'{"format": "other"}\n', *lines[1:]], "not a Facedown archive"),
    (_edit("header", lambda h: h.update(format="facedown-archive/2")), "unsupported"),
    (lambda lines: lines[1:], "not a Facedown archive"),
]
BODY_REFUSALS = [
    (lambda lines: lines[:-1], "truncated"),
    (_second_game_cut, "truncated"),
    (lambda lines: [*lines, lines[1]], "after the end"),
    (_edit("end", lambda e: e["counts"].update(actions=99)), "counts do not match"),
    (_drop_first("action"), "log is incomplete"),
    (_drop_first("snapshot"), "no snapshot of version 0"),
    (_drop_first("game"), "outside its game's block"),
    (_edit("game", lambda g: g.update(version="1")), "must be an integer"),
    (_edit("game", lambda g: g.update(finished=1)), "must be true or false"),
    (_edit("game", lambda g: g.pop("setup")), "missing"),
    (_edit("seat", lambda s: s.update(token="raw")), "unknown"),
    (_edit("seat", lambda s: s.update(role=None)), "may not be null"),
    (_edit("action", lambda a: a.update(created_at="yesterday")), "ISO 8601"),
    (_edit("action", lambda a: a.update(created_at="2026-01-01T00:00:00")), "UTC offset"),
    (_edit("action", lambda a: a.update(version=7)), "beyond its version"),
    (_edit("snapshot", lambda s: s.update(type="checkpoint")), "unknown record type"),
    (lambda lines: [lines[0], b"[1, 2]\n", *lines[1:]], "not a JSON object"),
]


@pytest.mark.parametrize(("corrupt", "message"), HEADER_REFUSALS)
def test_a_file_that_is_no_archive_creates_nothing(
    small_archive, target_url, corrupt, message
) -> None:
    engine = make_engine(target_url)
    prepared: list[bool] = []
    try:
        with pytest.raises(ArchiveError, match=message):
            import_archive(
                engine, iter(corrupt(list(small_archive))), prepare=lambda: prepared.append(True)
            )
        assert prepared == []  # the CLI migrates there: not reached
        assert not inspect(engine).has_table("games")
    finally:
        engine.dispose()


@pytest.mark.parametrize(("corrupt", "message"), BODY_REFUSALS)
def test_a_damaged_archive_is_refused_and_writes_nothing(
    small_archive, target_url, corrupt, message
) -> None:
    with pytest.raises(ArchiveError, match=message):
        import_bytes(target_url, b"".join(corrupt(list(small_archive))))
    assert all(rows == [] for rows in database_rows(target_url).values())


def test_export_refuses_a_database_that_is_not_current(target_url, tmp_path) -> None:
    path = tmp_path / "out.jsonl"
    engine = make_engine(target_url)
    try:
        with pytest.raises(ArchiveError, match="no games table"), open_for_writing(path) as out:
            export_archive(engine, out)
        assert not path.exists() and not (tmp_path / "out.jsonl.part").exists()
        upgrade(target_url, engine=engine, revision="0001")
        with pytest.raises(ArchiveError, match="run `facedown migrate`"):
            export_archive(engine, io.BytesIO())
    finally:
        engine.dispose()


# -- SQLite to PostgreSQL, concretely -------------------------------------------------------


def test_an_sqlite_install_moves_to_postgresql_and_back(tmp_path) -> None:
    server = require_postgres()  # skips without FACEDOWN_TEST_POSTGRES_URL (fails on CI)
    sqlite_url = f"sqlite:///{tmp_path / 'install.db'}"
    with TestClient(create_app(Settings(database_url=sqlite_url, snapshot_every=5))) as old:
        played = play_games(old)
        views = {
            (g.id, who): old.get(f"/api/games/{g.id}/view", headers=bearer(t)).json()
            for g in played
            for who, t in g.tokens.items()
        }
    data = export_bytes(sqlite_url)
    with fresh_postgres_database(server) as postgres_url:
        import_bytes(postgres_url, data)
        assert database_rows(postgres_url) == database_rows(sqlite_url)
        assert body_of(export_bytes(postgres_url)) == body_of(data)
        with TestClient(create_app(Settings(database_url=postgres_url, snapshot_every=5))) as new:
            for game in played:
                for who, token in game.tokens.items():
                    view = new.get(f"/api/games/{game.id}/view", headers=bearer(token))
                    assert view.json() == views[game.id, who], (game.id, who)
            game = played[0]
            acted = new.post(
                f"/api/games/{game.id}/actions",
                json={"type": "next_turn", "expected_version": game.version},
                headers=bearer(game.tokens["Bob"]),
            )
            assert acted.status_code == 200, acted.text
            assert acted.json()["version"] == game.version + 1
        # And back: a PostgreSQL backup restores into SQLite.
        back_url = f"sqlite:///{tmp_path / 'restored.db'}"
        import_bytes(back_url, export_bytes(postgres_url))
        assert database_rows(back_url) == database_rows(postgres_url)
