"""Opening a card data file (plain, or compressed as MTGJSON and Scryfall offer them) and
telling its format from its first keys, without reading the rest."""

from __future__ import annotations

import bz2
import contextlib
import gzip
import lzma
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO

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
# The JSON events of a value that is not an object or a list.
_SCALARS = frozenset({"string", "number", "boolean", "null"})
# What a Riftbound community export card always has (with "rulesText" or "rulesHtml").
RIFTBOUND_EXPORT_KEYS = frozenset({"publicCode", "name", "type"})
# The end of every "not a file we know" refusal: what to get instead.
WHAT_TO_DOWNLOAD = (
    "use MTGJSON's AtomicCards (facedown cards fetch) or a set file from mtgjson.com, "
    "Scryfall's oracle-cards bulk file, or a Riftbound card export (docs/card-data.md)"
)


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
        # Each opener in "rb" gives a binary file; typeshed's overloads also allow a text one.
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
    """Told from the file's own keys, strictly: mtgjson, an object with "data" (AtomicCards
    or a set file); scryfall, an array whose first item is a Scryfall card ("object": "card"
    or an "oracle_id"); riftbound, Facedown's own object ("format": "facedown-riftbound") or
    an array whose first item is a Riftbound export card ("publicCode" and its rules text).
    Anything else is refused with one line that says what to download."""
    path = Path(path)
    with open_card_file(path) as stream:
        events = ijson.parse(stream)
        for prefix, event, _value in events:
            if prefix == "" and event == "start_array":
                return _array_format(events, path.name)
            if prefix == "" and event == "start_map":
                break
            raise CardDataError(
                f"{path.name}: not a card data file (no JSON object or array); {WHAT_TO_DOWNLOAD}."
            )
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
    raise CardDataError(f"{path.name}: unknown card data format; {WHAT_TO_DOWNLOAD}.")


def is_array_file(path: Path) -> bool:
    """Whether the file holds a JSON array (a Riftbound export) rather than an object."""
    with open_card_file(path) as stream:
        return next(ijson.parse(stream), ("", "", None))[1] == "start_array"


def _array_format(events: Iterator[tuple[str, str, Any]], name: str) -> CardFormat:
    """The format of a top-level array, from its first item's own keys."""
    keys: dict[str, Any] = {}
    for prefix, event, value in events:
        if prefix == "" and event == "end_array":
            raise CardDataError(f"{name}: an empty list, no cards; {WHAT_TO_DOWNLOAD}.")
        if prefix == "item" and event == "map_key":
            keys[str(value)] = None
        elif prefix == "item" and event == "end_map":
            break
        elif prefix.startswith("item.") and prefix.count(".") == 1 and event in _SCALARS:
            keys[prefix[5:]] = value
        elif prefix == "item" and event not in ("start_map", "end_map"):
            raise CardDataError(
                f"{name}: a list of something else than card objects; {WHAT_TO_DOWNLOAD}."
            )
    if keys.get("object") == "card" or "oracle_id" in keys:
        return "scryfall"
    if keys.keys() >= RIFTBOUND_EXPORT_KEYS and keys.keys() & {"rulesText", "rulesHtml"}:
        return "riftbound"
    shown = ", ".join(k[:40] for k in list(keys)[:6]) or "none"
    raise CardDataError(
        f"{name}: a list of objects that are not cards Facedown knows (first keys: {shown}); "
        f"{WHAT_TO_DOWNLOAD}."
    )


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0][:160]
