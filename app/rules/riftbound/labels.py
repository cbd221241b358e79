"""Public labels for Riftbound facedown cards: where it is, whose it is, when it was hidden.
Nothing of its face (811.6.a)."""

from __future__ import annotations

from app.rules.core.events import Text
from app.rules.core.ordinals import ordinal_en, ordinal_fr
from app.rules.riftbound.common import bf_text, card_name
from app.rules.riftbound.state import RiftboundGame, RiftboundObject


def facedown_label(state: RiftboundGame, obj: RiftboundObject) -> Text:
    where = bf_text(state, obj.location)
    when_en = when_fr = ""
    if obj.hidden_turn is not None and obj.hidden_turn > 0:
        when_en = f", hidden on turn {obj.hidden_turn}"
        when_fr = f", cachée au tour {obj.hidden_turn}"
    same = [
        o
        for o in state.objects
        if o.face_down and o.location == obj.location and o.controller == obj.controller
    ]
    nth_en = nth_fr = ""
    if len(same) > 1:
        k = sorted(same, key=lambda o: o.position).index(obj) + 1
        nth_en, nth_fr = f" {ordinal_en(k)}", f" {ordinal_fr(k)}"
    return Text(
        en=f"Facedown card{nth_en} at {where.en} ({obj.controller}){when_en}",
        fr=f"Carte face cachée{nth_fr} à {where.fr} ({obj.controller}){when_fr}",
    )


def describe(state: RiftboundGame, obj: RiftboundObject, face: bool) -> Text:
    """How an event or a ruling row names an object: its name when `face`, else its public
    label (a facedown card's place and owner, nothing of its face: 811.6.a)."""
    if obj.face_down and not face:
        return facedown_label(state, obj)
    return card_name(obj)
