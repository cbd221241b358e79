"""Who may see what: the rules behind every redaction (707.5 / 708.5, 707.9 / 708.9,
hideaway's 502.75 / 702.75 with 406.3, and cards exiled face down: foretell's 702.143a and
the instruction's own look rights, 406.3).

`views.view_for` and the engine's error messages both ask here, so a viewer is shown
a card's face exactly when the rules let them look at it.
"""

from __future__ import annotations

from typing import NamedTuple

from app.rules.core.viewer import Viewer, sees_face
from app.rules.mtg.state import HideawayEdition, MtgGame, MtgObject, Zone

_IN_PLAY = (Zone.STACK, Zone.BATTLEFIELD, Zone.PHASED_OUT)


def looking_at(state: MtgGame, obj: MtgObject) -> str | None:
    """The player looking at this library card for a hideaway trigger or manifest dread
    (701.62a) right now, if any."""
    for pending in (state.hideaway_pending, state.dread_pending):
        if pending is not None and obj.zone == Zone.LIBRARY and obj.id in pending.looked:
            return pending.player
    return None


def in_view(state: MtgGame, obj: MtgObject, player: str) -> bool:
    """Whether the object itself (its id, its place) reaches this player at all.
    Libraries are counts only, except the cards a hideaway trigger has its controller
    look at and the cards a player legitimately knows there (looked at or revealed, until
    the library is shuffled); a hand is seen by its owner only."""
    if obj.zone == Zone.LIBRARY:
        return looking_at(state, obj) == player or player in obj.known_to
    if obj.zone == Zone.HAND:
        return obj.owner == player
    return True


class EditionAnswer(NamedTuple):
    edition: HideawayEdition
    players: frozenset[str]
    rules: tuple[str, ...]


def hideaway_source(state: MtgGame, obj: MtgObject) -> MtgObject | None:
    """The permanent whose hideaway ability exiled `obj`, while it is on the battlefield
    as the same object (a zone change breaks the link: 400.7)."""
    if obj.hideaway_link is None:
        return None
    for other in state.objects:
        if (
            other is not obj
            and other.zone == Zone.BATTLEFIELD
            and other.hideaway_link == obj.hideaway_link
        ):
            return other
    return None


def has_controlled(permanent: MtgObject) -> set[str]:
    return set(permanent.controllers) | {permanent.controller}


def hideaway_answers(state: MtgGame, obj: MtgObject) -> dict[HideawayEdition, EditionAnswer]:
    """Both editions' answer to "who may look at this hideaway card?".

    Lorwyn (seed 004): the player who controls the hideaway permanent now and every
    player who controlled it before, only while it stays on the battlefield.
    Today: 702.75a gives the card "any player who has controlled the permanent that
    exiled it may look", and 406.3 lets a player once allowed keep looking while the
    card stays exiled, even after the permanent is gone. `known_to` holds those players."""
    source = hideaway_source(state, obj)
    if source is not None:
        lorwyn = EditionAnswer("lorwyn", frozenset(has_controlled(source)), ("702.75-lorwyn-look",))
    else:
        lorwyn = EditionAnswer("lorwyn", frozenset(), ("702.75-lorwyn-leaves",))
    today_rules = ("702.75-look",) if source is not None else ("406.3", "702.75-look")
    today = EditionAnswer("current", frozenset(obj.known_to), today_rules)
    return {"lorwyn": lorwyn, "current": today}


def is_hideaway_card(obj: MtgObject) -> bool:
    return obj.zone == Zone.EXILE and obj.face_down and obj.hideaway_link is not None


def is_private_exile(obj: MtgObject) -> bool:
    """A card exiled face down (foretold, imprinted, exiled by an effect) that only the
    players an instruction lets look may see: a private look, even when every player may
    look (unless they all saw it go, from a public zone)."""
    record = obj.exiled
    return (
        obj.zone == Zone.EXILE and obj.face_down and record is not None and not record.seen_by_all
    )


def exile_look_rule(obj: MtgObject) -> str:
    """The rule that says who may look at a card exiled face down (406.3; foretell's own
    permission is 702.143a)."""
    if obj.exiled is not None and obj.exiled.via == "foretell":
        return "702.143a"
    return "406.3"


def face_known_to(state: MtgGame, obj: MtgObject) -> tuple[set[str], str]:
    """The players who may see this object's face now, and the rule key that says so."""
    everyone = set(state.player_names())
    if obj.zone == Zone.LIBRARY:
        return set(obj.known_to), "401.2"
    if obj.zone == Zone.HAND:
        return {obj.owner} | set(obj.known_to), "402.3"
    if not obj.face_down:
        return everyone, "400.2"
    if is_hideaway_card(obj):
        # Not a face-down permanent: no reveal at the end of the game (707.9 is about
        # spells and permanents).
        answer = hideaway_answers(state, obj)[state.hideaway_edition]
        return set(answer.players), answer.rules[0]
    if obj.zone not in _IN_PLAY:
        # Another card exiled face down: only those an instruction let look (406.3).
        return set(obj.known_to), exile_look_rule(obj)
    if state.finished:
        return everyone, "707.9"  # revealed to all at the end of the game
    if obj.zone == Zone.PHASED_OUT:
        # Jan. 2004 504.3: only face-down spells on the stack and permanents in play.
        return set(obj.known_to), "2004.phased-out-look"
    # 707.5: its controller, at any time, even while it is phased out.
    return {obj.controller} | set(obj.known_to), "707.5"


def other_edition_answer(state: MtgGame, obj: MtgObject) -> EditionAnswer | None:
    """For the judge: the answer of the hideaway edition this game does not apply."""
    if not is_hideaway_card(obj):
        return None
    other: HideawayEdition = "lorwyn" if state.hideaway_edition == "current" else "current"
    return hideaway_answers(state, obj)[other]


def can_see_face(state: MtgGame, obj: MtgObject, player: str) -> bool:
    return player in face_known_to(state, obj)[0]


def may_see_face(state: MtgGame, obj: MtgObject, viewer: Viewer) -> bool:
    """The one answer to "may this viewer see this object's face now?" (707.5 and kin).
    A hideaway card stays a private look, even from a spectator, when every player may look."""
    allowed, _ = face_known_to(state, obj)
    private = is_hideaway_card(obj) or is_private_exile(obj)
    return sees_face(viewer, allowed, state.player_names(), spectators_too=not private)


def reaches(state: MtgGame, obj: MtgObject, viewer: Viewer) -> bool:
    """Whether the object reaches this viewer at all: a spectator sees no hand or library."""
    if viewer.kind == "judge":
        return True
    if viewer.kind == "spectator":
        return obj.zone not in (Zone.HAND, Zone.LIBRARY)
    return in_view(state, obj, viewer.player or "")
