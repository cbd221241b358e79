"""Magic's part of the conformance kit: twin decks whose every card shape reaches a hidden
state (face down by morph, megamorph, disguise, manifest, cloak and dread; a flip card, whose
upside-down name is as secret as its top name; a hideaway land; foretell; a card exiled face
down with a look), random actions of every kind, and who may see what by Magic's rules.

Games run under both hideaway editions. A hideaway card's name, a card exiled face down with
a look, and the cards a player looks at for manifest dread must reach every player allowed to
look at them (the "exactly" half of the leak property)."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from app.rules import engine
from app.rules.core.events import Event
from app.rules.core.state import GameObject, GameState
from app.rules.mtg.candidates import candidate_actions
from app.rules.mtg.cards import MtgCard as CardDef
from app.rules.mtg.setup import MtgOptions as GameOptions
from app.rules.mtg.setup import MtgSetup as GameSetup
from app.rules.mtg.setup import MtgSetupCard as SetupCard
from app.rules.mtg.state import HideawayEdition
from app.rules.mtg.visibility import can_see_face, in_view, is_hideaway_card, is_private_exile
from app.rules.redact import Viewer
from tests.conftest import LONG_RUN as LONG
from tests.conftest import quick_examples
from tests.rules.conformance.kit import PLAYERS, FamilyKit, Witness, accepted
from tests.rules.core.contract_candidates import contract_candidates
from tests.rules.mtg.permission_candidates import permission_candidates

EXAMPLES = 600 if LONG else quick_examples(30)
STEPS = 40 if LONG else 25

# Shapes shared by both players' decks; names are chosen so that no other text, label
# or hexadecimal id can contain them by accident.
SHAPES: list[dict[str, Any]] = [
    {"types": ["Creature"], "mana_cost": "{2}{U}", "power": 3, "toughness": 3, "morph": "{1}{U}"},
    {
        "types": ["Creature"],
        "mana_cost": "{3}{G}",
        "power": 4,
        "toughness": 4,
        "megamorph": "{2}{G}",
    },
    {"types": ["Creature"], "mana_cost": "{1}{B}", "power": 2, "toughness": 1, "disguise": "{B}"},
    {"types": ["Creature"], "mana_cost": "{1}{W}", "power": 2, "toughness": 2},
    {"types": ["Instant"], "mana_cost": "{R}"},
    {
        "types": ["Creature"],
        "mana_cost": "{4}{U}",
        "power": 0,
        "toughness": 0,
        "morph": "{1}{U}",
        "as_turned_face_up_copy": True,
    },
    {
        "types": ["Creature"],
        "mana_cost": "{2}{G}",
        "power": 2,
        "toughness": 3,
        "enters_ability": "Draw.",
    },
    {"types": ["Sorcery"], "mana_cost": "{2}{U}"},
    {"types": ["Land"]},
    # A flip card (seed 709), on the battlefield face up: its flip half gets a name below.
    {
        "types": ["Creature"],
        "mana_cost": "{1}{R}",
        "power": 1,
        "toughness": 1,
        "flip": {"types": ["Creature"], "supertypes": ["Legendary"], "power": 3, "toughness": 3},
    },
    # A hideaway land (seed 004), in hand: its condition always holds in these small games.
    {
        "types": ["Land"],
        "hideaway": 4,
        "enters_tapped": True,
        "hideaway_ability": {
            "cost": "{U}",
            "tap": True,
            "condition": {"kind": "library_at_most", "amount": 20},
        },
    },
    # A foretell creature, in hand (702.143).
    {"types": ["Creature"], "mana_cost": "{2}{W}", "power": 2, "toughness": 2, "foretell": "{W}"},
    # Hooded Hydra's shape, face down: counters as it turns face up (708.11), a dies trigger.
    {
        "types": ["Creature"],
        "mana_cost": "{3}{G}{G}",
        "power": 0,
        "toughness": 0,
        "morph": "{3}{G}{G}",
        "as_turned_face_up": {"counters": {"+1/+1": 3}},
        "triggers": [{"event": "dies", "text": "Create that many 1/1 tokens."}],
    },
    # Library cards to manifest, cloak or dread: a creature with a "from anywhere" trigger
    # (603.6c), and an instant (a manifested instant can't be turned face up).
    {
        "types": ["Creature"],
        "mana_cost": "{1}{G}",
        "power": 2,
        "toughness": 2,
        "triggers": [{"event": "put_into_graveyard_from_anywhere", "text": "Shuffle it back."}],
    },
    {"types": ["Instant"], "mana_cost": "{1}{U}"},
    # Ixidron's shape, in hand: its P/T counts the face-down creatures (604.3).
    {
        "types": ["Creature"],
        "mana_cost": "{3}{U}{U}",
        "pt_cda": {"count": "face_down_creatures"},
        "enters_ability": "Turn all other nontoken creatures face down.",
    },
    # A creature card in the graveyard, for a manifested pile (Ghastly Conscription).
    {"types": ["Creature"], "mana_cost": "{2}{B}", "power": 3, "toughness": 1},
]
# Where each shape starts, by index (the rest start in the library).
_BATTLEFIELD_FACE_DOWN = (0, 12)
_BATTLEFIELD = (3, 9)
_HAND = (1, 2, 4, 5, 10, 11, 15)
_GRAVEYARD = (16,)
ALICE_NAMES = [
    "Quorvex Lantern", "Yzmir Tallow", "Krennic Wisp", "Vhalgrim Ode", "Pyxla Thorn",
    "Jorvath Quay", "Wuxen Marrow", "Zaffre Gull", "Ulmqvist Reed", "Ferrovane Imp",
    "Glumtarn Hollow",
    "Threnvale Sigil", "Oxbrund Coil", "Quennet Brack", "Zorvish Lumen", "Kettlegrim Aul",
    "Yavrel Scour",
]  # fmt: skip
BOB_NAMES = [
    "Brozzek Veil", "Hygrith Moth", "Qelvane Drum", "Tarkuul Spire", "Xyrrh Lattice",
    "Gowlim Fen", "Vexkarn Ash", "Pruzzo Knell", "Dwimmer Cask", "Sprocklin Tuft",
    "Murkwhisk Dell",
    "Vumbrix Thane", "Glossak Pyre", "Drevoth Quill", "Nimbrask Oar", "Phulgar Wend",
    "Sklerrow Mote",
]  # fmt: skip
# Each twin begins with the same kind of sound as its original (vowel or mute h, or not),
# so French elision reads alike once a name is shown ("d'Hygrith" / "d'Hjuvar").
BOB_TWINS = [
    "Bombrax Sill", "Hjuvar Pike", "Klozzim Tarn", "Wyvorn Husk", "Ruzhal Glim",
    "Snevik Orb", "Plyth Garrow", "Muzzard Kelp", "Tovrix Chime", "Dorbleck Nib",
    "Quillmarsh Den",
    "Trovask Ylm", "Brackmire Zu", "Kollex Vrin", "Quazzle Prow", "Mernoth Ilk",
    "Wexley Crumb",
]  # fmt: skip
# The flip halves' names, one per flip card (index 9 above).
FLIP_NAMES = {
    "Ferrovane Imp": "Ferrovane the Unbound",
    "Sprocklin Tuft": "Sprocklin the Untold",
    "Dorbleck Nib": "Dorbleck the Vaunted",
}
TWIN_MAP = dict(zip(BOB_TWINS, BOB_NAMES, strict=True)) | {
    FLIP_NAMES["Dorbleck Nib"]: FLIP_NAMES["Sprocklin Tuft"]
}


def names_of(card: CardDef) -> set[str]:
    """A card's names: a flip card's upside-down half is as secret as its top half."""
    return {card.name} | ({card.flip.name} if card.flip is not None else set())


def _cards(owner: str, names: list[str]) -> list[SetupCard]:
    placed: list[SetupCard] = []
    for i, (name, shape) in enumerate(zip(names, SHAPES, strict=True)):
        data = {"name": name, **shape}
        if "flip" in shape:
            data["flip"] = {"name": FLIP_NAMES[name], **shape["flip"]}
        card = CardDef.model_validate(data)
        if i in _BATTLEFIELD_FACE_DOWN:
            placed.append(SetupCard(owner=owner, zone="battlefield", card=card, face_down="morph"))
        elif i in _BATTLEFIELD:
            placed.append(SetupCard(owner=owner, zone="battlefield", card=card))
        elif i in _HAND:
            placed.append(SetupCard(owner=owner, zone="hand", card=card))
        elif i in _GRAVEYARD:
            placed.append(SetupCard(owner=owner, zone="graveyard", card=card))
        else:
            placed.append(SetupCard(owner=owner, zone="library", card=card))
    return placed


def new_state(bob_names: list[str], edition: HideawayEdition = "current") -> GameState:
    setup = GameSetup(
        players=PLAYERS,
        cards=_cards("Alice", ALICE_NAMES) + _cards("Bob", bob_names),
        options=GameOptions(hideaway_edition=edition),
    )
    return engine.new_game(setup, seed="property-seed").state


EDITIONS = st.sampled_from(["current", "lorwyn"])


OBJECT_ACTIONS: list[tuple[str, dict[str, list[Any]]]] = [
    ("cast_face_down", {"via": ["morph", "megamorph", "disguise"]}),
    ("cast", {}),
    ("play_land", {}),
    ("counter", {}),
    ("turn_face_up", {}),
    ("put_onto_battlefield_face_down", {"via": ["illusionary_mask", "effect"]}),
    ("move", {"to": ["hand", "graveyard", "exile", "library_top", "library_bottom"]}),
    ("look", {}),
    ("tap", {}),
    ("untap", {}),
    ("add_counter", {}),
    ("pump", {}),
    ("phase_out", {}),
    ("phase_in", {}),
    ("gain_control", {"player": PLAYERS}),
    ("copy", {"source": ["*object*"]}),
    ("attack", {}),
    ("turn_face_down", {"via": ["effect", "ixidron"]}),
    ("flip", {}),
    ("hideaway_exile", {}),
    ("hideaway_play", {"condition_met": [None, True]}),
    ("foretell", {}),
    ("exile_face_down", {"look": ["exiler", "owner", "nobody"], "via": ["effect", "imprint"]}),
    ("cast_from_exile", {"via": ["foretell", "effect", None]}),
    ("turn_face_up_in_exile", {}),
    ("return_from_exile", {"face_down": [False, True], "controller": [None, *PLAYERS]}),
    ("manifest_dread_choose", {}),
    ("apply_effect", {"loses_all_abilities": [True], "cant_turn_face_up": [True, False]}),
    ("forbid_name", {"player": PLAYERS}),
    ("become_foretold", {"cost": ["mana_cost_minus_2", "printed"]}),
    ("hideaway_trigger", {}),
]
# Every one is a registered action type (tests/rules/conformance/test_hidden_information.py).


@st.composite
def an_action(draw: st.DrawFn, state: GameState) -> tuple[str | None, dict[str, Any]]:
    """Mostly a legal action; sometimes anything at all, to exercise the refusals."""
    actor = draw(st.sampled_from(["Alice", "Bob", None]))
    if draw(st.integers(0, 5)) == 0:
        return actor, draw(_any_action(state))
    if draw(st.integers(0, 60)) == 0:
        return actor, {"type": draw(st.sampled_from(["end_game", "concede"]))}
    # A kind of action first, then one of that kind, each the first legal one in a random
    # order: every legal kind is as likely (moves don't crowd out a flip or a hideaway),
    # and not every candidate is tried at each step.
    by_kind: dict[str, list[dict[str, Any]]] = {}
    offered = [candidate for candidate, _ in candidate_actions(state, actor)]
    # Actions most of which have no button (tests/rules/core/contract_candidates.py), and
    # permissions, restrictions and effects (tests/rules/mtg/permission_candidates.py).
    for candidate in offered + contract_candidates(state) + permission_candidates(state):
        if candidate["type"] not in ("concede", "end_game"):  # drawn rarely, above
            by_kind.setdefault(candidate["type"], []).append(candidate)
    rnd = draw(st.randoms(use_true_random=False))
    kinds = sorted(by_kind)
    rnd.shuffle(kinds)
    for kind in kinds:
        candidates = by_kind[kind]
        rnd.shuffle(candidates)
        for candidate in candidates:
            if accepted(state, actor, candidate):
                return actor, candidate
    return actor, draw(_any_action(state))  # e.g. the game is over


@st.composite
def _any_action(draw: st.DrawFn, state: GameState) -> dict[str, Any]:
    ids = [o.id for o in state.objects] or ["nope"]
    kind, params = draw(st.sampled_from(OBJECT_ACTIONS))
    target = draw(st.sampled_from(ids))
    action: dict[str, Any] = {"type": kind}
    if kind in ("attack", "turn_face_down"):
        action["objects"] = [target]
    elif kind in ("hideaway_play", "hideaway_trigger"):
        action["source"] = target
    else:
        action["object"] = target
    for key, choices in params.items():
        action[key] = (
            draw(st.sampled_from(ids))
            if choices == ["*object*"]
            else draw(st.sampled_from(choices))
        )
    return action


def ruling_page_for(state: GameState, events: list[Event], viewer: Viewer) -> str:
    """A ruling published from `viewer` at this moment: its page's HTML and preview image."""
    from app.store.repository import RulingRecord
    from app.web.game_service import ruling_public
    from app.web.pages.rulings import preview_svg, render_ruling

    record = RulingRecord(
        slug="leak-check-0000", game_id="g", title="t", note="", version=state.version,
        ruleset=state.ruleset, viewpoints=[viewer], state=state,
        log=[(state.version, None, events)], created_at="",
    )  # fmt: skip
    public = ruling_public(record)
    return render_ruling(public, 0, "en") + preview_svg(public, "en")


