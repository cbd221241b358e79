"""The hidden-information properties, written once and run for every registered family on
random legal games (each family gives its decks and strategies: tests/rules/conformance/
*_kit.py):

1. For each player (and a spectator), the JSON view, the buttons a page would offer, and the
   redacted events never contain the name of a card hidden from them that they were never
   legitimately shown, nor the id of an object outside their view; an error shown to the actor
   names only what they may see. Where a family says so, a card a player may look at is named
   to them (the "exactly" half).
2. Two games that differ only in the names of Bob's cards give Alice byte-identical views,
   events and error bodies for as long as none of Bob's cards has been shown to her, and
   identical up to those names afterwards (so order, ids and counts never depend on a hidden
   card).
3. Applying an action never changes its input, and replaying the accepted actions from
   version 0 rebuilds the same state.

Set FACEDOWN_HYPOTHESIS=long for a long run by hand.
"""

from __future__ import annotations

import importlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.rules import engine
from app.rules.families import ACTION_TYPES, FAMILIES, parse_action
from app.rules.redact import Viewer, error_for, events_for, view_for
from tests.rules.conformance import mtg_kit
from tests.rules.conformance.kit import PLAYERS, FamilyKit, attempt

# Each family's kit, by its key. A family registered by FACEDOWN_FAMILIES brings its kit from
# its own tests package, used when (and only when) the family is registered: Traps' runs in
# tests/third_family/test_traps_conformance.py.
KIT_MODULES = {
    "mtg": "tests.rules.conformance.mtg_kit",
    "riftbound": "tests.rules.conformance.riftbound_kit",
    "trap": "tests.third_family.traps_kit",
}
KITS: list[FamilyKit] = [
    importlib.import_module(KIT_MODULES[f.key]).KIT for f in FAMILIES if f.key in KIT_MODULES
]
each_family = pytest.mark.parametrize("kit", KITS, ids=[k.family for k in KITS])


def test_every_registered_family_has_a_conformance_kit():
    assert sorted(k.family for k in KITS) == sorted(f.key for f in FAMILIES)


def test_every_action_the_magic_kit_draws_at_random_is_a_registered_type():
    assert {kind for kind, _ in mtg_kit.OBJECT_ACTIONS} <= set(ACTION_TYPES)


@each_family
def test_no_hidden_name_or_id_reaches_a_viewer(kit: FamilyKit) -> None:
    @kit.profile()
    @given(st.data())
    def run(data: st.DataObject) -> None:
        state = kit.new_state(kit.bob, data.draw(kit.variants))
        witnesses = [kit.witness("Alice"), kit.witness("Bob"), kit.witness(None)]
        for w in witnesses:
            w.check(state, [], options=kit.options_first)
        for step in range(kit.steps):
            actor, action = data.draw(kit.an_action(state))
            out, err = attempt(state, actor, action)
            if err is not None:
                # An error shown to the actor names only what they may see.
                if actor is not None:
                    body = error_for(err, state.ruleset).model_dump_json()
                    forbidden = witnesses[PLAYERS.index(actor)].forbidden(state)
                    assert not any(name in body for name in forbidden), body
                continue
            state = out.state
            for index, w in enumerate(witnesses):
                w.check(state, out.events, options=kit.options_at(step, index))

    run()


@each_family
def test_alice_cannot_tell_two_games_that_differ_only_in_bobs_hidden_cards(
    kit: FamilyKit,
) -> None:
    def as_original(text: str) -> str:
        for twin, name in kit.twin_map.items():
            text = text.replace(twin, name)
        return text

    alice = Viewer.seat("Alice")

    @kit.profile()
    @given(st.data())
    def run(data: st.DataObject) -> None:
        variant = data.draw(kit.variants)
        a, b = kit.new_state(kit.bob, variant), kit.new_state(kit.twins, variant)
        shown = False
        for _ in range(kit.steps):
            actor, action = data.draw(kit.an_action(a))
            out_a, err_a = attempt(a, actor, action)
            out_b, err_b = attempt(b, actor, action)
            assert (err_a is None) == (err_b is None), "legality depends on a hidden name"
            if err_a is not None:
                if actor == "Alice":
                    body_a = error_for(err_a, a.ruleset).model_dump_json()
                    body_b = error_for(err_b, b.ruleset).model_dump_json()
                    assert body_a == (as_original(body_b) if shown else body_b)
                continue
            a, b = out_a.state, out_b.state
            bytes_a = view_for(a, alice).model_dump_json() + "".join(
                e.model_dump_json() for e in events_for(out_a.events, alice, a.ruleset)
            )
            bytes_b = view_for(b, alice).model_dump_json() + "".join(
                e.model_dump_json() for e in events_for(out_b.events, alice, b.ruleset)
            )
            shown = shown or any(name in bytes_a for name in kit.twin_map.values())
            assert bytes_a == (as_original(bytes_b) if shown else bytes_b)

    run()


@each_family
def test_replay_from_version_0_equals_the_live_state(kit: FamilyKit) -> None:
    @kit.profile()
    @given(st.data())
    def run(data: st.DataObject) -> None:
        initial = state = kit.new_state(kit.bob, data.draw(kit.variants))
        accepted = []
        for _ in range(kit.steps):
            actor, action = data.draw(kit.an_action(state))
            before = state.model_dump_json()
            out, err = attempt(state, actor, action)
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

    run()
