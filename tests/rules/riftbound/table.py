"""A small Riftbound table builder: battlefields, cards where they are, then act."""

from __future__ import annotations

from typing import Any

from app.catalog.loader import load_catalog
from app.rules import engine
from app.rules.riftbound.setup import RiftboundSetup as GameSetup
from app.rules.riftbound.setup import RiftboundSetupCard as SetupCard
from tests.rules.mtg.table import SEED, Game


class RbTable:
    def __init__(self, players: tuple[str, ...] = ("Alice", "Bob")):
        self.players = list(players)
        self.cards: list[SetupCard] = []

    def put(self, owner: str, zone: str, name: str | dict[str, Any], **extra: Any) -> RbTable:
        card = load_catalog("riftbound").resolve(name)
        self.cards.append(SetupCard(owner=owner, zone=zone, card=card, **extra))  # type: ignore[arg-type]
        return self

    def battlefield(self, owner: str, name: str, controller: str | None = None) -> RbTable:
        return self.put(owner, "battlefields", name, controller=controller)

    def runes(self, owner: str, name: str, count: int) -> RbTable:
        for _ in range(count):
            self.put(owner, "runes", name)
        return self

    def start(self) -> Game:
        setup = GameSetup(ruleset="riftbound", players=self.players, cards=self.cards)
        out = engine.new_game(setup, SEED)
        return Game(out.state, list(out.events))


def standard(hidden_alice: str | None = None, *, hand_alice: tuple[str, ...] = ()) -> RbTable:
    """Alice controls bf1 (Zaun Warrens) with Noxus Saboteur there; Bob controls bf2 (Vilemaw's
    Lair) with Watchful Sentry there; both have runes; optional cards face down / in hand."""
    t = RbTable()
    t.battlefield("Alice", "Zaun Warrens", controller="Alice")
    t.battlefield("Bob", "Vilemaw's Lair", controller="Bob")
    t.put("Alice", "battlefield", "Noxus Saboteur", location="bf1")
    t.put("Bob", "battlefield", "Watchful Sentry", location="bf2")
    t.runes("Alice", "Chaos Rune", 3).runes("Alice", "Mind Rune", 3)
    t.runes("Bob", "Order Rune", 3).runes("Bob", "Chaos Rune", 3)
    for _ in range(3):
        t.put("Alice", "main_deck", "Ember Monk")
        t.put("Bob", "main_deck", "Brynhir Thundersong")
    if hidden_alice:
        t.put("Alice", "facedown", hidden_alice, location="bf1")
    for name in hand_alice:
        t.put("Alice", "hand", name)
    return t
