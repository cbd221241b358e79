"""704.5f after each move, checked only where it can have changed (sba.newly_flagged): a
permanent the move never read is the very object it was, and its toughness a function of it
alone, but for a characteristic-defining ability's count (604.3), which reads the state."""

from __future__ import annotations

from typing import Any

import pytest

from app.rules.mtg.sba import flagged, newly_flagged
from app.rules.mtg.state import MtgGame
from app.scenarios.library import all_scenarios
from tests.rules.core.scenario_states import scenario_outcomes
from tests.rules.mtg.table import Table

MORPH = {"name": "Plain Morph", "types": ["Creature"], "power": 2, "toughness": 2,
         "morph": "{1}"}  # fmt: skip


def _by_both_scans(state: MtgGame, before: MtgGame) -> list[str]:
    """The definition: flagged now, and not (by id) flagged before the move."""
    was = {o.id for o in flagged(before)}
    return [o.id for o in flagged(state) if o.id not in was]


def test_704_5f_and_604_3_ixidron_untouched_dies_as_the_last_face_down_creature_turns_up() -> None:
    """Ixidron's power and toughness are the face-down creatures on the battlefield (604.3).
    Bob turns up the only one: the move never reads Ixidron, yet it is now 0/0."""
    game = Table().battlefield("Alice", "Ixidron").battlefield("Bob", MORPH, face_down="morph")
    game = game.start()
    ixidron = game.id("Ixidron")
    assert game.obj_view("judge", ixidron).state_based == []
    game.do("Bob", type="turn_face_up", object=game.id("Plain Morph"))
    assert [e.kind for e in game.last] == ["turn_face_up", "state_based"]
    assert list(game.last[-1].objects) == [ixidron]
    assert game.obj_view("spectator", ixidron).state_based == ["704.5f"]


def test_704_5f_a_creature_flagged_already_is_not_told_again_by_a_move_beside_it() -> None:
    zero = {"name": "Zero Wisp", "types": ["Creature"], "power": 0, "toughness": 0}
    game = Table().battlefield("Alice", zero).battlefield("Bob", "Grizzly Bears").start()
    game.do("Bob", type="tap", object=game.id("Grizzly Bears"))
    assert [e.kind for e in game.last] == ["tap"]


@pytest.mark.parametrize(
    "scenario", [s for s in all_scenarios() if s.ruleset == "mtg"], ids=lambda s: s.key
)
def test_704_5f_newly_flagged_is_both_scans_at_every_step(scenario: Any) -> None:
    setup, steps = scenario_outcomes(scenario, "newly-flagged")
    before = setup.state
    for step, out in steps:
        assert [o.id for o in newly_flagged(out.state, before)] == _by_both_scans(
            out.state, before
        ), (scenario.key, step)
        before = out.state


def test_604_3_counting_for_ixidron_copies_none_of_the_permanents_a_tap_never_touched() -> None:
    """Ixidron's toughness is worked out after the tap (704.5f's check): its count reads the
    battlefield without copying it, so the new state still shares every other permanent
    with the one before (GameState.settle), and the next check can pass them over."""
    game = Table().battlefield("Alice", "Ixidron").battlefield("Bob", MORPH, face_down="morph")
    for _ in range(5):
        game = game.battlefield("Bob", "Grizzly Bears")
    game = game.start()
    before = game.state
    bear = next(o.id for o in before.objects if o.card.name == "Grizzly Bears")
    game.do("Bob", type="tap", object=bear)
    shared = {id(o) for o in before.objects}
    kept = [o.id for o in game.state.objects if id(o) in shared]
    assert sorted(kept) == sorted(o.id for o in before.objects if o.id != bear)
