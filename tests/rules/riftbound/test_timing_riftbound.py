"""Riftbound timing (app/rules/riftbound/timing.py): a seat is refused, and not offered, what
the rules don't allow now; the judge may still do it, warned, and the warning names no card."""

from __future__ import annotations

from app.rules.core.timing import OFF_TIMING
from app.rules.redact import Viewer, actions_for
from app.rules.riftbound.state import Zone
from tests.rules.riftbound.table import standard


def _offered(game, who: str, object_id: str) -> dict[str, object]:
    viewer = Viewer.judge() if who == "judge" else Viewer.seat(who)
    return {o.type: o for o in actions_for(game.state, viewer) if o.object == object_id}


def test_811_1_b_hiding_on_another_players_turn_refused_to_the_seat_warned_to_the_judge():
    game = standard(hand_alice=("Fight or Flight",)).start()
    game.do("Alice", type="next_turn")  # Bob's turn
    card = game.id("Fight or Flight")
    assert "hide" not in _offered(game, "Alice", card)
    err = game.refused("Alice", type="hide", object=card, battlefield="bf1")
    assert err.rules == ["rb.811.1.b"] and "own turn" in err.message_en
    judge_hide = _offered(game, "judge", card).get("hide")
    assert judge_hide is not None and judge_hide.warning is not None
    assert judge_hide.warning.startswith("Not a time to hide a card — 811.1.b: ")
    game.do(None, type="hide", object=card, battlefield="bf1")
    assert game.find("Fight or Flight").zone == Zone.FACEDOWN
    assert [e.kind for e in game.last][-1] == OFF_TIMING
    for who in ("Bob", "spectator"):
        assert "Fight or Flight" not in game.last_text(who)
        assert "the judge went on" in game.last_text(who)


def test_811_1_b_a_card_hidden_this_turn_the_judge_may_play_it_warned():
    game = standard(hand_alice=("Fight or Flight",)).start()
    game.do("Alice", type="hide", object=game.id("Fight or Flight"), battlefield="bf1")
    card = game.id("Fight or Flight")
    target = game.id("Noxus Saboteur")
    err = game.refused("Alice", type="play", object=card, targets=[target])
    assert err.rules == ["rb.811.1.b"] and "Fight or Flight" not in err.message_en
    game.do(None, type="play", object=card, targets=[target])
    assert game.state.riftbound.chain
    assert OFF_TIMING in [e.kind for e in game.last]
