"""One hideaway permanent holding more than one hidden card (702.75, 607.2a: linked
abilities): its enters trigger happens twice (Panharmonicon, Yarok the Desecrated), so it
exiles two cards face down, both linked to it, each looked at only by the players allowed
to; its play ability plays the one its player chooses. From each viewer's side."""

from __future__ import annotations

import pytest

from app.rules.mtg.state import Zone
from tests.rules.mtg.table import Game, Table

LIBRARY = ("Serra Angel", "Forest", "Grizzly Bears", "Island", "Divination", "Llanowar Elves")


def _twice(first: str = "Serra Angel", second: str = "Divination", edition="current") -> Game:
    table = Table(hideaway_edition=edition).hand("Alice", "Shelldock Isle")
    game = table.library("Alice", *LIBRARY).start()
    game.do("Alice", type="play_land", object=game.id("Shelldock Isle"))
    game.do("Alice", type="hideaway_exile", object=game.id(first, Zone.LIBRARY))
    # Its enters trigger happens once more (Panharmonicon): a second look, a second card.
    game.do("Alice", type="hideaway_trigger", source=game.id("Shelldock Isle"))
    game.do("Alice", type="hideaway_exile", object=game.id(second, Zone.LIBRARY))
    return game


@pytest.mark.parametrize("edition", ["current", "lorwyn"])
def test_702_75_a_trigger_that_happens_twice_hides_two_cards_both_linked(edition):
    game = _twice(edition=edition)
    land = game.find("Shelldock Isle")
    hidden = [game.find("Serra Angel", Zone.EXILE), game.find("Divination", Zone.EXILE)]
    assert {c.hideaway_link for c in hidden} == {land.hideaway_link}
    for card in hidden:
        assert game.obj_view("Alice", card.id).name == card.card.name
        assert game.obj_view("judge", card.id).visible_to.players == ["Alice"]
        for who in ("Bob", "spectator"):
            seen = game.obj_view(who, card.id)
            assert seen.name is None
            assert seen.label == "Face-down card hidden by Shelldock Isle (Alice's)"
    for who in ("Bob", "spectator"):
        text = game.view_json(who) + game.log_text(who)
        assert "Serra Angel" not in text and "Divination" not in text


def test_702_75_the_new_controller_may_look_at_both_hidden_cards():
    game = _twice()
    game.do(None, type="gain_control", object=game.id("Shelldock Isle"), player="Bob")
    for name in ("Serra Angel", "Divination"):
        card = game.find(name, Zone.EXILE)
        assert game.obj_view("Bob", card.id).name == name
        assert game.obj_view("Alice", card.id).name == name  # 406.3: she still may
        assert game.obj_view("spectator", card.id).name is None


def test_702_75_its_player_chooses_which_hidden_card_the_ability_plays():
    game = _twice()
    land = game.id("Shelldock Isle")
    game.do(None, type="untap", object=land)
    err = game.refused("Alice", type="hideaway_play", source=land)
    assert err.rules == ["702.75-linked"] and "say which one" in err.message_en
    err = game.refused("Alice", type="hideaway_play", source=land, card=game.id("Forest"))
    assert err.rules == ["702.75-linked"]
    game.do("Alice", type="hideaway_play", source=land, card=game.id("Divination", Zone.EXILE))
    game.do(None, type="resolve")
    game.do("Alice", type="hideaway_accept")  # "you may play": hers to say (608.2d)
    assert game.find("Divination").zone == Zone.STACK
    serra = game.find("Serra Angel")
    assert (serra.zone, serra.face_down) == (Zone.EXILE, True)  # still hidden, still linked
    assert game.obj_view("Bob", serra.id).name is None
    # One card left: the ability needs no choice any more.
    game.do(None, type="resolve")
    game.do(None, type="untap", object=land)
    game.do("Alice", type="hideaway_play", source=land)
    game.do(None, type="resolve")
    game.do("Alice", type="hideaway_accept")
    assert game.find("Serra Angel").zone == Zone.STACK


def test_702_75_only_its_controller_has_it_trigger_again():
    game = _twice()
    err = game.refused("Bob", type="hideaway_trigger", source=game.id("Shelldock Isle"))
    assert "702.75" in err.rules


