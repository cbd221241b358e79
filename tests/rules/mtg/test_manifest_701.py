"""Every manifest (issue 16): 701.40 manifest, 701.58 cloak, 701.62 manifest dread, and who may
look at a manifested card (708.5, seed 707.5). Per-viewer outcomes through the engine's views;
tests/web/api/test_manifest_api.py does the same through the JSON API."""

from __future__ import annotations

import re

import pytest

from app.rules.core.errors import RuleError
from app.rules.mtg.candidates import candidate_actions
from app.rules.mtg.state import Zone
from tests.rules.mtg.table import Table

VIEWERS = ("Alice", "Bob", "spectator", "judge")


def _ids_numbered(text: str) -> str:
    """Object ids (16 hex digits) numbered by first appearance: twins' ids differ, not where."""
    seen: dict[str, str] = {}
    return re.sub(
        r"\b[0-9a-f]{16}\b", lambda m: seen.setdefault(m.group(0), f"<R{len(seen)}>"), text
    )


def _amalgam_game():
    return (
        Table()
        .battlefield("Alice", "Thieving Amalgam")
        .library("Bob", "Serra Angel", "Lightning Bolt", "Grizzly Bears")
        .start()
    )


# --- 701.40a / 708.5: Thieving Amalgam, from another player's library ---------------------


def test_701_40a_708_5_alice_manifests_bobs_top_card_bob_owns_it_only_alice_may_look():
    game = _amalgam_game()
    # Acting on Bob's library is an effect on his object: Alice proposes it, Bob accepts.
    refused = game.refused("Alice", type="manifest", player="Alice", from_player="Bob")
    assert refused.kind == "forbidden" and "propose" in refused.message_en
    game.do(
        "Alice",
        type="propose",
        action={"type": "manifest", "player": "Alice", "from_player": "Bob"},
        source="Thieving Amalgam",
    )
    (proposal,) = game.state.proposals
    assert "Bob's library" in proposal.text.en
    game.do("Bob", type="accept_proposal", proposal=proposal.id)
    angel = game.find("Serra Angel")
    assert angel.zone == Zone.BATTLEFIELD and angel.face_down
    assert (angel.owner, angel.controller, angel.face_down_via) == ("Bob", "Alice", "manifest")
    seen = {who: game.obj_view(who, angel.id) for who in VIEWERS}
    assert seen["Alice"].name == "Serra Angel" and seen["judge"].name == "Serra Angel"
    assert seen["judge"].visible_to.players == ["Alice"]
    for who in ("Bob", "spectator"):
        assert seen[who].name is None and seen[who].card is None
        assert seen[who].owner == "Bob" and seen[who].controller == "Alice"
        # Not in the view, not in the log: Bob owns it and doesn't know it.
        assert "Serra Angel" not in game.view_json(who)
        assert "Serra Angel" not in game.log_text(who)
    assert "Serra Angel" in game.log_text("Alice")


def test_701_40a_the_judge_manifests_from_another_library_directly():
    game = _amalgam_game()
    game.do(None, type="manifest", player="Alice", from_player="Bob")
    assert game.find("Serra Angel").controller == "Alice"
    assert "Serra Angel" not in game.last_text("Bob")
    assert "Serra Angel" in game.last_text("Alice")


def test_701_40a_bob_refusing_the_proposal_leaves_his_library_alone():
    game = _amalgam_game()
    game.do(
        "Alice",
        type="propose",
        action={"type": "manifest", "player": "Alice", "from_player": "Bob"},
    )
    (proposal,) = game.state.proposals
    game.do("Bob", type="refuse_proposal", proposal=proposal.id)
    assert game.find("Serra Angel").zone == Zone.LIBRARY


def test_701_40b_only_its_controller_turns_a_manifested_card_face_up_not_its_owner():
    game = _amalgam_game()
    game.do(None, type="manifest", player="Alice", from_player="Bob")
    angel = game.find("Serra Angel")
    err = game.refused("Bob", type="turn_face_up", object=angel.id)
    assert "Serra Angel" not in err.message_en  # Bob may not learn it from an error
    game.do("Alice", type="turn_face_up", object=angel.id)
    up = game.find("Serra Angel")
    assert not up.face_down and up.controller == "Alice" and up.owner == "Bob"
    assert "{3}{W}{W}" in game.last_text("Bob")  # revealed as it turns (701.40b)
    assert game.obj_view("Bob", up.id).name == "Serra Angel"


