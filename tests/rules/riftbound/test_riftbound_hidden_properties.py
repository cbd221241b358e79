"""Property tests for Riftbound games: random hides, plays, moves, showdowns and control
changes never show a player a hidden card's name or an id outside their view; two games
that differ only in Bob's hidden cards look the same to Alice; replay equals live."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.rules import engine
from app.rules.core.errors import RuleError
from app.rules.core.state import GameState
from app.rules.families import parse_action
from app.rules.redact import Viewer, actions_for, error_for, events_for, view_for, visibility_table
from app.rules.riftbound.cards import RiftboundCard as CardDef
from app.rules.riftbound.options import candidate_actions
from app.rules.riftbound.setup import RiftboundSetup as GameSetup
from app.rules.riftbound.setup import RiftboundSetupCard as SetupCard
from app.rules.riftbound.visibility import face_known_to, in_view
from tests.conftest import LONG_RUN as LONG
from tests.conftest import quick_examples

EXAMPLES, STEPS = (300, 30) if LONG else (quick_examples(20), 20)
PLAYERS = ["Alice", "Bob"]
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


def new_state(bob: list[str]) -> GameState:
    bfs = [
        SetupCard(owner="Alice", zone="battlefields", card=CardDef(name="North Field", types=("Battlefield",)), controller="Alice"),
        SetupCard(owner="Bob", zone="battlefields", card=CardDef(name="South Field", types=("Battlefield",)), controller="Bob"),
    ]  # fmt: skip
    setup = GameSetup(
        ruleset="riftbound", players=PLAYERS,
        cards=bfs + _cards("Alice", ALICE, "bf1") + _cards("Bob", bob, "bf2"),
    )  # fmt: skip
    return engine.new_game(setup, seed="rb-property-seed").state


def _try(state: GameState, actor: str | None, action: dict[str, Any]):
    try:
        return engine.apply(state, parse_action(action), actor), None
    except RuleError as err:
        return None, err


@st.composite
def an_action(draw: st.DrawFn, state: GameState) -> tuple[str | None, dict[str, Any]]:
    actor = draw(st.sampled_from(["Alice", "Bob", None]))
    candidates = [a for a, _ in candidate_actions(state, actor)]
    if draw(st.integers(0, 4)) == 0:
        return actor, draw(st.sampled_from(candidates))  # anything, legal or not
    legal = [a for a in candidates if _try(state, actor, a)[1] is None]
    return actor, draw(st.sampled_from(legal or candidates))


class Witness:
    def __init__(self, player: str | None) -> None:
        self.viewer = Viewer.seat(player) if player else Viewer.spectator()
        self.player = player
        self.seen: set[str] = set()
        self.shown_ids: set[str] = set()
        self.hidden_ids: set[str] = set()

    def sees(self, state: GameState, obj) -> bool:
        if self.player is None:
            return all(p in face_known_to(state, obj)[0] for p in PLAYERS)
        return self.player in face_known_to(state, obj)[0]

    def note_reach(self, state: GameState) -> None:
        """Sort every object id into those this viewer has been shown and those it hasn't."""
        for obj in state.objects:
            reach = (
                obj.zone.value not in ("hand", "main_deck", "rune_deck")
                if self.player is None
                else in_view(state, obj, self.player)
            )
            (self.shown_ids if reach else self.hidden_ids).add(obj.id)

    def check_bytes(self, state: GameState, seen: str) -> None:
        """The same check on raw bytes received over HTTP (tests/security/test_leak_harness)."""
        for name in {o.card.name for o in state.objects if not self.sees(state, o)} - self.seen:
            assert name not in seen, f"{name} leaked over HTTP to {self.viewer}"
        self.note_reach(state)
        for hidden_id in self.hidden_ids - self.shown_ids:
            assert hidden_id not in seen, f"hidden id {hidden_id} leaked over HTTP"
        self.seen |= {o.card.name for o in state.objects if o.card.name in seen}

    def check(self, state: GameState, events, options: bool) -> None:
        text = view_for(state, self.viewer).model_dump_json()
        if options:
            text += "".join(o.model_dump_json() for o in actions_for(state, self.viewer))
            text += "".join(r.model_dump_json() for r in visibility_table(state, [self.viewer]))
        text += "".join(e.model_dump_json() for e in events_for(events, self.viewer, state.ruleset))
        hidden = {o.card.name for o in state.objects if not self.sees(state, o)} - self.seen
        for name in hidden:
            assert name not in text, f"{name} leaked to {self.viewer}"
        self.note_reach(state)
        for hidden_id in self.hidden_ids - self.shown_ids:
            assert hidden_id not in text, "hidden id leaked"
        self.seen |= {o.card.name for o in state.objects if o.card.name in text}


PROFILE = settings(max_examples=EXAMPLES, deadline=None,
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])  # fmt: skip


@PROFILE
@given(st.data())
def test_riftbound_no_hidden_name_or_id_reaches_a_viewer(data: st.DataObject) -> None:
    state = new_state(BOB)
    witnesses = [Witness("Alice"), Witness("Bob"), Witness(None)]
    for w in witnesses:
        w.check(state, [], options=True)
    for step in range(STEPS):
        actor, action = data.draw(an_action(state))
        out, err = _try(state, actor, action)
        if err is not None:
            if actor is not None:
                body = error_for(err, state.ruleset).model_dump_json()
                w = witnesses[PLAYERS.index(actor)]
                hidden = {o.card.name for o in state.objects if not w.sees(state, o)} - w.seen
                assert not any(n in body for n in hidden), body
            continue
        state = out.state
        for w in witnesses:
            w.check(state, out.events, options=step % 6 == 0)


def _as_original(text: str) -> str:
    for twin, name in zip(BOB_TWINS, BOB, strict=True):
        text = text.replace(twin, name)
    return text


@PROFILE
@given(st.data())
def test_riftbound_alice_cannot_tell_twin_games_apart(data: st.DataObject) -> None:
    a, b = new_state(BOB), new_state(BOB_TWINS)
    alice = Viewer.seat("Alice")
    shown = False
    for _ in range(STEPS):
        actor, action = data.draw(an_action(a))
        out_a, err_a = _try(a, actor, action)
        out_b, err_b = _try(b, actor, action)
        assert (err_a is None) == (err_b is None), "legality depends on a hidden name"
        if err_a is not None:
            continue
        a, b = out_a.state, out_b.state
        bytes_a = view_for(a, alice).model_dump_json() + "".join(
            e.model_dump_json() for e in events_for(out_a.events, alice, a.ruleset)
        )
        bytes_b = view_for(b, alice).model_dump_json() + "".join(
            e.model_dump_json() for e in events_for(out_b.events, alice, b.ruleset)
        )
        shown = shown or any(n in bytes_a for n in BOB)
        assert bytes_a == (_as_original(bytes_b) if shown else bytes_b)


@PROFILE
@given(st.data())
def test_riftbound_replay_equals_live(data: st.DataObject) -> None:
    initial = state = new_state(BOB)
    accepted = []
    for _ in range(STEPS):
        actor, action = data.draw(an_action(state))
        before = state.model_dump_json()
        out, err = _try(state, actor, action)
        assert state.model_dump_json() == before
        if err is None:
            state = out.state
            accepted.append((actor, action))
    replayed = initial
    for actor, action in accepted:
        replayed = engine.apply(replayed, parse_action(action), actor).state
    assert replayed.model_dump_json() == state.model_dump_json()
