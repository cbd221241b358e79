"""bench/cards.py's generated card set: distinct names, and a file the MTGJSON importer reads."""

from __future__ import annotations

from pathlib import Path

from app.catalog.importers import read_cards
from app.catalog.name_index import normalize_name
from bench.cards import card_names, queries, write_atomic_cards


def test_generated_names_are_distinct_once_normalised():
    names = card_names(2000)
    assert len({normalize_name(english) for english, _ in names}) == 2000
    assert all(french for _, french in names)


def test_the_generated_file_has_the_size_asked_and_every_card_imports(tmp_path: Path):
    path = tmp_path / "AtomicCards.json"
    size = write_atomic_cards(path, 200, 800_000)
    assert 600_000 < size < 1_000_000
    cards = list(read_cards(path, "mtgjson"))
    assert len(cards) == 200
    assert {c.card.name for c in cards} == {english for english, _ in card_names(200)}


def test_queries_cover_prefixes_typos_and_french_names():
    kinds = queries(card_names(300), 20)
    assert {kind: len(typed) for kind, typed in kinds.items()} == {
        "prefix": 20,
        "typo": 20,
        "french": 20,
    }