def test_701_40b_a_manifested_noncreature_from_another_library_stays_face_down():
    game = Table().battlefield("Alice", "Thieving Amalgam").library("Bob", "Lightning Bolt").start()
    game.do(None, type="manifest", player="Alice", from_player="Bob")
    err = game.refused("Alice", type="turn_face_up", object=game.id("Lightning Bolt"))
    assert "701.40" in err.rules


# --- 701.40e: several cards, one at a time ------------------------------------------------


def test_701_40e_several_cards_are_manifested_one_at_a_time():
    game = Table().library("Alice", "Serra Angel", "Lightning Bolt", "Grizzly Bears").start()
    game.do("Alice", type="manifest", player="Alice", count=3)
    made = [e for e in game.last if e.kind == "manifest"]
    assert len(made) == 3  # one event, one permanent, one number each
    orders = sorted(o.entered_order for o in game.state.in_zone(Zone.BATTLEFIELD))
    assert orders == [1, 2, 3]
    # Top first: the first one manifested is the top card.
    assert game.find("Serra Angel").entered_order == 1
    assert "701.40e" in made[0].rules
    labels = [o.label for o in game.view("Bob").objects if o.face_down]
    assert [label.rsplit(" ", 1)[-1] for label in labels] == ["1st", "2nd", "3rd"]
    assert all("manifested" in label for label in labels)


def test_701_40e_a_library_that_runs_out_manifests_what_it_has():
    game = Table().library("Bob", "Serra Angel").start()
    game.do(None, type="manifest", player="Alice", from_player="Bob", count=2)
    assert game.find("Serra Angel").zone == Zone.BATTLEFIELD
    assert "nothing more" in game.last_text("Bob")


def test_701_40a_an_empty_library_has_nothing_to_manifest():
    game = Table().library("Alice", "Island").start()
    err = game.refused(None, type="manifest", player="Alice", from_player="Bob")
    assert err.rules == ["701.40"]


# --- 701.40 vs an effect that only puts it face down ---------------------------------------


def test_701_40b_a_card_put_face_down_by_another_effect_cant_turn_up_for_its_mana_cost():
    game = Table().hand("Alice", "Serra Angel", "Exalted Angel").start()
    for name in ("Serra Angel", "Exalted Angel"):
        game.do("Alice", type="put_onto_battlefield_face_down", object=game.id(name), via="effect")
    err = game.refused("Alice", type="turn_face_up", object=game.id("Serra Angel"))
    assert "707.7" in err.rules
    err = game.refused(
        "Alice", type="turn_face_up", object=game.id("Exalted Angel"), via="mana_cost"
    )
    game.do("Alice", type="turn_face_up", object=game.id("Exalted Angel"), via="morph")
    assert not game.find("Exalted Angel").face_down


def test_701_58_a_cloaked_card_from_another_library_turns_up_by_its_controller():
    game = Table().library("Bob", "Serra Angel").start()
    game.do(None, type="cloak", player="Alice", from_player="Bob")
    angel = game.find("Serra Angel")
    assert angel.face_down_via == "cloak" and angel.controller == "Alice"
    assert game.obj_view("Bob", angel.id).abilities == ["Ward {2}"]
    game.refused("Bob", type="turn_face_up", object=angel.id)
    game.do("Alice", type="turn_face_up", object=angel.id)
    assert not game.find("Serra Angel").face_down


# --- manifest_cards: a chosen pile ---------------------------------------------------------


def _conscription(seed: str):
    game = (
        Table()
        .hand("Alice", "Ghastly Conscription")
        .put("Bob", "graveyard", "Serra Angel")
        .put("Bob", "graveyard", "Grizzly Bears")
        .start(seed=seed)
    )
    pile = [game.id("Serra Angel"), game.id("Grizzly Bears")]
    game.do(
        "Alice",
        type="propose",
        action={"type": "manifest_cards", "objects": pile, "player": "Alice", "random_order": True},
        source="Ghastly Conscription",
    )
    game.do("Bob", type="accept_proposal", proposal=game.state.proposals[0].id)
    return game


def _first_entered(game) -> str:
    return next(o.card.name for o in game.state.objects if o.entered_order == 1)


