"""Moving objects between zones, and the reveal a face-down object owes as it goes (707.9)."""

from __future__ import annotations

from app.rules.core.errors import RuleError
from app.rules.core.events import Text
from app.rules.core.judge import name_for
from app.rules.mtg import look_back
from app.rules.mtg.actions import Move
from app.rules.mtg.labels import describe, public_label
from app.rules.mtg.state import ZONE_FR, MtgCtx, MtgObject, Zone
from app.rules.mtg.visibility import face_known_to

_DESTINATIONS = {
    "hand": (Zone.HAND, False),
    "graveyard": (Zone.GRAVEYARD, False),
    "exile": (Zone.EXILE, False),
    "library_top": (Zone.LIBRARY, True),
    "library_bottom": (Zone.LIBRARY, False),
}
_HIDDEN_ORIGINS = (Zone.HAND, Zone.LIBRARY)


def leave(
    ctx: MtgCtx, obj: MtgObject, zone: Zone, *, top: bool = False, cause: str = ""
) -> MtgObject | None:
    """Move `obj` to its owner's `zone` as a new object (400.7), revealing a face-down one
    to everyone as it moves (707.9), and report it without leaking a hidden origin; then
    say which of its zone-change abilities trigger (look_back: 603.10a, 603.6c). Returns
    the new object (None: a token that ceased to exist)."""
    before = look_back.remember(ctx.state, obj)
    new = _leave(ctx, obj, zone, top=top, cause=cause)
    look_back.announce(ctx, before, zone, new)
    return new


def _leave(ctx: MtgCtx, obj: MtgObject, zone: Zone, *, top: bool, cause: str) -> MtgObject | None:
    origin = obj.zone
    if obj.face_down and origin not in (Zone.STACK, Zone.BATTLEFIELD, Zone.PHASED_OUT):
        return _leave_face_down_exile(ctx, obj, zone, top=top, cause=cause)
    was_face_down = obj.face_down
    was_flipped = obj.flipped and origin == Zone.BATTLEFIELD and not was_face_down
    label = public_label(ctx.state, obj) if was_face_down else None
    card = obj.card
    owner = obj.owner
    token = obj.is_token
    if token and origin in (Zone.BATTLEFIELD, Zone.STACK):
        # 704.5d / 111.7: a token that leaves the battlefield ceases to exist.
        ctx.state.remove_object(obj)
        if was_face_down and label is not None:
            # 708.9: a face-down token is revealed as it leaves, like any face-down
            # permanent: its own definition was hidden until now.
            ctx.emit(
                "token_gone",
                ["707.9", "400.7", "704.5d"],
                Text(
                    en=f"{label.en} leaves and is revealed: it was a token, {card.name}. It "
                    "ceases to exist.",
                    fr=f"{label.fr} quitte le jeu et est révélé : c'était un jeton, "
                    f"{card.name_fr or card.name}. Il cesse d'exister.",
                ),
            )
            return None
        ctx.emit(
            "token_gone",
            ["400.7", "704.5d"],
            Text(
                en=f"The token {describe(ctx.state, obj, face=True).en} leaves and ceases to exist.",
                fr=f"Le jeton {describe(ctx.state, obj, face=True).fr} quitte le jeu et cesse "
                "d'exister.",
            ),
        )
        return None
    new = ctx.relocate(obj, zone, top=top)
    dest_en = f"{owner}'s {zone.value}" + (" (top)" if top else "")
    dest_fr = f"{ZONE_FR[zone]} de {owner}" + (" (dessus)" if top else "")
    shown_id = [new.id] if zone not in _HIDDEN_ORIGINS else []
    if was_face_down and label is not None:
        if zone in _HIDDEN_ORIGINS:
            # Everyone saw it go there; they know it until it becomes a new object.
            new.known_to = ctx.state.player_names()
        # 707.9: revealed to all as it leaves the battlefield or the stack (2004: 504.6,
        # also as it leaves the phased-out zone for anywhere but play).
        ctx.emit(
            "reveal_move",
            ["707.9", "400.7"],
            Text(
                en=f"{label.en} moves to {dest_en}{cause} and is revealed: it is {card.name}. "
                "It is a new object: counters and effects are gone.",
                fr=f"{label.fr} va dans la {dest_fr}{cause} et est révélé : c'est "
                f"{card.name_fr or card.name}. C'est un nouvel objet : marqueurs et effets "
                "disparaissent.",
            ),
            objects=shown_id,
        )
        return new
    if origin in _HIDDEN_ORIGINS and zone in _HIDDEN_ORIGINS:
        # From hand to library (or back): nobody else sees which card.
        if origin == Zone.HAND:
            # So what another player knew of the cards left in that hand (a revealed card)
            # becomes uncertain: it may have been the one that went (docs/DESIGN.md invariant 9).
            for other in ctx.state.in_zone(Zone.HAND, owner):
                other.known_to = []
        ctx.emit(
            "move_hidden",
            ["400.7"],
            Text(
                en=f"{owner} puts a card from their {origin.value} into their {zone.value}"
                + (" (top)." if top else "."),
                fr=f"{owner} met une carte de sa {ZONE_FR[origin]} dans sa {ZONE_FR[zone]}"
                + (" (dessus)." if top else "."),
            ),
            # The owner knew it if it was in their hand, or sees it now it is; a card
            # moved within the library stays unknown to them (judge only).
            **name_for(new, {owner} if Zone.HAND in (origin, zone) else set()),
        )
        return new
    flip_en = flip_fr = ""
    keys = ["400.7"]
    if was_flipped:
        # 709.4: it retains no memory of having been flipped.
        flip_en = " It was flipped; the new object is not, and shows its normal half."
        flip_fr = " Il était inversé ; le nouvel objet ne l'est pas et montre sa partie normale."
        keys.append("709.4")
    ctx.emit(
        "move",
        keys,
        Text(
            en=f"{card.name} moves from {origin.value} to {dest_en}{cause}: a new object."
            + flip_en,
            fr=f"{card.name_fr or card.name} passe de la zone {ZONE_FR[origin]} à la "
            f"{dest_fr}{cause} : un nouvel objet." + flip_fr,
        ),
        objects=shown_id,
    )
    return new


