"""Traps' part of the conformance kit (tests/rules/conformance): twin decks with traps in hand
and set face down, random sets, reveals, moves and turns, and who may see what by Traps'
rules (a face-down trap: its controller, `trap.hidden`; a hand: its owner, `trap.hand`).

The kit is used only when Traps is registered (FACEDOWN_FAMILIES=tests.third_family.family:TRAP):
the engine reaches a family through the registry, read once at import, so
tests/third_family/test_traps_conformance.py runs the shared properties in a subprocess."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from app.rules import engine
from app.rules.core.state import GameObject, GameState
from app.rules.core.viewer import Viewer
from tests.conftest import LONG_RUN as LONG
from tests.conftest import quick_examples
from tests.rules.conformance.kit import PLAYERS, FamilyKit, Witness, accepted
from tests.third_family import rules
from tests.third_family.state import ZONES, TrapCard, TrapSetup, TrapSetupCard

EXAMPLES, STEPS = (300, 30) if LONG else (quick_examples(20), 15)
ALICE = ["Quillback Snare", "Moravex Pit", "Drundle Net"]
BOB = ["Vorthak Jaw", "Ixlebb Coil", "Humbrel Spike"]
BOB_TWINS = ["Zentrix Wire", "Ostrav Clamp", "Hagrum Thorn"]
# Each card's French name: hidden with it, so both names are checked.
FRENCH = {
    "Quillback Snare": "Collet Quillback", "Moravex Pit": "Fosse Moravex",
    "Drundle Net": "Filet Drundle", "Vorthak Jaw": "Gueule Vorthak",
    "Ixlebb Coil": "Spirale Ixlebb", "Humbrel Spike": "Pique Humbrel",
    "Zentrix Wire": "Fil Zentrix", "Ostrav Clamp": "Pince Ostrav", "Hagrum Thorn": "Epine Hagrum",
}  # fmt: skip


def _cards(owner: str, names: list[str]) -> list[TrapSetupCard]:
    # The first trap starts set face down on the field, the others in hand.
    return [
        TrapSetupCard(
            owner=owner,
            zone="field" if i == 0 else "hand",
            face_down=i == 0,
            card=TrapCard(name=name, name_fr=FRENCH[name], types=("Trap",), strength=2),
        )
        for i, name in enumerate(names)
    ]


def new_state(bob: list[str], variant: None = None) -> GameState:
    setup = TrapSetup(players=PLAYERS, cards=_cards("Alice", ALICE) + _cards("Bob", bob))
    return engine.new_game(setup, seed="trap-property-seed").state


def _candidates(state: GameState, actor: str | None) -> list[dict[str, Any]]:
    """The buttons `actor` would get, and moves of every object to every zone (most refused:
    someone else's card, or already there), and the judge's and a player's ending."""
    found = [action for action, _ in rules.offers(state, actor)]
    for obj in state.objects:
        found.append({"type": "reveal_trap", "object": obj.id})
        found += [{"type": "move_trap", "object": obj.id, "to": zone} for zone in ZONES]
    found.append({"type": "end_game"} if actor is None else {"type": "concede"})
    return found


@st.composite
def an_action(draw: st.DrawFn, state: GameState) -> tuple[str | None, dict[str, Any]]:
    actor = draw(st.sampled_from(["Alice", "Bob", None]))
    candidates = _candidates(state, actor)
    if draw(st.integers(0, 4)) == 0:
        return actor, draw(st.sampled_from(candidates))  # anything, legal or not
    # Ending the game reveals everything: keep it rare so most games stay hidden longer.
    legal = [
        a
        for a in candidates
        if a["type"] not in ("end_game", "concede") and accepted(state, actor, a)
    ]
    return actor, draw(st.sampled_from(legal or candidates))


def _sees_face(state: GameState, obj: GameObject, player: str | None) -> bool:
    allowed, _ = rules.face_known_to(state, obj)
    if player is None:
        return all(p in allowed for p in PLAYERS)
    return player in allowed


def _reaches(state: GameState, obj: GameObject, player: str | None) -> bool:
    return rules.reaches(state, obj, Viewer.seat(player) if player else Viewer.spectator())


def _must_show(state: GameState, obj: GameObject, player: str) -> bool:
    # A card a player may look at, in their view, is named to them (`trap.hidden`, `trap.hand`).
    return _sees_face(state, obj, player) and rules.in_view(state, obj, player)


KIT = FamilyKit(
    family="trap",
    bob=BOB,
    twins=BOB_TWINS,
    twin_map={
        **dict(zip(BOB_TWINS, BOB, strict=True)),
        **{FRENCH[t]: FRENCH[n] for t, n in zip(BOB_TWINS, BOB, strict=True)},
    },
    new_state=new_state,
    variants=st.none(),
    an_action=an_action,
    names_of=lambda card: {card.name, card.name_fr or card.name},
    sees_face=_sees_face,
    reaches=_reaches,
    examples=EXAMPLES,
    steps=STEPS,
    # Every viewer's buttons, every third step and before the first (Traps is cheap).
    options_at=lambda step, index: step % 3 == 0,
    options_first=True,
    must_show=_must_show,
)


def witness(player: str | None) -> Witness:
    """What one Traps viewer has been shown."""
    return KIT.witness(player)
