"""Pasted decklists: the common text format read against the catalog, every bad line at once."""

from __future__ import annotations

import pytest

from app.catalog import load_catalog
from app.catalog.decklist import MAX_DECK_CARDS, DecklistError, parse_decklist, read_decklist

CATALOG = load_catalog()


def test_counts_with_and_without_x_and_a_missing_count_mean_that_many_copies():
    deck = read_decklist("4 Exalted Angel\n3x Ixidron\n2X Forest\nIsland\n", CATALOG)
    assert [(e.count, e.card.name) for e in deck.main] == [
        (4, "Exalted Angel"),
        (3, "Ixidron"),
        (2, "Forest"),
        (1, "Island"),
    ]
    assert deck.size == 10
    assert [c.name for c in deck.main_cards()][:5] == ["Exalted Angel"] * 4 + ["Ixidron"]


def test_the_printing_set_and_number_are_ignored():
    deck = read_decklist(
        "4 Akki Lavarunner (CHK) 153\n1 Forest [M21] 274 *F*\n2 Island (ONS)", CATALOG
    )
    assert [(e.count, e.card.name) for e in deck.main] == [
        (4, "Akki Lavarunner"),
        (1, "Forest"),
        (2, "Island"),
    ]


def test_a_sideboard_line_starts_the_sideboard():
    deck = read_decklist("Deck\n4 Exalted Angel\n\nSideboard\n2 Ixidron\n", CATALOG)
    assert [e.card.name for e in deck.main] == ["Exalted Angel"]
    assert [(e.count, e.card.name) for e in deck.sideboard] == [(2, "Ixidron")]


def test_a_blank_line_after_the_main_deck_starts_the_sideboard_as_arena_exports_it():
    deck = read_decklist("\n4 Exalted Angel\n4 Forest\n\n2 Ixidron\n", CATALOG)
    assert deck.size == 8
    assert [e.card.name for e in deck.sideboard] == ["Ixidron"]


def test_sb_prefix_puts_one_line_in_the_sideboard():
    deck = read_decklist("4 Exalted Angel\nSB: 2 Ixidron\n4 Forest", CATALOG)
    assert [e.card.name for e in deck.main] == ["Exalted Angel", "Forest"]
    assert [e.card.name for e in deck.sideboard] == ["Ixidron"]


def test_comments_and_maybeboard_are_skipped():
    deck = read_decklist("# my deck\n// morphs\n4 Exalted Angel\nMaybeboard\n1 Ixidron\n", CATALOG)
    assert [e.card.name for e in deck.main] == ["Exalted Angel"]
    assert deck.sideboard == ()


def test_french_names_and_forgiving_spelling_resolve():
    deck = read_decklist("2 hauts de VENTABRUPT\n1 Akki coureur des laves", CATALOG)
    assert [e.card.name for e in deck.main] == ["Windbrisk Heights", "Akki Lavarunner"]


def test_every_unknown_line_is_reported_at_once_with_suggestions():
    with pytest.raises(DecklistError) as raised:
        read_decklist("4 Exalted Angle\n4 Forest\n2 Ixidorn\n1 Nothing Like Any Card Zzq", CATALOG)
    problems = raised.value.problems
    assert [p.number for p in problems] == [1, 3, 4]
    assert "Exalted Angel" in problems[0].suggestions
    assert "Ixidron" in problems[1].suggestions
    assert problems[2].suggestions == ()
    assert "line 1" in raised.value.message_en and "line 3" in raised.value.message_en
    assert "ligne 1" in raised.value.message_fr and "Vouliez-vous dire" in raised.value.message_fr


def test_a_zero_count_and_an_oversized_deck_are_problems():
    lines, problems = parse_decklist("0 Forest\n4 Island")
    assert [line.name for line in lines] == ["Island"]
    assert [p.number for p in problems] == [1]
    with pytest.raises(DecklistError, match=f"at most {MAX_DECK_CARDS}"):
        read_decklist("99 Forest\n99 Island\n99 Forest", CATALOG)


def test_a_list_with_no_main_deck_card_is_refused():
    with pytest.raises(DecklistError, match="no main-deck card"):
        read_decklist("// nothing\nSideboard\n2 Ixidron", CATALOG)
