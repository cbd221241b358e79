"""Seed 001 (Riftbound core rules 811 "Caché"/Hidden, version 2026-03-30): one test per
numbered paragraph, through the engine, from each viewer's side."""

from __future__ import annotations

from app.rules.redact import numbers_for_ruleset
from app.rules.riftbound.state import Zone
from tests.rules.riftbound.table import RbTable, standard


def _hide(game, name: str, bf: str = "bf1", who: str = "Alice"):
    game.do(who, type="hide", object=game.id(name), battlefield=bf)
    return game.id(name)


def test_811_1_hide_needs_the_hidden_keyword():
    game = standard(hand_alice=("Ember Monk",)).start()
    err = game.refused(
        "Alice", type="hide", object=game.id("Ember Monk", Zone.HAND), battlefield="bf1"
    )
    assert "rb.811.1" in err.rules and "Hidden" in err.message_en


def test_811_1_a_spells_units_and_gear_can_be_hidden():
    game = standard(hand_alice=("Hidden Blade", "Tideturner", "Zhonya's Hourglass")).start()
    game.state.riftbound.battlefields[0].facedown_capacity = 3
    for name in ("Hidden Blade", "Tideturner", "Zhonya's Hourglass"):
        _hide(game, name)
    assert len(game.state.in_zone(Zone.FACEDOWN)) == 3


def test_811_1_b_hide_only_on_your_turn_in_an_open_state_at_a_battlefield_you_control():
    game = standard(hand_alice=("Fight or Flight", "Block", "Hidden Blade")).start()
    err = game.refused("Alice", type="hide", object=game.id("Fight or Flight"), battlefield="bf2")
    assert "rb.811.1.b" in err.rules and "control" in err.message_en
    # Bob's turn: not Alice's.
    game.do("Alice", type="next_turn")
    err = game.refused("Alice", type="hide", object=game.id("Fight or Flight"), battlefield="bf1")
    assert "rb.811.1.b" in err.rules and "own turn" in err.message_en
    game.do("Bob", type="next_turn")
    # A chain exists (Closed State): no hiding.
    game.do("Alice", type="play", object=game.id("Block"), targets=[game.id("Noxus Saboteur")])
    err = game.refused("Alice", type="hide", object=game.id("Fight or Flight"), battlefield="bf1")
    assert "rb.states" in err.rules
    game.do("Alice", type="resolve")
    _hide(game, "Fight or Flight")
    # The facedown zone at bf1 is full now: one card per facedown zone.
    err = game.refused("Alice", type="hide", object=game.id("Hidden Blade"), battlefield="bf1")
    assert "rb.107.3.b" in err.rules
    assert [o.location for o in game.state.in_zone(Zone.FACEDOWN)] == ["bf1"]


def test_811_1_b_one_card_per_facedown_zone_and_a_card_playable_from_the_next_turn():
    game = standard(hand_alice=("Fight or Flight", "Hidden Blade")).start()
    card = _hide(game, "Fight or Flight")
    err = game.refused("Alice", type="hide", object=game.id("Hidden Blade"), battlefield="bf1")
    assert "rb.107.3.b" in err.rules
    err = game.refused("Alice", type="play", object=card, targets=[game.id("Noxus Saboteur")])
    assert err.rules == ["rb.811.1.b"]
    game.do("Alice", type="next_turn")  # Bob's turn: the next turn
    game.do("Alice", type="play", object=card, targets=[game.id("Noxus Saboteur")])
    assert game.state.riftbound.chain


def test_811_1_b_hiding_pays_one_power_by_recycling_a_rune():
    game = standard(hand_alice=("Switcheroo",)).start()
    before = len([o for o in game.state.in_zone(Zone.RUNES) if o.controller == "Alice"])
    _hide(game, "Switcheroo")
    after = len([o for o in game.state.in_zone(Zone.RUNES) if o.controller == "Alice"])
    assert after == before - 1
    assert "recycles" in game.last_text("Bob")


def test_811_1_c_hiding_is_an_action_of_its_own_in_the_log():
    game = standard(hand_alice=("Sprite Call",)).start()
    _hide(game, "Sprite Call")
    assert game.last[0].kind == "hide"
    assert "811.1.b" in numbers_for_ruleset(game.last[0].rules, "riftbound")


