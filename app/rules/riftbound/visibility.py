"""Who may see what in Riftbound (seed 001 811.6.a; facedown zones 107.3.f; privacy of
hands and decks)."""

from __future__ import annotations

from app.rules.core.viewer import Viewer, sees_face
from app.rules.riftbound.state import RiftboundGame, RiftboundObject, Zone

SECRET = (Zone.MAIN_DECK, Zone.RUNE_DECK)


def in_view(state: RiftboundGame, obj: RiftboundObject, player: str) -> bool:
    """Whether the object (its id, its place) reaches this player at all: decks are counts
    only, a hand is its owner's; a facedown card's presence is public (its face is not)."""
    if obj.zone in SECRET:
        return False
    if obj.zone == Zone.HAND:
        return obj.owner == player or player in obj.known_to
    return True


def face_known_to(state: RiftboundGame, obj: RiftboundObject) -> tuple[set[str], str]:
    everyone = set(state.player_names())
    if obj.zone in SECRET:
        return set(obj.known_to), "rb.privacy"
    if obj.zone == Zone.HAND:
        return {obj.owner} | set(obj.known_to), "rb.privacy"
    if obj.zone == Zone.FACEDOWN or obj.face_down:
        if state.finished:
            return everyone, "rb.421.4"
        # 811.6.a / 107.3.f: only its controller may look at a hidden card.
        return {obj.controller} | set(obj.known_to), "rb.811.6.a"
    return everyone, "rb.privacy"


def may_see_face(state: RiftboundGame, obj: RiftboundObject, viewer: Viewer) -> bool:
    allowed, _ = face_known_to(state, obj)
    return sees_face(viewer, allowed, state.player_names())


def reaches(state: RiftboundGame, obj: RiftboundObject, viewer: Viewer) -> bool:
    """Whether the object reaches this viewer at all: a spectator sees no hand or deck."""
    if viewer.kind == "judge":
        return True
    if viewer.kind == "spectator":
        return obj.zone not in (Zone.HAND, *SECRET)
    return in_view(state, obj, viewer.player or "")
