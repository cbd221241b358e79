"""A ruling's fork (redact.fork_state, `POST /api/rulings/{slug}/fork`): every card the
published viewpoints may not see becomes the same placeholder, and where it sat must tell
nothing either (DESIGN invariant 9: what a viewer is shown follows only from what they saw).
In each zone the shown cards come first, in their order, then the placeholders."""

from __future__ import annotations

import pytest

from app.rules.mtg.state import Zone
from app.rules.redact import Viewer, fork_state, view_for
from tests.rules.mtg.table import Game, Table

ALICE = Viewer.seat("Alice")


def _bobs_hand(order: tuple[str, ...]) -> Game:
    """Bob's hand in this arrival order; Alice knows his Exalted Angel (it was revealed to
    her), not the others, nor when they came compared with it."""
    game = Table().hand("Bob", *order).library("Bob", "Island").start()
    game.find("Exalted Angel").known_to.append("Alice")
    return game


@pytest.mark.parametrize("viewpoints", [[ALICE], [ALICE, Viewer.spectator()]])
def test_400_2_a_forks_placeholders_dont_sit_where_the_hidden_cards_sat(viewpoints):
    before = _bobs_hand(("Serra Angel", "Exalted Angel", "Forest"))  # hidden, known, hidden
    after = _bobs_hand(("Exalted Angel", "Serra Angel", "Forest"))  # known, hidden, hidden
    forks = [fork_state(g.state, viewpoints, seed="fork-seed") for g in (before, after)]
    assert forks[0].model_dump_json() == forks[1].model_dump_json()
    hand = sorted(forks[0].in_zone(Zone.HAND, "Bob"), key=lambda o: o.position)
    assert hand[0].card.name == "Exalted Angel"
    assert {o.card.name for o in hand[1:]} != {"Serra Angel", "Forest"}
    for fork in forks:
        judge = view_for(fork, Viewer.judge()).model_dump_json()
        assert "Serra Angel" not in judge and "Forest" not in judge


def test_400_2_a_fork_keeps_the_order_of_the_cards_it_shows():
    game = Table().hand("Bob", "Serra Angel", "Forest", "Exalted Angel").start()
    for name in ("Exalted Angel", "Serra Angel"):
        game.find(name).known_to.append("Alice")
    fork = fork_state(game.state, [ALICE], seed="fork-seed")
    hand = sorted(fork.in_zone(Zone.HAND, "Bob"), key=lambda o: o.position)
    assert [o.card.name for o in hand[:2]] == ["Serra Angel", "Exalted Angel"]
    assert hand[2].card.name != "Forest"