def test_811_1_c_1_hiding_is_not_playing_a_card():
    game = standard(hand_alice=("Hidden Blade",)).start()
    _hide(game, "Hidden Blade")
    assert "rb.811.1.c.1" in game.last[0].rules
    assert game.state.riftbound.chain == []  # nothing was played, no cost but [A]


def test_811_1_c_2_hiding_starts_no_chain_so_the_state_stays_open():
    game = standard(hand_alice=("Block",)).start()
    _hide(game, "Block")
    assert game.view("Bob").riftbound.state == "open"


def test_811_1_c_3_playing_from_face_down_starts_a_chain():
    game = standard(hidden_alice="Block").start()
    game.do("Alice", type="play", object=game.id("Block"), targets=[game.id("Noxus Saboteur")])
    view = game.view("Bob").riftbound
    assert view.state == "closed" and view.chain[0].from_hidden


def test_811_1_d_a_hidden_spell_with_no_legal_target_there_cannot_be_played():
    # Fight or Flight hidden at bf1 where no unit stands any more.
    t = RbTable()
    t.battlefield("Alice", "Zaun Warrens", controller="Alice")
    t.battlefield("Bob", "Vilemaw's Lair", controller="Bob")
    t.put("Alice", "battlefield", "Noxus Saboteur", location="bf1")
    t.put("Bob", "battlefield", "Watchful Sentry", location="bf2")
    t.put("Alice", "facedown", "Hidden Blade", location="bf1")
    game = t.start()
    game.state.riftbound.showdown = None
    # Only a unit at bf1 qualifies: Alice's own Saboteur. Move it away: none left there.
    game.state.objects[
        [o.card.name for o in game.state.objects].index("Noxus Saboteur")
    ].zone = Zone.BASE
    err = game.refused(
        "Alice", type="play", object=game.id("Hidden Blade"), targets=[game.id("Watchful Sentry")]
    )
    assert "rb.811.1.d" in err.rules


def test_811_1_d_1_a_hidden_unit_enters_at_its_battlefield_exhausted():
    game = standard(hidden_alice="Windsinger").start()
    card = game.id("Windsinger")
    err = game.refused("Alice", type="play", object=card, to="bf2")
    assert "rb.811.1.d.1" in err.rules
    game.do("Alice", type="play", object=card)
    unit = game.find("Windsinger")
    assert unit.zone == Zone.BATTLEFIELD and unit.location == "bf1" and unit.tapped


def test_811_1_d_1_a_hidden_gear_is_played_to_that_battlefield_too():
    game = standard(hidden_alice="Zhonya's Hourglass").start()
    game.do("Alice", type="play", object=game.id("Zhonya's Hourglass"))
    gear = game.find("Zhonya's Hourglass")
    assert gear.zone == Zone.BATTLEFIELD and gear.location == "bf1"
    assert "rb.811.1.d.1.a" in game.last[0].rules


def test_811_1_d_2_blastcone_fae_from_hidden_targets_a_unit_at_its_battlefield():
    """Seed example 1: its play effect must choose among units at the same battlefield."""
    game = standard(hidden_alice="Blastcone Fae").start()
    fae = game.id("Blastcone Fae")
    err = game.refused("Alice", type="play", object=fae, targets=[game.id("Watchful Sentry")])
    assert err.rules == ["rb.811.1.d.2"]
    game.do("Alice", type="play", object=fae, targets=[game.id("Noxus Saboteur")])
    game.do("Bob", type="resolve")
    saboteur = game.view("Bob").objects
    assert any(o.name == "Noxus Saboteur" and o.might == 1 for o in saboteur)  # 3 - 2 = 1


def test_811_1_d_2_blastcone_fae_played_from_hand_targets_freely():
    game = standard(hand_alice=("Blastcone Fae",)).start()
    game.do(
        "Alice", type="play", object=game.id("Blastcone Fae"), targets=[game.id("Watchful Sentry")]
    )
    game.do("Bob", type="resolve")
    assert any(o.name == "Watchful Sentry" and o.might == 1 for o in game.view("Bob").objects)


