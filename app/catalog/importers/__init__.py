"""Card data importers: MTGJSON AtomicCards and set files, Scryfall oracle-cards, Facedown's
own Riftbound format and the community Riftbound export (docs/card-data.md), read as a stream so a 150 MB file never sits in memory.

One entry point, :func:`read_cards`; the database and the CLI build on it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from app.catalog.importers import mtgjson, riftbound, riftbound_export, scryfall
from app.catalog.importers.card_file import detect_format, is_array_file, open_card_file
from app.catalog.importers.imported import CARD_FORMATS, CardDataError, CardFormat, ImportedCard

__all__ = [
    "CARD_FORMATS",
    "CardDataError",
    "CardFormat",
    "ImportedCard",
    "detect_format",
    "read_cards",
]

_READERS = {
    "mtgjson": mtgjson.read,
    "scryfall": scryfall.read,
    "riftbound": riftbound.read,
}


def read_cards(path: Path | str, fmt: CardFormat | None = None) -> Iterator[ImportedCard]:
    """The cards of a data file, one at a time, in file order. `fmt` None: sniffed from the
    file's first keys. Raises :class:`CardDataError` (possibly after some cards were yielded:
    a caller storing them must roll back) on a missing, damaged or unknown file."""
    path = Path(path)
    if fmt is None:
        fmt = detect_format(path)
    elif fmt not in _READERS:
        raise CardDataError(
            f"Unknown card data format {fmt!r}: expected one of {', '.join(CARD_FORMATS)}."
        )
    reader = _READERS[fmt]
    if fmt == "riftbound" and is_array_file(path):  # the community export, not our object
        reader = riftbound_export.read
    with open_card_file(path) as stream:
        yield from reader(stream, path.name)
