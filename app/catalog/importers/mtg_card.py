"""A Magic card definition from the printed faces a data file lists (MTGJSON and Scryfall
share this): the type line split the way the card model holds it, P/T kept as printed
("*", "1+*"), the face-down facts read from the oracle text, and the layouts the model has no
place for (split, transform, adventure…) noted as unverified rather than dropped."""

from __future__ import annotations

from dataclasses import dataclass

from app.catalog.importers.oracle_text import parse_oracle
from app.rules.mtg.cards import FlipFace, MtgCard

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


def build_card(
    layout: str, faces: list[PrintedFace], full_name: str, name_fr: str | None, source: str
) -> MtgCard:
    """The card model for one card. `faces` front first; `full_name` as the file names the
    whole card ("Akki Lavarunner // Tok-Tok, Volcano Born")."""
    notes: list[str] = []
    front = faces[0]
    if layout == "flip" and len(faces) >= 2:
        name = front.name
        flip = _flip_face(faces[1])
        text = front.text
    elif len(faces) >= 2 and layout in ("split", "aftermath", "fuse"):
        name = full_name
        flip = None
        text = "\n//\n".join(f.text for f in faces)
        notes.append(f"{layout} card: the halves' types and costs are joined, not modelled")
    elif len(faces) >= 2:
        name = front.name
        flip = None
        others = "\n".join(f"// {f.name}: {f.text}" for f in faces[1:])
        text = f"{front.text}\n{others}"
        notes.append(f"{layout} card: only the first face is modelled; the other is in its text")
    else:
        name, flip, text = front.name, None, front.text
    supertypes, types, subtypes = split_type_line(front.type_line)
    if name == full_name and len(faces) >= 2 and layout in ("split", "aftermath", "fuse"):
        for face in faces[1:]:
            _, more, more_sub = split_type_line(face.type_line)
            types += tuple(t for t in more if t not in types)
            subtypes += tuple(s for s in more_sub if s not in subtypes)
        costs = [f.mana_cost for f in faces if f.mana_cost]
        mana_cost = " // ".join(costs) if costs else None
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
        pt_cda=facts.pt_cda,
        text=text,
        morph=facts.morph,
        megamorph=facts.megamorph,
        disguise=facts.disguise,
        hideaway=facts.hideaway,
        hideaway_ability=facts.hideaway_ability,
        enters_tapped=facts.enters_tapped,
        flip=flip,
        enters_ability=facts.enters_ability,
        turned_face_up_ability=facts.turned_face_up_ability,
        as_turned_face_up_copy=facts.as_turned_face_up_copy,
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
