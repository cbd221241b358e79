"""A card exiled face down that only its exiler may look at (406.3) stays unnamed for everyone
else when it goes on from there face down: shuffled into a face-down pile and manifested or
cloaked (701.40e, 701.58), or put onto the battlefield face down (708.3, 707.2). Twins that
differ only in that card must read the same to Bob and to a spectator (log and view)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from tests.rules.mtg.table import Game, Table

IDS = re.compile(r"\b[0-9a-f]{16}\b")
TWINS = ("Grizzly Bears", "Exalted Angel")


def _numbered(text: str) -> str:
    seen: dict[str, str] = {}
    return IDS.sub(lambda m: seen.setdefault(m.group(0), f"#{len(seen) + 1}"), text)


def _exiled(hidden: str) -> Game:
    """Alice exiled `hidden` face down from her hand (only she may look); a Serra Angel lies
    face up in her graveyard."""
    game = Table().hand("Alice", hidden, "Forest").put("Alice", "graveyard", "Serra Angel")
    game = game.start()
    game.do("Alice", type="exile_face_down", object=game.id(hidden), look="exiler")
    return game


ONWARDS: dict[str, Callable[[Game, str], None]] = {
    "701.40e_shuffled_pile": lambda g, h: g.do(
        "Alice", type="manifest_cards", objects=[g.id(h), g.id("Serra Angel")], random_order=True
    ),
    "701.40e_pile_one_at_a_time": lambda g, h: g.do(
        "Alice", type="manifest_cards", objects=[g.id(h), g.id("Serra Angel")]
    ),
    "701.58_shuffled_cloaked_pile": lambda g, h: g.do(
        "Alice",
        type="manifest_cards",
        via="cloak",
        objects=[g.id("Serra Angel"), g.id(h)],
        random_order=True,
    ),
    "708.3_returned_face_down": lambda g, h: g.do(
        "Alice", type="return_from_exile", object=g.id(h), face_down=True
    ),
    "707.2_put_onto_the_battlefield_face_down": lambda g, h: g.do(
        "Alice", type="put_onto_battlefield_face_down", object=g.id(h), via="effect"
    ),
    "707.2_the_judge_moves_it_onto_the_battlefield_face_down": lambda g, h: g.do(
        None, type="judge_move", object=g.id(h), zone="battlefield", face_down="effect"
    ),
}


@pytest.mark.parametrize("onward", list(ONWARDS))
def test_406_3_a_face_down_exiled_card_going_on_face_down_is_never_named_publicly(onward):
    games = []
    for hidden in TWINS:
        game = _exiled(hidden)
        ONWARDS[onward](game, hidden)
        games.append(game)
    for who in ("Bob", "spectator"):
        told = [_numbered(g.log_text(who) + "\n" + g.view_json(who)) for g in games]
        assert told[0] == told[1], who
        assert not any(name in told[0] for name in TWINS), who
        assert "Serra Angel" in told[0]  # the public card is still told
    # Alice, who may look, is told which card it was (and controls it now: 708.5).
    assert "Grizzly Bears" in games[0].last_text("Alice")
