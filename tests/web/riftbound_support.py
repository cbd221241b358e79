"""A small Riftbound table built through the engine with a fixed seed (so ids are stable), for
the golden template tests and the page tests.

Three battlefields: Zaun Warrens (Alice's), Vilemaw's Lair (Bob's) and Star Spring (nobody's).
On turn 1 Alice hides Blastcone Fae at Zaun Warrens (paying [A] by recycling a rune); on turn 2
Bob plays Fight or Flight on Alice's Noxus Saboteur, so the chain is open to her hidden card
(Reaction, 811.6), whose targets must be at Zaun Warrens (811.1.d.2).
"""

from __future__ import annotations

from typing import Any

from app.catalog.loader import load_catalog
from app.rules import engine
from app.rules.core.errors import RuleError
from app.rules.core.events import Event
from app.rules.core.state import GameState
from app.rules.families import parse_action
from app.rules.riftbound.setup import RiftboundSetup as GameSetup
from app.rules.riftbound.setup import RiftboundSetupCard as SetupCard

# Alice's hidden card: its names appear nowhere else in the game.
RB_SECRET = "Blastcone Fae"
RB_SECRET_WORDS = ("Blastcone", "Fée des pommes")
RB_SETUP: tuple[dict[str, Any], ...] = (
    {"owner": "Alice", "zone": "battlefields", "card": "Zaun Warrens", "controller": "Alice"},
    {"owner": "Bob", "zone": "battlefields", "card": "Vilemaw's Lair", "controller": "Bob"},
    {"owner": "Alice", "zone": "battlefields", "card": "Star Spring"},
    {"owner": "Alice", "zone": "battlefield", "card": "Noxus Saboteur", "location": "bf1"},
    {"owner": "Bob", "zone": "battlefield", "card": "Watchful Sentry", "location": "bf2"},
    {"owner": "Alice", "zone": "base", "card": "Ember Monk"},
    {"owner": "Alice", "zone": "champion_zone", "card": "Teemo, Scout"},
    {"owner": "Alice", "zone": "runes", "card": "Chaos Rune"},
    {"owner": "Alice", "zone": "runes", "card": "Mind Rune"},
    {"owner": "Alice", "zone": "hand", "card": RB_SECRET},
    {"owner": "Alice", "zone": "main_deck", "card": "Sprite Call"},
    {"owner": "Alice", "zone": "rune_deck", "card": "Mind Rune"},
    {"owner": "Bob", "zone": "runes", "card": "Chaos Rune"},
    {"owner": "Bob", "zone": "runes", "card": "Chaos Rune"},
    {"owner": "Bob", "zone": "hand", "card": "Fight or Flight"},
    {"owner": "Bob", "zone": "hand", "card": "Block"},
    {"owner": "Bob", "zone": "trash", "card": "Hidden Blade"},
    {"owner": "Bob", "zone": "banishment", "card": "Switcheroo"},
)

Log = list[tuple[int, str | None, list[Event]]]


def find(state: GameState, name: str, zone: str | None = None) -> str:
    for obj in state.objects:
        if obj.card.name == name and (zone is None or obj.zone.value == zone):
            return obj.id
    raise LookupError(name)


def build_riftbound() -> tuple[GameState, Log, RuleError]:
    catalog = load_catalog("riftbound")
    setup = GameSetup(
        ruleset="riftbound",
        players=["Alice", "Bob"],
        cards=[
            SetupCard(**{**entry, "card": catalog[entry["card"]]})  # type: ignore[arg-type]
            for entry in RB_SETUP
        ],
    )
    outcome = engine.new_game(setup, seed="golden-riftbound")
    state = outcome.state
    log: Log = [(0, None, list(outcome.events))]

    def step(actor: str | None, action: dict[str, Any]) -> None:
        nonlocal state
        result = engine.apply(state, parse_action(action), actor)
        state = result.state
        log.append((state.version, actor, list(result.events)))

    step("Alice", {"type": "hide", "object": find(state, RB_SECRET), "battlefield": "bf1"})
    try:
        engine.apply(
            state,
            parse_action(
                {
                    "type": "play",
                    "object": find(state, RB_SECRET),
                    "targets": [find(state, "Noxus Saboteur")],
                }
            ),
            "Alice",
        )
    except RuleError as err:
        refused = err
    else:  # pragma: no cover
        raise AssertionError("Alice played her hidden card the turn she hid it")
    step("Alice", {"type": "next_turn"})
    step(
        "Bob",
        {
            "type": "play",
            "object": find(state, "Fight or Flight"),
            "targets": [find(state, "Noxus Saboteur")],
        },
    )
    return state, log, refused