def _leave_face_down_exile(
    ctx: MtgCtx, obj: MtgObject, zone: Zone, *, top: bool, cause: str
) -> MtgObject:
    """A card exiled face down (hideaway) leaves exile. It is not a face-down permanent:
    nothing reveals it (707.9 doesn't apply); it is seen only where its new zone shows it."""
    label = public_label(ctx.state, obj)
    lookers, _ = face_known_to(ctx.state, obj)
    card = obj.card
    owner = obj.owner
    new = ctx.relocate(obj, zone, top=top)
    dest_en = f"{owner}'s {zone.value}" + (" (top)" if top else "")
    dest_fr = f"{ZONE_FR[zone]} de {owner}" + (" (dessus)" if top else "")
    if zone in _HIDDEN_ORIGINS:
        ctx.emit(
            "move_hidden",
            ["400.7", "406.3"],
            Text(
                en=f"{label.en} leaves exile for {dest_en}{cause}, unrevealed: a new object.",
                fr=f"{label.fr} quitte l'exil pour la {dest_fr}{cause}, sans être révélée : un "
                "nouvel objet.",
            ),
            **name_for(new, lookers | ({owner} if zone == Zone.HAND else set())),
        )
        return new
    ctx.emit(
        "move",
        ["400.7", "400.2"],
        Text(
            en=f"{label.en} leaves exile for {dest_en}{cause}, face up: it is {card.name}. "
            "A new object.",
            fr=f"{label.fr} quitte l'exil pour la {dest_fr}{cause}, face visible : c'est "
            f"{card.name_fr or card.name}. Un nouvel objet.",
        ),
        objects=[new.id],
    )
    return new


def may_move(ctx: MtgCtx, action: Move) -> None:
    """400.7: to another zone (or within the library: to its top or bottom), the move's
    precondition."""
    obj = ctx.find(action.object)
    zone, _top = _DESTINATIONS[action.to]
    if obj.zone == zone and not (zone == Zone.LIBRARY):
        raise RuleError(
            ["400.7"],
            f"It is already in that {zone.value}.",
            f"Il est déjà dans cette zone ({ZONE_FR[zone]}).",
        )


def move(ctx: MtgCtx, action: Move) -> None:
    may_move(ctx, action)
    obj = ctx.find(action.object)
    zone, top = _DESTINATIONS[action.to]
    # Whose it is (its controller in play, else its owner) is the engine's consent check:
    # another player's object is moved by a proposal they accept (docs/DESIGN.md invariant 8).
    leave(ctx, obj, zone, top=top)
