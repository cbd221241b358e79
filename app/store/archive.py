"""Archives of a whole database: every game, to back it up or to move it to another database.

`facedown export` writes one and `facedown import` reads one (app/cli.py). The format,
"facedown-archive/1", is JSON Lines: UTF-8, one JSON object per line, gzip-compressed when the
file name ends in .gz (a gzip stream is recognised by its first bytes when read).

  first line  {"format": "facedown-archive/1", "exported_at": "<ISO 8601>", "facedown":
              "<package version>", "schema": "<Alembic revision>", "source": "sqlite"|...}
  per game    a "game" record, then its "seat", "action", "snapshot", "ruling" and "brief"
              records (a brief: the question a scenario game answers)
  last line   {"type": "end", "counts": {"games": N, "seats": N, "actions": N, ...}}

Every record is {"type": ..., <column>: <value>, ...} with the columns of that table in
app/store/tables.py (ARCHIVED_COLUMNS, below, lists them). Values are the stored ones: the JSON text columns
(setup, action, events, state, viewpoints, log) as strings, byte for byte; timestamps as
ISO 8601 in UTC; seats by token hash only (raw tokens are never stored), so seat links keep
working after a move. The integer keys of seats and actions are not carried: nothing refers to
them, and the target numbers its own rows in the archive's order. A file without its "end"
line is truncated and refused.

Export reads each game bounded by the version it read first (as the repository does), so a
live database can be exported; import is one transaction: all or nothing. Pure SQLAlchemy Core
on the same tables: the same code on SQLite and PostgreSQL.
"""

from __future__ import annotations

import gzip
import io
import os
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any, cast

import orjson
from alembic.runtime.migration import MigrationContext
from sqlalchemy import (
    Boolean,
    Column,
    Connection,
    DateTime,
    Engine,
    Integer,
    String,
    Table,
    TypeDecorator,
    insert,
    inspect,
    select,
)
from sqlalchemy.exc import SQLAlchemyError

from app.store.db import begin_write, read_only
from app.store.migrate import schema_head
from app.store.tables import ActionRecord, Game, Ruling, ScenarioBrief, Seat, Snapshot, table_of

FORMAT = "facedown-archive/1"

_GAMES: Table = table_of(Game)
_SEATS: Table = table_of(Seat)
_ACTIONS: Table = table_of(ActionRecord)
_SNAPSHOTS: Table = table_of(Snapshot)
_RULINGS: Table = table_of(Ruling)
_BRIEFS: Table = table_of(ScenarioBrief)

# Record type -> its table, in the order a game's records are written and inserted
# (parents first, for the foreign keys).
TABLES: dict[str, Table] = {
    "game": _GAMES,
    "seat": _SEATS,
    "action": _ACTIONS,
    "snapshot": _SNAPSHOTS,
    "ruling": _RULINGS,
    "brief": _BRIEFS,
}
# Tables an archive leaves out: imported card data (`facedown cards import`) is no game's
# data (a game's setup and log hold the definitions they use) and is imported again from
# its source file on the target.
NOT_ARCHIVED: frozenset[str] = frozenset({"cards"})
# Surrogate integer keys that nothing refers to: the target numbers its own.
_NOT_CARRIED = {("seats", "id"), ("actions", "id")}
ARCHIVED_COLUMNS: dict[str, tuple[Column[Any], ...]] = {
    kind: tuple(c for c in table.columns if (table.name, c.name) not in _NOT_CARRIED)
    for kind, table in TABLES.items()
}
_COUNT_KEYS = ("games", "seats", "actions", "snapshots", "rulings", "briefs")
_PLURAL = dict(zip(TABLES, _COUNT_KEYS, strict=True))

# Rows buffered before an INSERT ... (executemany), and their rough size in characters.
_BATCH_ROWS = 500
_BATCH_CHARS = 8_000_000
_PAGE = 200  # rows per SELECT when exporting


class ArchiveError(Exception):
    """A refused export or import, with a one-line reason (no tokens, no card data)."""


@dataclass
class ArchiveCounts:
    games: int = 0
    seats: int = 0
    actions: int = 0
    snapshots: int = 0
    rulings: int = 0
    briefs: int = 0
    # Game ids already in the target, left as they were (import --skip-existing).
    skipped: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, int]:
        return {key: getattr(self, key) for key in _COUNT_KEYS}

    def add(self, kind: str) -> None:
        key = _PLURAL[kind]
        setattr(self, key, getattr(self, key) + 1)

    def summary(self) -> str:
        n = self.as_dict()

        def part(key: str) -> str:
            return f"{n[key]} {key if n[key] != 1 else key[:-1]}"

        parts = [part(k) for k in _COUNT_KEYS[1:5]]
        # Scenario questions and answers only where there are some: most games
        # have none, and "0 briefs" would be jargon on every line.
        if n["briefs"]:
            parts.append(f"{n['briefs']} scenario question" + ("s" if n["briefs"] != 1 else ""))
        return f"{part('games')} ({', '.join(parts)})"


