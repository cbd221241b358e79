"""A built Riftbound table starts on any player's turn, at any turn number and phase (issue
27, item 3): the judge's `judge_set_turn`, shared with Magic (app.rules.core.judge)."""

from __future__ import annotations

from tests.rules.riftbound.table import standard


def test_rb_turn_judge_sets_the_turn_and_the_phase_for_every_seat():
    game = standard().start()
    game.do(None, type="judge_set_turn", turn=6, active_player="Bob", phase="beginning")
    assert (game.state.turn, game.state.active_player) == (6, "Bob")
    assert game.state.riftbound.phase == "beginning"
    for who in ("Alice", "Bob", "spectator"):
        assert game.view(who).riftbound.phase == "beginning"
        assert "Judge: it is now turn 6, Bob's turn, beginning phase." in game.log_text(who)
    assert game.last[0].rules == ("rb.judge-edit", "rb.turn")


def test_rb_turn_only_the_judge_sets_the_turn():
    game = standard().start()
    err = game.refused("Bob", type="judge_set_turn", turn=2)
    assert err.kind == "forbidden"
