"""`facedown cards import`: a card data file's cards into the database.

The whole file is read and every card turned into a compact row first, then the rows are
written in one transaction (app/store/card_store.py). A damaged file thus fails before
anything is written (and before the database is even opened), and SQLite's write lock is
held for the writing only, not for the minute a 100 MB file takes to parse.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Protocol

from app.catalog.name_index import normalize_name
from app.rules.core.cards import CardDef
from app.rules.families import family_of
from app.store.card_store import CardRow

__all__ = ["CardReader", "card_row", "read_rows"]


class _Imported(Protocol):
    """What an importer yields (app.catalog.importers.ImportedCard, frozen: read-only here)."""

    @property
    def ruleset(self) -> str: ...

    @property
    def card(self) -> CardDef: ...


# A reader of a path in a format it names (read_cards: a CardFormat; None: told from the file).
CardReader = Callable[[Path, Any], Iterable[_Imported]]

# How often (in cards) the progress callback hears from the reading.
PROGRESS_EVERY = 1000


def card_row(ruleset: str, card: CardDef, source: str) -> CardRow:
    """How a card is stored: under its family's key (every ruleset of a family shares the
    catalog) and its normalised English name; the definition as JSON without defaults, so a
    row holds what the data said and nothing more."""
    faces = card.face_names()
    return CardRow(
        ruleset=family_of(ruleset).key,
        key=normalize_name(card.name),
        name=card.name,
        name_fr=card.name_fr,
        types=json.dumps(list(card.types), ensure_ascii=False),
        subtypes=json.dumps(list(card.subtypes), ensure_ascii=False),
        data=card.model_dump_json(exclude_defaults=True),
        source=source,
        face_names=json.dumps(list(faces), ensure_ascii=False) if faces else None,
    )


def read_rows(
    path: Path,
    fmt: str | None = None,
    *,
    progress: Callable[[int], None] | None = None,
    reader: CardReader | None = None,
) -> list[CardRow]:
    """Every card of the file as a row, read to the end: raises the importers'
    `CardDataError` on a damaged or unknown file. `progress(n)` is called every
    PROGRESS_EVERY cards and once at the end."""
    source = fmt
    if reader is None:
        from app.catalog.importers import detect_format, read_cards

        if source is None:
            source = detect_format(path)
    read: CardReader = reader if reader is not None else read_cards
    rows = _rows(read(path, source), source or "unknown", progress)
    if progress is not None:
        progress(len(rows))
    return rows


def _rows(
    cards: Iterable[_Imported], source: str, progress: Callable[[int], None] | None
) -> list[CardRow]:
    """One row per card; of two with the same name the later wins, except that a variant
    printing (a reversible card) never replaces the card's own entry, before or after it."""
    rows: dict[tuple[str, str], tuple[CardRow, bool]] = {}
    for count, imported in enumerate(cards, start=1):
        row = card_row(imported.ruleset, imported.card, source)
        variant = getattr(imported, "variant", False)
        held = rows.get((row.ruleset, row.key))
        if held is None or variant <= held[1]:
            rows.pop((row.ruleset, row.key), None)  # the later one, in file order
            rows[(row.ruleset, row.key)] = (row, variant)
        if progress is not None and count % PROGRESS_EVERY == 0:
            progress(count)
    return [row for row, _ in rows.values()]
