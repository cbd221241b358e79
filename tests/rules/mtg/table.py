"""A small scenario builder for rules tests: lay out a table, act, read the outcome."""

from __future__ import annotations

from typing import Any

from app.catalog.loader import load_catalog
from app.rules import engine
from app.rules.core.events import Event
from app.rules.core.state import GameState
from app.rules.families import Ruleset, parse_action
from app.rules.mtg.cards import MtgCard as CardDef
from app.rules.mtg.setup import MtgOptions as GameOptions
from app.rules.mtg.setup import MtgSetup as GameSetup
from app.rules.mtg.setup import MtgSetupCard as SetupCard
from app.rules.mtg.state import HideawayEdition, Zone
from app.rules.mtg.state import MtgObject as GameObject
from app.rules.redact import View, Viewer, events_for, view_for

SEED = "test-seed-0123456789abcdef"


def card(name: str | dict[str, Any]) -> CardDef:
    return load_catalog().resolve(name)


class Table:
    def __init__(
        self,
        ruleset: Ruleset = "mtg",
        players: tuple[str, ...] = ("Alice", "Bob"),
        hideaway_edition: HideawayEdition = "current",
    ):
        self.ruleset: Ruleset = ruleset
        self.players = list(players)
        self.cards: list[SetupCard] = []
        self.options = GameOptions(hideaway_edition=hideaway_edition)

    def put(self, owner: str, zone: str, name: str | dict[str, Any], **extra: Any) -> Table:
        self.cards.append(SetupCard(owner=owner, zone=zone, card=card(name), **extra))  # type: ignore[arg-type]
        return self

    def hand(self, owner: str, *names: str) -> Table:
        for n in names:
            self.put(owner, "hand", n)
        return self

    def library(self, owner: str, *names: str) -> Table:
        """Top first."""
        for n in names:
            self.put(owner, "library", n)
        return self

    def battlefield(self, owner: str, name: str | dict[str, Any], **extra: Any) -> Table:
        return self.put(owner, "battlefield", name, **extra)

    def start(self, seed: str = SEED) -> Game:
        setup = GameSetup(
            ruleset=self.ruleset, players=self.players, cards=self.cards, options=self.options
        )
        out = engine.new_game(setup, seed)
        return Game(out.state, list(out.events))


class Game:
    """A game under test: `do` applies an action and keeps the events."""

    def __init__(self, state: GameState, events: list[Event]):
        self.state = state
        self.events = events
        self.last: list[Event] = []

    def do(self, actor: str | None, **action: Any) -> Game:
        out = engine.apply(self.state, parse_action(action), actor)
        self.state = out.state
        self.last = out.events
        self.events.extend(out.events)
        return self

    def find(self, name: str, zone: Zone | None = None) -> GameObject:
        found = [
            o
            for o in self.state.objects
            if o.card.name == name and (zone is None or o.zone == zone)
        ]
        assert len(found) == 1, f"expected one {name} in {zone}, found {len(found)}"
        return found[0]

    def id(self, name: str, zone: Zone | None = None) -> str:
        return self.find(name, zone).id

    def view(self, who: str) -> View:
        viewer = {"judge": Viewer.judge(), "spectator": Viewer.spectator()}.get(
            who, Viewer.seat(who)
        )
        return view_for(self.state, viewer)

    def obj_view(self, who: str, object_id: str):
        """One object as `who` sees it (None when it doesn't reach them)."""
        return next((o for o in self.view(who).objects if o.id == object_id), None)

    def refused(self, actor: str | None, **action: Any):
        """Apply an action that must be refused; the state must stay as it was."""
        from app.rules.core.errors import RuleError

        before = self.state.model_dump_json()
        try:
            self.do(actor, **action)
        except RuleError as err:
            assert self.state.model_dump_json() == before
            return err
        raise AssertionError(f"{action} was accepted")

    def log_text(self, who: str) -> str:
        """Every event so far as `who` reads it."""
        viewer = {"judge": Viewer.judge(), "spectator": Viewer.spectator()}.get(
            who, Viewer.seat(who)
        )
        return " ".join(e.text for e in events_for(self.events, viewer, self.state.ruleset))

    def view_json(self, who: str) -> str:
        return self.view(who).model_dump_json()

    def last_text(self, who: str) -> str:
        viewer = {"judge": Viewer.judge(), "spectator": Viewer.spectator()}.get(
            who, Viewer.seat(who)
        )
        return " ".join(e.text for e in events_for(self.last, viewer, self.state.ruleset))
