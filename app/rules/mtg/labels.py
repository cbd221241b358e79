"""Public labels for face-down objects (707.6 / 708.6): told apart by public facts only.

A label may use: power/toughness and abilities as they are face down, what made it face
down (morph and megamorph read the same: both are cast for {3} the same way), the
order it was cast or entered, and whether it attacked this turn or last turn.
"""

from __future__ import annotations

from app.rules.core.events import Text
from app.rules.core.ordinals import ordinal_en, ordinal_fr
from app.rules.mtg import characteristics
from app.rules.mtg.state import MtgGame, MtgObject, Zone
from app.rules.mtg.visibility import hideaway_source

_VIA = {
    "morph": ("morph", "mue"),
    "megamorph": ("morph", "mue"),
    "disguise": ("disguise", "déguisement"),
    "manifest": ("manifested", "manifesté"),
    "cloak": ("cloaked", "voilé"),
    "illusionary_mask": ("Illusionary Mask", "Masque illusoire"),
    "ixidron": ("turned down by Ixidron", "retourné par Ixidron"),
    "effect": ("turned face down by an effect", "retourné face cachée par un effet"),
}

# The cast-face-down keywords as French cards print them, for the French half of the
# bilingual labels and messages that name one (702.37 morph, 702.37b megamorph, 702.168
# disguise); any other word (an alternative cost) is shown as it is.
CAST_VIA_FR = {"morph": "mue", "megamorph": "mégamue", "disguise": "déguisement"}


def via_fr(via: str) -> str:
    return CAST_VIA_FR.get(via, via)


def exile_pile_label(obj: MtgObject) -> Text | None:
    """406.4: cards exiled face down are kept in piles by when and how they were exiled, so a
    label says exactly that (who, how, with what, which turn, whose) and nothing that tells
    two cards of the same pile apart."""
    record = obj.exiled
    if record is None:
        return None
    if record.via == "foretell":
        return Text(
            en=f"Foretold card ({obj.owner}), foretold on turn {record.turn}",
            fr=f"Carte prédite ({obj.owner}), prédite au tour {record.turn}",
        )
    with_en = f" with {record.source}" if record.source else ""
    with_fr = f" avec {record.source}" if record.source else ""
    if record.via == "imprint":
        how_en, how_fr = "imprinted face down", "empreinte face cachée"
    else:
        how_en, how_fr = "exiled face down", "exilée face cachée"
    return Text(
        en=f"Card {how_en} by {record.by}{with_en} on turn {record.turn} ({obj.owner}'s)",
        fr=f"Carte {how_fr} par {record.by}{with_fr} au tour {record.turn} (à {obj.owner})",
    )


def exiled_face_down_label(state: MtgGame, obj: MtgObject) -> Text:
    """A card exiled face down: no characteristics (406.3), so only where it came from and
    whose it is (406.4)."""
    pile = exile_pile_label(obj)
    if pile is not None:
        return pile
    source = hideaway_source(state, obj)
    if source is not None and not source.face_down:
        shown = describe(state, source, face=True)
        return Text(
            en=f"Face-down card hidden by {shown.en} ({obj.owner}'s)",
            fr=f"Carte face cachée mise en cachette par {shown.fr} (à {obj.owner})",
        )
    return Text(
        en=f"Face-down exiled card ({obj.owner}'s)",
        fr=f"Carte exilée face cachée (à {obj.owner})",
    )


def short_label(state: MtgGame, obj: MtgObject) -> Text:
    """The subject of a log sentence that gives the full public label once anyway, e.g.
    "Alice's face-down 2/2 (cast 1st)": the full label twice in one sentence read as a
    stutter. Still public only: what public_label says, fewer words."""
    now = characteristics.current(obj, state)
    pt = f"{now.power}/{now.toughness}"
    if obj.cast_order is not None:
        which_en, which_fr = (
            f" (cast {ordinal_en(obj.cast_order)})",
            (f" (lancé en {ordinal_fr(obj.cast_order)})"),
        )
    else:
        which_en = which_fr = ""
    return Text(
        en=f"{obj.controller}'s face-down {pt}{which_en}",
        fr=f"Face cachée {pt} de {obj.controller}{which_fr}",
    )


def public_label(state: MtgGame, obj: MtgObject) -> Text:
    """e.g. "Face-down 2/2 — morph, cast 2nd, attacked last turn"."""
    if obj.zone not in (Zone.STACK, Zone.BATTLEFIELD, Zone.PHASED_OUT):
        return exiled_face_down_label(state, obj)
    now = characteristics.current(obj, state)
    via_en, via_fr = _VIA.get(obj.face_down_via or "effect", _VIA["effect"])
    parts_en = [via_en]
    parts_fr = [via_fr]
    if obj.cast_order is not None:
        parts_en.append(f"cast {ordinal_en(obj.cast_order)}")
        parts_fr.append(f"lancé en {ordinal_fr(obj.cast_order)}")
    if obj.zone == Zone.BATTLEFIELD and obj.entered_order is not None:
        parts_en.append(f"face down {ordinal_en(obj.entered_order)}")
        parts_fr.append(f"face cachée en {ordinal_fr(obj.entered_order)}")
    if obj.attacked_turn is not None:
        if obj.attacked_turn == state.turn:
            parts_en.append("attacked this turn")
            parts_fr.append("a attaqué ce tour")
        elif obj.attacked_turn == state.turn - 1:
            parts_en.append("attacked last turn")
            parts_fr.append("a attaqué au dernier tour")
    if characteristics.WARD_2 in now.abilities:
        parts_en.append("ward {2}")
        parts_fr.append("ward {2}")
    pt = f"{now.power}/{now.toughness}"
    return Text(
        en=f"Face-down {pt} ({obj.controller}) — " + ", ".join(parts_en),
        fr=f"Face cachée {pt} ({obj.controller}) — " + ", ".join(parts_fr),
    )


def describe(state: MtgGame, obj: MtgObject, *, face: bool) -> Text:
    """How an event names an object: its face when `face`, else its public label."""
    if obj.face_down and not face:
        return public_label(state, obj)
    values = characteristics.current(obj, state) if not obj.face_down else None
    name = (values.name if values else None) or obj.card.name
    name_fr = (values.name_fr if values else None) or obj.card.name_fr or name
    if values is not None and values.name is None:
        return Text(en="a nameless 2/2", fr="un 2/2 sans nom")
    return Text(en=name, fr=name_fr)


def unseen_label(state: MtgGame, obj: MtgObject) -> Text:
    """A card in a hidden zone as every viewer may name it: whose and where (402.3, 401.2)."""
    if obj.zone == Zone.HAND:
        return Text(en=f"a card in {obj.owner}'s hand", fr=f"une carte de la main de {obj.owner}")
    if obj.zone == Zone.LIBRARY:
        return Text(
            en=f"a card in {obj.owner}'s library",
            fr=f"une carte de la bibliothèque de {obj.owner}",
        )
    if obj.face_down:
        return public_label(state, obj)
    return Text(en=f"a hidden card ({obj.owner}'s)", fr=f"une carte cachée (à {obj.owner})")


def flipped_note(obj: MtgObject) -> Text:
    """709.3 / 710.3: flipped status must be clear whether tapped or untapped."""
    if not characteristics.is_flipped_now(obj):
        return Text(en="", fr="")
    normal = characteristics.face_up_values(obj)
    name = normal.name or obj.card.name
    return Text(en=f" — flipped ({name})", fr=f" — inversé ({normal.name_fr or name})")
