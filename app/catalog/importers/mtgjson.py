"""MTGJSON AtomicCards (`{"meta": …, "data": {name: [face, …]}}`), read card by card.

Fields read (docs/card-data.md): name, faceName, side, layout, manaCost, type, power,
toughness (strings: "*" and "1+*" stay as printed), text, keywords, and foreignData's French
name. Everything else is skipped by the parser without being kept.
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

SOURCE = "MTGJSON"


def read(stream: BinaryIO, file_name: str) -> Iterator[ImportedCard]:
    entries = 0
    skipped = Skipped(SOURCE, file_name)
    for name, faces in ijson.kvitems(stream, "data", use_float=True):
        entries += 1
        if not isinstance(faces, list) or not faces or not all(isinstance(f, dict) for f in faces):
            raise CardDataError(
                f"{file_name}: data[{str(name)[:80]!r}] is not a list of card faces: "
                "not an MTGJSON AtomicCards file?"
            )
        card = _card(str(name), faces, skipped)
        if card is not None:
            yield card
    skipped.tell_count()
    if entries == 0:
        raise CardDataError(f'{file_name}: no cards under "data": not an MTGJSON AtomicCards file?')


def _card(name: str, faces: list[dict[str, Any]], skipped: Skipped) -> ImportedCard | None:
    layout = str(faces[0].get("layout") or "normal")
    if layout in NOT_GAME_CARDS:
        return None
    # Several atomic entries of one name without sides (variants of an Un-card): the first.
    if len(faces) > 1 and any(f.get("side") is None for f in faces):
        faces = faces[:1]
    ordered = sorted(faces, key=lambda f: str(f.get("side") or "a"))
    printed = [_face(f, i, name) for i, f in enumerate(ordered)]
    try:
        card = build_card(layout, printed, name, printed[0].name_fr, SOURCE)
    except ValidationError as exc:
        skipped.card(name, exc)
        return None
    # A reversible card (Propaganda // Propaganda) reprints a card that has its own entry:
    # it never replaces it (app/catalog/card_import.py).
    return ImportedCard(ruleset="mtg", card=card, variant=layout == "reversible_card")


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
    if value is None or value == "":
        return None
    return str(value)