def _dread_looked(state: GameState, player: str) -> set[str]:
    """The cards `player` is looking at for manifest dread (701.62a)."""
    pending = state.dread_pending
    return set(pending.looked) if pending is not None and pending.player == player else set()


def _sees_face(state: GameState, obj: GameObject, player: str | None) -> bool:
    if player is None:
        # A spectator sees what every player may see, except a private look (a hideaway
        # card, a card exiled face down): that stays one even when every player may look.
        private = is_hideaway_card(obj) or is_private_exile(obj)
        return not private and all(can_see_face(state, obj, p) for p in PLAYERS)
    return can_see_face(state, obj, player)


def _reaches(state: GameState, obj: GameObject, player: str | None) -> bool:
    if player is None:
        return obj.zone.value not in ("hand", "library")
    return in_view(state, obj, player)


def _must_show(state: GameState, obj: GameObject, player: str) -> bool:
    """A card exiled face down that `player` may look at (hideaway, foretold, exiled with a
    look: 406.3, 702.143a), or one they look at for manifest dread (701.62a: they only)."""
    exiled_down = obj.zone.value == "exile" and obj.face_down
    return (exiled_down and can_see_face(state, obj, player)) or obj.id in _dread_looked(
        state, player
    )


KIT = FamilyKit(
    family="mtg",
    bob=BOB_NAMES,
    twins=BOB_TWINS,
    twin_map=TWIN_MAP,
    new_state=new_state,
    variants=EDITIONS,
    an_action=an_action,
    names_of=names_of,
    sees_face=_sees_face,
    reaches=_reaches,
    examples=EXAMPLES,
    steps=STEPS,
    # Each viewer's buttons in turn, every third step.
    options_at=lambda step, index: step % 3 == 0 and (step // 3) % 3 == index,
    ruling_page=ruling_page_for,
    must_show=_must_show,
)


def witness(player: str | None) -> Witness:
    """What one Magic viewer has been shown (tests/security's HTTP harnesses use it too)."""
    return KIT.witness(player)
