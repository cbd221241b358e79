"""Characteristics in layers: printed -> face-down override -> copy -> flipped -> counters
and pumps.

707.2 / 708.2: a face-down object has only what its enabling rule lists, and those
listed values are its copiable values. 707.10: a face-down permanent that becomes a
copy keeps its face-down values until it is turned face up. 709.2 / 710.2: a flipped
permanent uses its flip half's name, text, type line, power and toughness; the copied
information keeps both halves and a copy uses them as its *own* status says (706.3 /
707.3), so status is never copied.
"""

from __future__ import annotations

from app.rules.mtg.printed_pt import with_modifiers
from app.rules.mtg.state import FaceDownVia, MtgGame, MtgObject, Zone
from app.rules.mtg.values import Characteristics

# A card exiled face down (hideaway) has no characteristics at all (406.3).
NO_CHARACTERISTICS = Characteristics()

WARD_2 = "Ward {2}"


def face_down_values(via: FaceDownVia | None) -> Characteristics:
    """707.2a / 708.2a: a 2/2 creature with no name, text, subtypes or mana cost.
    Disguise (702.168) and cloak (701.58) add ward {2}."""
    abilities = (WARD_2,) if via in ("disguise", "cloak") else ()
    return Characteristics(types=("Creature",), power=2, toughness=2, abilities=abilities)


def face_up_values(obj: MtgObject) -> Characteristics:
    """What the object is (or will be once turned face up): a copy effect wins over print."""
    return obj.copy_of if obj.copy_of is not None else Characteristics.printed(obj.card)


def copiable_values(obj: MtgObject) -> Characteristics:
    """706.2 / today 707.2: what a copy of this object copies. For a flip card, both
    halves: whether the copy is flipped depends on the copy (706.3 / 707.3)."""
    if obj.face_down:
        if obj.zone not in (Zone.STACK, Zone.BATTLEFIELD, Zone.PHASED_OUT):
            return NO_CHARACTERISTICS
        return face_down_values(obj.face_down_via)
    return face_up_values(obj)


def is_flipped_now(obj: MtgObject) -> bool:
    """709.1b / 710.1b: the flip half applies only on the battlefield, only once flipped,
    and never to a face-down permanent (it has only its face-down values)."""
    return obj.flipped and not obj.face_down and obj.zone == Zone.BATTLEFIELD


def current(obj: MtgObject, state: MtgGame) -> Characteristics:
    """The characteristics every rule and every viewer sees right now. `state`: values an
    ability defines from the rest of the game (604.3) are computed from it."""
    base = copiable_values(obj)
    if is_flipped_now(obj):
        base = base.flipped()
    if base.power is None or base.toughness is None:
        return base
    # 707.8: counters and outside effects keep applying whatever the face; 709.1c: and
    # whether flipped or not. 613.4c: on top of a "*" value too, which stays unknown
    # (208.2a: its ability defines it; shown as "*+1").
    delta = obj.counters.get("+1/+1", 0) - obj.counters.get("-1/-1", 0)
    power = with_modifiers(base.power, delta + sum(m.power for m in obj.modifiers))
    toughness = with_modifiers(base.toughness, delta + sum(m.toughness for m in obj.modifiers))
    return base.model_copy(update={"power": power, "toughness": toughness})