# -- values ---------------------------------------------------------------------------------


def _kind(column: Column[Any]) -> type:
    """The Python type a column's archived value has (datetimes travel as strings)."""
    sql_type = column.type
    if isinstance(sql_type, TypeDecorator):
        sql_type = sql_type.impl_instance
    if isinstance(sql_type, DateTime):
        return datetime
    if isinstance(sql_type, Boolean):
        return bool
    if isinstance(sql_type, Integer):
        return int
    if isinstance(sql_type, String):  # Text is a String
        return str
    raise TypeError(f"no archive encoding for {column.table.name}.{column.name}: {sql_type!r}")


_KINDS = {
    kind: {c.name: (_kind(c), bool(c.nullable)) for c in columns}
    for kind, columns in ARCHIVED_COLUMNS.items()
}


# Columns added after archives were first written, with the value an older archive means:
# seats' link generation (migration 0004) is 0 for a seat whose link was never reissued.
_ADDED_LATER: dict[tuple[str, str], Any] = {("seat", "link_generation"): 0}

_TYPE_NAMES = {int: "an integer", bool: "true or false", str: "a string"}


def _encode(kind: str, row: Any) -> bytes:
    record: dict[str, Any] = {"type": kind}
    for name, (python_type, _nullable) in _KINDS[kind].items():
        value = getattr(row, name)
        if python_type is datetime and value is not None:
            value = value.astimezone(UTC).isoformat()
        record[name] = value
    return orjson.dumps(record) + b"\n"


def _decode(kind: str, record: dict[str, Any], where: str) -> dict[str, Any]:
    """The row to insert, after checking the record has exactly its table's columns."""
    expected = _KINDS[kind]
    # An archive written before a column existed: the column's default (nothing else missing).
    record = {**{k: v for (t, k), v in _ADDED_LATER.items() if t == kind}, **record}
    names = set(record) - {"type"}
    if names != set(expected):
        missing, extra = sorted(set(expected) - names), sorted(names - set(expected))
        raise ArchiveError(f"{where}: {kind} record with missing {missing} / unknown {extra}")
    row: dict[str, Any] = {}
    for name, (python_type, nullable) in expected.items():
        value = record[name]
        if value is None:
            if not nullable:
                raise ArchiveError(f"{where}: {kind}.{name} may not be null")
        elif python_type is datetime:
            value = _timestamp(value, f"{where}: {kind}.{name}")
        elif not isinstance(value, python_type) or (python_type is int and type(value) is bool):
            raise ArchiveError(f"{where}: {kind}.{name} must be {_TYPE_NAMES[python_type]}")
        row[name] = value
    return row


def _timestamp(value: Any, where: str) -> datetime:
    try:
        parsed = datetime.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        parsed = None
    if parsed is None or parsed.tzinfo is None:
        raise ArchiveError(f"{where} must be an ISO 8601 timestamp with its UTC offset")
    return parsed.astimezone(UTC)


# -- export ---------------------------------------------------------------------------------


def _schema_of(conn: Connection) -> str:
    """The source's Alembic revision; refuses a database that is not a current Facedown one."""
    if not inspect(conn).has_table(_GAMES.name):
        raise ArchiveError("not a Facedown database: it has no games table")
    revision = MigrationContext.configure(conn).get_current_revision()
    head = schema_head()
    if revision is None or revision != head:
        raise ArchiveError(
            f"the database's schema is at revision {revision}, not {head}: "
            "run `facedown migrate` on it first"
        )
    return revision


# Per record type of a game's children: the key its rows are read in order of, page by page.
_CHILD_KEYS: dict[str, Column[Any]] = {
    "seat": _SEATS.c.id,
    "action": _ACTIONS.c.version,
    "snapshot": _SNAPSHOTS.c.version,
    "ruling": _RULINGS.c.slug,
    "brief": _BRIEFS.c.game_id,
}


