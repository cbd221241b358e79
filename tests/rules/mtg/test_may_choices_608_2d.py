"""608.2d: a choice an effect offers as it resolves is announced by the player it names.
702.75 "you may play" (hideaway), 701.62a (manifest dread): resolving the ability, by
anyone, leaves that choice waiting for its player, told the same way to everyone else
whatever the hidden card is (issue 25, finding 6). Twins: games that differ only in the
card Alice hid (a Lightning Bolt, or a land that can't be played on Bob's turn)."""

from __future__ import annotations

import re

import pytest

from app.rules.mtg.state import Zone
from tests.rules.mtg.table import Game, Table

IDS = re.compile(r"\b[0-9a-f]{16}\b")
OTHERS = ("Bob", "spectator")


def _numbered(text: str) -> str:
    """Random ids numbered by first appearance (each game draws its own)."""
    seen: dict[str, str] = {}
    return IDS.sub(lambda m: seen.setdefault(m.group(0), f"#{len(seen) + 1}"), text)


def _activated(hidden: str) -> Game:
    """Alice hid `hidden` with Shelldock Isle; on Bob's turn she activates the Isle."""
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
    return game


def _seen_by(game: Game, who: str) -> str:
    """Everything `who` is told: the view, the whole log, and the last action's events."""
    return _numbered(game.view_json(who) + "\n" + game.log_text(who) + "\n" + game.last_text(who))


@pytest.mark.parametrize("resolver", ["Bob", None], ids=["Bob", "judge"])
def test_608_2d_resolving_alices_hideaway_ability_leaves_her_may_pending(resolver):
    bolt, land = _activated("Lightning Bolt"), _activated("Forest")
    for game in (bolt, land):
        game.do(resolver, type="resolve")
        (ability,) = game.state.abilities
        assert ability.choosing and ability.controller == "Alice"
    # Nobody decided for her: the Bolt is still exiled face down, not cast.
    assert bolt.find("Lightning Bolt").zone == Zone.EXILE
    assert bolt.find("Lightning Bolt").face_down
    assert land.find("Forest").zone == Zone.EXILE
    for who in OTHERS:
        assert _seen_by(bolt, who) == _seen_by(land, who)
        assert "waits for their choice" in bolt.last_text(who)
        assert "Lightning Bolt" not in _seen_by(bolt, who)
    for game in (bolt, land):
        shown = game.view("Bob").abilities[0]
        assert shown.choosing and "waits for Alice to choose" in shown.text


@pytest.mark.parametrize("resolver", ["Bob", None], ids=["Bob", "judge"])
def test_608_2d_then_alice_chooses_and_only_she_or_the_judge_as_her_may(resolver):
    game = _activated("Lightning Bolt")
    game.do(resolver, type="resolve")
    ability = game.state.abilities[0].id
    for action in ("hideaway_accept", "hideaway_decline"):
        err = game.refused("Bob", type=action, ability=ability)
        assert err.kind == "forbidden" and "Only Alice" in err.message_en
    # Nothing else happens while she chooses (608.2d: mid-resolution).
    for actor, action in (("Bob", {"type": "next_turn"}), (None, {"type": "resolve"})):
        err = game.refused(actor, **action)
        assert "waits for Alice" in err.message_en and "608.2d" in err.rules
    game.do("Alice", type="hideaway_accept", ability=ability)
    spell = game.find("Lightning Bolt", Zone.STACK)
    assert spell.controller == "Alice" and not spell.face_down
    assert "Alice casts Lightning Bolt from exile" in game.last_text("Bob")
    assert game.state.abilities == []


def test_702_75_a_decline_and_a_land_that_cant_be_played_read_the_same_to_the_others():
    """Her choice itself tells nothing: "no" with a Bolt reads as "yes" with a land that
    can't be played on Bob's turn, to Bob and the spectator (the view, log, rules)."""
    bolt, land = _activated("Lightning Bolt"), _activated("Forest")
    for game in (bolt, land):
        game.do(None, type="resolve")
    bolt.do("Alice", type="hideaway_decline", ability=bolt.state.abilities[0].id)
    land.do("Alice", type="hideaway_accept", ability=land.state.abilities[0].id)
    for who in OTHERS:
        assert _seen_by(bolt, who) == _seen_by(land, who)
        assert "doesn't play the hidden card" in bolt.last_text(who)
    assert [e.rules for e in bolt.last] == [e.rules for e in land.last]
    assert "It is Forest, a land" in land.last_text("Alice")
    assert land.find("Forest").zone == bolt.find("Lightning Bolt").zone == Zone.EXILE


def test_702_75_the_judge_as_alice_answers_for_her():
    game = _activated("Lightning Bolt")
    game.do("Bob", type="resolve")
    game.do("Alice", type="hideaway_accept")  # the judge's "as": Alice (the action's actor)
    assert game.find("Lightning Bolt").zone == Zone.STACK


def test_702_75_a_conceding_player_takes_their_waiting_may_with_them():
    game = Table(players=("Alice", "Bob", "Carol"))
    game = game.hand("Alice", "Shelldock Isle").library("Alice", "Lightning Bolt", "Island")
    game = game.start()
    game.do("Alice", type="play_land", object=game.id("Shelldock Isle"))
    game.do("Alice", type="hideaway_exile", object=game.find("Lightning Bolt").id)
    isle = game.id("Shelldock Isle")
    game.do(None, type="untap", object=isle)
    game.do("Alice", type="hideaway_play", source=isle)
    game.do("Bob", type="resolve")
    game.do("Alice", type="concede")
    assert game.state.abilities == []
    game.do("Bob", type="next_turn")  # the game goes on without waiting for her


def test_701_62a_manifest_dread_waits_for_its_player_the_same_whatever_the_cards():
    """The look waits for Alice's choice; Bob can't make it, and what he and the spectator
    are told (and refused) is the same whatever the two cards are."""

    def dread(top: tuple[str, str]) -> tuple[Game, str]:
        game = Table().library("Alice", *top, "Island").start()
        game.do("Alice", type="manifest_dread", player="Alice")
        err = game.refused("Bob", type="manifest_dread_choose", object=game.find(top[0]).id)
        assert err.kind == "forbidden"
        return game, err.message_en + err.message_fr + repr(err.rules)

    (a, err_a), (b, err_b) = dread(("Lightning Bolt", "Forest")), dread(("Forest", "Serra Angel"))
    assert err_a == err_b
    for who in OTHERS:
        assert _seen_by(a, who) == _seen_by(b, who)
        assert "Lightning Bolt" not in _seen_by(a, who)
    assert a.state.dread_pending is not None and a.state.dread_pending.player == "Alice"
    err = a.refused("Bob", type="next_turn")
    assert "waits for Alice" in err.message_en


def test_702_75_a_decline_reads_as_an_unplayable_land_after_control_of_the_land_changed():
    """Bob took the Isle in response (702.75: Alice still plays it, 702.75-lose-control is
    public): her "no" to the Bolt and her "yes" to a land carry the same rules too. (Bob,
    now a controller of the Isle, may look at the card: 702.75a; the spectator may not.)"""
    bolt, land = _activated("Lightning Bolt"), _activated("Forest")
    for game, choice in ((bolt, "hideaway_decline"), (land, "hideaway_accept")):
        game.do(None, type="gain_control", object=game.id("Shelldock Isle"), player="Bob")
        game.do("Bob", type="resolve")
        game.do("Alice", type=choice, ability=game.state.abilities[0].id)
        assert "702.75-lose-control" in game.last[0].rules
    assert _seen_by(bolt, "spectator") == _seen_by(land, "spectator")
