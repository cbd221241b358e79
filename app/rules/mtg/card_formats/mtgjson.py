"""MTGJSON AtomicCards (`{"meta": …, "data": {name: [face, …]}}`) and set files (their
printings grouped into the same shape, mtgjson_set.py), read card by card.

Fields read (docs/card-data.md): name, faceName, side, layout, manaCost, type, power,
toughness (strings: "*" and "1+*" stay as printed), text, keywords, and foreignData's French
name. Everything else is skipped by the parser without being kept.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from typing import Any, BinaryIO

import ijson

from app.rules.core.card_formats import CardDataError, ImportedCard, each_card
from app.rules.mtg.card_formats.mtgjson_set import atomic_entries, is_set_key
from app.rules.mtg.card_formats.printed import (
    NOT_GAME_CARDS,
    PrintedFace,
    imported_card,
    mana_cost_of,
)

SOURCE = "MTGJSON"


def read(stream: BinaryIO, file_name: str) -> Iterator[ImportedCard]:
    def card(n: int, entry: tuple[str, Any]) -> ImportedCard | None:
        name, faces = entry
        if not isinstance(faces, list) or not faces or not all(isinstance(f, dict) for f in faces):
            raise CardDataError(
                f"{file_name}: data[{str(name)[:80]!r}] is not a list of card faces: "
                "not an MTGJSON AtomicCards or set file?"
            )
        return _card(str(name), faces)

    return each_card(
        _entries(stream, file_name),
        card,
        f'{file_name}: no cards under "data": not an MTGJSON AtomicCards or set file?',
    )


def _entries(stream: BinaryIO, file_name: str) -> Iterator[tuple[str, Any]]:
    """(name, faces) pairs: AtomicCards' own, or a set file's printings grouped the same way,
    told apart by the first key under "data" (mtgjson_set.py)."""
    events = ijson.parse(stream, use_float=True)
    seen: list[tuple[str, str, Any]] = []
    for prefix, event, value in events:
        seen.append((prefix, event, value))
        if prefix == "data" and event != "start_map":  # its first key, or not an object
            break
    replay = itertools.chain(seen, events)
    if seen and seen[-1][:2] == ("data", "map_key") and is_set_key(str(seen[-1][2])):
        yield from atomic_entries(replay, file_name)
    else:
        yield from ijson.kvitems(replay, "data", use_float=True)


def _card(name: str, faces: list[dict[str, Any]]) -> ImportedCard | None:
    layout = str(faces[0].get("layout") or "normal")
    if layout in NOT_GAME_CARDS:
        return None
    # Several atomic entries of one name without sides (variants of an Un-card): the first.
    if len(faces) > 1 and any(f.get("side") is None for f in faces):
        faces = faces[:1]
    ordered = sorted(faces, key=lambda f: str(f.get("side") or "a"))
    printed = [_face(f, i, name) for i, f in enumerate(ordered)]
    return imported_card(layout, printed, name, printed[0].name_fr, SOURCE)


def _face(face: Mapping[str, Any], index: int, full_name: str) -> PrintedFace:
    face_name = face.get("faceName") or full_name
    mana_cost, mana_note = mana_cost_of(face.get("manaCost"))
    return PrintedFace(
        name=str(face_name),
        mana_cost=mana_cost,
        type_line=str(face.get("type") or ""),
        power=_text(face.get("power")),
        toughness=_text(face.get("toughness")),
        text=str(face.get("text") or ""),
        keywords=tuple(str(k) for k in face.get("keywords") or ()),
        # A French name longer than the model's is left out, not the card (build_card).
        name_fr=_french_name(face, index),
        notes=(mana_note,) if mana_note else (),
    )


def _french_name(face: Mapping[str, Any], index: int) -> str | None:
    for foreign in face.get("foreignData") or ():
        if not isinstance(foreign, dict) or foreign.get("language") != "French":
            continue
        if foreign.get("faceName"):
            return str(foreign["faceName"])
        name = str(foreign.get("name") or "")
        halves = name.split(" // ")
        # A back face never takes the front's French name (one name for two faces).
        return (halves[index] or None) if index < len(halves) else None
    return None


def _text(value: Any) -> str | None:
    # A cost, power or toughness is a string (or a number); anything else in its place (a
    # list, an object) is malformed and left out rather than stored as Python's repr.
    if isinstance(value, bool) or not isinstance(value, str | int | float) or value == "":
        return None
    return str(value)
