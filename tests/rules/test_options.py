"""The buttons a viewer is offered: only legal actions, named as that viewer may see them."""

from __future__ import annotations

from app.rules.options import actions_for
from app.rules.state import Zone
from app.rules.views import Viewer
from tests.rules.table import Table


def _game():
    game = Table().hand("Alice", "Exalted Angel").battlefield("Bob", "Serra Angel").start()
    game.do("Alice", type="cast_face_down", object=game.id("Exalted Angel"), via="morph")
    game.do(None, type="resolve")
    return game


def test_controller_is_offered_look_and_turn_face_up_with_its_cost_checked_by_the_engine():
    game = _game()
    angel = game.id("Exalted Angel", Zone.BATTLEFIELD)
    mine = {o.type for o in actions_for(game.state, Viewer.seat("Alice")) if o.object == angel}
    assert {"look", "turn_face_up", "attack", "tap"} <= mine


def test_opponent_is_offered_nothing_that_707_5_forbids_and_no_name():
    game = _game()
    angel = game.id("Exalted Angel", Zone.BATTLEFIELD)
    options = actions_for(game.state, Viewer.seat("Bob"))
    assert not {o.type for o in options if o.object == angel} & {"look", "turn_face_up"}
    assert "Exalted Angel" not in "".join(o.model_dump_json() for o in options)
    # Bob may copy the face-down creature: labelled by its public label only.
    copy = next(o for o in options if o.type == "copy")
    assert "Face-down 2/2" in copy.label


def test_every_offered_action_is_accepted_and_spectators_get_none():
    game = _game()
    for option in actions_for(game.state, Viewer.judge()):
        game_copy = type(game)(game.state, [])
        game_copy.do(None, **option.action)  # raises if an offered action were illegal
    assert actions_for(game.state, Viewer.spectator()) == []
