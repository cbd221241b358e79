"""Characteristics in layers (613): printed -> face-down override -> copy -> flipped (layer
1), types added (4), abilities lost (6), then power and toughness: defined by an ability
(7a), set (7b), changed by effects and counters (7c).

707.2 / 708.2: a face-down object has only what its enabling rule lists, and those
listed values are its copiable values. 707.10: a face-down permanent that becomes a
copy keeps its face-down values until it is turned face up. 709.2 / 710.2: a flipped
permanent uses its flip half's name, text, type line, power and toughness; the copied
information keeps both halves and a copy uses them as its *own* status says (706.3 /
707.3), so status is never copied.
"""

from __future__ import annotations

from app.rules.mtg.cards import PtCount
from app.rules.mtg.foretold import foretold_count
from app.rules.mtg.printed_pt import star_as_zero, with_modifiers
from app.rules.mtg.state import FaceDownVia, MtgGame, MtgObject, Zone
from app.rules.mtg.values import Characteristics

# A card exiled face down (hideaway) has no characteristics at all (406.3).
NO_CHARACTERISTICS = Characteristics()

WARD_2 = "Ward {2}"


# Built once (frozen, every field a tuple or a scalar): every face-down permanent's values
# were built afresh at every read, each view and each state-based check (bench/'s profile).
_FACE_DOWN = Characteristics(types=("Creature",), power=2, toughness=2)
_FACE_DOWN_WARD = _FACE_DOWN.model_copy(update={"abilities": (WARD_2,)})


def face_down_values(via: FaceDownVia | None) -> Characteristics:
    """707.2a / 708.2a: a 2/2 creature with no name, text, subtypes or mana cost.
    Disguise (702.168) and cloak (701.58) add ward {2}."""
    return _FACE_DOWN_WARD if via in ("disguise", "cloak") else _FACE_DOWN


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


def _types_and_abilities(obj: MtgObject, base: Characteristics) -> Characteristics:
    """Layers 4 and 6 of the effects on this permanent (613.1d, 613.1f), each in the order
    they began (613.7): types and subtypes added, then all abilities lost."""
    types, subtypes = base.types, base.subtypes
    for effect in obj.modifiers:
        types += tuple(t for t in effect.add_types if t not in types)
        subtypes += tuple(t for t in effect.add_subtypes if t not in subtypes)
    if types != base.types or subtypes != base.subtypes:
        base = base.model_copy(update={"types": types, "subtypes": subtypes})
    # Layer 6 in timestamp order (613.7): an ability granted after "loses all abilities"
    # stays; one granted before it is lost with the rest.
    for effect in obj.modifiers:
        if effect.loses_all_abilities:
            base = base.without_abilities()
        if effect.grants:
            base = base.model_copy(
                update={
                    "triggers": base.triggers + effect.grants,
                    "abilities": base.abilities + tuple(g.text for g in effect.grants),
                }
            )
    return base


def types_and_abilities(obj: MtgObject) -> Characteristics:
    """Every characteristic but the power and toughness a layer-7 effect sets or changes:
    what a count of "creatures" reads (no count ever depends on another's power, so no
    characteristic-defining ability waits on another's)."""
    return _types_and_abilities(obj, layer_1(obj))


def layer_1(obj: MtgObject) -> Characteristics:
    """Layer 1 as it applies to `obj` now (613.2): its copiable values, its flip half's once
    flipped (709.2 / 710.2)."""
    base = copiable_values(obj)
    return base.flipped() if is_flipped_now(obj) else base


def if_face_up(obj: MtgObject) -> Characteristics:
    """What this face-down permanent would be if it were face up, with the effects on it
    (702.37e's parenthesis: one that would have no morph cost face up, e.g. because it
    loses all abilities, can't be turned face up by morph)."""
    return _types_and_abilities(obj, face_up_values(obj))


def cant_turn_face_up(obj: MtgObject) -> bool:
    """An effect says it can't be turned face up (Unable to Scream, while face down)."""
    return any(effect.cant_turn_face_up for effect in obj.modifiers)