def test_811_1_d_2_tideturner_from_hidden_chooses_freely_a_unit_elsewhere():
    """Seed example 2: "a unit you control at another location" can never be at its own
    battlefield, so the choice is free."""
    t = standard(hidden_alice="Tideturner")
    t.put("Alice", "base", "Ember Monk")
    game = t.start()
    monk = game.id("Ember Monk", Zone.BASE)
    game.do("Alice", type="play", object=game.id("Tideturner"), targets=[monk])
    game.do("Bob", type="resolve")
    assert game.find("Ember Monk", Zone.BATTLEFIELD).location == "bf1"
    assert game.find("Tideturner").zone == Zone.BASE
    # A unit at its own battlefield never qualifies for Tideturner.
    game2 = standard(hidden_alice="Tideturner").start()
    err = game2.refused(
        "Alice", type="play", object=game2.id("Tideturner"), targets=[game2.id("Noxus Saboteur")]
    )
    assert "rb.targets" in err.rules


def test_811_1_d_3_a_unit_a_hidden_card_makes_you_play_enters_there():
    game = standard(hidden_alice="Sprite Call").start()
    game.do("Alice", type="play", object=game.id("Sprite Call"))
    game.do("Alice", type="resolve")
    sprite = game.find("Sprite")
    assert sprite.zone == Zone.BATTLEFIELD and sprite.location == "bf1"


def test_811_2_stand_united_buff_is_pinned_but_its_bonus_applies_everywhere():
    """Seed example 3: from hidden, the buff must choose a friendly unit there; the extra +1
    applies to buffed friendly units wherever they are."""
    t = standard(hidden_alice="Stand United")
    t.put("Alice", "base", "Ember Monk", counters={"buff": 1})
    game = t.start()
    card = game.id("Stand United")
    monk = game.id("Ember Monk", Zone.BASE)
    err = game.refused("Alice", type="play", object=card, targets=[monk])
    assert err.rules == ["rb.811.1.d.2"]
    game.do("Alice", type="play", object=card, targets=[game.id("Noxus Saboteur")])
    game.do("Alice", type="resolve")
    powers = {o.name: o.might for o in game.view("Bob").objects if o.might is not None}
    assert powers["Noxus Saboteur"] == 3 + 2  # buffed +1, +1 more this turn
    assert powers["Ember Monk"] == 4 + 2  # buffed at base: the bonus applies there too


def test_811_3_played_from_hand_for_its_cost_at_normal_timing_with_free_targets():
    t = standard(hand_alice=("Fight or Flight", "Ember Monk"))
    game = t.start()
    game.do(
        "Alice",
        type="play",
        object=game.id("Fight or Flight"),
        targets=[game.id("Watchful Sentry")],
    )  # a unit at another battlefield: no limit from hand
    assert "rb.811.3" in game.last[0].rules and "exhausts 2 runes" in game.last_text("Bob")
    # A chain exists: a card without Reaction can't be played now.
    err = game.refused("Alice", type="play", object=game.id("Ember Monk", Zone.HAND))
    assert "rb.states" in err.rules
    game.do("Bob", type="resolve")
    assert game.find("Watchful Sentry").zone == Zone.BASE


def test_811_4_several_instances_of_hidden_are_redundant():
    fae = {"name": "Twin Fae", "types": ["Unit"], "might": 2, "hidden": True,
           "keywords": ["Hidden", "Hidden"]}  # fmt: skip
    t = standard()
    t.put("Alice", "hand", fae)
    game = t.start()
    _hide(game, "Twin Fae")
    game.do("Alice", type="next_turn")
    game.do("Alice", type="play", object=game.id("Twin Fae"))
    assert game.find("Twin Fae").location == "bf1"  # one hide, one play: same as once


def test_811_5_hidden_is_a_characteristic_others_may_check():
    game = standard(hand_alice=("Hidden Blade",)).start()
    alice_view = game.obj_view("Alice", game.id("Hidden Blade"))
    assert "Hidden" in alice_view.abilities


def test_811_5_a_the_keyword_shows_on_the_face_down_card_only_to_its_controller():
    game = standard(hidden_alice="Hidden Blade").start()
    card = game.id("Hidden Blade")
    assert "Hidden" in game.obj_view("Alice", card).abilities
    assert game.obj_view("Bob", card).abilities == []
    assert "811.5.a" in numbers_for_ruleset(["rb.811.5.a"], "riftbound")


