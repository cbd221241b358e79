"""GameState.get finds an object by its id without scanning the board (positions kept from
the last scan, each hit checked against the list): it must answer exactly what a scan of
`objects` answers, after any sequence of actions, in a trial's copy-on-read state too, and
never return an object whose id was renewed (400.7: a new object on a zone change or when it
turns face down) or that left the game."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.rules import engine
from app.rules.core.errors import RuleError
from app.rules.core.state import GameObject, GameState
from app.rules.families import parse_action
from tests.conftest import LONG_RUN as LONG
from tests.conftest import quick_examples
from tests.rules.conformance.mtg_kit import BOB_NAMES, EDITIONS, an_action, new_state

EXAMPLES = 300 if LONG else quick_examples(25)
STEPS = 30 if LONG else 20


def _try(state: GameState, actor: str | None, action: dict[str, Any]) -> GameState | None:
    try:
        return engine.apply(state, parse_action(action), actor).state
    except RuleError:
        return None


def _scan(state: GameState, object_id: str) -> GameObject | None:
    """What get answered before it kept positions: the first object with that id."""
    for obj in state.objects:
        if obj.id == object_id:
            return obj
    return None


def _agrees(state: GameState, ids: set[str]) -> None:
    for object_id in sorted(ids):
        assert state.get(object_id) is _scan(state, object_id), object_id
    # A trial's working copy (each object copied when first read) answers the same.
    trial = state.clone(lazy_objects=True)
    for object_id in sorted(ids):
        found = trial.get(object_id)
        expected = _scan(trial, object_id)
        assert found is expected, object_id
        assert found is None or found.model_dump() == state.get(object_id).model_dump()


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_400_7_get_by_id_equals_the_scan_after_any_actions(data: st.DataObject) -> None:
    state = new_state(BOB_NAMES, data.draw(EDITIONS))
    seen: set[str] = {o.id for o in state.objects} | {"nope"}
    # Look-ups before the actions: the positions kept must not outlive a change.
    _agrees(state, seen)
    for _ in range(STEPS):
        actor, action = data.draw(an_action(state))
        after = _try(state, actor, action)
        if after is None:
            continue
        before, state = state, after
        seen |= {o.id for o in state.objects}
        # Ids renewed or gone (400.7) are in `seen` and must now answer None.
        _agrees(state, seen)
        _agrees(before, seen)


def test_400_7_get_never_returns_an_object_whose_id_was_renewed_in_place() -> None:
    state = new_state(BOB_NAMES)
    first, second = state.objects[0], state.objects[1]
    assert state.get(first.id) is first and state.get(second.id) is second
    old = first.id
    first.id = "renewed"  # 400.7, the way app/rules/core/piles.py renews an id
    assert state.get(old) is None
    assert state.get("renewed") is first
    # A removal shifts every later position: the kept ones are checked, not trusted.
    state.remove_object(first)
    assert state.get("renewed") is None
    assert state.get(second.id) is second
    # So does an insertion in front.
    state.objects.insert(0, first.copy_for_change())
    assert state.get(second.id) is second
    assert state.get("renewed") is state.objects[0]


def test_a_state_and_its_copy_are_equal_whatever_their_kept_positions() -> None:
    """The kept positions are a cache: never part of what a state is (equality, dumps)."""
    state = new_state(BOB_NAMES)
    copy = state.clone()
    state.get(state.objects[-1].id)
    assert state == copy
    assert copy == state
    assert state.model_dump() == copy.model_dump()
    assert "_ids" not in state.model_dump_json()
