"""The log's words (issue 29, item 9), from each viewer's side: counts 0, 1 and 2 take CLDR's
plural forms in English and French (French 0 and 1 singular), and French elides before a
player named with a vowel ("d'Ève") but not before "Yann"."""

from __future__ import annotations

import re

import pytest

from app.rules.core.words import elide_fr
from tests.rules.mtg.table import Game, Table

NOUNS_EN = "card|token|counter|point|rune|target|permanent"
NOUNS_FR = "carte|jeton|marqueur|point|rune|cible|permanent"
# A count stands alone: the "1" of "+1/+1" is not one.
_N = r"(?<![\w+/-])"
WRONG_EN = (
    re.compile(rf"{_N}1 (?:[+\w/-]+ )?(?:{NOUNS_EN})s\b"),
    re.compile(rf"{_N}[02] (?:[+\w/-]+ )?(?:{NOUNS_EN})\b"),
)
WRONG_FR = (re.compile(rf"{_N}[01] (?:{NOUNS_FR})s\b"), re.compile(rf"{_N}2 (?:{NOUNS_FR})\b"))
SOLDIER = {"name": "Soldier", "types": ["Creature"], "power": 1, "toughness": 1}
VIEWERS = ("Ève", "Yann", "judge", "spectator")


def _log(game: Game, who: str) -> tuple[str, str]:
    from app.rules.redact import Viewer, events_for

    viewer = {"judge": Viewer.judge(), "spectator": Viewer.spectator()}.get(who, Viewer.seat(who))
    shown = events_for(game.events, viewer, game.state.ruleset)
    return " ".join(e.text for e in shown), " ".join(e.text_fr for e in shown)


def _check(game: Game) -> None:
    for who in VIEWERS:
        en, fr = _log(game, who)
        assert "(s)" not in en + fr, (who, en, fr)
        assert not [p.pattern for p in WRONG_EN if p.search(en)], (who, en)
        assert not [p.pattern for p in WRONG_FR if p.search(fr)], (who, fr)
        assert elide_fr(fr) == fr, (who, fr)  # nothing left to elide: "de Ève" never shows
        assert "d'Yann" not in fr and "l'Yann" not in fr, (who, fr)


def _table() -> Table:
    return (
        Table(players=("Ève", "Yann")).library("Ève", "Island", "Forest").library("Yann", "Plains")
    )


@pytest.mark.parametrize("n", [1, 2])
def test_121_1_701_13_401_2_701_20_counted_table_actions_read_right(n: int) -> None:
    game = _table().start()
    game.do("Ève", type="look_top", player="Ève", count=n)
    game.do("Ève", type="reveal_top", player="Ève", count=n)
    game.do("Ève", type="mill", player="Ève", count=n)
    game.do("Ève", type="life", player="Ève", amount=n)
    game.do("Ève", type="life", player="Ève", amount=-n)
    game.do("Ève", type="create_token", player="Ève", card=SOLDIER, count=n, tapped=True)
    _check(game)
    en, fr = _log(game, "Yann")
    top_en, top_fr = (
        ("the top card", "la carte du dessus")
        if n == 1
        else ("the top 2 cards", "les 2 cartes du dessus")
    )
    assert f"Ève reveals {top_en} of their library" in en
    assert f"Ève révèle {top_fr} de sa bibliothèque" in fr
    assert ("1 point de vie" if n == 1 else "2 points de vie") in fr


def test_704_5b_zero_cards_drawn_is_singular_in_french_and_plural_in_english() -> None:
    game = _table().start()
    game.do("Yann", type="draw", player="Yann", count=1)  # his only card
    game.do("Yann", type="draw", player="Yann", count=2)  # none left: 0 drawn
    _check(game)
    en, fr = _log(game, "Ève")
    assert "Yann draws 0 cards. Their library was empty for 2 of them" in en
    assert "Yann pioche 0 carte. Sa bibliothèque était vide pour 2 d'entre elles" in fr


def test_122_1_one_counter_and_two_counters() -> None:
    game = Table(players=("Ève", "Yann")).battlefield("Ève", "Grizzly Bears").start()
    bears = game.id("Grizzly Bears")
    game.do("Ève", type="add_counter", object=bears, counter="+1/+1", amount=1)
    game.do("Ève", type="add_counter", object=bears, counter="+1/+1", amount=2)
    _check(game)
    en, fr = _log(game, "spectator")
    assert "gets 1 +1/+1 counter." in en and "gets 2 +1/+1 counters." in en
    assert "reçoit 1 marqueur +1/+1." in fr and "reçoit 2 marqueurs +1/+1." in fr


def test_702_75_hideaway_enters_under_eve_s_control_elided_and_counts_its_cards() -> None:
    game = (
        Table(players=("Ève", "Yann"))
        .put("Ève", "hand", "Shelldock Isle")
        .library("Ève", "Island", "Forest", "Plains", "Swamp", "Mountain")
        .start()
    )
    game.do("Ève", type="play_land", object=game.id("Shelldock Isle"))
    _check(game)
    en, fr = _log(game, "Yann")
    assert "sous le contrôle d'Ève" in fr and "Ève regarde les 4 cartes du dessus" in fr
    assert "looks at the top 4 cards of their library" in en
