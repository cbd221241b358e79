"""Opening a card data file (plain, or compressed as MTGJSON and Scryfall offer them) and
telling its format from its first keys, without reading the rest."""

from __future__ import annotations

import bz2
import contextlib
import gzip
import lzma
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

import ijson

from app.catalog.importers.imported import CardDataError, CardFormat

# Magic numbers of the compressions the data sites publish (.gz, .bz2, .xz).
_COMPRESSED = (
    (b"\x1f\x8b", gzip.open),
    (b"BZh", bz2.open),
    (b"\xfd7zXZ\x00", lzma.open),
)
# How many top-level keys are looked at before the file is called unknown.
_SNIFF_KEYS = 8


@contextlib.contextmanager
def open_card_file(path: Path) -> Iterator[BinaryIO]:
    """The file's bytes, decompressed if need be; a missing or unreadable file is a
    CardDataError, and so is anything that breaks while it is read (damaged JSON, a
    truncated archive)."""
    try:
        with path.open("rb") as probe:
            head = probe.read(8)
        if not head:
            raise CardDataError(f"{path.name}: the file is empty.")
        opener = next((o for magic, o in _COMPRESSED if head.startswith(magic)), None)
        handle: BinaryIO = opener(path, "rb") if opener else path.open("rb")  # type: ignore[assignment]
    except OSError as exc:
        raise CardDataError(f"{path}: can't open the file ({exc.strerror or exc}).") from exc
    with handle, read_errors(path.name):
        yield handle


@contextlib.contextmanager
def read_errors(name: str) -> Iterator[None]:
    """Damaged JSON, bad bytes or a truncated archive as one clear line."""
    try:
        yield
    except ijson.JSONError as exc:
        raise CardDataError(f"{name}: damaged JSON ({_first_line(exc)}).") from exc
    except UnicodeDecodeError as exc:
        raise CardDataError(f"{name}: not UTF-8 text ({exc.reason}).") from exc
    except (EOFError, OSError, lzma.LZMAError) as exc:
        raise CardDataError(f"{name}: damaged or truncated file ({_first_line(exc)}).") from exc


def detect_format(path: Path | str) -> CardFormat:
    """mtgjson: an object with "data" (and "meta"); scryfall: an array of objects with
    "object": "card" or "oracle_id"; riftbound: an object whose "format" is ours."""
    path = Path(path)
    with open_card_file(path) as stream:
        events = ijson.parse(stream)
        for prefix, event, _value in events:
            if prefix == "" and event == "start_array":
                return "scryfall"
            if prefix == "" and event == "start_map":
                break
            raise CardDataError(f"{path.name}: not a card data file (no JSON object or array).")
        else:
            raise CardDataError(f"{path.name}: the file is empty.")
        seen: list[str] = []
        for prefix, event, value in events:
            if prefix != "" or event != "map_key":
                continue
            if value == "data":
                return "mtgjson"
            if value == "format":
                _, _, fmt = next(events)
                if fmt == "facedown-riftbound":
                    return "riftbound"
                break
            seen.append(str(value))
            if len(seen) >= _SNIFF_KEYS:
                break
    raise CardDataError(
        f"{path.name}: unknown card data format (expected MTGJSON AtomicCards, Scryfall "
        "oracle-cards or Facedown's Riftbound JSON; say which with --format)."
    )


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0][:160]
