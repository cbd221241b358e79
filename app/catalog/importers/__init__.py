"""Card data importers: every format a registered game family reads (MTGJSON AtomicCards and
set files, Scryfall oracle-cards, Facedown's own Riftbound format and the community Riftbound
export: docs/card-data.md), read as a stream so a 150 MB file never sits in memory.

One entry point, :func:`read_cards`; the database and the CLI build on it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from app.catalog.importers.card_file import (
    CARD_FORMATS,
    detect_format,
    format_named,
    is_array_file,
    open_card_file,
)
from app.rules.core.card_formats import CardDataError, ImportedCard

__all__ = [
    "CARD_FORMATS",
    "CardDataError",
    "ImportedCard",
    "detect_format",
    "read_cards",
]


def read_cards(path: Path | str, fmt: str | None = None) -> Iterator[ImportedCard]:
    """The cards of a data file, one at a time, in file order. `fmt` None: sniffed from the
    file's first keys. Raises :class:`CardDataError` (possibly after some cards were yielded:
    a caller storing them must roll back) on a missing, damaged or unknown file."""
    path = Path(path)
    card_format = format_named(detect_format(path) if fmt is None else fmt)
    reader = card_format.read
    # A format with both forms (Riftbound: our object, the community export's array).
    if card_format.read_array is not None and (reader is None or is_array_file(path)):
        reader = card_format.read_array
    assert reader is not None
    with open_card_file(path) as stream:
        yield from reader(stream, path.name)
