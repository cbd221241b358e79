"""An object's view kept across versions (app/rules/mtg/view_of.py, `_KEPT`): a move shares
the objects it never read with the state before it, and a face-up object's view is kept under
its identity, the viewer and the game facts it reads. 400.7: an object that changes zones is
a new object, so a kept view never outlives the object it shows. Every view worked out with
the kept ones must be the one worked out afresh, for every viewer, at every step of every
shipped Magic scenario and of random games (the hidden-information kit's actions)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.rules import engine
from app.rules.core.errors import RuleError
from app.rules.core.state import GameState
from app.rules.families import parse_action
from app.rules.mtg import view_of
from app.rules.redact import Viewer, view_for
from app.scenarios.library import all_scenarios
from app.scenarios.runner import game_setup
from tests.conftest import quick_examples
from tests.rules.conformance.mtg_kit import BOB_NAMES, EDITIONS, an_action, new_state
from tests.rules.core.scenario_states import scenario_states

VIEWERS = [
    Viewer.judge(),
    Viewer.seat("Alice"),
    Viewer.seat("Bob"),
    Viewer.seat("Carol"),
    Viewer.spectator(),
]


def _fresh(state: GameState, viewer: Viewer, monkeypatch: pytest.MonkeyPatch) -> Any:
    with monkeypatch.context() as m:
        m.setattr(view_of, "_context", lambda *_: None)  # nothing kept: every view afresh
        return view_for(state, viewer).model_dump()


def _viewers(state: GameState) -> list[Viewer]:
    names = set(state.player_names())
    return [v for v in VIEWERS if v.player is None or v.player in names]


def _check(states: list[GameState], monkeypatch: pytest.MonkeyPatch) -> int:
    compared = 0
    for state in states:
        for viewer in _viewers(state):
            kept = view_for(state, viewer).model_dump()
            assert kept == _fresh(state, viewer, monkeypatch), (state.version, viewer)
            compared += 1
    return compared


MTG = [s for s in all_scenarios() if s.ruleset.startswith("mtg")]


@pytest.mark.parametrize("scenario", MTG, ids=lambda s: s.key)
def test_400_7_a_kept_object_view_is_the_one_worked_out_afresh_in_every_scenario(
    scenario: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    states = scenario_states(scenario, "kept-views")
    assert _check(states, monkeypatch) > 0


@settings(max_examples=quick_examples(40), deadline=None)
@given(edition=EDITIONS, data=st.data())
def test_400_7_kept_object_views_hold_through_random_games(edition: str, data: Any) -> None:
    monkeypatch = pytest.MonkeyPatch()
    try:
        state = new_state(BOB_NAMES, edition)  # type: ignore[arg-type]
        states = [state]
        for _ in range(12):
            actor, action = data.draw(an_action(state))
            try:
                state = engine.apply(state, parse_action(action), actor, consent=True).state
            except (RuleError, ValueError):
                continue
            states.append(state)
        _check(states, monkeypatch)
    finally:
        monkeypatch.undo()


def test_400_7_a_tapped_permanent_gets_a_new_view_and_the_others_keep_theirs() -> None:
    """The point of keeping them: after a tap, the other objects' views are the same ones."""
    scenario = MTG[0]
    state = engine.new_game(game_setup(scenario), "kept-views").state
    viewer = Viewer.seat(state.player_names()[0])
    tap = next((o for o in state.objects if o.zone == "battlefield" and not o.face_down), None)
    if tap is None:
        pytest.skip("no face-up permanent in the first scenario")
    before = view_for(state, viewer)
    after_state = engine.apply(state, parse_action({"type": "tap", "object": tap.id}), None).state
    after = view_for(after_state, viewer)
    old = {o.id: o for o in before.objects}
    tapped = next(o for o in after.objects if o.id == tap.id)
    assert tapped.tapped and tapped is not old[tap.id]
    same = [o for o in after.objects if o.id != tap.id and o is old.get(o.id)]
    assert len(same) >= len([o for o in after.objects if not o.face_down]) - 1


# -- what a kept view must not outlive: each fact outside the object, changed alone ----------
# A move that reads an object copies it; these states change only what the object does not
# hold, the object itself shared (the way a move that never read it leaves it).


def _sharing(state: GameState) -> GameState:
    """A next state holding the very same objects (nothing read, nothing copied)."""
    later = state.clone(lazy_objects=True)
    later.settle()
    later.version += 1
    return later


