"""What a game family gives the conformance properties (tests/rules/conformance/
test_hidden_information.py): its twin decks, its random actions, and who may see what by its
rules, so that the hidden-information, twin-game and replay properties are written once and
run for every registered family."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from app.rules import engine
from app.rules.core.context import Ctx
from app.rules.core.errors import RuleError
from app.rules.core.events import Event
from app.rules.core.state import GameObject, GameState
from app.rules.families import family_of, parse_action
from app.rules.redact import (
    ActionOption,
    Viewer,
    events_for,
    loose_options,
    object_options,
    view_for,
    visibility_table,
)

PLAYERS = ["Alice", "Bob"]
Drawn = tuple[str | None, dict[str, Any]]


@dataclass(frozen=True)
class FamilyKit:
    """One family's part of the conformance kit.

    `new_state(bob_names, variant)`: a two-player game of Alice's deck and Bob's, Bob's cards
    named `bob_names` (`bob` or `twins`), under a rules variant drawn from `variants` (an
    edition option, or None). `twin_map`: each twin name (a flip half's too) to its original.
    `an_action(state)`: an actor and an action, mostly legal. The witness hooks say what a
    viewer (a player, or None for a spectator) may see: a card's face, an object at all; and
    `must_show`: a card whose name a player's view must hold (the "exactly" half)."""

    family: str
    bob: list[str]
    twins: list[str]
    twin_map: dict[str, str]
    new_state: Callable[[list[str], Any], GameState]
    variants: st.SearchStrategy[Any]
    an_action: Callable[[GameState], st.SearchStrategy[Drawn]]
    names_of: Callable[[Any], set[str]]
    sees_face: Callable[[GameState, GameObject, str | None], bool]
    reaches: Callable[[GameState, GameObject, str | None], bool]
    examples: int
    steps: int
    # Which steps show a witness the buttons its page would offer (the costly part) and
    # whether they are checked before the first step; a ruling page from that viewpoint too.
    options_at: Callable[[int, int], bool]
    options_first: bool = False
    ruling_page: Callable[[GameState, list[Event], Viewer], str] | None = None
    must_show: Callable[[GameState, GameObject, str], bool] | None = None

    def profile(self) -> settings:
        return settings(
            max_examples=self.examples,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        )

    def witness(self, player: str | None) -> Witness:
        return Witness(self, player)


def sheet_ids_in(view: Any) -> list[str]:
    """What a page showing `view` can open a sheet on, or show buttons beside: its tiles, and
    the items on the stack and the "apply by hand" tasks."""
    items = [*getattr(view, "abilities", []), *getattr(view, "by_hand", [])]
    return [o.id for o in view.objects] + [i.id for i in items]


def offered(state: GameState, viewer: Viewer, view: Any) -> list[ActionOption]:
    """The buttons the pages offer `viewer`, asked as they ask (the game-wide ones, then each
    sheet's): `actions_for`'s list, by the button-equivalence property, at a fraction of its
    cost."""
    return loose_options(state, viewer) + [
        o for object_id in sheet_ids_in(view) for o in object_options(state, viewer, object_id)
    ]


def accepted(state: GameState, actor: str | None, action: dict[str, Any]) -> bool:
    """Whether the engine accepts `action` from `actor` (what `attempt` would answer), asked
    cheaply for a random game's choice of a legal action: refused when the move's declared
    precondition refuses it (its handler runs that check first, on the same state, so the
    engine refuses too), else a trial (`engine.apply`'s `trial`: legality only) answers."""
    rules = family_of(state.ruleset).rules
    move = rules.moves_by_type.get(action.get("type", ""))
    if move is not None and move.precondition is not None:
        try:
            parsed = move.model.model_validate(action)
        except ValidationError:
            parsed = None  # the engine says how it refuses
        if parsed is not None:
            ctx: Ctx[GameState] = Ctx(
                state, actor, rules.visibility.in_view, rules, trial=True, reading=True
            )
            try:
                move.precondition(ctx, parsed)
            except RuleError:
                return False
    try:
        engine.apply(state, parse_action(action), actor, trial=True)
    except RuleError:
        return False
    return True


def attempt(state: GameState, actor: str | None, action: dict[str, Any]):
    """The engine's answer to one action: (the outcome, None) or (None, the refusal)."""
    try:
        return engine.apply(state, parse_action(action), actor), None
    except RuleError as err:
        return None, err


class Witness:
    """What one viewer has legitimately been shown so far (perfect recall)."""

    def __init__(self, kit: FamilyKit, player: str | None) -> None:
        self.kit = kit
        self.viewer = Viewer.seat(player) if player else Viewer.spectator()
        self.player = player
        self.seen_names: set[str] = set()
        self.shown_ids: set[str] = set()
        self.hidden_ids: set[str] = set()
        self.face_ids: dict[str, tuple[str, bool]] = {}

    def sees_face(self, state: GameState, obj: GameObject) -> bool:
        """May know this card's face now (in view or not: a card revealed into a hand
        stays known until it becomes a new object)."""
        return self.kit.sees_face(state, obj, self.player)

    def forbidden(self, state: GameState) -> set[str]:
        """The names hidden from this viewer now that it was never legitimately shown."""
        hidden = {
            name
            for o in state.objects
            if not self.sees_face(state, o)
            for name in self.kit.names_of(o.card)
        }
        return hidden - self.seen_names

    def _sort_ids(self, state: GameState) -> None:
        for obj in state.objects:
            reached = self.kit.reaches(state, obj, self.player)
            (self.shown_ids if reached else self.hidden_ids).add(obj.id)

    def _check_new_ids(self, state: GameState) -> None:
        """A card that changed zone or was turned face down, hidden from this viewer now, never
        carries an id they saw with its face: it is a new object with a new id (400.7, 708.9),
        else the id would tell them which card it is. (Same zone and face, as after a change
        of control, it is the same object: they may still know it.)"""
        for obj in state.objects:
            if not self.kit.reaches(state, obj, self.player):
                continue
            where = (str(obj.zone), obj.face_down)
            if self.sees_face(state, obj):
                self.face_ids[obj.id] = where
            elif obj.id in self.face_ids:
                assert self.face_ids[obj.id] == where, f"a hidden card kept a known id {obj.id}"

    def _remember(self, state: GameState, *texts: str) -> None:
        # Whatever passed the check was legitimately shown (a card's face shows every name).
        for obj in state.objects:
            names = self.kit.names_of(obj.card)
            if any(name in text for name in names for text in texts):
                self.seen_names |= names

    def check_bytes(self, state: GameState, seen: str) -> None:
        """The same check on raw bytes received over HTTP (tests/security/test_leak_harness)."""
        for name in self.forbidden(state):
            assert name not in seen, f"{name} leaked over HTTP to {self.viewer}"
        self._sort_ids(state)
        for hidden_id in self.hidden_ids - self.shown_ids:
            assert hidden_id not in seen, f"hidden id {hidden_id} leaked over HTTP"
        self._remember(state, seen)

    def check(self, state: GameState, new_events: list[Event], options: bool = False) -> None:
        seen = view_for(state, self.viewer)
        view = seen.model_dump_json()
        if options:  # the buttons a page would offer, labels included
            view += "".join(o.model_dump_json() for o in offered(state, self.viewer, seen))
            # A ruling published from this viewpoint adds one channel: its visibility table.
            view += "".join(r.model_dump_json() for r in visibility_table(state, [self.viewer]))
            if self.kit.ruling_page is not None:
                view += self.kit.ruling_page(state, new_events, self.viewer)
        events = "".join(
            e.model_dump_json() for e in events_for(new_events, self.viewer, state.ruleset)
        )
        for name in self.forbidden(state):
            assert name not in view, f"{name} leaked into {self.viewer}'s view"
            assert name not in events, f"{name} leaked into {self.viewer}'s events"
        self._sort_ids(state)
        for hidden_id in self.hidden_ids - self.shown_ids:
            assert hidden_id not in view and hidden_id not in events, "hidden id leaked"
        self._check_new_ids(state)
        if self.player is not None and self.kit.must_show is not None:
            for obj in state.objects:
                if self.kit.must_show(state, obj, self.player):
                    assert obj.card.name in view, f"{self.player} may look at {obj.card.name}"
        self._remember(state, view, events)
