"""The game-wide "Propose: ..." buttons come from the propose move's declared precondition
(app.rules.core.proposals `may_propose`): a seat is offered a proposal exactly when the engine
would take it, which includes whether the proposed action could happen if accepted now, read
from that action's own declared precondition instead of a trial through the engine."""

from __future__ import annotations

from app.rules.core.proposal_bound import MAX_PENDING_PER_SEAT
from app.rules.core.viewer import Viewer
from tests.rules.declared import loose, refused_alike
from tests.rules.mtg.table import Game, Table


def _game() -> Game:
    return Table().library("Alice", "Serra Angel").library("Bob", "Grizzly Bears").start()


def _proposed(game: Game, who: str) -> list[dict[str, object]]:
    viewer = Viewer.judge() if who == "judge" else Viewer.seat(who)
    return [o.action["action"] for o in loose(game, viewer) if o.type == "propose"]


def test_119_3_a_seat_is_offered_to_propose_another_players_life_loss_the_judge_acts_directly():
    game = _game()
    assert [a["type"] for a in _proposed(game, "Alice")] == ["life"]
    assert _proposed(game, "Alice")[0]["player"] == "Bob"
    assert _proposed(game, "judge") == []
    err = refused_alike(
        game, None, type="propose", action={"type": "life", "player": "Bob", "amount": -1}
    )
    assert "judge acts directly" in err.message_en and "L'arbitre agit" in err.message_fr


def test_701_40a_no_propose_button_to_make_another_player_manifest():
    # Only the manifesting player manifests (the judge for them): proposing that Bob
    # manifests, from Alice's seat, could not happen if accepted, so it is not offered.
    game = _game()
    assert not [a for a in _proposed(game, "Alice") if a["type"] in ("manifest", "cloak")]
    for kind in ("manifest", "cloak"):
        err = refused_alike(game, "Alice", type="propose", action={"type": kind, "player": "Bob"})
        assert err.rules == ["701.40"] and err.kind == "forbidden"


def test_propose_button_goes_once_the_seat_has_its_bound_of_pending_proposals():
    game = _game()
    life = {"type": "life", "player": "Bob", "amount": -1}
    for _ in range(MAX_PENDING_PER_SEAT):
        game.do("Alice", type="propose", action=life)
    assert _proposed(game, "Alice") == []
    err = refused_alike(game, "Alice", type="propose", action=life)
    assert f"already have {MAX_PENDING_PER_SEAT} proposals" in err.message_en
    # Bob's own bound is untouched: he may still propose to Alice.
    assert [a["type"] for a in _proposed(game, "Bob")] == ["life"]


def test_propose_refuses_what_acts_only_on_the_proposers_own():
    game = _game()
    err = refused_alike(game, "Alice", type="propose", action={"type": "draw", "player": "Alice"})
    assert "acts only on what is yours" in err.message_en
    assert "n'agit que sur ce qui est à vous" in err.message_fr


def test_refuse_button_for_whom_it_asks_its_proposer_and_the_judge_not_a_third_player():
    game = Table(players=("Alice", "Bob", "Carol")).start()
    game.do("Alice", type="propose", action={"type": "life", "player": "Bob", "amount": -1})
    (proposal,) = game.state.proposals
    refuse = {"type": "refuse_proposal", "proposal": proposal.id}

    def answers(who: str) -> list[str]:
        viewer = Viewer.judge() if who == "judge" else Viewer.seat(who)
        return [o.label for o in loose(game, viewer) if o.action == refuse]

    assert [label.split(" — ")[0] for label in answers("Bob")] == ["Refuse"]
    assert [label.split(" — ")[0] for label in answers("Alice")] == ["Withdraw"]
    assert [label.split(" — ")[0] for label in answers("judge")] == ["Refuse"]
    assert answers("Carol") == []
    err = refused_alike(game, "Carol", **refuse)
    assert err.kind == "forbidden" and "Only Bob, Alice or the judge" in err.message_en
    game.do("Bob", **refuse)
    for who in ("Alice", "Bob", "judge"):
        assert answers(who) == []
    assert refused_alike(game, None, **refuse).kind == "not_found"
