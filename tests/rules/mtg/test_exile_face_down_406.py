"""Cards exiled face down with a rule for who may look (406.3), kept in piles by when and how
(406.4): Bane Alley Broker, Summoner's Egg's imprint, turned face up in exile, returned to
the battlefield face up or face down (708.3)."""

from __future__ import annotations

from app.rules.mtg.state import Zone
from app.rules.redact import Viewer, actions_for
from tests.rules.mtg.table import Table

VIEWERS = ("Alice", "Bob", "spectator", "judge")


def _names_seen(game, object_id: str) -> dict[str, str | None]:
    return {who: game.obj_view(who, object_id).name for who in VIEWERS}


def test_406_3_bane_alley_broker_its_exiler_may_look_nobody_else():
    game = Table().battlefield("Alice", "Bane Alley Broker").hand("Alice", "Grizzly Bears").start()
    game.do("Alice", type="exile_face_down", object=game.id("Grizzly Bears"), look="exiler",
            source="Bane Alley Broker")  # fmt: skip
    card = game.find("Grizzly Bears")
    assert (card.zone, card.face_down, card.known_to) == (Zone.EXILE, True, ["Alice"])
    assert _names_seen(game, card.id) == {
        "Alice": "Grizzly Bears", "Bob": None, "spectator": None, "judge": "Grizzly Bears",
    }  # fmt: skip
    label = "Card exiled face down by Alice with Bane Alley Broker on turn 1 (Alice's)"
    assert game.obj_view("Bob", card.id).label == label
    assert "card.bane-alley-broker" in game.last[0].rules
    assert "Grizzly Bears" not in game.log_text("Bob") + game.log_text("spectator")
    game.do("Alice", type="look", object=card.id)
    err = game.refused("Bob", type="look", object=card.id)
    assert err.rules == ["406.3"] and "its instruction" in err.message_en
    # {U}{B}, {T}: return it to its owner's hand: it leaves unrevealed.
    game.do("Alice", type="move", object=card.id, to="hand")
    assert game.find("Grizzly Bears").zone == Zone.HAND
    assert "Grizzly Bears" not in game.log_text("Bob")


def test_406_3_look_nobody_even_its_owner_may_not_look():
    game = Table().hand("Alice", "Grizzly Bears").start()
    game.do("Alice", type="exile_face_down", object=game.id("Grizzly Bears"), look="nobody")
    card = game.find("Grizzly Bears")
    assert card.known_to == []
    assert game.obj_view("Alice", card.id).name is None
    assert game.refused("Alice", type="look", object=card.id).rules == ["406.3"]
    # The player who chose it was told which card it was, as it happened.
    assert "It is Grizzly Bears." in game.log_text("Alice")


def test_406_3_a_card_seen_leaving_a_public_zone_is_known_to_every_player():
    game = Table().put("Bob", "graveyard", "Grizzly Bears").start()
    game.do(None, type="exile_face_down", object=game.id("Grizzly Bears"), look="exiler",
            by="Alice")  # fmt: skip
    card = game.find("Grizzly Bears")
    assert sorted(card.known_to) == ["Alice", "Bob"] and card.exiled.seen_by_all
    assert _names_seen(game, card.id)["spectator"] == "Grizzly Bears"


def test_406_3_exiling_another_players_permanent_face_down_is_proposed():
    game = Table().battlefield("Bob", "Grizzly Bears").start()
    bears = game.id("Grizzly Bears")
    action = {"type": "exile_face_down", "object": bears, "look": "exiler"}
    err = game.refused("Alice", **action)
    assert err.kind == "forbidden" and "propose it" in err.message_en
    game.do("Alice", type="propose", action=action, source="Bane Alley Broker")
    game.do("Bob", type="accept_proposal", proposal=game.state.proposals[0].id)
    card = game.find("Grizzly Bears")
    assert card.zone == Zone.EXILE and card.exiled.by == "Alice"


