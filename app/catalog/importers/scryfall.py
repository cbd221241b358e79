"""Scryfall bulk data `oracle-cards` (a JSON array of card objects), read card by card;
English only (the bulk file carries no translations).

Fields read (docs/card-data.md): name, layout, mana_cost, type_line, power, toughness,
oracle_text, keywords and, for cards of several faces, card_faces' name, mana_cost,
type_line, power, toughness and oracle_text.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Mapping
from typing import Any, BinaryIO

import ijson
from pydantic import ValidationError

from app.catalog.importers.imported import CardDataError, ImportedCard
from app.catalog.importers.mtg_card import NOT_GAME_CARDS, PrintedFace, build_card, mana_cost_of
from app.catalog.importers.skipped import Skipped

log = logging.getLogger(__name__)

SOURCE = "Scryfall"


def read(stream: BinaryIO, file_name: str) -> Iterator[ImportedCard]:
    entries = 0
    skipped = Skipped(SOURCE, file_name)
    for entry in ijson.items(stream, "item", use_float=True):
        entries += 1
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            raise CardDataError(
                f"{file_name}: item {entries} is not a card object with a name: "
                "not a Scryfall oracle-cards file?"
            )
        card = _card(entry, skipped)
        if card is not None:
            yield card
    skipped.tell_count()
    if entries == 0:
        raise CardDataError(f"{file_name}: no card objects: not a Scryfall oracle-cards file?")


def _card(entry: Mapping[str, Any], skipped: Skipped) -> ImportedCard | None:
    layout = str(entry.get("layout") or "normal")
    if layout in NOT_GAME_CARDS:
        return None
    keywords = tuple(str(k) for k in entry.get("keywords") or ())
    faces = [f for f in entry.get("card_faces") or () if isinstance(f, dict)]
    printed = [_face(f, keywords) for f in faces] if len(faces) >= 2 else [_face(entry, keywords)]
    name = str(entry["name"])
    try:
        card = build_card(layout, printed, name, None, SOURCE)
    except ValidationError as exc:
        skipped.card(name, exc)
        return None
    return ImportedCard(ruleset="mtg", card=card, variant=layout == "reversible_card")


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
    if value is None or value == "":
        return None
    return str(value)