def _twins():
    """Two games whose seeded shuffles put the pile's cards in different places."""
    first = _conscription("pile-seed-0")
    for n in range(1, 40):
        other = _conscription(f"pile-seed-{n}")
        if _first_entered(other) != _first_entered(first):
            return first, other
    raise AssertionError("no seed shuffled the pile the other way")


def test_701_40e_a_pile_manifested_in_a_random_order_tells_bob_nothing_of_which_is_which():
    a, b = _twins()
    for game in (a, b):
        made = [o for o in game.state.in_zone(Zone.BATTLEFIELD) if o.face_down]
        assert {o.owner for o in made} == {"Bob"} and {o.controller for o in made} == {"Alice"}
    for who in ("Bob", "spectator"):
        assert _ids_numbered(a.view_json(who)) == _ids_numbered(b.view_json(who))
        assert _ids_numbered(a.log_text(who)) == _ids_numbered(b.log_text(who))
    # Alice, who controls them, sees which is which: her views differ.
    assert _ids_numbered(a.view_json("Alice")) != _ids_numbered(b.view_json("Alice"))
    first = next(o for o in a.view("Alice").objects if o.zone == "battlefield" and o.face_down)
    assert first.name == _first_entered(a)


def _shuffled_pile_text(first: str, second: str) -> str:
    game = Table().put("Alice", "graveyard", first).put("Alice", "graveyard", second).start()
    pile = [game.id(first), game.id(second)]
    game.do("Alice", type="manifest_cards", objects=pile, random_order=True)
    return game.last_text("Bob")


def test_701_40e_a_shuffled_piles_public_names_come_in_the_order_chosen_not_by_name():
    # Twin games alike but for the cards' names word the log alike once the names are mapped:
    # listed by name, the pile read "Grizzly Bears, Serra Angel" here and "Exalted Angel,
    # Grizzly Bears" in the twin: an order only the names decided (found by the
    # hidden-information property).
    text = _shuffled_pile_text("Serra Angel", "Grizzly Bears")
    assert "(Serra Angel, Grizzly Bears)" in text
    twin = _shuffled_pile_text("Exalted Angel", "Grizzly Bears")
    assert twin.replace("Exalted Angel", "Serra Angel") == text


def test_701_40a_a_pile_manifested_in_order_is_known_card_by_card():
    game = Table().put("Alice", "graveyard", "Serra Angel").start()
    game.do("Alice", type="manifest_cards", objects=[game.id("Serra Angel")])
    text = game.last_text("Bob")
    assert "Serra Angel as Face-down 2/2" in text  # everyone saw it go face down
    assert game.find("Serra Angel").controller == "Alice"


def test_701_40a_jeskai_infiltrator_and_the_top_card_shuffled_into_a_pile():
    game = (
        Table()
        .battlefield("Alice", "Jeskai Infiltrator")
        .library("Alice", "Serra Angel", "Island")
        .start()
    )
    game.do(
        "Alice",
        type="manifest_cards",
        objects=[game.id("Jeskai Infiltrator")],
        from_library=1,
        random_order=True,
    )
    down = [o for o in game.state.in_zone(Zone.BATTLEFIELD) if o.face_down]
    assert sorted(o.card.name for o in down) == ["Jeskai Infiltrator", "Serra Angel"]
    bob = game.last_text("Bob")
    assert "Jeskai Infiltrator" in bob and "1 unseen card" in bob and "Serra Angel" not in bob
    # Jeskai Infiltrator has no morph: manifested, it turns up for its mana cost (701.40b).
    game.do("Alice", type="turn_face_up", object=game.id("Jeskai Infiltrator"))


def test_701_40a_a_seat_cant_manifest_another_players_graveyard_without_asking():
    game = Table().put("Bob", "graveyard", "Serra Angel").start()
    err = game.refused("Alice", type="manifest_cards", objects=[game.id("Serra Angel")])
    assert err.kind == "forbidden"


# --- 701.62a: manifest dread -----------------------------------------------------------------


def _dread_game(*library: str):
    return Table().battlefield("Alice", "Unsettling Twins").library("Alice", *library).start()


