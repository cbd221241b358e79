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

from app.rules.core.card_formats import CardDataError, CardFormat
from app.rules.families import FAMILIES

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
# Every format a registered family reads, by name (`facedown cards import --format`).
_FORMATS: dict[str, CardFormat] = {f.name: f for family in FAMILIES for f in family.card_formats}
CARD_FORMATS: tuple[str, ...] = tuple(_FORMATS)
_DOWNLOADS = [f.download for f in _FORMATS.values()]
# The end of every "not a file we know" refusal: what to get instead.
WHAT_TO_DOWNLOAD = (
    "use "
    + (
        f"{', '.join(_DOWNLOADS[:-1])}, or {_DOWNLOADS[-1]}"
        if len(_DOWNLOADS) > 1
        else _DOWNLOADS[0]
    )
    + " (docs/card-data.md)"
)


def format_named(name: str) -> CardFormat:
    try:
        return _FORMATS[name]
    except KeyError:
        raise CardDataError(
            f"Unknown card data format {name!r}: expected one of {', '.join(CARD_FORMATS)}."
        ) from None


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


def detect_format(path: Path | str) -> str:
    """Told from the file's own keys, strictly, by the formats the families register: a
    top-level object's keys (each format claims the key that marks it: MTGJSON's "data",
    Facedown's Riftbound "format"), or a top-level array's first item (a Scryfall card, a
    Riftbound export card). Anything else is refused with one line that says what to
    download."""
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
        seen = 0
        for prefix, event, value in events:
            if prefix != "" or event != "map_key":
                continue
            key = str(value)
            _, first, plain = next(events, ("", "end_map", None))
            found = _object_claimed(key, plain if first in _SCALARS else None)
            if found is not None:
                return found
            seen += 1
            if seen >= _SNIFF_KEYS:
                break
    raise CardDataError(f"{path.name}: unknown card data format; {WHAT_TO_DOWNLOAD}.")


def _object_claimed(key: str, value: Any) -> str | None:
    """The format a top-level object's key (and its plain value) marks, if any."""
    return next((n for n, f in _FORMATS.items() if f.claims_object(key, value)), None)


def is_array_file(path: Path) -> bool:
    """Whether the file holds a JSON array (a Riftbound export) rather than an object."""
    with open_card_file(path) as stream:
        return next(ijson.parse(stream), ("", "", None))[1] == "start_array"


def _array_format(events: Iterator[tuple[str, str, Any]], name: str) -> str:
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
    found = next((n for n, f in _FORMATS.items() if f.claims_item(keys)), None)
    if found is not None:
        return found
    shown = ", ".join(k[:40] for k in list(keys)[:6]) or "none"
    raise CardDataError(
        f"{name}: a list of objects that are not cards Facedown knows (first keys: {shown}); "
        f"{WHAT_TO_DOWNLOAD}."
    )


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0][:160]
