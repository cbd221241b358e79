"""406.3: a card exiled face down is seen only by those its instruction lets look. A card
every *player* knew as it left a hidden zone (a hand card revealed to each of them) was not
seen by a spectator: it is not "seen by all" the way a card leaving the battlefield or a
graveyard is, and a spectator is never shown its face (view, log, a fork for them)."""

from __future__ import annotations

from app.rules.mtg.state import Zone
from app.rules.redact import Viewer, fork_state, view_for
from tests.rules.mtg.table import Game, Table


def _known_to_both_then_exiled() -> tuple[Game, str]:
    """Alice's Grizzly Bears had been revealed to Bob (both players know it; the spectator,
    who sees no hand, doesn't); Alice exiles it face down, only she may look (406.3)."""
    game = Table().hand("Alice", "Grizzly Bears", "Forest").start()
    game.find("Grizzly Bears").known_to.append("Bob")
    game.do("Alice", type="exile_face_down", object=game.id("Grizzly Bears"), look="exiler")
    return game, game.find("Grizzly Bears", Zone.EXILE).id


def test_406_3_a_card_only_the_players_saw_go_is_no_public_card_for_a_spectator():
    game, card = _known_to_both_then_exiled()
    exiled = game.state.get(card)
    assert exiled is not None and not exiled.exiled.seen_by_all
    assert exiled.known_to == ["Alice"]
    assert game.obj_view("spectator", card).name is None
    assert "Grizzly Bears" not in game.view_json("spectator") + game.log_text("spectator")
    assert game.obj_view("Bob", card).name is None  # he may remember it, not look at it
    assert game.obj_view("Alice", card).name == "Grizzly Bears"


def test_406_3_a_spectators_fork_of_it_holds_a_placeholder():
    game, _ = _known_to_both_then_exiled()
    fork = fork_state(game.state, [Viewer.spectator()], seed="fork-seed")
    assert "Grizzly Bears" not in view_for(fork, Viewer.judge()).model_dump_json()


def test_406_3_a_hideaway_card_every_player_may_look_at_stays_hidden_from_a_spectator():
    game = Table().hand("Alice", "Shelldock Isle").library("Alice", "Serra Angel", "Island")
    game = game.start()
    game.do("Alice", type="play_land", object=game.id("Shelldock Isle"))
    game.do("Alice", type="hideaway_exile", object=game.id("Serra Angel"))
    game.do(None, type="gain_control", object=game.id("Shelldock Isle"), player="Bob")
    card = game.find("Serra Angel", Zone.EXILE)
    assert sorted(card.known_to) == ["Alice", "Bob"]  # every player may look (702.75a)
    assert game.obj_view("spectator", card.id).name is None
    assert "Serra Angel" not in game.view_json("spectator") + game.log_text("spectator")
