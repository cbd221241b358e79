"""A seat has at most MAX_PENDING_PER_SEAT proposals pending in a game (issue 25, finding 5):
every page of the game shows each pending proposal, so one seat's flood would make every
page as large and slow as it liked. Beyond the bound the new proposal is refused, in both
languages, and nothing changes; an answered or withdrawn proposal frees its place."""

from __future__ import annotations

from app.rules.core.proposal_bound import MAX_PENDING_PER_SEAT
from tests.rules.mtg.table import Game, Table


def table() -> Game:
    t = Table()
    t.battlefield("Alice", "Grizzly Bears")
    t.battlefield("Bob", "Llanowar Elves")
    return t.start()


def propose_tap(game: Game, by: str, target: str) -> None:
    game.do(by, type="propose", action={"type": "tap", "object": game.id(target)}, source="Pin")


def test_a_seat_may_have_only_a_few_proposals_pending() -> None:
    game = table()
    for _ in range(MAX_PENDING_PER_SEAT):
        propose_tap(game, "Bob", "Grizzly Bears")
    assert len(game.state.proposals) == MAX_PENDING_PER_SEAT
    err = game.refused(
        "Bob", type="propose", action={"type": "tap", "object": game.id("Grizzly Bears")}
    )
    assert f"already have {MAX_PENDING_PER_SEAT} proposals waiting" in err.message_en
    assert f"déjà {MAX_PENDING_PER_SEAT} propositions en attente" in err.message_fr
    assert len(game.state.proposals) == MAX_PENDING_PER_SEAT


def test_the_bound_is_per_seat_another_seat_still_proposes() -> None:
    game = table()
    for _ in range(MAX_PENDING_PER_SEAT):
        propose_tap(game, "Bob", "Grizzly Bears")
    propose_tap(game, "Alice", "Llanowar Elves")
    assert [p.by for p in game.state.proposals].count("Alice") == 1


def test_an_answered_or_withdrawn_proposal_frees_its_place() -> None:
    game = table()
    for _ in range(MAX_PENDING_PER_SEAT):
        propose_tap(game, "Bob", "Grizzly Bears")
    first, second = game.state.proposals[0].id, game.state.proposals[1].id
    game.do("Alice", type="refuse_proposal", proposal=first)
    propose_tap(game, "Bob", "Grizzly Bears")
    game.do("Bob", type="refuse_proposal", proposal=second)  # withdrawn by its proposer
    propose_tap(game, "Bob", "Grizzly Bears")
    assert len(game.state.proposals) == MAX_PENDING_PER_SEAT