def test_811_6_a_hidden_card_has_reaction_closed_state_and_opponents_turn():
    """Judge question 12: respond at another battlefield: yes, with choices limited there."""
    t = standard(hidden_alice="Block")
    t.put("Bob", "hand", "Fight or Flight")
    game = t.start()
    game.do("Alice", type="next_turn")  # Bob's turn
    game.do(
        "Bob", type="play", object=game.id("Fight or Flight"), targets=[game.id("Noxus Saboteur")]
    )
    assert game.view("Alice").riftbound.state == "closed"
    block = game.id("Block")
    err = game.refused("Alice", type="play", object=block, targets=[game.id("Watchful Sentry")])
    assert err.rules == ["rb.811.1.d.2"]
    game.do("Alice", type="play", object=block, targets=[game.id("Noxus Saboteur")])
    assert len(game.state.riftbound.chain) == 2


def test_811_6_a_the_reaction_grant_and_the_face_are_not_public():
    game = standard(hidden_alice="Consult the Past").start()
    card = game.id("Consult the Past")
    bob = game.obj_view("Bob", card)
    assert bob.name is None and bob.abilities == [] and bob.card is None
    assert "Consult the Past" not in game.view_json("Bob")
    assert "Consult the Past" not in game.view_json("spectator")
    alice = game.obj_view("Alice", card)
    assert alice.name == "Consult the Past" and any("Reaction" in a for a in alice.abilities)
    judge = game.obj_view("judge", card)
    assert judge.visible_to.players == ["Alice"] and judge.visible_to.rules == ["811.6.a"]


def test_losing_the_battlefield_sends_the_hidden_card_to_the_trash_revealed():
    """Judge question 13, and control frozen during the combat there."""
    t = standard(hidden_alice="Fight or Flight")
    t.put("Bob", "base", "Brynhir Thundersong")
    game = t.start()
    game.do("Alice", type="next_turn")
    game.do("Bob", type="move_unit", object=game.id("Brynhir Thundersong", Zone.BASE), to="bf1")
    view = game.view("Alice").riftbound
    assert view.showdown is not None and view.showdown.combat
    assert game.state.riftbound.battlefields[0].controller == "Alice"  # frozen
    assert game.find("Fight or Flight").zone == Zone.FACEDOWN
    game.do("Bob", type="resolve_showdown")
    assert game.state.riftbound.battlefields[0].controller == "Bob"
    trashed = game.find("Fight or Flight")
    assert trashed.zone == Zone.TRASH and not trashed.face_down
    assert "Fight or Flight" in game.log_text("Bob")
    assert "466.5.c" in numbers_for_ruleset(
        game.last[-1].rules if False else ["rb.466.5.c"], "riftbound"
    )


def test_leaving_the_battlefield_loses_it_at_the_next_cleanup():
    t = standard(hidden_alice="Block")
    game = t.start()
    game.do("Alice", type="move_unit", object=game.id("Noxus Saboteur"), to="base")
    assert game.state.riftbound.battlefields[0].controller is None
    assert game.find("Block").zone == Zone.TRASH
    assert "Block" in game.log_text("Bob")


def test_every_facedown_card_is_revealed_at_game_end():
    game = standard(hidden_alice="Switcheroo").start()
    assert "Switcheroo" not in game.view_json("Bob")
    game.do(None, type="end_game")
    assert "Switcheroo" in game.view_json("Bob") and "Switcheroo" in game.log_text("Bob")


def test_a_hidden_card_gets_a_new_id_when_hidden_and_when_played():
    game = standard(hand_alice=("Block",)).start()
    in_hand = game.id("Block")
    game.do("Alice", type="hide", object=in_hand, battlefield="bf1")
    hidden = game.id("Block")
    assert hidden != in_hand
    game.do("Alice", type="next_turn")
    game.do("Alice", type="play", object=hidden, targets=[game.id("Noxus Saboteur")])
    assert game.id("Block") != hidden


def test_811_a_hidden_units_might_reaches_only_those_who_see_its_face():
    """Might is part of the face: a number tells Tideturner (2) from a spell (none)."""
    game = standard(hidden_alice="Tideturner").start()
    card = game.id("Tideturner")
    assert game.obj_view("Alice", card).might == 2
    for who in ("Bob", "spectator"):
        seen = game.obj_view(who, card)
        assert seen.might is None and seen.card is None, who