def _game_rows(conn: Connection, kind: str, game_id: str, upto: int) -> Iterator[Any]:
    """One game's rows of one table, in key order, bounded by the version read first. Read a
    page at a time (keyset pagination: plain SQL, no server-side cursor, bounded memory)."""
    table, key = TABLES[kind], _CHILD_KEYS[kind]
    statement = select(*ARCHIVED_COLUMNS[kind], key.label("page_key")).where(
        table.c.game_id == game_id
    )
    if "version" in table.c:
        statement = statement.where(table.c.version <= upto)
    statement = statement.order_by(key).limit(_PAGE)
    after: Any = None
    while True:
        page = conn.execute(statement if after is None else statement.where(key > after)).all()
        yield from page
        if len(page) < _PAGE:
            return
        after = page[-1].page_key


def export_archive(engine: Engine, out: IO[bytes], facedown_version: str = "") -> ArchiveCounts:
    """Write every game of the database behind `engine` to `out`, one game at a time.

    Reads run outside any transaction (read_only): a game's rows are bounded by the version
    its games row had when read, and what is stored below a version never changes, so a
    database in use exports consistently game by game, without holding a lock."""
    counts = ArchiveCounts()
    with read_only(engine).connect() as conn:
        header = {
            "format": FORMAT,
            "exported_at": datetime.now(UTC).isoformat(),
            "facedown": facedown_version,
            "schema": _schema_of(conn),
            "source": engine.dialect.name,
        }
        out.write(orjson.dumps(header) + b"\n")
        # Only the ids are held in memory; every game's rows are streamed. Sorted here, not
        # by the database's collation: the same games give the same file from either.
        game_ids = sorted(conn.execute(select(_GAMES.c.id)).scalars())
        for game_id in game_ids:
            game = conn.execute(
                select(*ARCHIVED_COLUMNS["game"]).where(_GAMES.c.id == game_id)
            ).first()
            if game is None:  # gone since the listing (nothing deletes games today)
                continue
            out.write(_encode("game", game))
            counts.add("game")
            for kind in _CHILD_KEYS:
                for row in _game_rows(conn, kind, game_id, game.version):
                    out.write(_encode(kind, row))
                    counts.add(kind)
    out.write(orjson.dumps({"type": "end", "counts": counts.as_dict()}) + b"\n")
    return counts


# -- import ---------------------------------------------------------------------------------


def _records(lines: Iterable[bytes]) -> Iterator[tuple[int, dict[str, Any]]]:
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = orjson.loads(line)
        except orjson.JSONDecodeError:
            raise ArchiveError(f"line {number}: not JSON") from None
        if not isinstance(record, dict):
            raise ArchiveError(f"line {number}: not a JSON object")
        yield number, record


def _check_header(first: tuple[int, dict[str, Any]] | None) -> dict[str, Any]:
    if first is None:
        raise ArchiveError("the archive is empty")
    number, header = first
    found = header.get("format")
    if found != FORMAT:
        if isinstance(found, str) and found.startswith("facedown-archive/"):
            raise ArchiveError(f"unsupported archive format {found!r} (this reads {FORMAT})")
        raise ArchiveError(f"line {number}: not a Facedown archive (no {FORMAT!r} header)")
    return header


@dataclass
class _OpenGame:
    """What one game's records must add up to, checked when its block ends."""

    id: str
    version: int
    skipped: bool
    action_versions: set[int] = field(default_factory=set)
    snapshot_versions: set[int] = field(default_factory=set)

    def check_complete(self) -> None:
        if self.action_versions != set(range(self.version + 1)):
            raise ArchiveError(
                f"game {self.id}: its log is incomplete (versions 0 to {self.version} expected)"
            )
        if 0 not in self.snapshot_versions:
            raise ArchiveError(f"game {self.id}: no snapshot of version 0")


