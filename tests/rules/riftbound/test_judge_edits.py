"""The judge edits a running Riftbound game (issue 15): judge_add_card, judge_move,
judge_remove, judge_set_points. Hidden cards (811.6.a) are never named to a seat that may not
see them; a card entering or leaving a non-board zone gets a new id."""

from __future__ import annotations

from typing import Any

import pytest

from app.catalog.loader import load_catalog
from app.rules import engine
from app.rules.families import parse_action
from app.rules.riftbound.state import Zone
from tests.rules.mtg.table import Game
from tests.rules.riftbound.table import standard


def _card(name: str) -> dict[str, Any]:
    card = load_catalog("riftbound").resolve(name)
    return card.model_dump(mode="json", exclude_defaults=True)


def add(game: Game, name: str, **fields: Any) -> Game:
    fields.setdefault("owner", "Alice")
    return game.do(None, type="judge_add_card", card=_card(name), **fields)


def seen(game: Game, who: str) -> str:
    return game.view_json(who) + game.log_text(who)


@pytest.mark.parametrize(
    "action",
    [
        {"type": "judge_add_card", "card": {"name": "Ember Monk"}, "owner": "Alice"},
        {"type": "judge_move", "object": "HIDDEN", "zone": "trash"},
        {"type": "judge_move", "object": "0000000000000000", "zone": "trash"},
        {"type": "judge_remove", "object": "HIDDEN"},
        {"type": "judge_set_points", "player": "Alice", "points": 7},
    ],
)
def test_rb_judge_edit_a_seat_is_refused_the_same_way_whatever_it_names(action):
    game = standard(hidden_alice="Blastcone Fae").start()
    hidden = game.id("Blastcone Fae")
    action = {k: (hidden if v == "HIDDEN" else v) for k, v in action.items()}
    for seat in ("Alice", "Bob"):
        err = game.refused(seat, **action)
        assert err.kind == "forbidden" and err.message_en == "Only the judge can edit the table."


def test_rb_811_6_a_judge_puts_a_card_face_down_named_only_to_its_controller():
    game = add(standard().start(), "Blastcone Fae", zone="facedown", location="Zaun Warrens")
    fae = game.find("Blastcone Fae")
    assert fae.zone == Zone.FACEDOWN and fae.face_down and fae.location == "bf1"
    assert fae.hidden_turn == 0  # playable now, as if hidden before this turn (811.1.b)
    bob = game.last_text("Bob")
    assert "Judge: puts a card face down at Zaun Warrens under Alice's control" in bob
    assert "Blastcone Fae" not in seen(game, "Bob") and "Blastcone Fae" not in seen(
        game, "spectator"
    )
    assert "It is Blastcone Fae." in game.last_text("Alice")
    assert game.obj_view("Bob", fae.id).name is None


def test_rb_811_1_b_judge_marks_a_card_hidden_this_turn():
    game = add(
        standard().start(), "Blastcone Fae", zone="facedown", location="bf1",
        hidden_this_turn=True,
    )  # fmt: skip
    assert game.find("Blastcone Fae").hidden_turn == game.state.turn


def test_rb_811_1_judge_refuses_a_card_without_hidden_face_down():
    err = standard().start().refused(
        None, type="judge_add_card", card=_card("Ember Monk"), owner="Alice", zone="facedown",
        location="bf1",
    )  # fmt: skip
    assert err.rules == ["rb.811.1"]


def test_rb_107_3_c_judge_refuses_a_facedown_card_at_a_battlefield_its_controller_lacks():
    err = standard().start().refused(
        None, type="judge_add_card", card=_card("Blastcone Fae"), owner="Alice", zone="facedown",
        location="bf2",
    )  # fmt: skip
    assert err.rules == ["rb.107.3.c"]


def test_rb_107_3_b_judge_refuses_a_full_facedown_zone():
    game = standard(hidden_alice="Tideturner").start()
    err = game.refused(
        None, type="judge_add_card", card=_card("Blastcone Fae"), owner="Alice", zone="facedown",
        location="bf1",
    )  # fmt: skip
    assert err.rules == ["rb.107.3.b"]