def _same_as_fresh(state: GameState, monkeypatch: pytest.MonkeyPatch) -> None:
    for viewer in _viewers(state):
        assert view_for(state, viewer).model_dump() == _fresh(state, viewer, monkeypatch), viewer


def _game() -> Any:
    from tests.rules.mtg.table import Table

    return (
        Table()
        .battlefield("Alice", "Grizzly Bears")
        .battlefield("Alice", "Serra Angel")
        .battlefield("Bob", "Ixidron")
        .battlefield("Alice", "Den Protector", face_down="megamorph")
        .hand("Alice", "Exalted Angel")
        .library("Alice", "Island")
        .start()
    )


def test_400_7_a_kept_view_follows_the_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """508.1 "attacked this turn" becomes "last turn" with no change to the creature."""
    game = _game()
    game.do(None, type="attack", objects=[game.id("Grizzly Bears")])
    _same_as_fresh(game.state, monkeypatch)
    later = _sharing(game.state)
    later.turn += 1
    _same_as_fresh(later, monkeypatch)


def test_400_7_a_kept_view_follows_what_its_ability_counts(monkeypatch: pytest.MonkeyPatch):
    """604.3 / Ixidron: its power and toughness count the face-down creatures, not itself."""
    game = _game()
    _same_as_fresh(game.state, monkeypatch)
    later = _sharing(game.state)
    bears = later.get(game.id("Grizzly Bears"))
    assert bears is not None
    hidden = bears.copy_for_change()
    hidden.face_down, hidden.face_down_via = True, "effect"
    later.objects[later.objects.index(bears)] = hidden
    _same_as_fresh(later, monkeypatch)


def test_400_7_a_kept_view_follows_its_host_leaving(monkeypatch: pytest.MonkeyPatch) -> None:
    """303.4: what it is attached to is another object; the host gone, it is attached to none."""
    game = _game()
    later = _sharing(game.state)
    bears = later.get(game.id("Grizzly Bears"))
    assert bears is not None
    attached = bears.copy_for_change()
    attached.attached_to = game.id("Serra Angel")
    later.objects[later.objects.index(bears)] = attached
    _same_as_fresh(later, monkeypatch)
    gone = _sharing(later)
    host = gone.get(game.id("Serra Angel"))
    assert host is not None
    gone.remove_object(host)
    _same_as_fresh(gone, monkeypatch)


def test_400_7_a_kept_view_follows_the_players_and_the_end_of_the_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """707.9 reveals a face-down permanent at the end of the game; a player who leaves is no
    longer one who sees."""
    game = _game()
    _same_as_fresh(game.state, monkeypatch)
    ended = _sharing(game.state)
    ended.finished = True
    _same_as_fresh(ended, monkeypatch)
    left = _sharing(game.state)
    left.players = [p for p in left.players if p.name != "Bob"]
    _same_as_fresh(left, monkeypatch)


def _face_down(state: GameState) -> Any:
    return next(o for o in state.objects if o.face_down)


def test_400_7_a_face_down_permanent_keeps_its_view_while_nothing_it_reads_changes() -> None:
    """708.2: a face-down permanent's view is kept too, for every viewer (its controller
    sees its face, the others its label)."""
    game = _game()
    later = _sharing(game.state)
    assert _face_down(later) is _face_down(game.state)
    for viewer in _viewers(game.state):
        before = next(o for o in view_for(game.state, viewer).objects if o.face_down)
        after = next(o for o in view_for(later, viewer).objects if o.face_down)
        assert after is before, viewer


def test_400_7_a_kept_face_down_view_follows_the_turn_and_who_may_look(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """708.6: its label says it attacked this turn, then last turn, with no change to it;
    707.5: a player it is revealed to (known_to) is a change to the object itself."""
    game = _game()
    game.do(None, type="attack", objects=[_face_down(game.state).id])
    _same_as_fresh(game.state, monkeypatch)
    later = _sharing(game.state)
    later.turn += 1
    _same_as_fresh(later, monkeypatch)
    shown = _sharing(later)
    hidden = _face_down(shown)
    told = hidden.copy_for_change()
    told.known_to = [*told.known_to, "Alice"]
    shown.objects[shown.objects.index(hidden)] = told
    _same_as_fresh(shown, monkeypatch)
