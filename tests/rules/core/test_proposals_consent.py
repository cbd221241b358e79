"""Proposals (DESIGN invariant 8): what names their source, who must consent, and moves.

Issue 25's findings 1, 2 and 8: a proposal's text reaches every seat, the spectators and the
log, so its source card is named only as every one of them may know it; each player whose
objects an action touches accepts for their own (or the judge for them), and it applies only
once all have; moving another player's object is proposed like any other effect."""

from __future__ import annotations

import pytest

from app.rules.core.errors import RuleError
from app.rules.mtg.state import Zone
from app.rules.redact import Viewer, actions_for
from tests.rules.mtg.table import Game, Table

VIEWERS = ("Alice", "Bob", "Carol", "spectator", "judge")


def _everything(game: Game, who: str) -> str:
    """What `who` is sent about the game: the view, the log and the buttons' labels."""
    viewer = {"judge": Viewer.judge(), "spectator": Viewer.spectator()}.get(who, Viewer.seat(who))
    offers = "".join(o.model_dump_json() for o in actions_for(game.state, viewer))
    return game.view_json(who) + game.log_text(who) + offers


def _proposal_text(game: Game) -> str:
    proposal = game.view("spectator").proposals[0]
    return proposal.text + " / " + proposal.text_fr


# -- finding 1: a source is described from what every viewer may know of it ------------------


def _amalgam_game() -> tuple[Game, str]:
    """Alice's Thieving Amalgam manifests the top card of Bob's library (701.40a): Bob owns
    the face-down 2/2, Alice controls it; only she may look at it (708.5)."""
    game = (
        Table()
        .battlefield("Alice", "Thieving Amalgam")
        .battlefield("Alice", "Grizzly Bears")
        .library("Bob", "Serra Angel", "Island")
        .start()
    )
    game.do(None, type="manifest", player="Alice", from_player="Bob")
    manifested = game.find("Serra Angel")
    assert manifested.face_down and manifested.owner == "Bob" and manifested.controller == "Alice"
    return game, manifested.id


def test_25_1_708_6_a_manifested_source_bob_owns_is_named_by_its_public_label():
    game, manifested = _amalgam_game()
    bears = game.id("Grizzly Bears")
    game.do("Bob", type="propose", action={"type": "tap", "object": bears},
            source_object=manifested)  # fmt: skip
    text = _proposal_text(game)
    assert "Face-down 2/2" in text and "Face cachée 2/2" in text
    for who in ("Alice", "Bob", "spectator", "judge"):
        proposals = "".join(p.text + p.text_fr for p in game.view(who).proposals)
        assert "Serra Angel" not in proposals and "Ange de Serra" not in proposals, who
    for who in ("Bob", "spectator"):
        assert "Serra Angel" not in _everything(game, who), who
    game.do("Alice", type="accept_proposal", proposal=game.state.proposals[0].id)
    assert game.find("Grizzly Bears").tapped
    for who in ("Bob", "spectator"):
        assert "Serra Angel" not in _everything(game, who), who


def test_25_1_406_3_a_card_exiled_face_down_its_owner_may_not_look_at_names_no_face():
    game = (
        Table()
        .battlefield("Alice", "Grizzly Bears")
        .library("Bob", "Serra Angel", "Island")
        .start()
    )
    game.do(None, type="exile_face_down", object=game.id("Serra Angel"), look="exiler",
            by="Alice")  # fmt: skip
    exiled = game.find("Serra Angel")
    assert "Bob" not in exiled.known_to
    game.do("Bob", type="propose", action={"type": "tap", "object": game.id("Grizzly Bears")},
            source_object=exiled.id)  # fmt: skip
    assert "exiled face down by Alice" in _proposal_text(game)
    for who in ("Bob", "spectator"):
        assert "Serra Angel" not in _everything(game, who), who


def test_25_1_402_3_a_hand_card_as_source_is_a_card_in_its_owners_hand():
    game = Table().battlefield("Alice", "Grizzly Bears").hand("Bob", "Lightning Bolt").start()
    game.do("Bob", type="propose", action={"type": "tap", "object": game.id("Grizzly Bears")},
            source_object=game.id("Lightning Bolt"))  # fmt: skip
    text = _proposal_text(game)
    assert "a card in Bob's hand" in text and "une carte de la main de Bob" in text
    for who in ("Alice", "spectator"):
        assert "Lightning Bolt" not in _everything(game, who), who


def test_25_1_400_2_a_public_source_is_named_in_both_languages():
    game = Table().battlefield("Alice", "Grizzly Bears").battlefield("Bob", "Serra Angel").start()
    game.do("Bob", type="propose", action={"type": "tap", "object": game.id("Grizzly Bears")},
            source_object=game.id("Serra Angel"))  # fmt: skip
    proposal = game.view("spectator").proposals[0]
    assert proposal.text.endswith("(Serra Angel).")
    assert proposal.text_fr.endswith("(Ange de Serra).")


def test_25_1_a_permanent_the_proposer_controls_but_does_not_own_may_be_the_source():
    """Alice controls Bob's Serra Angel (Threads of Disloyalty's kind): it is hers to name as
    the source of an effect she proposes on Bob's creature."""
    game = Table().battlefield("Bob", "Serra Angel").battlefield("Bob", "Grizzly Bears").start()
    game.do(None, type="gain_control", object=game.id("Serra Angel"), player="Alice")
    angel = game.find("Serra Angel")
    assert angel.controller == "Alice" and angel.owner == "Bob"
    game.do("Alice", type="propose", action={"type": "tap", "object": game.id("Grizzly Bears")},
            source_object=angel.id)  # fmt: skip
    assert _proposal_text(game).startswith("Alice proposes to Bob: tap Grizzly Bears (Serra Angel)")
    game.do("Bob", type="accept_proposal", proposal=game.state.proposals[0].id)
    assert game.find("Grizzly Bears").tapped
    assert "Bob accepts Alice's proposal" in game.log_text("spectator")