def test_701_62a_manifest_dread_shows_the_top_two_to_its_player_only_and_waits():
    game = _dread_game("Serra Angel", "Lightning Bolt", "Island")
    game.do("Alice", type="manifest_dread", player="Alice")
    looked = [game.id("Serra Angel"), game.id("Lightning Bolt")]
    alice = game.view("Alice")
    assert alice.dread is not None and alice.dread.looked == looked
    assert [o.name for o in alice.objects if o.zone == "library"] == [
        "Serra Angel",
        "Lightning Bolt",
    ]
    for who in ("Bob", "spectator"):
        view = game.view(who)
        assert view.dread is not None and view.dread.player == "Alice"
        assert view.dread.count == 2 and view.dread.looked is None
        raw = game.view_json(who) + game.log_text(who)
        assert not any(i in raw for i in looked)
        assert "Serra Angel" not in raw and "Lightning Bolt" not in raw
    assert game.view("judge").dread.looked == looked
    # The game waits: nothing else happens until Alice chooses.
    assert game.refused("Bob", type="next_turn").rules == ["701.62a"]
    assert game.refused("Alice", type="manifest", player="Alice").rules == ["701.62a"]
    assert game.refused("Bob", type="manifest_dread_choose", object=looked[0]).kind in (
        "forbidden",
        "not_found",
    )
    choices = [a["object"] for a, _ in candidate_actions(game.state, "Alice")
               if a["type"] == "manifest_dread_choose"]  # fmt: skip
    assert choices == looked
    assert not [a for a, _ in candidate_actions(game.state, "Bob")
                if a["type"] == "manifest_dread_choose"]  # fmt: skip


def test_701_62a_one_is_manifested_the_other_goes_face_up_into_the_graveyard():
    game = _dread_game("Serra Angel", "Lightning Bolt", "Island")
    game.do("Alice", type="manifest_dread", player="Alice")
    game.do("Alice", type="manifest_dread_choose", object=game.id("Serra Angel"))
    angel, bolt = game.find("Serra Angel"), game.find("Lightning Bolt")
    assert angel.zone == Zone.BATTLEFIELD and angel.face_down_via == "manifest"
    assert bolt.zone == Zone.GRAVEYARD and not bolt.face_down
    assert game.state.dread_pending is None
    for who in ("Bob", "spectator"):
        assert game.obj_view(who, bolt.id).name == "Lightning Bolt"  # public now
        assert game.obj_view(who, angel.id).name is None
        assert "Serra Angel" not in game.view_json(who) + game.log_text(who)
        assert game.view(who).dread is None
    assert game.obj_view("Alice", angel.id).name == "Serra Angel"
    # 701.40b: a manifested creature card turns up for its mana cost, by its controller.
    game.refused("Bob", type="turn_face_up", object=angel.id)
    game.do("Alice", type="turn_face_up", object=angel.id)
    assert "{3}{W}{W}" in game.last_text("Bob")


def test_701_62a_the_manifested_instant_cant_be_turned_up():
    game = _dread_game("Serra Angel", "Lightning Bolt")
    game.do("Alice", type="manifest_dread", player="Alice")
    game.do("Alice", type="manifest_dread_choose", object=game.id("Lightning Bolt"))
    assert (
        "701.40"
        in game.refused("Alice", type="turn_face_up", object=game.id("Lightning Bolt")).rules
    )


def test_701_62a_with_one_card_it_is_manifested_with_none_nothing_happens():
    game = _dread_game("Serra Angel")
    game.do("Alice", type="manifest_dread", player="Alice")
    assert game.find("Serra Angel").zone == Zone.BATTLEFIELD
    assert game.state.dread_pending is None
    assert "Serra Angel" not in game.last_text("Bob")
    game.do("Alice", type="manifest_dread", player="Alice")
    assert "nothing happens" in game.last_text("Bob")


def test_701_62a_the_choice_must_be_one_of_the_looked_cards():
    game = _dread_game("Serra Angel", "Lightning Bolt", "Island")
    game.do("Alice", type="manifest_dread", player="Alice")
    err = game.refused("Alice", type="manifest_dread_choose", object=game.id("Unsettling Twins"))
    assert err.rules == ["701.62a"]


def test_701_62a_conceding_ends_the_wait():
    game = _dread_game("Serra Angel", "Lightning Bolt")
    game.do("Alice", type="manifest_dread", player="Alice")
    game.do("Alice", type="concede")
    assert game.state.dread_pending is None


def test_701_62a_2004_rules_have_no_manifest_dread():
    game = Table(ruleset="mtg-2004").library("Alice", "Island", "Island").start()
    with pytest.raises(RuleError):
        game.do("Alice", type="manifest_dread", player="Alice")
