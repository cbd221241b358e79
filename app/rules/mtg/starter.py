"""The table a new game starts from when no judge scenario is chosen: a few face-down-capable
cards in each hand, a flip card, a hideaway land and a small library, enough to cast face down,
manifest, attack, bounce, flip and hide a card."""

from __future__ import annotations

from typing import Any

STARTER_HAND = (
    "Exalted Angel",
    "Den Protector",
    "Icefeather Aven",
    "Fugitive Codebreaker",
    "Grizzly Bears",
    "Akki Lavarunner",
    "Windbrisk Heights",
    "Forest",
    "Island",
)
# Top first.
STARTER_LIBRARY = ("Willbender", "Island", "Serra Angel", "Forest", "Hooded Hydra")


def starter_setup(players: list[str]) -> list[dict[str, Any]]:
    """Setup entries in the JSON API's shape (`POST /api/games`)."""
    entries: list[dict[str, Any]] = []
    for player in players:
        entries += [{"owner": player, "zone": "hand", "card": c} for c in STARTER_HAND]
        entries += [{"owner": player, "zone": "library", "card": c} for c in STARTER_LIBRARY]
    return entries