def test_summoners_egg_imprint_turned_face_up_when_it_dies_then_onto_the_battlefield():
    game = Table().hand("Alice", "Summoner's Egg", "Serra Angel").start()
    game.do("Alice", type="cast", object=game.id("Summoner's Egg"))
    game.do(None, type="resolve")
    assert "Imprint" in game.log_text("Bob")
    game.do("Alice", type="exile_face_down", object=game.id("Serra Angel"), look="exiler",
            via="imprint", source="Summoner's Egg")  # fmt: skip
    card = game.find("Serra Angel")
    label = "Card imprinted face down by Alice with Summoner's Egg on turn 1 (Alice's)"
    assert {game.obj_view(w, card.id).label for w in VIEWERS} == {label}
    assert _names_seen(game, card.id)["Bob"] is None
    # Bob can't turn it face up or put it onto the battlefield himself.
    assert game.refused("Bob", type="turn_face_up_in_exile", object=card.id).kind == "forbidden"
    # The Egg dies: its trigger turns the card face up, a public reveal.
    game.do("Alice", type="move", object=game.id("Summoner's Egg"), to="graveyard")
    game.do("Alice", type="turn_face_up_in_exile", object=card.id)
    assert set(_names_seen(game, card.id).values()) == {"Serra Angel"}
    assert "it is Serra Angel. It is a creature card." in game.log_text("Bob")
    assert "card.summoners-egg" in game.last[0].rules
    offered = {o.type for o in actions_for(game.state, Viewer.seat("Alice")) if o.object == card.id}
    assert "return_from_exile" in offered
    game.do("Alice", type="return_from_exile", object=card.id)
    angel = game.find("Serra Angel")
    assert (angel.zone, angel.face_down, angel.controller) == (Zone.BATTLEFIELD, False, "Alice")


def test_304_4_an_instant_returned_to_the_battlefield_stays_in_exile_face_up():
    game = Table().hand("Alice", "Saw It Coming").start()
    game.do("Alice", type="exile_face_down", object=game.id("Saw It Coming"), look="exiler",
            via="imprint", source="Summoner's Egg")  # fmt: skip
    card = game.find("Saw It Coming")
    game.do("Alice", type="return_from_exile", object=card.id)
    after = game.find("Saw It Coming")
    assert (after.zone, after.face_down) == (Zone.EXILE, False)
    assert game.last[0].rules == ("304.4",)
    assert "can't enter the battlefield" in game.log_text("Bob")


def test_708_3_returned_face_down_under_a_chosen_controller_as_a_2_2():
    game = Table().hand("Alice", "Summoner's Egg").start()
    game.do("Alice", type="exile_face_down", object=game.id("Summoner's Egg"), look="nobody")
    card = game.find("Summoner's Egg")
    game.do("Alice", type="return_from_exile", object=card.id, face_down=True, controller="Bob")
    permanent = game.find("Summoner's Egg")
    assert (permanent.zone, permanent.face_down, permanent.controller) == (
        Zone.BATTLEFIELD, True, "Bob",
    )  # fmt: skip
    assert permanent.face_down_via == "effect"
    seen = {who: game.obj_view(who, permanent.id) for who in VIEWERS}
    # Bob controls it and may look (708.5); nobody else may.
    assert seen["Bob"].name == seen["judge"].name == "Summoner's Egg"
    assert seen["Alice"].name is None and seen["spectator"].name is None
    assert (seen["spectator"].power, seen["spectator"].toughness) == (2, 2)
    assert "Its enters abilities don't apply (708.3)" in game.log_text("spectator")
    assert "Summoner's Egg" not in game.log_text("spectator")
    assert "It is Summoner's Egg." in game.log_text("Bob")


def test_708_3_a_player_who_could_look_in_exile_still_knows_it_on_the_battlefield():
    game = Table().hand("Alice", "Grizzly Bears").start()
    game.do("Alice", type="exile_face_down", object=game.id("Grizzly Bears"), look="exiler")
    card = game.id("Grizzly Bears")
    game.do("Alice", type="return_from_exile", object=card, face_down=True, controller="Bob")
    permanent = game.id("Grizzly Bears")
    assert game.obj_view("Alice", permanent).name == "Grizzly Bears"
    assert game.obj_view("Bob", permanent).name == "Grizzly Bears"


def test_return_from_exile_is_proposed_for_another_players_card():
    game = Table().hand("Bob", "Grizzly Bears").start()
    game.do("Bob", type="exile_face_down", object=game.id("Grizzly Bears"), look="owner")
    card = game.id("Grizzly Bears")
    err = game.refused("Alice", type="return_from_exile", object=card, controller="Alice")
    assert err.kind == "forbidden"


def test_406_3_a_library_card_exiled_unseen_with_no_look_is_told_to_nobody():
    """Found by the hostile-seat harness (issue 16): the top card of Bob's library, exiled
    face down where nobody may look, was named to Bob in the event's private part."""
    game = Table().library("Bob", "Serra Angel").start()
    game.do(None, type="exile_face_down", object=game.id("Serra Angel"), look="nobody", by="Bob")
    for who in ("Alice", "Bob", "spectator"):
        assert "Serra Angel" not in game.log_text(who), who
    assert "Serra Angel" in game.log_text("judge")