def test_25_1_a_card_neither_owned_nor_controlled_is_no_source():
    game = Table().battlefield("Alice", "Grizzly Bears").battlefield("Alice", "Serra Angel").start()
    err = game.refused("Bob", type="propose",
                       action={"type": "tap", "object": game.id("Grizzly Bears")},
                       source_object=game.id("Serra Angel"))  # fmt: skip
    assert "one of your own cards" in err.message_en


# -- finding 2: every addressee consents for their own ---------------------------------------


def _three_player_game() -> tuple[Game, dict]:
    game = (
        Table(players=("Alice", "Bob", "Carol"))
        .battlefield("Alice", "Grizzly Bears")
        .battlefield("Carol", "Serra Angel")
        .start()
    )
    action = {
        "type": "turn_face_down",
        "objects": [game.id("Grizzly Bears"), game.id("Serra Angel")],
        "via": "effect",
    }
    game.do("Bob", type="propose", action=action, source="Ixidron")
    return game, action


def test_25_2_each_addressee_accepts_for_their_own_and_it_applies_when_all_have():
    game, _ = _three_player_game()
    proposal = game.state.proposals[0]
    assert proposal.to == ("Alice", "Carol")
    game.do("Alice", type="accept_proposal", proposal=proposal.id)
    # Alice's word alone touches nothing: not her creature, not Carol's.
    assert not game.find("Serra Angel").face_down and not game.find("Grizzly Bears").face_down
    for who in VIEWERS:
        shown = game.view(who).proposals[0]
        assert shown.accepted == ["Alice"] and shown.waiting == ["Carol"], who
    assert "still waiting for Carol" in game.log_text("spectator")
    # Alice has answered: no second accept for her; Carol still has both answers.
    alice = {o.type for o in actions_for(game.state, Viewer.seat("Alice"))}
    carol = {o.type for o in actions_for(game.state, Viewer.seat("Carol"))}
    assert "accept_proposal" not in alice and "accept_proposal" in carol
    err = game.refused("Alice", type="accept_proposal", proposal=proposal.id)
    assert "already accepted" in err.message_en
    game.do("Carol", type="accept_proposal", proposal=proposal.id)
    assert game.find("Serra Angel").face_down and game.find("Grizzly Bears").face_down
    assert game.state.proposals == []


def test_25_2_the_first_refusal_ends_it_even_after_another_accepted():
    game, _ = _three_player_game()
    proposal_id = game.state.proposals[0].id
    game.do("Alice", type="accept_proposal", proposal=proposal_id)
    game.do("Carol", type="refuse_proposal", proposal=proposal_id)
    assert game.state.proposals == []
    assert not game.find("Serra Angel").face_down and not game.find("Grizzly Bears").face_down
    with pytest.raises(RuleError):
        game.do("Carol", type="accept_proposal", proposal=proposal_id)


def test_25_2_the_judge_accepts_for_everyone_still_waiting():
    game, _ = _three_player_game()
    proposal_id = game.state.proposals[0].id
    game.do("Carol", type="accept_proposal", proposal=proposal_id)
    game.do(None, type="accept_proposal", proposal=proposal_id)
    assert game.find("Serra Angel").face_down and game.find("Grizzly Bears").face_down


def test_25_2_a_third_player_not_addressed_cannot_accept():
    game = Table(players=("Alice", "Bob", "Carol")).battlefield("Alice", "Grizzly Bears").start()
    game.do("Bob", type="propose", action={"type": "tap", "object": game.id("Grizzly Bears")})
    err = game.refused("Carol", type="accept_proposal", proposal=game.state.proposals[0].id)
    assert err.kind == "forbidden"


# -- finding 8: moving another player's object is a proposal ----------------------------------


def test_25_8_400_7_bouncing_another_players_permanent_is_proposed_then_applied():
    game = Table().battlefield("Alice", "Grizzly Bears").start()
    bears = game.id("Grizzly Bears")
    err = game.refused("Bob", type="move", object=bears, to="hand")
    assert err.kind == "forbidden" and "propose it" in err.message_en
    game.do("Bob", type="propose", action={"type": "move", "object": bears, "to": "hand"},
            source="Unsummon")  # fmt: skip
    assert game.find("Grizzly Bears").zone == Zone.BATTLEFIELD  # nothing before the answer
    game.do("Alice", type="accept_proposal", proposal=game.state.proposals[0].id)
    moved = game.find("Grizzly Bears")
    assert moved.zone == Zone.HAND and moved.owner == "Alice" and moved.id != bears


def test_25_8_a_seats_move_button_on_another_players_permanent_is_a_proposal():
    game = Table().battlefield("Alice", "Grizzly Bears").start()
    bears = game.id("Grizzly Bears")
    offered = [o for o in actions_for(game.state, Viewer.seat("Bob")) if o.object == bears]
    moves = [o for o in offered if o.action.get("action", {}).get("type") == "move"]
    assert moves and all(o.type == "propose" for o in moves)
