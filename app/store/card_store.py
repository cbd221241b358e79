"""Imported card definitions in the database (the `cards` table): written by
`facedown cards import` in one transaction, read by the stored catalog (app/catalog/stored.py).

The store knows rows, not card models: a row's `data` is the family's card definition as
JSON, validated by whoever reads it, and its `key` is computed by the caller
(`normalize_name`), so that what a lookup compares is decided in one place.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from sqlalchemy import Engine, Table, func, select
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from app.store.db import begin_write, is_postgresql, read_only
from app.store.tables import CardRecord, table_of, utcnow

__all__ = ["CardName", "CardRow", "CardStore", "UpsertCounts"]

CARDS: Table = table_of(CardRecord)

# Rows per executemany: few round trips, and a bounded batch in memory at the driver.
_BATCH = 1000

# What an upsert rewrites when the (ruleset, key) is already there: everything but the id.
_UPDATED = ("name", "name_fr", "types", "subtypes", "data", "source", "updated_at", "face_names")


@dataclass(frozen=True, slots=True)
class CardRow:
    """One card ready to store. `ruleset` is the game family's key; `types` and `subtypes`
    are JSON lists; `data` the card definition as JSON."""

    ruleset: str
    key: str
    name: str
    name_fr: str | None
    types: str
    subtypes: str
    data: str
    source: str
    # A JSON list of its halves' and faces' names, or None.
    face_names: str | None = None


@dataclass(frozen=True, slots=True)
class CardName:
    """What the name index needs of a stored card, without its definition."""

    key: str
    name: str
    name_fr: str | None
    types: str
    subtypes: str
    face_names: str | None = None


@dataclass
class UpsertCounts:
    """Cards added and updated by one upsert, by family."""

    added: dict[str, int] = field(default_factory=dict)
    updated: dict[str, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(self.added.values()) + sum(self.updated.values())

    def summary(self) -> str:
        rulesets = sorted(set(self.added) | set(self.updated))
        if not rulesets:
            return "no cards"
        return "; ".join(
            f"{r}: {self.added.get(r, 0)} added, {self.updated.get(r, 0)} updated" for r in rulesets
        )


class CardStore:
    """The `cards` table through one engine."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._reads = read_only(engine)

    # -- writing -----------------------------------------------------------------------

    def upsert(self, rows: Iterable[CardRow]) -> UpsertCounts:
        """Insert or update every row in ONE transaction: a second import of the same cards
        updates them (never a duplicate); any error rolls everything back. Two rows with the
        same (ruleset, key) in `rows`: the last one wins."""
        latest: dict[tuple[str, str], CardRow] = {}
        for row in rows:
            latest[(row.ruleset, row.key)] = row
        counts = UpsertCounts()
        if not latest:
            return counts
        # One time for the whole import: the stored catalog's "newest import" marker.
        now = utcnow()
        with begin_write(self._engine) as conn:
            existing: dict[str, dict[str, str | None]] = {}
            for ruleset in {r for r, _ in latest}:
                stored = conn.execute(
                    select(CARDS.c.key, CARDS.c.name_fr).where(CARDS.c.ruleset == ruleset)
                )
                existing[ruleset] = {key: name_fr for key, name_fr in stored}
            statement = self._upsert_statement()
            batch: list[dict[str, Any]] = []
            for (ruleset, key), row in latest.items():
                known = key in existing[ruleset]
                stored_fr = existing[ruleset].get(key)
                if row.name_fr is None and stored_fr is not None:
                    # An English-only source (Scryfall) updating a card MTGJSON gave a French
                    # name: the French name stays, or French pages and searches would lose it.
                    row = _with_french_name(row, stored_fr)
                tally = counts.updated if known else counts.added
                tally[ruleset] = tally.get(ruleset, 0) + 1
                batch.append(_values(row, now))
                if len(batch) == _BATCH:
                    conn.execute(statement, batch)
                    batch = []
            if batch:
                conn.execute(statement, batch)
        return counts

    def _upsert_statement(self) -> Any:
        insert = postgresql_insert if is_postgresql(self._engine) else sqlite_insert
        statement = insert(CARDS)
        return statement.on_conflict_do_update(
            index_elements=[CARDS.c.ruleset, CARDS.c.key],
            set_={name: statement.excluded[name] for name in _UPDATED},
        )

    # -- reading -----------------------------------------------------------------------

    def names(self, ruleset: str) -> list[CardName]:
        """Every stored card of a family, names and type lines only, in import order."""
        query = (
            select(
                CARDS.c.key,
                CARDS.c.name,
                CARDS.c.name_fr,
                CARDS.c.types,
                CARDS.c.subtypes,
                CARDS.c.face_names,
            )
            .where(CARDS.c.ruleset == ruleset)
            .order_by(CARDS.c.id)
        )
        with self._reads.connect() as conn:
            return [CardName(*row) for row in conn.execute(query)]

    def get(self, ruleset: str, key: str) -> str | None:
        """The card definition (JSON) stored under a normalised name, or None."""
        query = select(CARDS.c.data).where(CARDS.c.ruleset == ruleset, CARDS.c.key == key)
        with self._reads.connect() as conn:
            return conn.execute(query).scalar_one_or_none()

    def definitions(self, ruleset: str) -> Iterator[str]:
        """Every stored definition (JSON) of a family, in import order, read a page at a
        time (by id: no server-side cursor, which PostgreSQL's autocommit reads can't hold)."""
        after = 0
        while True:
            query = (
                select(CARDS.c.id, CARDS.c.data)
                .where(CARDS.c.ruleset == ruleset, CARDS.c.id > after)
                .order_by(CARDS.c.id)
                .limit(_BATCH)
            )
            with self._reads.connect() as conn:
                page = conn.execute(query).all()
            for _id, data in page:
                yield data
            if len(page) < _BATCH:
                return
            after = page[-1][0]

    def count(self, ruleset: str) -> int:
        query = select(func.count()).select_from(CARDS).where(CARDS.c.ruleset == ruleset)
        with self._reads.connect() as conn:
            return int(conn.execute(query).scalar_one())

    def newest(self, ruleset: str) -> datetime | None:
        """When a family's cards were last imported (None: never): one index lookup, cheap
        enough to ask every few seconds whether a name index is stale."""
        query = select(func.max(CARDS.c.updated_at)).where(CARDS.c.ruleset == ruleset)
        with self._reads.connect() as conn:
            return conn.execute(query).scalar_one_or_none()


def _with_french_name(row: CardRow, name_fr: str) -> CardRow:
    """`row` with a French name kept from the stored card, in its columns and its definition
    (placed after the English name, as the card model orders its fields)."""
    data: dict[str, Any] = {}
    for key, value in json.loads(row.data).items():
        data[key] = value
        if key == "name":
            data["name_fr"] = name_fr
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return replace(row, name_fr=name_fr, data=text)


def _values(row: CardRow, now: datetime) -> dict[str, Any]:
    return {
        "ruleset": row.ruleset,
        "key": row.key,
        "name": row.name,
        "name_fr": row.name_fr,
        "types": row.types,
        "subtypes": row.subtypes,
        "data": row.data,
        "source": row.source,
        "face_names": row.face_names,
        "updated_at": now,
    }