def test_702_75_bob_cannot_tell_which_second_card_was_hidden():
    def seen(second: str) -> str:
        game = _twice(second=second)
        return game.view_json("Bob") + game.log_text("Bob")

    assert seen("Divination") == seen("Llanowar Elves")


@pytest.mark.parametrize("edition", ["current", "lorwyn"])
def test_702_75_a_flickered_land_hides_a_second_card_the_first_stays_exiled(edition):
    """Flickered (exiled and returned), the land is a new object (400.7): its new trigger
    hides a second card; the first is no longer linked to it, and who may look at it
    follows the edition (today 406.3 keeps Alice looking; Lorwyn: nobody once it left)."""
    table = Table(hideaway_edition=edition).hand("Alice", "Shelldock Isle")
    game = table.library("Alice", *LIBRARY).start()
    game.do("Alice", type="play_land", object=game.id("Shelldock Isle"))
    game.do("Alice", type="hideaway_exile", object=game.id("Serra Angel", Zone.LIBRARY))
    game.do("Alice", type="move", object=game.id("Shelldock Isle"), to="exile")
    game.do("Alice", type="return_from_exile", object=game.id("Shelldock Isle"))
    game.do("Alice", type="hideaway_exile", object=game.id("Divination", Zone.LIBRARY))
    land = game.find("Shelldock Isle")
    first, second = game.find("Serra Angel"), game.find("Divination", Zone.EXILE)
    assert second.hideaway_link == land.hideaway_link != first.hideaway_link
    assert game.obj_view("Alice", second.id).name == "Divination"
    assert game.obj_view("Alice", first.id).name == (
        "Serra Angel" if edition == "current" else None
    )
    for who in ("Bob", "spectator"):
        assert game.obj_view(who, first.id).name is None
        assert game.obj_view(who, second.id).name is None
    # Its ability plays only its own card: no choice to make, the second one.
    game.do(None, type="untap", object=land.id)
    game.do("Alice", type="hideaway_play", source=land.id)
    game.do(None, type="resolve")
    game.do("Alice", type="hideaway_accept")
    assert game.find("Divination").zone == Zone.STACK
    assert game.find("Serra Angel").zone == Zone.EXILE


def _hidden_then_resolving(card: str) -> Game:
    table = Table().hand("Alice", "Shelldock Isle").battlefield("Bob", "Void Winnower")
    game = table.library("Alice", card, "Forest", "Island", "Llanowar Elves").start()
    game.do("Alice", type="play_land", object=game.id("Shelldock Isle"))
    game.do("Alice", type="hideaway_exile", object=game.id(card, Zone.LIBRARY))
    game.do("Bob", type="restrict_casting", player="Alice", kind="even_mana_value",
            source="Void Winnower")  # fmt: skip
    land = game.id("Shelldock Isle")
    game.do(None, type="untap", object=land)
    game.do("Alice", type="hideaway_play", source=land)
    game.do(None, type="resolve")
    return game


def test_601_3_void_winnower_stops_the_hidden_card_and_bob_cant_tell_it_from_a_decline():
    """Grizzly Bears (mana value 2) can't be cast under Void Winnower: it stays exiled face
    down, and Bob reads the same as when Alice declines to play Divination (3, odd)."""
    stopped = _hidden_then_resolving("Grizzly Bears")
    stopped.do("Alice", type="hideaway_accept")
    bears = stopped.find("Grizzly Bears")
    assert (bears.zone, bears.face_down) == (Zone.EXILE, True)
    assert (
        "It is Grizzly Bears: it can't be cast. Alice can't cast spells with even mana value"
        in (stopped.last_text("Alice"))
    )
    declined = _hidden_then_resolving("Divination")
    declined.do("Alice", type="hideaway_decline", ability=declined.state.abilities[0].id)
    assert [e.rules for e in stopped.last] == [e.rules for e in declined.last]
    for who in ("Bob", "spectator"):
        assert stopped.last_text(who) == declined.last_text(who)
        assert "Grizzly Bears" not in stopped.view_json(who) + stopped.log_text(who)