def test_rb_judge_edit_refuses_a_controller_off_the_board_and_a_position_outside_a_deck():
    """Only a card on the board has a controller other than its owner, and only a card put
    into a deck has a position: each refusal names its field and what to choose instead."""
    game = standard().start()
    monk = _card("Ember Monk")
    err = game.refused(
        None, type="judge_add_card", card=monk, owner="Alice", zone="trash", controller="Bob"
    )
    assert (err.rules, err.field) == (["rb.judge-edit"], "controller")
    assert "choose Alice, or a zone on the board" in err.message_en
    assert "choisissez Alice, ou une zone du plateau" in err.message_fr
    err = game.refused(
        None, type="judge_add_card", card=monk, owner="Alice", zone="hand", deck_position=1
    )
    assert (err.rules, err.field) == (["rb.judge-edit"], "deck_position")
    assert "only for a card put into a deck" in err.message_en
    # On the board another player may control it, and the log says so to every seat.
    add(game, "Ember Monk", zone="base", controller="Bob")
    assert game.find("Ember Monk", Zone.BASE).controller == "Bob"
    assert "Judge: puts Ember Monk into Bob's base." in game.log_text("spectator")


def test_rb_privacy_judge_puts_a_card_in_a_hand_and_a_deck_position():
    game = add(standard().start(), "Windsinger", zone="hand", owner="Bob")
    add(game, "Teemo, Scout", zone="main_deck", deck_position=1)
    assert game.find("Windsinger").zone == Zone.HAND
    deck = [o.card.name for o in game.state.in_zone(Zone.MAIN_DECK, "Alice")]
    assert deck[1] == "Teemo, Scout" and len(deck) == 4
    assert "Judge: puts a card into Bob's hand." in game.log_text("Alice")
    assert "Windsinger" not in seen(game, "Alice") and "Teemo" not in seen(game, "Alice")
    assert "It is Windsinger." in game.log_text("Bob")


def test_rb_judge_puts_a_unit_at_a_battlefield_exhausted_with_a_buff():
    game = add(
        standard().start(), "Ember Monk", zone="battlefield", location="bf2", controller="Bob",
        exhausted=True, counters={"buff": 1},
    )  # fmt: skip
    monk = game.find("Ember Monk", Zone.BATTLEFIELD)
    assert (monk.location, monk.controller, monk.tapped, monk.counters) == (
        "bf2",
        "Bob",
        True,
        {"buff": 1},
    )
    assert "Ember Monk at Vilemaw's Lair under Bob's control (exhausted, counters: 1 buff)" in (
        game.last_text("Alice")
    )


def test_rb_judge_needs_a_battlefield_for_a_unit_there_and_none_elsewhere():
    game = standard().start()
    err = game.refused(None, type="judge_add_card", card=_card("Ember Monk"), owner="Alice",
                       zone="battlefield")  # fmt: skip
    assert err.rules == ["rb.judge-edit"]
    err = game.refused(None, type="judge_add_card", card=_card("Ember Monk"), owner="Alice",
                       zone="base", location="bf1")  # fmt: skip
    assert err.rules == ["rb.judge-edit"]


def test_rb_judge_move_between_base_and_battlefield_keeps_the_object():
    game = standard().start()
    saboteur = game.id("Noxus Saboteur")
    game.do(None, type="judge_move", object=saboteur, zone="base")
    assert game.find("Noxus Saboteur").zone == Zone.BASE and game.id("Noxus Saboteur") == saboteur
    game.do(None, type="judge_move", object=saboteur, zone="battlefield", location="bf2")
    assert game.find("Noxus Saboteur").location == "bf2"


def test_rb_judge_move_out_of_facedown_gives_a_new_id_and_names_it_to_whom_it_may():
    game = standard(hidden_alice="Blastcone Fae").start()
    old = game.id("Blastcone Fae")
    game.do(None, type="judge_move", object=old, zone="hand")
    fae = game.find("Blastcone Fae")
    assert fae.zone == Zone.HAND and fae.id != old and not fae.face_down
    text = game.last_text("Bob")
    assert "Judge: moves Facedown card at Zaun Warrens (Alice) into Alice's hand." in text
    assert "Blastcone Fae" not in seen(game, "Bob")
    assert "It is Blastcone Fae." in game.last_text("Alice")


def test_rb_judge_move_from_hand_to_facedown_hides_it():
    game = add(standard().start(), "Tideturner", zone="hand")
    old = game.id("Tideturner")
    game.do(None, type="judge_move", object=old, zone="facedown", location="bf1")
    obj = game.find("Tideturner")
    assert obj.face_down and obj.id != old and obj.location == "bf1"
    assert "Tideturner" not in seen(game, "Bob")


