"""A Magic card definition from the printed faces a data file lists (MTGJSON and Scryfall
share this): the type line split the way the card model holds it, P/T kept as printed
("*", "1+*"), the face-down facts read from the oracle text, and the layouts the model has no
place for (split, transform, adventure…) noted as unverified rather than dropped."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, fields, replace
from typing import Any

from pydantic import ValidationError

from app.rules.core.card_formats import CARD_DATA_LOG, ImportedCard, first_problem
from app.rules.mtg.card_formats.oracle_text import parse_oracle
from app.rules.mtg.cards import FlipFace, MtgCard, OtherFace

log = logging.getLogger(CARD_DATA_LOG)

# 205.4: supertypes; what else stands before the dash is a card type (205.2).
SUPERTYPES = frozenset({"Basic", "Legendary", "Ongoing", "Snow", "World", "Elite", "Host"})
# Subtypes of more than one word (205.3: separated by spaces otherwise).
_MULTIWORD_SUBTYPES = ("Time Lord",)
# Cards of these layouts are not played in a game (tokens come from effects; the rest are
# oversized or art cards): a data file's copies are skipped.
NOT_GAME_CARDS = frozenset(
    {"token", "double_faced_token", "emblem", "art_series", "vanguard", "planar", "scheme"}
)
_MAX_UNVERIFIED = 300
_MAX_TEXT = 2000
_MAX_NAME = 120
_MAX_MANA_COST = 60
# 202.1: a mana cost is mana symbols ("{2}{U}{U}", "{W/P}", "{X}").
_MANA_COST = re.compile(r"^(?:\{[0-9A-Z/½∞]{1,6}\})+$")
# Layouts whose halves are one card with one name "A // B" (709.4: split cards).
_SPLIT_LAYOUTS = ("split", "aftermath", "fuse")


@dataclass(frozen=True)
class PrintedFace:
    """One face as a data file prints it (names and text in English)."""

    name: str
    mana_cost: str | None
    type_line: str
    power: str | None
    toughness: str | None
    text: str
    keywords: tuple[str, ...] = ()
    name_fr: str | None = None
    # What reading this face's fields doubted (a mana cost that was not one).
    notes: tuple[str, ...] = ()


def mana_cost_of(value: Any) -> tuple[str | None, str | None]:
    """A data file's mana cost as the card model holds it, and a note when it was not one:
    anything that is not mana symbols (a list, "2U") is left out and noted, never stored as
    the text of a Python list."""
    if value is None or value == "":
        return None, None
    if isinstance(value, str):
        cost = "".join(value.split())
        if _MANA_COST.match(cost) and len(cost) <= _MAX_MANA_COST:
            return cost, None
    shown = str(value)[:40]
    return None, f"its mana cost could not be read ({shown})"


def split_type_line(type_line: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """("Legendary Creature — Goblin Shaman") -> supertypes, types, subtypes."""
    left, _, right = type_line.replace(" - ", " — ").partition("—")
    supertypes = tuple(w for w in left.split() if w in SUPERTYPES)
    types = tuple(w for w in left.split() if w not in SUPERTYPES)
    right = right.strip()
    subtypes: list[str] = []
    for multi in _MULTIWORD_SUBTYPES:
        if multi in right:
            subtypes.append(multi)
            right = right.replace(multi, "")
    subtypes.extend(right.split())
    return supertypes, types, tuple(subtypes)


def imported_card(
    layout: str, faces: list[PrintedFace], full_name: str, name_fr: str | None, source: str
) -> ImportedCard | None:
    """`build_card` for one entry of a data file: None, said once in the log, for an entry
    that does not fit the card model. A reversible card (Propaganda // Propaganda) reprints a
    card that has its own entry: it never replaces it (app/catalog/card_import.py)."""
    try:
        card = build_card(layout, faces, full_name, name_fr, source)
    except ValidationError as exc:
        # One line per card (a real file has a few), and a count once the file is read.
        log.warning(
            "%s: %r skipped: it does not fit the card model (%s)",
            source,
            full_name[:120],
            first_problem(exc),
        )
        return None
    return ImportedCard(ruleset="mtg", card=card, variant=layout == "reversible_card")


def build_card(
    layout: str, faces: list[PrintedFace], full_name: str, name_fr: str | None, source: str
) -> MtgCard:
    """The card model for one card. `faces` front first; `full_name` as the file names the
    whole card ("Akki Lavarunner // Tok-Tok, Volcano Born")."""
    notes: list[str] = [n for f in faces for n in f.notes]
    if layout == "reversible_card" and len({f.name for f in faces}) == 1:
        # Both sides are the same card (Propaganda): one face, as its normal printing.
        faces, layout, full_name = faces[:1], "normal", faces[0].name
    faces, french_notes = _names_within_limits(faces)
    notes.extend(french_notes)
    if name_fr is not None and len(name_fr) > _MAX_NAME:
        name_fr = None
        notes.append("its French name is too long and was left out")
    front = faces[0]
    other_faces: tuple[OtherFace, ...] = ()
    if layout == "flip" and len(faces) >= 2:
        name = front.name
        flip = _flip_face(faces[1])
        text = front.text
    elif len(faces) >= 2 and layout in _SPLIT_LAYOUTS:
        name = full_name
        flip = None
        text = "\n//\n".join(f.text for f in faces)
        notes.append(f"{layout} card: the halves' types and costs are joined, not modelled")
        # Every half's French name ("Feu // Glace"), when the data gives each.
        halves_fr = [f.name_fr for f in faces]
        joined = " // ".join(h for h in halves_fr if h)
        if all(halves_fr) and len(joined) <= _MAX_NAME:
            name_fr = joined
        elif name_fr is not None and " // " not in name_fr:
            name_fr = None  # one half's French name is not the card's
    elif len(faces) >= 2:
        name = front.name
        flip = None
        others = "\n".join(f"// {f.name}: {f.text}" for f in faces[1:])
        text = f"{front.text}\n{others}"
        other_faces = tuple(OtherFace(name=f.name, name_fr=f.name_fr) for f in faces[1:4])
        notes.append(f"{layout} card: only the first face is modelled (the others are in its text)")
    else:
        name, flip, text = front.name, None, front.text
    supertypes, types, subtypes = split_type_line(front.type_line)
    if name == full_name and len(faces) >= 2 and layout in _SPLIT_LAYOUTS:
        for face in faces[1:]:
            _, more, more_sub = split_type_line(face.type_line)
            types += tuple(t for t in more if t not in types)
            subtypes += tuple(s for s in more_sub if s not in subtypes)
        costs = [f.mana_cost for f in faces if f.mana_cost]
        mana_cost = " // ".join(costs) if costs else None
        if mana_cost is not None and len(mana_cost) > _MAX_MANA_COST:
            mana_cost = None
            notes.append("its halves' mana costs are too long to keep")
    else:
        mana_cost = front.mana_cost or None
    facts = parse_oracle(front.text, front.name, front.keywords)
    notes.extend(facts.unverified)
    if len(text) > _MAX_TEXT:
        text = text[: _MAX_TEXT - 1] + "…"
        notes.append("text shortened")
    return MtgCard(
        name=name,
        name_fr=name_fr if name_fr and name_fr != name else None,
        types=types[:8],
        supertypes=supertypes[:8],
        subtypes=subtypes[:8],
        mana_cost=mana_cost,
        power=front.power,
        toughness=front.toughness,
        text=text,
        flip=flip,
        other_faces=other_faces,
        # What the text says, each fact under its own name (its doubts go to the note).
        **{f.name: getattr(facts, f.name) for f in fields(facts) if f.name != "unverified"},
        unverified=unverified_note(source, notes),
    )


def unverified_note(source: str, notes: list[str]) -> str | None:
    """The judge's note: what the importer could not verify, one line within the model's
    300 characters."""
    if not notes:
        return None
    note = f"Imported from {source}; unsure: " + "; ".join(dict.fromkeys(notes)) + "."
    if len(note) > _MAX_UNVERIFIED:
        note = note[: _MAX_UNVERIFIED - 1] + "…"
    return note


def _names_within_limits(faces: list[PrintedFace]) -> tuple[list[PrintedFace], list[str]]:
    """A French name over the model's length drops that French name, not the card."""
    kept: list[PrintedFace] = []
    notes: list[str] = []
    for face in faces:
        if face.name_fr is not None and len(face.name_fr) > _MAX_NAME:
            face = replace(face, name_fr=None)
            notes.append("its French name is too long and was left out")
        kept.append(face)
    return kept, notes


def _flip_face(face: PrintedFace) -> FlipFace:
    supertypes, types, subtypes = split_type_line(face.type_line)
    return FlipFace(
        name=face.name,
        name_fr=face.name_fr,
        types=types,
        supertypes=supertypes,
        subtypes=subtypes,
        power=face.power,
        toughness=face.toughness,
        text=face.text[:_MAX_TEXT],
    )
