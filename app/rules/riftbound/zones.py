"""Zone changes in Riftbound: a new object (new id) whenever a card enters or leaves a
non-board zone; a facedown card is revealed to all as it changes zone (421.4)."""

from __future__ import annotations

from app.rules.core.events import Text
from app.rules.riftbound.common import card_name
from app.rules.riftbound.labels import facedown_label
from app.rules.riftbound.state import RiftboundCtx, RiftboundObject, Zone


def put(ctx: RiftboundCtx, obj: RiftboundObject, zone: Zone, *, location: str | None = None,
        controller: str | None = None) -> RiftboundObject:  # fmt: skip
    # A facedown zone holds cards face down (107.3.f): it enters hidden, as it moves.
    new = ctx.relocate(obj, zone, controller=controller, face_down=zone == Zone.FACEDOWN)
    new.location = location
    return new


def take_top(
    ctx: RiftboundCtx, player: str, pile: Zone, into: Zone, count: int
) -> list[RiftboundObject]:
    """Up to `count` cards from the top of `player`'s `pile` into `into`, one at a time: new
    objects (a zone change), as many as the pile holds."""
    taken: list[RiftboundObject] = []
    for _ in range(count):
        cards = ctx.state.in_zone(pile, player)
        if not cards:
            break
        taken.append(put(ctx, cards[0], into))
    return taken


def draw(ctx: RiftboundCtx, player: str, count: int) -> int:
    """Draw from the top of the main deck into the hand; how many were drawn."""
    return len(take_top(ctx, player, Zone.MAIN_DECK, Zone.HAND, count))


def trash_facedown(ctx: RiftboundCtx, obj: RiftboundObject, why: Text, rules: list[str]) -> None:
    """A hidden card leaves its facedown zone for its owner's trash, revealed to all."""
    label = facedown_label(ctx.state, obj)
    name = card_name(obj)
    new = put(ctx, obj, Zone.TRASH)
    ctx.emit(
        "reveal_trash",
        [*rules, "rb.421.4"],
        Text(
            en=f"{label.en} goes to {new.owner}'s trash ({why.en}) and is revealed: it is "
            f"{name.en}.",
            fr=f"{label.fr} va dans la défausse de {new.owner} ({why.fr}) et est révélée : "
            f"c'est {name.fr}.",
        ),
        objects=[new.id],
    )


def kill(ctx: RiftboundCtx, obj: RiftboundObject) -> RiftboundObject | None:
    """A killed permanent goes to its owner's trash; a token ceases to exist."""
    if obj.is_token:
        ctx.state.remove_object(obj)
        return None
    return put(ctx, obj, Zone.TRASH)
