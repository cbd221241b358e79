"""The working copy an action is applied to: ids, zone changes and events in one place."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Generic

from typing_extensions import TypeVar

from app.rules.core.errors import ErrorKind, RuleError
from app.rules.core.events import Event, Text
from app.rules.core.ids import object_id
from app.rules.core.state import GameObject, GameState

if TYPE_CHECKING:
    from app.rules.core.family import GameRules

T = TypeVar("T")
S = TypeVar("S", bound=GameState[Any])
# Shared code names a context by its state alone (`Ctx[Any]`: any state, any object).
Obj = TypeVar("Obj", bound=GameObject, default=Any)
# The family's answer to "does this object (its id, its place) reach this player at all?".
InView = Callable[[S, Obj, str], bool]


class Ctx(Generic[S, Obj]):
    """A working copy of the state being changed, the actor, and the events so far.
    The caller's state is never touched, so a RuleError leaves it as it was. Generic over the
    family's state `S` and its object type `Obj` (the objects `S` holds): a family names its own
    as an alias (`MtgCtx`)."""

    def __init__(
        self,
        state: S,
        actor: str | None,
        in_view: InView[S, Obj],
        rules: GameRules[Any, Any] | None = None,
        *,
        trial: bool = False,
        lazy_objects: bool | None = None,
        reading: bool = False,
    ) -> None:
        # A trial (engine.apply's `trial`) copies each object only when a move reads it; so
        # does engine.apply's real move, which then keeps the rest shared (GameState.settle).
        # `reading`: the state itself, not a copy, for checks that only read it: the moves'
        # declared preconditions, which a page asks for each of its game-wide buttons
        # (app/rules/offers.py), where copying the state and each library card they look at
        # cost more than the checks (bench/'s profile). Nothing may change `state` through
        # it: tests/rules/core/test_preconditions_read_only.py runs every precondition of
        # every shipped scenario's buttons on one and compares the state before and after.
        self.state: S = (
            state
            if reading
            else state.clone(lazy_objects=trial if lazy_objects is None else lazy_objects)
        )
        # The state the move started from, as it was (never changed: invariant 1): what a
        # check of "what is new after the move" compares against (the state-based actions').
        self.started_from: S = state
        self.actor = actor
        self.events: list[Event] = []
        self.in_view = in_view
        # The game's rules, for moves that dispatch another action (an accepted proposal).
        self.rules = rules
        # True while an accepted proposal applies: the affected player let it happen.
        self.consented = False
        # True when only legality matters (engine.apply's `trial`): log-only work may be skipped.
        self.trial = trial
        # The judge acting as the judge: never refused for timing, only warned
        # (app.rules.core.timing). Acting "as" a player, the judge does what that player may.
        self.judge = actor is None

    # --- identity -------------------------------------------------------
    def new_id(self) -> str:
        """Random-looking, never sequential, yet replayable: a keyed hash of a counter
        under the game's secret seed (docs/DESIGN.md invariant 3)."""
        self.state.id_counter += 1
        return object_id(self.state.seed, self.state.id_counter)

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A random order drawn from the game's secret seed and a shuffle counter: never
        Python's global generator, so replaying the log gives the same order."""
        self.state.shuffle_counter += 1
        digest = hashlib.blake2b(
            f"shuffle:{self.state.shuffle_counter}".encode(),
            key=self.state.seed.encode()[:64],
            digest_size=16,
        )
        out = list(items)
        random.Random(int.from_bytes(digest.digest(), "big")).shuffle(out)
        return out

    def next_position(self) -> int:
        self.state.position_counter += 1
        return self.state.position_counter

    # --- look-ups that respect what the actor may see -------------------
    def find(self, object_id: str) -> Obj:
        """The object, or the same 404 whether it does not exist or is hidden from the
        actor: an error must not confirm that a hidden id exists."""
        obj: Obj | None = self.state.get(object_id)
        if obj is None or (
            self.actor is not None and not self.in_view(self.state, obj, self.actor)
        ):
            raise RuleError(
                [],
                "No such object in this game (it may have changed zones and got a new id).",
                "Aucun objet de ce type dans la partie (il a pu changer de zone et d'identifiant).",
                kind="not_found",
            )
        return obj

    def player(self, name: str) -> str:
        if name not in self.state.player_names():
            raise RuleError(
                [],
                f"There is no player named {name!r} in this game.",
                f"Aucun joueur nommé {name!r} dans cette partie.",
                kind="not_found",
            )
        return name

    def acting_for(self, default: str) -> str:
        """The player doing it: the actor, or for the judge the natural default."""
        return self.actor if self.actor is not None else default

    def acting_as(
        self, player: str, rules: list[str], en: str, fr: str, *, kind: ErrorKind = "forbidden"
    ) -> str:
        """`player`, who must be the one acting (the judge acts for anyone): any other
        player is refused with this message (by default as forbidden: not theirs to do)."""
        if self.actor is not None and self.actor != player:
            raise RuleError(rules, en, fr, kind=kind)
        return player

    def require_controller(self, obj: Obj, rules: list[str], what: Text) -> None:
        self.acting_as(
            obj.controller,
            rules,
            f"Only its controller ({obj.controller}) may {what.en}.",
            f"Seul son contrôleur ({obj.controller}) peut {what.fr}.",
            kind="rule",
        )

    # --- changes -------------------------------------------------------
    def relocate(
        self,
        obj: Obj,
        zone: str,
        *,
        controller: str | None = None,
        top: bool = False,
        face_down: bool = False,
    ) -> Obj:
        """400.7: a zone change makes a new object with a new id and no memory of the old
        one: counters, effects, status and copy effects are gone. `top`: on top of the
        owner's cards in that zone (a library)."""
        self.state.remove_object(obj)
        if face_down and obj.zone == "hand":
            self._forget_hand(obj.owner)
        position = self.next_position()
        if top:
            pile = self.state.in_zone(zone, obj.owner)
            position = (pile[0].position - 1) if pile else -position
        new = obj.arriving(
            id=self.new_id(),
            controller=controller if controller is not None else obj.owner,
            zone=zone,
            position=position,
            face_down=face_down,
        )
        self.state.objects.append(new)
        return new

    def _forget_hand(self, owner: str) -> None:
        """A card left `owner`'s hand face down: nobody else saw which one, so what another
        player knew about the cards still there (a revealed card, a bounced face-down card)
        becomes uncertain (docs/DESIGN.md invariant 9) — they may have been the one that left."""
        for other in self.state.in_zone("hand", owner):
            other.known_to = []

    def emit(
        self,
        kind: str,
        rules: Iterable[str],
        public: Text,
        *,
        private: Text | None = None,
        private_to: Iterable[str] = (),
        private_rules: Iterable[str] = (),
        objects: Iterable[str] = (),
    ) -> None:
        self.events.append(
            Event(
                kind=kind,
                rules=tuple(rules),
                public=public,
                private=private,
                private_to=tuple(sorted(set(private_to))) if private is not None else (),
                private_rules=tuple(private_rules) if private is not None else (),
                objects=tuple(objects),
            )
        )
