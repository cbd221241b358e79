"""Foretell (702.143) and casting a card exiled face down (406.3a / 406.3b): exiled from the
hand face down on its owner's own turn, looked at only by them, cast on a later turn for its
foretell cost, turned face up just before."""

from __future__ import annotations

import json
import re

from app.rules.mtg.state import Zone
from app.rules.redact import Viewer, actions_for
from tests.rules.mtg.table import Table

VIEWERS = ("Alice", "Bob", "spectator", "judge")


def _foretold(*hand: str):
    game = Table().hand("Alice", *hand).hand("Bob", "Grizzly Bears").start()
    game.do("Alice", type="foretell", object=game.id("Saw It Coming"))
    return game, game.find("Saw It Coming")


def test_702_143a_foretold_from_the_hand_face_down_and_only_its_owner_sees_it():
    game, card = _foretold("Saw It Coming")
    assert (card.zone, card.face_down, card.known_to) == (Zone.EXILE, True, ["Alice"])
    seen = {who: game.obj_view(who, card.id) for who in VIEWERS}
    assert seen["Alice"].name == seen["judge"].name == "Saw It Coming"
    assert seen["Alice"].card.foretell == "{1}{U}"
    for who in ("Bob", "spectator"):
        assert seen[who].name is None and seen[who].card is None and seen[who].text == ""
        assert "Saw It Coming" not in game.view(who).model_dump_json()
        assert "Saw It Coming" not in game.log_text(who)
    assert {seen[w].label for w in VIEWERS} == {"Foretold card (Alice), foretold on turn 1"}
    assert seen["judge"].visible_to.players == ["Alice"]
    assert seen["judge"].visible_to.rules == ["702.143a"]
    assert "It is Saw It Coming (foretell {1}{U})." in game.log_text("Alice")
    assert game.last[0].rules == ("702.143a", "702.143b", "406.3", "406.4")


def test_702_143a_only_during_its_owners_own_turn_and_only_a_card_with_foretell():
    game = Table().hand("Alice", "Saw It Coming", "Grizzly Bears").start()
    err = game.refused("Alice", type="foretell", object=game.id("Grizzly Bears"))
    assert err.rules == ["702.143a"] and "no foretell" in err.message_en
    game.do("Alice", type="next_turn")
    err = game.refused("Alice", type="foretell", object=game.id("Saw It Coming"))
    assert err.rules == ["116.2h", "702.143a"] and "own turn" in err.message_en


def test_702_143a_another_player_cannot_foretell_your_card_nor_learn_it_exists():
    game = Table().hand("Alice", "Saw It Coming").start()
    err = game.refused("Bob", type="foretell", object=game.id("Saw It Coming"))
    assert err.kind == "not_found"


def test_702_143a_not_on_the_turn_it_was_foretold_then_for_its_foretell_cost_face_up():
    game, card = _foretold("Saw It Coming")
    err = game.refused("Alice", type="cast_from_exile", object=card.id, via="foretell")
    assert err.rules == ["702.143a"] and "later turn" in err.message_en
    game.do("Alice", type="next_turn")
    game.do("Alice", type="cast_from_exile", object=card.id, via="foretell")
    spell = game.find("Saw It Coming")
    assert (spell.zone, spell.face_down, spell.controller) == (Zone.STACK, False, "Alice")
    assert spell.id != card.id  # a new object (400.7)
    for who in VIEWERS:
        assert game.obj_view(who, spell.id).name == "Saw It Coming"
    assert "casts Saw It Coming for its foretell cost {1}{U}" in game.log_text("Bob")
    assert game.last[0].rules == ("702.143a", "406.3a", "601.2")
    game.do(None, type="resolve")
    assert game.find("Saw It Coming").zone == Zone.GRAVEYARD


