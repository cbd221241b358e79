"""Riftbound's game-wide buttons (draw, channel, score, end the showdown, the judge's control
of a battlefield) come from their moves' declared preconditions (app.rules.riftbound table,
combat, turn), not a trial through the engine: each viewer is offered a button exactly when
the engine accepts it, and the precondition alone refuses what the engine refuses."""

from __future__ import annotations

from typing import Any

from app.rules.core.viewer import Viewer
from app.rules.riftbound.state import Zone
from tests.rules.declared import loose, refused_alike
from tests.rules.mtg.table import Game
from tests.rules.riftbound.table import RbTable, standard

WHO = {"Alice": Viewer.seat("Alice"), "Bob": Viewer.seat("Bob"), "judge": Viewer.judge()}


def _buttons(game: Game, who: str, kind: str) -> list[dict[str, Any]]:
    return [o.action for o in loose(game, WHO[who]) if o.type == kind]


def _players(actions: list[dict[str, Any]]) -> list[str]:
    return [a["player"] for a in actions]


def test_rb_turn_draw_button_needs_a_card_in_the_main_deck():
    game = RbTable().put("Alice", "main_deck", "Ember Monk").start()
    assert _players(_buttons(game, "Alice", "draw")) == ["Alice"]
    assert _buttons(game, "Bob", "draw") == []  # his main deck is empty
    assert _players(_buttons(game, "judge", "draw")) == ["Alice"]
    for actor in ("Bob", None):
        err = refused_alike(game, actor, type="draw", player="Bob")
        assert err.rules == ["rb.turn"] and "main deck is empty" in err.message_en
        assert "deck principal de Bob est vide" in err.message_fr
    # rb.privacy: only the player draws from their deck (the judge for them).
    assert refused_alike(game, "Bob", type="draw", player="Alice").rules == ["rb.privacy"]
    game.do("Alice", type="draw", player="Alice")
    assert _buttons(game, "Alice", "draw") == [] and _buttons(game, "judge", "draw") == []


def test_rb_runes_channel_button_needs_a_rune_in_the_rune_deck():
    game = RbTable().put("Bob", "rune_deck", "Order Rune").start()
    assert _buttons(game, "Alice", "channel") == []
    assert _players(_buttons(game, "Bob", "channel")) == ["Bob"]
    assert _players(_buttons(game, "judge", "channel")) == ["Bob"]
    for actor in ("Alice", None):
        err = refused_alike(game, actor, type="channel", player="Alice")
        assert err.rules == ["rb.runes"] and "rune deck is empty" in err.message_en
    assert refused_alike(game, "Alice", type="channel", player="Bob").rules == ["rb.privacy"]
    game.do("Bob", type="channel", player="Bob")  # two asked, one there: it is channelled
    assert game.find("Order Rune").zone == Zone.RUNES
    assert _buttons(game, "Bob", "channel") == []


def test_rb_conquer_hold_score_button_never_takes_a_score_below_zero():
    game = standard().start()
    assert [a["amount"] for a in _buttons(game, "Alice", "score")] == [1]
    assert [(a["player"], a["amount"]) for a in _buttons(game, "judge", "score")] == [
        ("Alice", 1),
        ("Bob", 1),
    ]
    err = refused_alike(game, "Alice", type="score", player="Alice", amount=-1)
    assert err.rules == ["rb.conquer-hold"] and "below 0" in err.message_en
    assert "sous 0" in err.message_fr
    game.do("Alice", type="score", player="Alice", amount=1)
    assert [a["amount"] for a in _buttons(game, "Alice", "score")] == [1, -1]
    assert refused_alike(game, "Bob", type="score", player="Alice", amount=-1).kind == "forbidden"


def _showdown() -> Game:
    t = standard(hidden_alice="Fight or Flight")
    t.put("Bob", "base", "Brynhir Thundersong")
    game = t.start()
    game.do("Alice", type="next_turn")
    game.do("Bob", type="move_unit", object=game.id("Brynhir Thundersong", Zone.BASE), to="bf1")
    assert game.state.riftbound.showdown is not None
    return game


def test_rb_showdown_end_the_showdown_button_only_while_one_is_in_progress():
    game = standard().start()
    for who in WHO:
        assert _buttons(game, who, "resolve_showdown") == []
    err = refused_alike(game, "Alice", type="resolve_showdown")
    assert err.rules == ["rb.showdown"] and "No showdown" in err.message_en
    game = _showdown()
    for who in WHO:
        assert _buttons(game, who, "resolve_showdown") == [{"type": "resolve_showdown"}]
    # rb.chain: Alice plays her hidden card in the showdown; the chain resolves first.
    hidden = game.id("Fight or Flight")
    game.do("Alice", type="play", object=hidden, targets=[game.id("Noxus Saboteur")])
    assert game.state.riftbound.chain
    for who in WHO:
        assert _buttons(game, who, "resolve_showdown") == []
    err = refused_alike(game, "Bob", type="resolve_showdown")
    assert err.rules == ["rb.chain", "rb.showdown"] and "chain first" in err.message_en


def test_rb_190_3_set_control_buttons_are_the_judges_and_none_for_a_contested_battlefield():
    game = standard().start()
    for who in ("Alice", "Bob"):
        assert _buttons(game, who, "set_control") == []
    err = refused_alike(game, "Alice", type="set_control", battlefield="bf1", player="Alice")
    assert err.rules == ["rb.190.4"] and err.kind == "forbidden"
    assert {a["battlefield"] for a in _buttons(game, "judge", "set_control")} == {"bf1", "bf2"}
    game = _showdown()  # Bob contests bf1
    assert {a["battlefield"] for a in _buttons(game, "judge", "set_control")} == {"bf2"}
    err = refused_alike(game, None, type="set_control", battlefield="bf1", player="Bob")
    assert err.rules == ["rb.190.3"] and "contested" in err.message_en
    err = refused_alike(game, None, type="set_control", battlefield="bf9")
    assert err.kind == "not_found"
