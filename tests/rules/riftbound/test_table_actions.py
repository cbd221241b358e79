"""A casual Riftbound table: dealing, draw, channel runes, points; and the hostile seat."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from app.rules import engine
from app.rules.riftbound.common import rb
from app.rules.riftbound.setup import RiftboundSetup
from app.rules.riftbound.state import Zone
from tests.rules.mtg.table import SEED, Game
from tests.rules.riftbound.table import RbTable

DECK = ("Ember Monk", "Brynhir Thundersong", "Noxus Saboteur", "Watchful Sentry", "Ember Monk",
        "Brynhir Thundersong")  # fmt: skip


def table() -> RbTable:
    t = RbTable()
    t.battlefield("Alice", "Zaun Warrens")
    t.battlefield("Bob", "Vilemaw's Lair")
    for player in ("Alice", "Bob"):
        for name in DECK:
            t.put(player, "main_deck", name)
        for name in ("Chaos Rune", "Mind Rune", "Chaos Rune"):
            t.put(player, "rune_deck", name)
    return t


def dealt() -> Game:
    t = table()
    out = engine.new_game(RiftboundSetup(players=t.players, cards=t.cards, deal=True), SEED)
    return Game(out.state, list(out.events))


def test_rb_setup_deal_shuffles_both_decks_and_draws_four_named_only_to_the_owner():
    game = dealt()
    for player in ("Alice", "Bob"):
        assert len(game.state.in_zone(Zone.HAND, player)) == 4
        assert len(game.state.in_zone(Zone.MAIN_DECK, player)) == len(DECK) - 4
    assert "Bob shuffles their decks and draws an opening hand of 4 cards." in game.log_text(
        "Alice"
    )
    assert "Opening hand:" in game.log_text("Alice")
    assert game.log_text("spectator").count("Opening hand:") == 0


def test_rb_draw_is_a_new_object_named_only_to_its_owner():
    game = table().start()
    top = game.state.in_zone(Zone.MAIN_DECK, "Alice")[0]
    game.do("Alice", type="draw", player="Alice", count=2)
    drawn = game.state.in_zone(Zone.HAND, "Alice")
    assert len(drawn) == 2 and top.id not in {o.id for o in drawn}
    assert game.last_text("Bob") == "Alice draws 2 cards."
    assert "Ember Monk" in game.last_text("Alice")
    for obj in drawn:
        assert obj.id not in game.view_json("Bob")


def test_rb_channel_puts_runes_from_the_rune_deck_onto_the_board():
    game = table().start()
    game.do("Bob", type="channel", player="Bob")
    runes = game.state.in_zone(Zone.RUNES, "Bob")
    assert [r.card.name for r in runes] == ["Chaos Rune", "Mind Rune"]
    assert game.last_text("Alice") == "Bob channels 2 runes: Chaos Rune, Mind Rune."


def test_rb_score_changes_points_and_ends_the_game_at_the_victory_score():
    game = table().start()
    game.do(None, type="score", player="Alice", amount=3)
    assert game.state.riftbound.points["Alice"] == 3
    game.refused("Alice", type="score", player="Alice", amount=-4)
    game.do("Alice", type="score", player="Alice", amount=5)
    assert game.state.finished and game.state.winner == "Alice"


def test_rb_a_score_change_of_zero_is_no_action():
    """Points are gained or lost: an amount of 0 is refused before any rule runs, from every
    seat and from the judge alike, and the score is unchanged."""
    game = dealt()
    version = game.state.version
    for actor in ("Alice", None):
        with pytest.raises(ValidationError, match="amount must not be 0"):
            game.do(actor, type="score", player="Alice", amount=0)
    assert game.state.version == version and rb(game.state).points.get("Alice", 0) == 0


def test_rb_hostile_seat_cannot_draw_channel_or_score_for_another_player():
    game = table().start()
    for action in (
        {"type": "draw", "player": "Alice"},
        {"type": "channel", "player": "Alice"},
        {"type": "score", "player": "Bob", "amount": 1},
    ):
        actor = "Bob" if action["player"] == "Alice" else "Alice"
        err = game.refused(actor, **action)
        assert err.kind == "forbidden"
