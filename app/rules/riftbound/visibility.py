"""Who may see what in Riftbound (seed 001 811.6.a; facedown zones 107.3.f; privacy of
hands and decks). app.rules.visibility hands Riftbound games here."""

from __future__ import annotations

from app.rules.state import GameObject, GameState, Zone

SECRET = (Zone.MAIN_DECK, Zone.RUNE_DECK)


def in_view(state: GameState, obj: GameObject, player: str) -> bool:
    """Whether the object (its id, its place) reaches this player at all: decks are counts
    only, a hand is its owner's; a facedown card's presence is public (its face is not)."""
    if obj.zone in SECRET:
        return False
    if obj.zone == Zone.HAND:
        return obj.owner == player or player in obj.known_to
    return True


def face_known_to(state: GameState, obj: GameObject) -> tuple[set[str], str]:
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
