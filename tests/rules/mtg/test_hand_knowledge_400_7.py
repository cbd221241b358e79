"""400.7 with DESIGN invariant 9: when a card leaves a hand for the library unseen ("Bob puts a
card from his hand on top of his library"), nobody else knows which one went, so what another
player knew of the cards left in that hand (a revealed card) becomes uncertain. Twins that
differ only in which card Bob put back must read the same to Alice, a fork for her included."""

from __future__ import annotations

import re

import pytest

from app.rules.mtg.state import Zone
from app.rules.redact import Viewer, fork_state, view_for
from tests.rules.mtg.table import Game, Table

IDS = re.compile(r"\b[0-9a-f]{16}\b")


def _numbered(text: str) -> str:
    seen: dict[str, str] = {}
    return IDS.sub(lambda m: seen.setdefault(m.group(0), f"#{len(seen) + 1}"), text)


def _put_back(moved: str) -> Game:
    """Bob's face-down Exalted Angel was bounced to his hand (revealed to all: 708.9); he
    puts one of his two hand cards on top of his library."""
    game = (
        Table()
        .battlefield("Bob", "Exalted Angel", face_down="morph")
        .hand("Bob", "Serra Angel")
        .library("Bob", "Island")
        .start()
    )
    game.do(None, type="move", object=game.id("Exalted Angel"), to="hand")
    assert "Alice" in game.find("Exalted Angel").known_to
    game.do("Bob", type="move", object=game.id(moved), to="library_top")
    return game


@pytest.mark.parametrize("moved", ["Serra Angel", "Exalted Angel"])
def test_400_7_a_card_put_back_unseen_makes_what_alice_knew_of_the_hand_uncertain(moved):
    game = _put_back(moved)
    left = game.state.in_zone(Zone.HAND, "Bob")[0]
    assert left.known_to == []
    assert game.obj_view("Bob", left.id).name == left.card.name  # he still sees his hand


def test_400_7_which_card_bob_put_back_reads_the_same_to_alice_and_in_her_fork():
    twins = [_put_back(moved) for moved in ("Serra Angel", "Exalted Angel")]
    told = [_numbered(g.view_json("Alice") + g.log_text("Alice")) for g in twins]
    assert told[0] == told[1]
    forks = [
        view_for(fork_state(g.state, [Viewer.seat("Alice")], seed="fork-seed"), Viewer.judge())
        for g in twins
    ]
    assert forks[0].model_dump_json() == forks[1].model_dump_json()
