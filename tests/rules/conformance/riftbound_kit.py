"""Riftbound's part of the conformance kit: twin decks with cards hidden at a battlefield
(811), random hides, plays, moves, showdowns and control changes, and who may see what by
Riftbound's rules (a hidden card: its controller; 811.6.a)."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from app.rules import engine
from app.rules.core.state import GameObject, GameState
from app.rules.riftbound.candidates import candidate_actions
from app.rules.riftbound.cards import RiftboundCard as CardDef
from app.rules.riftbound.setup import RiftboundSetup as GameSetup
from app.rules.riftbound.setup import RiftboundSetupCard as SetupCard
from app.rules.riftbound.visibility import face_known_to, in_view
from tests.conftest import LONG_RUN as LONG
from tests.conftest import quick_examples
from tests.rules.conformance.kit import PLAYERS, FamilyKit, Witness, accepted

EXAMPLES, STEPS = (300, 30) if LONG else (quick_examples(20), 20)
SHAPES: list[dict[str, Any]] = [
    {"types": ["Spell"], "energy": 1, "hidden": True, "keywords": ["Action"],
     "play_effect": {"kind": "move_to_base", "targets": [{"where": "battlefield"}]}},
    {"types": ["Unit"], "energy": 1, "might": 2, "hidden": True,
     "play_effect": {"kind": "might", "amount": -2, "minimum_might": 1, "targets": [{}]}},
    {"types": ["Unit"], "energy": 1, "might": 2, "hidden": True,
     "play_effect": {"kind": "swap_places", "targets": [{"controller": "friendly", "where": "other_location", "optional": True}]}},
    {"types": ["Spell"], "energy": 1, "hidden": True, "keywords": ["Reaction"],
     "play_effect": {"kind": "draw", "amount": 1}},
    {"types": ["Unit"], "energy": 1, "might": 3},
]  # fmt: skip
ALICE = ["Quorvex Lantern", "Yzmir Tallow", "Krennic Wisp", "Vhalgrim Ode", "Pyxla Thorn"]
BOB = ["Brozzek Veil", "Hygrith Moth", "Qelvane Drum", "Tarkuul Spire", "Xyrrh Lattice"]
# Each twin begins with the same kind of sound as its original (vowel or mute h, or not),
# so French elision reads alike once a name is shown ("d'Hygrith" / "d'Hjuvar").
BOB_TWINS = ["Bombrax Sill", "Hjuvar Pike", "Klozzim Tarn", "Wyvorn Husk", "Ruzhal Glim"]
RUNE = CardDef(name="Plain Rune", types=("Rune",), domain="Fury")
UNIT = CardDef(name="Plain Walker", types=("Unit",), might=2)


def _cards(owner: str, names: list[str], bf: str) -> list[SetupCard]:
    out = [SetupCard(owner=owner, zone="runes", card=RUNE) for _ in range(4)]
    out.append(SetupCard(owner=owner, zone="battlefield", card=UNIT, location=bf))
    out.append(SetupCard(owner=owner, zone="base", card=UNIT))
    for i, (name, shape) in enumerate(zip(names, SHAPES, strict=True)):
        card = CardDef.model_validate({"name": name, **shape})
        zone = "facedown" if i == 0 else ("main_deck" if i == 4 else "hand")
        out.append(SetupCard(owner=owner, zone=zone, card=card,
                             location=bf if zone == "facedown" else None))  # fmt: skip
    return out


def new_state(bob: list[str], variant: None = None) -> GameState:
    bfs = [
        SetupCard(owner="Alice", zone="battlefields", card=CardDef(name="North Field", types=("Battlefield",)), controller="Alice"),
        SetupCard(owner="Bob", zone="battlefields", card=CardDef(name="South Field", types=("Battlefield",)), controller="Bob"),
    ]  # fmt: skip
    setup = GameSetup(
        ruleset="riftbound", players=PLAYERS,
        cards=bfs + _cards("Alice", ALICE, "bf1") + _cards("Bob", bob, "bf2"),
    )  # fmt: skip
    return engine.new_game(setup, seed="rb-property-seed").state


@st.composite
def an_action(draw: st.DrawFn, state: GameState) -> tuple[str | None, dict[str, Any]]:
    actor = draw(st.sampled_from(["Alice", "Bob", None]))
    candidates = [a for a, _ in candidate_actions(state, actor)]
    if draw(st.integers(0, 4)) == 0:
        return actor, draw(st.sampled_from(candidates))  # anything, legal or not
    legal = [a for a in candidates if accepted(state, actor, a)]
    return actor, draw(st.sampled_from(legal or candidates))


def _sees_face(state: GameState, obj: GameObject, player: str | None) -> bool:
    if player is None:
        return all(p in face_known_to(state, obj)[0] for p in PLAYERS)
    return player in face_known_to(state, obj)[0]


def _reaches(state: GameState, obj: GameObject, player: str | None) -> bool:
    if player is None:
        return obj.zone.value not in ("hand", "main_deck", "rune_deck")
    return in_view(state, obj, player)


KIT = FamilyKit(
    family="riftbound",
    bob=BOB,
    twins=BOB_TWINS,
    twin_map=dict(zip(BOB_TWINS, BOB, strict=True)),
    new_state=new_state,
    variants=st.none(),
    an_action=an_action,
    names_of=lambda card: {card.name},
    sees_face=_sees_face,
    reaches=_reaches,
    examples=EXAMPLES,
    steps=STEPS,
    # Every viewer's buttons, every sixth step and before the first.
    options_at=lambda step, index: step % 6 == 0,
    options_first=True,
)


def witness(player: str | None) -> Witness:
    """What one Riftbound viewer has been shown (tests/security's HTTP harnesses use it too)."""
    return KIT.witness(player)