class _Loader:
    """Buffers rows and inserts them in batches, parents first, inside one transaction."""

    def __init__(self, conn: Connection, skip_existing: bool) -> None:
        self.conn = conn
        self.skip_existing = skip_existing
        self.read = ArchiveCounts()  # everything in the archive, for the "end" check
        self.written = ArchiveCounts()
        self.seen: set[str] = set()
        self.game: _OpenGame | None = None
        self.buffer: dict[str, list[dict[str, Any]]] = {kind: [] for kind in TABLES}
        self.buffered_rows = 0
        self.buffered_chars = 0
        self.last_line = 0

    def add(self, number: int, record: dict[str, Any]) -> None:
        kind = record.get("type")
        where = f"line {number}"
        if kind not in TABLES:
            raise ArchiveError(f"{where}: unknown record type {kind!r}")
        row = _decode(kind, record, where)
        self.read.add(kind)
        if kind == "game":
            self._start_game(row, where)
        else:
            self._check_child(kind, row, where)
        assert self.game is not None
        if self.game.skipped:
            return
        self.buffer[kind].append(row)
        self.written.add(kind)
        self.last_line = number
        self.buffered_rows += 1
        self.buffered_chars += sum(len(v) for v in row.values() if isinstance(v, str))
        if self.buffered_rows >= _BATCH_ROWS or self.buffered_chars >= _BATCH_CHARS:
            self.flush()

    def _start_game(self, row: dict[str, Any], where: str) -> None:
        self.close_game()
        game_id = row["id"]
        if game_id in self.seen:
            raise ArchiveError(f"{where}: game {game_id} appears twice in the archive")
        self.seen.add(game_id)
        exists = (
            self.conn.execute(select(_GAMES.c.id).where(_GAMES.c.id == game_id)).first() is not None
        )
        if exists and not self.skip_existing:
            raise ArchiveError(
                f"game {game_id} already exists in the target "
                "(--skip-existing keeps it and imports the others)"
            )
        if exists:
            self.written.skipped.append(game_id)
        self.game = _OpenGame(game_id, row["version"], skipped=exists)

    def _check_child(self, kind: str, row: dict[str, Any], where: str) -> None:
        game = self.game
        if game is None or row["game_id"] != game.id:
            raise ArchiveError(f"{where}: a {kind} record outside its game's block")
        if kind in ("action", "snapshot", "ruling") and not 0 <= row["version"] <= game.version:
            raise ArchiveError(f"{where}: {kind} of game {game.id} beyond its version")
        versions = {"action": game.action_versions, "snapshot": game.snapshot_versions}
        if kind in versions:
            if row["version"] in versions[kind]:
                raise ArchiveError(f"{where}: a second {kind} of game {game.id} at one version")
            versions[kind].add(row["version"])

    def close_game(self) -> None:
        if self.game is not None:
            self.game.check_complete()
            self.game = None

    def flush(self) -> None:
        try:
            for kind, table in TABLES.items():
                rows = self.buffer[kind]
                if rows:
                    self.conn.execute(insert(table), rows)
                    rows.clear()
        except SQLAlchemyError as exc:
            # The driver's first line only: its details may quote stored values.
            reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()[0]
            raise ArchiveError(
                f"the target refused the rows up to line {self.last_line}: {reason}"
            ) from None
        self.buffered_rows = self.buffered_chars = 0

    def finish(self, number: int, record: dict[str, Any]) -> None:
        self.close_game()
        self.flush()
        if record.get("counts") != self.read.as_dict():
            raise ArchiveError(
                f"line {number}: the end line's counts do not match the records read"
            )


def import_archive(
    engine: Engine,
    lines: Iterable[bytes],
    skip_existing: bool = False,
    prepare: Callable[[], None] | None = None,
) -> ArchiveCounts:
    """Insert every game of the archive into the migrated database behind `engine`, in one
    transaction: on any refusal nothing is written. `prepare` runs once the header is
    accepted, before the transaction (the CLI migrates there). Returns what was written."""
    records = _records(lines)
    _check_header(next(records, None))  # only its format is checked: the rest is for people
    if prepare is not None:
        prepare()
    with begin_write(engine) as conn:
        loader = _Loader(conn, skip_existing)
        for number, record in records:
            if record.get("type") == "end":
                loader.finish(number, record)
                trailing = next(records, None)
                if trailing is not None:
                    raise ArchiveError(f"line {trailing[0]}: records after the end line")
                return loader.written
            loader.add(number, record)
    raise ArchiveError("the archive is truncated: no end line")


# -- files ----------------------------------------------------------------------------------


@contextmanager
def open_for_writing(path: Path) -> Iterator[IO[bytes]]:
    """Write to `path`, gzip when it ends in .gz, through a temporary file renamed only when
    the export succeeded: a failed export never leaves a plausible archive behind."""
    partial = path.with_name(path.name + ".part")
    try:
        raw = partial.open("wb")
        with raw:
            if path.name.endswith(".gz"):
                with gzip.GzipFile(filename=path.name[:-3], mode="wb", fileobj=raw) as zipped:
                    # A GzipFile is a binary file, though typeshed's IO[bytes] is not its base.
                    yield zipped  # type: ignore[misc]
            else:
                yield raw
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)


def read_lines(stream: IO[bytes]) -> Iterator[bytes]:
    """The lines of an archive stream, gunzipped when it starts with gzip's magic bytes."""
    # Any binary stream BufferedReader can read (typeshed asks for a raw one).
    raw = cast(io.RawIOBase, stream)
    buffered = stream if isinstance(stream, io.BufferedReader) else io.BufferedReader(raw)
    if buffered.peek(2)[:2] == b"\x1f\x8b":
        yield from gzip.GzipFile(fileobj=buffered, mode="rb")
    else:
        yield from buffered
