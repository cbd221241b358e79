"""Who may see what: the rules behind every redaction (707.5 / 708.5, 707.9 / 708.9).

`views.view_for` and the engine's error messages both ask here, so a viewer is shown
a card's face exactly when the rules let them look at it.
"""

from __future__ import annotations

from app.rules.state import GameObject, GameState, Zone


def in_view(state: GameState, obj: GameObject, player: str) -> bool:
    """Whether the object itself (its id, its place) reaches this player at all.
    Libraries are counts only; a hand is seen by its owner only."""
    if obj.zone == Zone.LIBRARY:
        return False
    if obj.zone == Zone.HAND:
        return obj.owner == player
    return True


def face_known_to(state: GameState, obj: GameObject) -> tuple[set[str], str]:
    """The players who may see this object's face now, and the rule key that says so."""
    everyone = set(state.player_names())
    if obj.zone == Zone.LIBRARY:
        return set(obj.known_to), "401.2"
    if obj.zone == Zone.HAND:
        return {obj.owner} | set(obj.known_to), "402.3"
    if not obj.face_down:
        return everyone, "400.2"
    if state.finished:
        return everyone, "707.9"  # revealed to all at the end of the game
    if obj.zone == Zone.PHASED_OUT:
        # Jan. 2004 504.3: only face-down spells on the stack and permanents in play.
        return set(obj.known_to), "2004.phased-out-look"
    if obj.zone in (Zone.STACK, Zone.BATTLEFIELD):
        # 707.5: its controller, at any time, even while it is phased out.
        return {obj.controller} | set(obj.known_to), "707.5"
    return set(obj.known_to), "707.5"


def can_see_face(state: GameState, obj: GameObject, player: str) -> bool:
    return player in face_known_to(state, obj)[0]