def test_406_3b_only_a_player_allowed_to_look_may_cast_it_and_a_proposal_changes_nothing():
    game, card = _foretold("Saw It Coming")
    game.do("Alice", type="next_turn")
    err = game.refused("Bob", type="cast_from_exile", object=card.id, via="foretell")
    assert "406.3b" in err.rules and "Saw It Coming" not in err.message_en
    err = game.refused("Bob", type="look", object=card.id)
    assert err.rules == ["702.143a"]
    proposal = {"type": "cast_from_exile", "object": card.id, "via": "foretell"}
    err = game.refused("Bob", type="propose", action=proposal)
    assert "406.3b" in err.rules


def test_702_143c_only_a_foretold_card_is_cast_for_its_foretell_cost():
    game = Table().hand("Alice", "Saw It Coming").start()
    game.do("Alice", type="exile_face_down", object=game.id("Saw It Coming"), look="exiler",
            source="Bane Alley Broker")  # fmt: skip
    game.do("Alice", type="next_turn")
    err = game.refused("Alice", type="cast_from_exile", object=game.id("Saw It Coming"),
                       via="foretell")  # fmt: skip
    assert err.rules == ["702.143c"]


def test_406_4_bob_cannot_tell_which_card_was_foretold():
    """Alice holds two foretell cards and foretells one or the other: everything Bob and the
    spectator read (views and logs, ids aside) is the same byte for byte."""

    def seen(which: str) -> dict[str, str]:
        game = Table().hand("Alice", "Saw It Coming", "Behold the Multiverse").start()
        game.do("Alice", type="foretell", object=game.id(which))
        game.do("Alice", type="next_turn")
        out = {}
        for who in ("Bob", "spectator"):
            text = game.view(who).model_dump_json() + game.log_text(who)
            out[who] = re.sub(r'"id":"[^"]+"', '"id":_', text)
        return out

    assert seen("Saw It Coming") == seen("Behold the Multiverse")


def test_406_4_foretold_cards_are_told_apart_only_by_when():
    game = Table().hand("Alice", "Saw It Coming", "Behold the Multiverse").start()
    game.do("Alice", type="foretell", object=game.id("Saw It Coming"))
    game.do("Alice", type="next_turn")
    game.do("Bob", type="next_turn")
    game.do("Alice", type="foretell", object=game.id("Behold the Multiverse"))
    labels = sorted(o.label for o in game.view("Bob").objects if o.zone == "exile")
    assert labels == [
        "Foretold card (Alice), foretold on turn 1",
        "Foretold card (Alice), foretold on turn 3",
    ]
    exiled = [o.exiled.model_dump() for o in game.view("Bob").objects if o.zone == "exile"]
    assert [e["turn"] for e in exiled] == [1, 3] and {e["by"] for e in exiled} == {"Alice"}


def test_702_143a_the_buttons_foretell_on_your_turn_and_cast_it_on_a_later_one():
    game = Table().hand("Alice", "Saw It Coming").start()
    hand = game.id("Saw It Coming")
    labels = {o.label for o in actions_for(game.state, Viewer.seat("Alice")) if o.object == hand}
    assert "Foretell ({2})" in labels
    game.do("Alice", type="foretell", object=hand)
    card = game.id("Saw It Coming")

    def offered(who: str) -> set[str]:
        return {o.label for o in actions_for(game.state, Viewer.seat(who)) if o.object == card}

    assert "Cast (foretold, {1}{U})" not in offered("Alice")  # not this turn
    game.do("Alice", type="next_turn")
    assert "Cast (foretold, {1}{U})" in offered("Alice")
    assert not {label for label in offered("Bob") if "Cast" in label or "Look" in label}
    bob_all = json.dumps([o.model_dump() for o in actions_for(game.state, Viewer.seat("Bob"))])
    assert "{1}{U}" not in bob_all and "Saw It Coming" not in bob_all


def test_702_143a_foretell_did_not_exist_in_2004():
    game = Table(ruleset="mtg-2004").hand("Alice", "Saw It Coming").start()
    err = game.refused("Alice", type="foretell", object=game.id("Saw It Coming"))
    assert err.rules == ["707.1"]
