"""Property tests: random legal games never show a player what the rules hide from them.

1. For each player (and a spectator), the JSON view and the redacted events never contain
   the name of a card hidden from them that they were never legitimately shown, nor the id
   of an object outside their view.
2. Two games that differ only in the names of Bob's cards give Alice byte-identical views,
   events and error bodies for as long as none of Bob's cards has been shown to her.
3. Replaying the accepted actions from version 0 rebuilds the same state after every step.

Each deck has a flip card (its upside-down name is as secret as its top name) and a hideaway
land; games run under both hideaway editions. A hideaway card's name must also reach every
player allowed to look at it (the "exactly" half of the leak property).

Set FACEDOWN_HYPOTHESIS=long for a long run by hand.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.rules import engine
from app.rules.core.errors import RuleError
from app.rules.core.events import Event
from app.rules.core.state import GameState
from app.rules.families import ACTION_TYPES, parse_action
from app.rules.mtg.cards import MtgCard as CardDef
from app.rules.mtg.offers import candidate_actions
from app.rules.mtg.setup import MtgOptions as GameOptions
from app.rules.mtg.setup import MtgSetup as GameSetup
from app.rules.mtg.setup import MtgSetupCard as SetupCard
from app.rules.mtg.state import HideawayEdition
from app.rules.mtg.visibility import can_see_face, in_view, is_hideaway_card
from app.rules.redact import Viewer, actions_for, error_for, events_for, view_for, visibility_table
from tests.conftest import LONG_RUN as LONG
from tests.conftest import quick_examples
from tests.rules.contract_candidates import contract_candidates
from tests.rules.permission_candidates import permission_candidates

EXAMPLES = 600 if LONG else quick_examples(40)
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
    # Issue 16 (card fields a branch not yet merged doesn't know are left out: _supported).
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
PLAYERS = ["Alice", "Bob"]


def names_of(card: CardDef) -> set[str]:
    """A card's names: a flip card's upside-down half is as secret as its top half."""
    return {card.name} | ({card.flip.name} if card.flip is not None else set())


def _supported(shape: dict[str, Any]) -> dict[str, Any]:
    """The shape without the card fields this branch's card model doesn't know yet (an
    issue-16 field whose branch is not merged)."""
    return {k: v for k, v in shape.items() if k in CardDef.model_fields}


def _cards(owner: str, names: list[str]) -> list[SetupCard]:
    placed: list[SetupCard] = []
    for i, (name, shape) in enumerate(zip(names, SHAPES, strict=True)):
        data = {"name": name, **_supported(shape)}
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
    # Issue 16 (kept only once the type is on main: see below).
    ("foretell", {}),
    ("exile_face_down", {"look": ["exiler", "owner", "nobody"], "via": ["effect", "imprint"]}),
    ("cast_from_exile", {"via": ["foretell", "effect", None]}),
    ("turn_face_up_in_exile", {}),
    ("return_from_exile", {"face_down": [False, True], "controller": [None, *PLAYERS]}),
    ("manifest_dread_choose", {}),
    ("apply_effect", {"loses_all_abilities": [True], "cant_turn_face_up": [True, False]}),
    ("forbid_name", {"player": PLAYERS}),
    # Issue 27.
    ("become_foretold", {"cost": ["mana_cost_minus_2", "printed"]}),
    ("hideaway_trigger", {}),
]
# A type whose branch is not merged yet is left out of the refusals too.
OBJECT_ACTIONS = [(kind, params) for kind, params in OBJECT_ACTIONS if kind in ACTION_TYPES]


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
    # Issue 16's actions, most of which have no button (tests/rules/contract_candidates.py).
    # Issue 27's permissions, restrictions and effects (tests/rules/permission_candidates.py).
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
            if _try(state, actor, candidate)[1] is None:
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


def _try(state: GameState, actor: str | None, action: dict[str, Any]):
    try:
        return engine.apply(state, parse_action(action), actor), None
    except RuleError as err:
        return None, err


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


class Witness:
    """What one player has legitimately been shown so far (perfect recall)."""

    def __init__(self, player: str | None) -> None:
        self.viewer = Viewer.seat(player) if player else Viewer.spectator()
        self.player = player
        self.seen_names: set[str] = set()
        self.shown_ids: set[str] = set()
        self.hidden_ids: set[str] = set()

    def may_see(self, state: GameState, obj) -> bool:
        if self.player is None:
            # A spectator sees what every player may see, except a private look (a hideaway
            # card, a card exiled face down): that stays one even when every player may look.
            private = is_hideaway_card(obj) or _is_private_exile(obj)
            return not private and all(can_see_face(state, obj, p) for p in PLAYERS)
        return can_see_face(state, obj, self.player)

    def sees_face(self, state: GameState, obj) -> bool:
        """May know this card's face now (in view or not: a card revealed into a hand
        stays known until it becomes a new object)."""
        return self.may_see(state, obj)

    def reaches(self, state: GameState, obj) -> bool:
        if self.player is None:
            return obj.zone.value not in ("hand", "library")
        return in_view(state, obj, self.player)

    def check_bytes(self, state: GameState, seen: str) -> None:
        """The same check on raw bytes received over HTTP (tests/security/test_leak_harness)."""
        hidden_now = {
            name for o in state.objects if not self.sees_face(state, o) for name in names_of(o.card)
        }
        for name in hidden_now - self.seen_names:
            assert name not in seen, f"{name} leaked over HTTP to {self.viewer}"
        for obj in state.objects:
            (self.shown_ids if self.reaches(state, obj) else self.hidden_ids).add(obj.id)
        for hidden_id in self.hidden_ids - self.shown_ids:
            assert hidden_id not in seen, f"hidden id {hidden_id} leaked over HTTP"
        for obj in state.objects:
            names = names_of(obj.card)
            if any(name in seen for name in names):
                self.seen_names |= names

    def check(self, state: GameState, new_events: list[Event], options: bool = False) -> None:
        view = view_for(state, self.viewer).model_dump_json()
        if options:  # the buttons a page would offer, labels included
            view += "".join(o.model_dump_json() for o in actions_for(state, self.viewer))
            # A ruling published from this viewpoint adds one channel: its visibility table.
            view += "".join(r.model_dump_json() for r in visibility_table(state, [self.viewer]))
            view += ruling_page_for(state, new_events, self.viewer)
        events = "".join(
            e.model_dump_json() for e in events_for(new_events, self.viewer, state.ruleset)
        )
        hidden_now = {
            name for o in state.objects if not self.sees_face(state, o) for name in names_of(o.card)
        }
        forbidden = hidden_now - self.seen_names
        for name in forbidden:
            assert name not in view, f"{name} leaked into {self.viewer}'s view"
            assert name not in events, f"{name} leaked into {self.viewer}'s events"
        for obj in state.objects:
            if not self.reaches(state, obj):
                self.hidden_ids.add(obj.id)
            else:
                self.shown_ids.add(obj.id)
        for hidden_id in self.hidden_ids - self.shown_ids:
            assert hidden_id not in view and hidden_id not in events, "hidden id leaked"
        # Exactly: the name of a card exiled face down (hideaway, foretold, exiled with a
        # look: 406.3, 702.143a) is in the view of every player allowed to look, and so are
        # the cards a player looks at for manifest dread (701.62a: that player only).
        if self.player is not None:
            looked = _dread_looked(state, self.player)
            for obj in state.objects:
                exiled_down = obj.zone.value == "exile" and obj.face_down
                if (exiled_down and self.may_see(state, obj)) or obj.id in looked:
                    assert obj.card.name in view, f"{self.player} may look at {obj.card.name}"
        # Whatever passed the check was legitimately shown (a card's face shows both halves).
        for obj in state.objects:
            names = names_of(obj.card)
            if any(name in view or name in events for name in names):
                self.seen_names |= names


def _is_private_exile(obj) -> bool:
    """A card exiled face down with a look for some players only (406.3): W2's rule, once
    merged (until then no card is exiled face down but by hideaway)."""
    from app.rules.mtg import visibility

    rule = getattr(visibility, "is_private_exile", None)
    return bool(rule(obj)) if rule is not None else False


def _dread_looked(state: GameState, player: str) -> set[str]:
    """The cards `player` is looking at for manifest dread (none before W3's branch lands)."""
    pending = getattr(state, "dread_pending", None)
    return set(pending.looked) if pending is not None and pending.player == player else set()


PROFILE = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@PROFILE
@given(st.data())
def test_no_hidden_name_or_id_reaches_a_viewer(data: st.DataObject) -> None:
    state = new_state(BOB_NAMES, data.draw(EDITIONS))
    witnesses = [Witness("Alice"), Witness("Bob"), Witness(None)]
    for w in witnesses:
        w.check(state, [])
    for step in range(STEPS):
        actor, action = data.draw(an_action(state))
        out, err = _try(state, actor, action)
        if err is not None:
            # An error shown to the actor names only what they may see.
            if actor is not None:
                body = error_for(err, state.ruleset).model_dump_json()
                witness = witnesses[PLAYERS.index(actor)]
                forbidden = {
                    name
                    for o in state.objects
                    if not witness.sees_face(state, o)
                    for name in names_of(o.card)
                } - witness.seen_names
                assert not any(name in body for name in forbidden), body
            continue
        state = out.state
        for index, w in enumerate(witnesses):
            # The buttons each viewer is offered, in turn every third step (the costly part).
            w.check(state, out.events, options=step % 3 == 0 and (step // 3) % 3 == index)


def _as_original(text: str) -> str:
    for twin, name in TWIN_MAP.items():
        text = text.replace(twin, name)
    return text


@PROFILE
@given(st.data())
def test_alice_cannot_tell_two_games_that_differ_only_in_bobs_hidden_cards(
    data: st.DataObject,
) -> None:
    """Byte-identical for Alice while none of Bob's cards was shown to her; after that,
    identical once each shown twin name is mapped back (so order, ids and counts never
    depend on a hidden card)."""
    edition = data.draw(EDITIONS)
    a, b = new_state(BOB_NAMES, edition), new_state(BOB_TWINS, edition)
    alice = Viewer.seat("Alice")
    shown = False
    for _ in range(STEPS):
        actor, action = data.draw(an_action(a))
        out_a, err_a = _try(a, actor, action)
        out_b, err_b = _try(b, actor, action)
        assert (err_a is None) == (err_b is None), "legality depends on a hidden name"
        if err_a is not None:
            if actor == "Alice":
                body_a = error_for(err_a, a.ruleset).model_dump_json()
                body_b = error_for(err_b, b.ruleset).model_dump_json()
                assert body_a == (_as_original(body_b) if shown else body_b)
            continue
        a, b = out_a.state, out_b.state
        bytes_a = view_for(a, alice).model_dump_json() + "".join(
            e.model_dump_json() for e in events_for(out_a.events, alice, a.ruleset)
        )
        bytes_b = view_for(b, alice).model_dump_json() + "".join(
            e.model_dump_json() for e in events_for(out_b.events, alice, b.ruleset)
        )
        shown = shown or any(name in bytes_a for name in TWIN_MAP.values())
        assert bytes_a == (_as_original(bytes_b) if shown else bytes_b)


@PROFILE
@given(st.data())
def test_replay_from_version_0_equals_the_live_state(data: st.DataObject) -> None:
    initial = new_state(BOB_NAMES, data.draw(EDITIONS))
    state = initial
    accepted: list[tuple[str | None, dict[str, Any]]] = []
    for _ in range(STEPS):
        actor, action = data.draw(an_action(state))
        before = state.model_dump_json()
        out, err = _try(state, actor, action)
        # apply is pure: its input is the same afterwards, accepted or refused.
        assert state.model_dump_json() == before
        if err is not None:
            continue
        state = out.state
        accepted.append((actor, action))
    replayed = initial
    for actor, action in accepted:
        replayed = engine.apply(replayed, parse_action(action), actor).state
    assert replayed.model_dump_json() == state.model_dump_json()
    assert state.version == len(accepted)
