"""Today's 708 where it differs from the seed's 707, and the 2004 rules (seed 002, 504)."""

from __future__ import annotations

import pytest

from app.rules.core.errors import RuleError
from app.rules.mtg.state import Zone
from tests.rules.mtg.table import Table


def test_708_1_today_disguise_manifest_and_cloak_also_make_things_face_down():
    game = (
        Table()
        .hand("Alice", "Hunted Bonebrute")
        .library("Alice", "Grizzly Bears", "Serra Angel")
        .start()
    )
    game.do("Alice", type="cast_face_down", object=game.id("Hunted Bonebrute"), via="disguise")
    game.do(None, type="resolve")
    game.do("Alice", type="manifest", player="Alice")
    game.do("Alice", type="cloak", player="Alice")
    vias = sorted(o.face_down_via for o in game.state.objects if o.face_down)
    assert vias == ["cloak", "disguise", "manifest"]


def test_708_2a_disguise_and_cloak_face_down_have_ward_2():
    game = Table().hand("Alice", "Hunted Bonebrute").library("Alice", "Grizzly Bears").start()
    game.do("Alice", type="cast_face_down", object=game.id("Hunted Bonebrute"), via="disguise")
    game.do(None, type="resolve")
    game.do("Alice", type="cloak", player="Alice")
    seen = [o for o in game.view("Bob").objects if o.face_down]
    assert all(o.abilities == ["Ward {2}"] for o in seen) and len(seen) == 2
    assert all("ward {2}" in o.label for o in seen)


def test_708_2b_turning_face_down_what_is_already_face_down_does_nothing():
    game = (
        Table()
        .battlefield("Bob", "Exalted Angel", face_down="morph")
        .battlefield("Alice", "Ixidron")
        .start()
    )
    before = game.find("Exalted Angel")
    game.do(None, type="turn_face_down", via="effect", objects=[before.id])
    after = game.find("Exalted Angel")
    assert after.id == before.id and after.face_down_via == "morph"
    assert game.last[0].rules == ("708.2b",)


def test_708_9_today_a_player_leaving_the_game_reveals_their_face_down_objects():
    game = Table().battlefield("Alice", "Exalted Angel", face_down="morph").start()
    game.do("Alice", type="concede")
    assert "Exalted Angel" in game.last_text("Bob")
    assert game.state.finished and game.state.winner == "Bob"
    assert "708.9-leaves" in game.last[0].rules


def test_504_1_2004_rules_know_only_morph_and_illusionary_mask():
    game = (
        Table(ruleset="mtg-2004")
        .hand("Alice", "Hunted Bonebrute")
        .library("Alice", "Grizzly Bears")
        .start()
    )
    with pytest.raises(RuleError) as err:
        game.do("Alice", type="cast_face_down", object=game.id("Hunted Bonebrute"), via="disguise")
    assert "504.1" in err.value.message_en
    with pytest.raises(RuleError):
        game.do("Alice", type="manifest", player="Alice")


def test_504_3_2004_no_looking_at_a_face_down_card_in_the_phased_out_zone():
    game = (
        Table(ruleset="mtg-2004").battlefield("Alice", "Exalted Angel", face_down="morph").start()
    )
    angel = game.find("Exalted Angel")
    game.do("Alice", type="look", object=angel.id)  # in play: allowed (504.3)
    game.do("Alice", type="phase_out", object=angel.id)
    assert game.find("Exalted Angel").zone == Zone.PHASED_OUT
    # Moving in play -> phased-out zone reveals nothing (504.6).
    assert "Exalted Angel" not in game.last_text("Bob")
    with pytest.raises(RuleError) as err:
        game.do("Alice", type="look", object=angel.id)
    assert err.value.rules == ["2004.phased-out-look"]


def test_504_6_2004_leaving_the_phased_out_zone_for_anywhere_but_play_reveals():
    game = (
        Table(ruleset="mtg-2004").battlefield("Alice", "Exalted Angel", face_down="morph").start()
    )
    angel = game.find("Exalted Angel")
    game.do("Alice", type="phase_out", object=angel.id)
    game.do("Alice", type="move", object=angel.id, to="graveyard")
    assert "Exalted Angel" in game.last_text("Bob")


def test_504_phased_in_again_it_is_still_face_down_and_private():
    game = (
        Table(ruleset="mtg-2004").battlefield("Alice", "Exalted Angel", face_down="morph").start()
    )
    angel = game.find("Exalted Angel")
    game.do("Alice", type="phase_out", object=angel.id)
    game.do("Alice", type="phase_in", object=angel.id)
    back = game.find("Exalted Angel")
    assert back.zone == Zone.BATTLEFIELD and back.face_down
    assert "Exalted Angel" not in game.view_json("Bob")
