"""Scryfall bulk data `oracle-cards` (a JSON array of card objects), read card by card;
English only (the bulk file carries no translations).

Fields read (docs/card-data.md): name, layout, mana_cost, type_line, power, toughness,
oracle_text, keywords and, for cards of several faces, card_faces' name, mana_cost,
type_line, power, toughness and oracle_text.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, BinaryIO

import ijson

from app.rules.core.card_formats import CardDataError, ImportedCard, each_card
from app.rules.mtg.card_formats.printed import (
    NOT_GAME_CARDS,
    PrintedFace,
    imported_card,
    mana_cost_of,
)

SOURCE = "Scryfall"


def read(stream: BinaryIO, file_name: str) -> Iterator[ImportedCard]:
    def card(n: int, entry: Any) -> ImportedCard | None:
        # A Scryfall card says so itself ("object": "card", an oracle_id): a list of other
        # objects with a name (a grocery list, a Riftbound export) is not read as cards.
        if not (
            isinstance(entry, dict)
            and isinstance(entry.get("name"), str)
            and (entry.get("object") == "card" or "oracle_id" in entry)
        ):
            raise CardDataError(
                f"{file_name}: item {n} is not a Scryfall card object "
                '("object": "card" with a name): not a Scryfall oracle-cards file?'
            )
        return _card(entry)

    return each_card(
        ijson.items(stream, "item", use_float=True),
        card,
        f"{file_name}: no card objects: not a Scryfall oracle-cards file?",
    )


def _card(entry: Mapping[str, Any]) -> ImportedCard | None:
    layout = str(entry.get("layout") or "normal")
    if layout in NOT_GAME_CARDS:
        return None
    keywords = tuple(str(k) for k in entry.get("keywords") or ())
    faces = [f for f in entry.get("card_faces") or () if isinstance(f, dict)]
    printed = [_face(f, keywords) for f in faces] if len(faces) >= 2 else [_face(entry, keywords)]
    name = str(entry["name"])
    return imported_card(layout, printed, name, None, SOURCE)


def _face(face: Mapping[str, Any], keywords: tuple[str, ...]) -> PrintedFace:
    mana_cost, mana_note = mana_cost_of(face.get("mana_cost"))
    return PrintedFace(
        name=str(face.get("name") or ""),
        mana_cost=mana_cost,
        type_line=str(face.get("type_line") or ""),
        power=_text(face.get("power")),
        toughness=_text(face.get("toughness")),
        text=str(face.get("oracle_text") or ""),
        keywords=keywords,
        notes=(mana_note,) if mana_note else (),
    )


def _text(value: Any) -> str | None:
    # A cost, power or toughness is a string (or a number); anything else in its place (a
    # list, an object) is malformed and left out rather than stored as Python's repr.
    if isinstance(value, bool) or not isinstance(value, str | int | float) or value == "":
        return None
    return str(value)
