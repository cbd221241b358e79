"""A ruling page speaks to a visitor, not to the seat it was published from:
the board's labels that say "you" to a seat ("Your hand", "Only you see this — tap to look")
name the viewpoint's player there instead ("Alice's hand", "Alice sees this — tap to look").

The templates stay the seat page's: the ruling page gets a translator that swaps each
second-person label for its third-person twin, so no template needs a ruling branch."""

from __future__ import annotations

from collections.abc import Callable

# A label that addresses the seat -> (the label naming a player, the name's placeholder).
THIRD_PERSON: dict[str, tuple[str, str]] = {
    "zone.your_hand": ("ruling.hand_of", "who"),
    "tile.only_you": ("ruling.seen_by", "who"),
    "tile.only_you.peek": ("ruling.seen_by_peek", "who"),
    "log.private": ("ruling.private_to", "who"),
    "rb.your_turn": ("rb.turn_of", "player"),
    "rb.controlled_by_you": ("rb.controlled_by", "player"),
    "rb.your_units": ("rb.units_of", "player"),
    "rb.you": ("ruling.viewpoint_mark", "who"),
}


def in_third_person(t: Callable[..., str], player: str | None) -> Callable[..., str]:
    """`t`, naming `player` wherever a label would say "you" (unchanged without a player:
    a spectator's or the judge's viewpoint has no "you" labels)."""
    if player is None:
        return t

    def third(key: str, **values: object) -> str:
        swap = THIRD_PERSON.get(key)
        if swap is None:
            return t(key, **values)
        twin, placeholder = swap
        return t(twin, **{placeholder: player})

    return third
