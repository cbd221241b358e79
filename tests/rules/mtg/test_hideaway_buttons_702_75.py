"""The hideaway "you may play" answers (hideaway_accept, hideaway_decline) are game-wide
buttons offered by their declared precondition (app.rules.mtg.stack `may_choose_to_play`):
to the ability's player and the judge while it is on top of the stack, to nobody else, and
refused with the rule the button's absence stands for."""

from __future__ import annotations

from app.rules.core.viewer import Viewer
from tests.rules.declared import loose, refused_alike
from tests.rules.mtg.test_may_choices_608_2d import _activated

ANSWERS = ("hideaway_accept", "hideaway_decline")


def _answers(game, viewer: Viewer) -> list[str]:
    return [o.type for o in loose(game, viewer) if o.type in ANSWERS]


def test_702_75_608_2d_hideaway_answer_buttons_are_its_players_while_it_waits():
    game = _activated("Lightning Bolt")
    # On top of the stack (its player may answer as it resolves), then waiting for her.
    for resolve in (False, True):
        if resolve:
            game.do("Bob", type="resolve")
        assert _answers(game, Viewer.seat("Alice")) == list(ANSWERS)
        assert _answers(game, Viewer.judge()) == list(ANSWERS)
        assert _answers(game, Viewer.seat("Bob")) == []
    ability = game.state.abilities[0].id
    for action in ANSWERS:
        err = refused_alike(game, "Bob", type=action, ability=ability)
        assert err.rules == ["702.75-who-plays", "608.2d"] and err.kind == "forbidden"
    game.do("Alice", type="hideaway_decline", ability=ability)
    for viewer in (Viewer.seat("Alice"), Viewer.judge()):
        assert _answers(game, viewer) == []
    # 608.1: with the ability gone, an answer names nothing on top of the stack.
    err = refused_alike(game, None, type="hideaway_accept", ability=ability)
    assert err.rules == ["608.1"]