def test_rb_judge_move_leaves_out_what_it_does_not_say_even_after_replay():
    game = standard().start()
    before = game.state
    action = parse_action(
        {"type": "judge_move", "object": game.id("Noxus Saboteur"), "exhausted": True}
    )
    stored = action.model_dump(mode="json")
    game.do(None, **stored)
    assert game.find("Noxus Saboteur").tapped and game.find("Noxus Saboteur").location == "bf1"
    again = engine.apply(before, parse_action(stored), None, consent=True)
    assert again.state == game.state


def test_rb_judge_remove_and_set_points():
    game = standard(hidden_alice="Blastcone Fae").start()
    game.do(None, type="judge_remove", object=game.id("Blastcone Fae"))
    assert all(o.card.name != "Blastcone Fae" for o in game.state.objects)
    assert "Judge: removes Facedown card at Zaun Warrens (Alice) from the game." in (
        game.last_text("Bob")
    )
    assert "Blastcone Fae" not in game.log_text("Bob")
    assert "It was Blastcone Fae." in game.last_text("Alice")
    game.do(None, type="judge_set_points", player="Bob", points=6)
    assert game.state.riftbound.points["Bob"] == 6
    assert "Judge: sets Bob's points to 6 (they were 0)." in game.last_text("Alice")


def test_rb_a_body_both_families_read_fits_the_riftbound_game():
    """The same JSON type in both families: a body Magic's model also reads is applied as
    Riftbound's (the engine fits it); one only Magic reads is refused, not crashed on."""
    game = standard().start()
    game.do(None, type="judge_add_card", card={"name": "Ember Monk", "types": ["Unit"]},
            owner="Alice")  # fmt: skip
    assert game.find("Ember Monk", Zone.BASE).owner == "Alice"
    err = game.refused(None, type="judge_add_card", card={"name": "X"}, owner="Alice",
                       tapped=True)  # fmt: skip
    assert "does not fit this game's rules" in err.message_en


def test_rb_judge_adds_battlefields_to_an_empty_table_then_hides_cards_there():
    """A table built from nothing (the pages' "Build a table"): the judge adds the battlefields
    first — controlled by their owner unless told — then facedown cards at them (107.3.b/c)."""
    from tests.rules.riftbound.table import RbTable

    game = RbTable().start()
    game = add(game, "Bandle Tree", zone="battlefields")
    game = add(game, "Vilemaw's Lair", owner="Bob", zone="battlefields", controller="Alice")
    bfs = game.state.riftbound.battlefields
    assert [(b.id, b.name, b.owner, b.controller, b.facedown_capacity) for b in bfs] == [
        ("bf1", "Bandle Tree", "Alice", "Alice", 2),
        ("bf2", "Vilemaw's Lair", "Bob", "Alice", 1),
    ]
    assert "Judge: adds the battlefield Vilemaw's Lair, controlled by Alice." in game.last_text(
        "Bob"
    )
    # Bandle Tree holds two facedown cards (its capacity), the third is refused.
    game = add(game, "Blastcone Fae", zone="facedown", location="Bandle Tree")
    game = add(game, "Tideturner", zone="facedown", location="bf1")
    assert "Blastcone Fae" not in seen(game, "Bob") and "Tideturner" not in seen(game, "Bob")
    err = game.refused(
        None, type="judge_add_card", card=_card("Windsinger"), owner="Alice", zone="facedown",
        location="bf1",
    )  # fmt: skip
    assert err.rules == ["rb.107.3.b"]


def test_rb_judge_adds_at_most_three_battlefields_and_only_battlefield_cards():
    from tests.rules.riftbound.table import RbTable

    game = RbTable().start()
    err = game.refused(None, type="judge_add_card", card=_card("Ember Monk"), owner="Alice",
                       zone="battlefields")  # fmt: skip
    assert "not a battlefield card" in err.message_en
    for name in ("Bandle Tree", "Star Spring", "Zaun Warrens"):
        game = add(game, name, zone="battlefields")
    err = game.refused(None, type="judge_add_card", card=_card("Sandswept Tomb"), owner="Bob",
                       zone="battlefields")  # fmt: skip
    assert err.message_en.startswith("A table has at most three battlefields: choose")
    assert len(game.state.riftbound.battlefields) == 3
