"""Issue 14's findings, one test each: what a curious opponent could learn or do before, and
must not now. Each game is played twice where it matters ("twins" that differ only in a card
the opponent may not see) and the opponent's outputs are compared whole."""

from __future__ import annotations

import re

import pytest

from app.rules.core.errors import RuleError
from app.rules.redact import Viewer, actions_for, events_for, fork_state, view_for
from tests.rules.mtg.table import Game, Table
from tests.rules.riftbound.table import standard

BOB = Viewer.seat("Bob")
IDS = re.compile(r"\b[0-9a-f]{16}\b")


def _same_shape(a: str, b: str) -> tuple[str, str]:
    """Both payloads with random ids numbered by first appearance (ids are random per game)."""

    def number(text: str) -> str:
        seen: dict[str, str] = {}
        return IDS.sub(lambda m: seen.setdefault(m.group(0), f"#{len(seen) + 1}"), text)

    return number(a), number(b)


def _face_down_creature(card: str = "Exalted Angel", via: str = "morph") -> tuple[Game, str]:
    game = Table().hand("Alice", card).battlefield("Bob", "Grizzly Bears").start()
    game.do("Alice", type="cast_face_down", object=game.id(card), via=via)
    game.do(None, type="resolve")
    return game, game.find(card).id


# -- 1. a seat acts only on what is its own; effects on another's objects are proposals -----


def test_14_1_gaining_control_of_an_opponents_face_down_creature_is_refused_unproposed():
    game, angel = _face_down_creature()
    err = game.refused("Bob", type="gain_control", object=angel, player="Bob")
    assert err.kind == "forbidden" and "propose" in err.message_en
    assert "Exalted Angel" not in err.message_en + err.message_fr


def test_14_1_countering_an_opponents_face_down_spell_is_refused_unproposed():
    game = Table().hand("Alice", "Exalted Angel").start()
    game.do("Alice", type="cast_face_down", object=game.id("Exalted Angel"), via="morph")
    err = game.refused("Bob", type="counter", object=game.find("Exalted Angel").id)
    assert err.kind == "forbidden"


def test_14_1_a_card_an_opponents_hideaway_exiled_cant_be_put_onto_the_battlefield_by_another():
    game = (
        Table()
        .hand("Alice", "Windbrisk Heights")
        .library("Alice", "Serra Angel", "Forest", "Island", "Grizzly Bears")
        .start()
    )
    game.do("Alice", type="play_land", object=game.id("Windbrisk Heights"))
    game.do("Alice", type="hideaway_exile", object=game.find("Serra Angel").id)
    exiled = game.find("Serra Angel").id
    err = game.refused("Bob", type="put_onto_battlefield_face_down", object=exiled, via="effect")
    assert err.kind == "forbidden"
    assert "Serra Angel" not in err.message_en


def test_14_1_a_proposal_applies_only_when_accepted_and_reveals_nothing_before():
    game, angel = _face_down_creature()
    before = game.view_json("Bob")
    inner = {"type": "gain_control", "object": angel, "player": "Bob"}
    game.do("Bob", type="propose", action=inner, source="Threads of Disloyalty")
    proposal = game.view("Alice").proposals[0]
    assert proposal.by == "Bob" and proposal.to == ["Alice"]
    assert "Threads of Disloyalty" in proposal.text
    for who in ("Bob", "spectator"):
        assert "Exalted Angel" not in game.view_json(who) + game.log_text(who)
    # Alice (and the judge) answer it; Bob can only withdraw it.
    assert {o.type for o in actions_for(game.state, Viewer.seat("Alice"))} >= {
        "accept_proposal", "refuse_proposal"
    }  # fmt: skip
    assert "accept_proposal" not in {o.type for o in actions_for(game.state, BOB)}
    with pytest.raises(RuleError):
        game.do("Bob", type="accept_proposal", proposal=proposal.id)
    game.do("Alice", type="refuse_proposal", proposal=proposal.id)
    assert game.find("Exalted Angel").controller == "Alice"
    assert "Exalted Angel" not in game.log_text("Bob")
    assert _same_shape(game.view_json("Bob").replace(',"proposals":[]', ""), before)
    # Proposed again and accepted: Bob controls it and may look; the log says who and why.
    game.do("Bob", type="propose", action=inner, source="Threads of Disloyalty")
    game.do("Alice", type="accept_proposal", proposal=game.view("Alice").proposals[0].id)
    assert game.find("Exalted Angel").controller == "Bob"
    assert game.obj_view("Bob", game.find("Exalted Angel").id).name == "Exalted Angel"
    log = game.log_text("Bob")
    assert "Alice accepts Bob's proposal" in log and "Threads of Disloyalty" in log


def test_14_1_the_judge_acts_directly_and_may_accept_for_a_player():
    game, angel = _face_down_creature()
    game.do("Bob", type="propose", action={"type": "tap", "object": angel})
    game.do(None, type="accept_proposal", proposal=game.view("judge").proposals[0].id)
    assert game.find("Exalted Angel").tapped
    game.do(None, type="untap", object=angel)
    assert not game.find("Exalted Angel").tapped


def test_14_1_an_opponents_sheet_offers_only_proposals():
    """Nothing on it acts on Alice's creature: each button is a proposal, or Bob's own token
    copying it (707.2: the copy is Bob's, made by Bob; the creature is only read)."""
    game, angel = _face_down_creature()
    offered = [o for o in actions_for(game.state, BOB) if o.object == angel]
    assert offered and {o.type for o in offered} == {"propose", "create_token"}
    for o in offered:
        if o.type == "create_token":
            assert o.action == {
                "type": "create_token",
                "player": "Bob",
                "copy_of": angel,
                "count": 1,
            }