def current(obj: MtgObject, state: MtgGame) -> Characteristics:
    """The characteristics every rule and every viewer sees right now, layer by layer (613):
    copiable values (1: face down, copy, flipped), types (4), abilities (6), then power and
    toughness: defined by an ability (7a, computed from `state`: 604.3), set (7b), then
    changed by effects and counters (7c)."""
    values = types_and_abilities(obj)
    power, toughness = values.power, values.toughness
    if values.pt_cda is not None:
        count = counted(values.pt_cda.count, obj, state)
        power = count + values.pt_cda.power_plus
        toughness = count + values.pt_cda.toughness_plus
    elif any(effect.loses_all_abilities for effect in obj.modifiers):
        # 208.2a / 613.1f: the ability that defined a "*" is gone; nothing defines it: 0.
        power = None if power is None else star_as_zero(power)
        toughness = None if toughness is None else star_as_zero(toughness)
    turning, chosen = values.as_turned_face_up, obj.turned_up_choice
    if turning is not None and chosen is not None and chosen in turning.pt_choice:
        # 613.4b: set as it turned face up (or entered) by its controller's choice.
        chosen_power, _, chosen_toughness = chosen.partition("/")
        power, toughness = int(chosen_power), int(chosen_toughness)
    for effect in obj.modifiers:
        power = effect.base_power if effect.base_power is not None else power
        toughness = effect.base_toughness if effect.base_toughness is not None else toughness
    if power is None or toughness is None:
        return _with_pt(values, power, toughness)
    # 708.8: counters and outside effects keep applying whatever the face; 709.1c: and
    # whether flipped or not. 613.4c: on top of a "*" value too, which stays unknown
    # (208.2a: its ability defines it; shown as "*+1").
    delta = obj.counters.get("+1/+1", 0) - obj.counters.get("-1/-1", 0)
    power = with_modifiers(power, delta + sum(m.power for m in obj.modifiers))
    toughness = with_modifiers(toughness, delta + sum(m.toughness for m in obj.modifiers))
    return _with_pt(values, power, toughness)


def _with_pt(
    values: Characteristics, power: int | str | None, toughness: int | str | None
) -> Characteristics:
    """`values` with this power and toughness: the same frozen values when nothing changed
    them (most permanents: a copy per object per view was a seventh of a view's cost)."""
    same_power = type(power) is type(values.power) and power == values.power
    if same_power and type(toughness) is type(values.toughness) and toughness == values.toughness:
        return values
    return values.model_copy(update={"power": power, "toughness": toughness})


def counted(count: PtCount, obj: MtgObject, state: MtgGame) -> int:
    """The number a characteristic-defining ability counts for `obj` (604.3): "you" is its
    controller. Phased-out permanents are treated as though they don't exist (702.26b).
    Only read: a move's working copy copies none of what is counted (a count over the
    battlefield copied every permanent, and left none of them shared: GameState.settle)."""
    you = obj.controller
    if count == "cards_in_your_hand":
        return len(state.in_zone_read_only(Zone.HAND, you))
    if count == "cards_in_hand_and_foretold":
        # 702.143c: foretold cards are public as such (406.4), so the total is public too.
        return len(state.in_zone_read_only(Zone.HAND, you)) + foretold_count(state, you)
    if count == "cards_in_your_graveyard":
        return len(state.in_zone_read_only(Zone.GRAVEYARD, you))
    if count == "creature_cards_in_all_graveyards":
        return sum(
            1
            for o in state.in_zone_read_only(Zone.GRAVEYARD)
            if types_and_abilities(o).is_creature()
        )
    permanents = [o for o in state.in_zone_read_only(Zone.BATTLEFIELD) if not o.phased_out]
    if count == "lands_you_control":
        return sum(
            1 for o in permanents if o.controller == you and "Land" in types_and_abilities(o).types
        )
    creatures = [o for o in permanents if types_and_abilities(o).is_creature()]
    if count == "face_down_creatures":
        return sum(1 for o in creatures if o.face_down)
    if count == "creatures_you_control":
        return sum(1 for o in creatures if o.controller == you)
    return len(creatures)
