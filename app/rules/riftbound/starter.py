"""The Riftbound table a new game starts from when no judge scenario is chosen: two players,
three battlefields (one each, one free), a unit at each player's battlefield, runes ready, and
Hidden cards in hand, enough to hide, play from hidden, move units and fight."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.rules.core.cards import CardDef

BATTLEFIELDS = ("Zaun Warrens", "Vilemaw's Lair", "Star Spring")
# Per seat: (unit at its battlefield, unit at base, champion, hand, main deck top first).
SEATS = (
    (
        "Noxus Saboteur",
        "Ember Monk",
        "Teemo, Scout",
        ("Blastcone Fae", "Tideturner", "Fight or Flight", "Block", "Watchful Sentry"),
        ("Sprite Call", "Hidden Blade", "Brynhir Thundersong"),
    ),
    (
        "Watchful Sentry",
        "Noxus Saboteur",
        "Evelynn, Entrancing",
        ("Windsinger", "Stand United", "Switcheroo", "Consult the Past", "Ember Monk"),
        ("Sprite Call", "Zhonya's Hourglass", "Edge of Night"),
    ),
)
RUNES = ("Chaos Rune", "Chaos Rune", "Mind Rune", "Calm Rune")
RUNE_DECK = ("Fury Rune", "Order Rune", "Body Rune")


def starter_setup(players: list[str]) -> list[dict[str, Any]]:
    """Setup entries in the JSON API's shape (`POST /api/games`), for exactly two players."""
    if len(players) != 2:
        raise ValueError("a Riftbound starter table is for two players")
    entries: list[dict[str, Any]] = []
    for k, name in enumerate(BATTLEFIELDS):
        owner = players[min(k, 1)]
        entry = {"owner": owner, "zone": "battlefields", "card": name}
        if k < 2:
            entry["controller"] = players[k]
        entries.append(entry)
    for k, (player, seat) in enumerate(zip(players, SEATS, strict=True)):
        unit, base, champion, hand, deck = seat
        entries.append(
            {"owner": player, "zone": "battlefield", "card": unit, "location": f"bf{k + 1}"}
        )
        entries.append({"owner": player, "zone": "base", "card": base})
        entries.append({"owner": player, "zone": "champion_zone", "card": champion})
        entries += [{"owner": player, "zone": "runes", "card": c} for c in RUNES]
        entries += [{"owner": player, "zone": "hand", "card": c} for c in hand]
        entries += [{"owner": player, "zone": "main_deck", "card": c} for c in deck]
        entries += [{"owner": player, "zone": "rune_deck", "card": c} for c in RUNE_DECK]
    return entries


def deck_zones(cards: Sequence[CardDef]) -> list[tuple[CardDef, str | None]]:
    """Where a pasted Riftbound decklist's cards start: runes in the rune deck, a legend in
    the legend zone, the first battlefield listed on the table (uncontrolled: a battlefield
    is won by conquering it; the deck's other battlefields stay out, as the ones a player
    didn't choose), and every other card in the main deck."""
    placed: list[tuple[CardDef, str | None]] = []
    battlefield_placed = False
    for card in cards:
        if card.is_type("Rune"):
            placed.append((card, "rune_deck"))
        elif card.is_type("Legend"):
            placed.append((card, "legend_zone"))
        elif card.is_type("Battlefield"):
            placed.append((card, None if battlefield_placed else "battlefields"))
            battlefield_placed = True
        else:
            placed.append((card, "main_deck"))
    return placed