# -- 2. public rule numbers are the same for megamorph and morph -------------------------------


def test_14_2_megamorph_and_morph_cast_the_same_public_rules():
    shown = []
    for card in ("Den Protector", "Exalted Angel"):
        via = "megamorph" if card == "Den Protector" else "morph"
        game = Table().hand("Alice", card).start()
        game.do("Alice", type="cast_face_down", object=game.id(card), via=via)
        bob = events_for(game.last, BOB, "mtg")
        shown.append([(e.text, e.rules) for e in bob])
    assert shown[0] == shown[1]


# -- 3. offers are computed from what the viewer may know, not the hidden card ------------------


def test_14_3_a_face_down_ixidron_offers_the_same_buttons_as_any_face_down_creature():
    labels = []
    for card in ("Ixidron", "Exalted Angel"):
        # Bob has a face-up creature an Ixidron could turn face down.
        game = (
            Table()
            .battlefield("Alice", card, face_down="morph")
            .battlefield("Bob", "Grizzly Bears")
            .start()
        )
        obj = game.find(card).id
        labels.append(sorted(o.label for o in actions_for(game.state, BOB) if o.object == obj))
        own = [o.label for o in actions_for(game.state, Viewer.seat("Alice")) if o.object == obj]
        assert not any("Ixidron:" in label for label in own)
    assert labels[0] == labels[1]


# -- 4. a fork keeps nothing a viewpoint couldn't see -------------------------------------------


def test_14_4_a_fork_for_bobs_viewpoint_shows_megamorph_as_morph():
    game = Table().battlefield("Alice", "Den Protector", face_down="megamorph").start()
    fork = fork_state(game.state, [BOB], seed="fork-seed")
    assert [o.face_down_via for o in fork.objects] == ["morph"]
    assert '"face_down_via":"megamorph"' not in view_for(fork, Viewer.judge()).model_dump_json()


# -- 5 and 6. a partly known hand: a card leaving it face down makes the rest uncertain -------


@pytest.mark.parametrize("cast", ["Exalted Angel", "Akroma, Angel of Fury"])
def test_14_5_casting_one_of_two_cards_face_down_forgets_what_bob_knew_of_the_hand(cast):
    game = Table().hand("Alice", "Exalted Angel", "Akroma, Angel of Fury").start()
    # Bob knew the Angel in her hand (it had been revealed).
    game.find("Exalted Angel").known_to.append("Bob")
    game.do("Alice", type="cast_face_down", object=game.id(cast), via="morph")
    remaining = next(o for o in game.state.objects if o.zone == "hand")
    assert remaining.known_to == []
    assert game.obj_view("Bob", remaining.id) is None


def _twin_views_of_a_partly_known_hand(hidden: str) -> str:
    game = standard(hand_alice=("Tideturner", "Blastcone Fae")).start()
    game.find("Tideturner").known_to.append("Bob")  # returned to her hand by Bob's Windsinger
    game.do("Alice", type="hide", object=game.id(hidden), battlefield="bf1")
    return game.view_json("Bob") + game.log_text("Bob")


def test_14_6_riftbound_bob_sees_the_same_whichever_card_alice_hid():
    a, b = _same_shape(
        _twin_views_of_a_partly_known_hand("Tideturner"),
        _twin_views_of_a_partly_known_hand("Blastcone Fae"),
    )
    assert a == b
    assert "Tideturner" not in a


# -- 8. hideaway: "you may play" — a card that can't be played reads as one not played --------


def _hideaway_resolved(hidden: str, *, decline: bool) -> Game:
    game = (
        Table()
        .hand("Alice", "Shelldock Isle")
        .library("Alice", hidden, "Island", "Grizzly Bears", "Divination")
        .start()
    )
    game.do("Alice", type="play_land", object=game.id("Shelldock Isle"))
    game.do("Alice", type="hideaway_exile", object=game.find(hidden).id)
    game.do("Alice", type="next_turn")  # Bob's turn: a hidden land can't be played now
    isle = game.id("Shelldock Isle")
    game.do(None, type="untap", object=isle)
    game.do("Alice", type="hideaway_play", source=isle)
    game.do(None, type="resolve")  # waits for Alice's "may" (608.2d)
    ability = game.view("Alice").abilities[0].id
    choice = "hideaway_decline" if decline else "hideaway_accept"
    game.do("Alice", type=choice, ability=ability)
    return game


def test_14_8_a_hidden_land_that_cant_be_played_reads_as_a_card_alice_chose_not_to_play():
    forced = _hideaway_resolved("Forest", decline=False)  # she plays a land on Bob's turn: can't
    chosen = _hideaway_resolved("Serra Angel", decline=True)  # castable: Alice chooses not to
    for game in (forced, chosen):
        assert game.state.abilities == [] and "hidden card" in game.last_text("Bob")
    a, b = _same_shape(
        forced.view_json("Bob") + forced.last_text("Bob"),
        chosen.view_json("Bob") + chosen.last_text("Bob"),
    )
    assert a == b
    assert [e.rules for e in events_for(forced.last, BOB, "mtg")] == [
        e.rules for e in events_for(chosen.last, BOB, "mtg")
    ]


def test_14_8_only_the_abilitys_player_chooses_not_to_play():
    game = _hideaway_resolved("Serra Angel", decline=False)  # she chooses to play it
    assert "Alice casts Serra Angel from exile" in game.last_text("Bob")
