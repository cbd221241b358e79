"""Rule citations: every key the engine uses exists, maps to the right numbers, reads well."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from app.rules.citations import CITATIONS, Citation, cite, number, numbers_for_ruleset

SEED_PARAGRAPHS = [
    "707.1",
    "707.2",
    "707.2a",
    "707.3",
    "707.4",
    "707.5",
    "707.6",
    "707.7",
    "707.8",
    "707.9",
    "707.10",
    "707.11",
]

ENGINE_KEYS = [
    *SEED_PARAGRAPHS,
    "708.2b",
    "708.9-leaves",
    "400.7",
    "702.37",
    "702.37b",
    "702.168",
    "701.40",
    "701.58",
    "702.26",
    "2004.phased-out-zone",
    "2004.phased-out-look",
    "601.2",
    "608.3",
    "701.6",
    "508.1",
    "110.5",
    "122.1",
    "104.3a",
    "104.1",
    "707.2-copy",
    "card.illusionary-mask",
    "card.ixidron",
    # Flip cards (seed 003: 709 -> today 710) and copies' own status.
    "709.1", "709.1a", "709.1b", "709.1c", "709.2", "709.3", "709.4", "709.5", "706.3",
    # Hideaway (seed 004: Lorwyn 502.75 -> today 702.75) and what it leans on.
    "702.75", "702.75-exile-one", "702.75-bottom-order", "702.75-look", "702.75-lorwyn-look",
    "702.75-lorwyn-leaves", "702.75-who-plays", "702.75-linked", "702.75-play-timing",
    "702.75-play-land", "702.75-cant-play", "702.75-no-alt-costs", "702.75-lose-control",
    "702.75-left-exile", "406.3", "305.2", "602.2", "107.5",
]  # fmt: skip


@pytest.mark.parametrize("key", ENGINE_KEYS)
def test_every_engine_key_exists_with_bilingual_text(key: str):
    citation = cite(key)
    assert citation.key == key
    for text in (citation.title_en, citation.title_fr, citation.summary_en, citation.summary_fr):
        assert text.strip() == text and text
        assert "\n" not in text
    assert citation.summary_en.endswith((".", ")"))
    assert citation.summary_fr.endswith((".", ")"))


def test_related_rules_point_at_existing_keys():
    for citation in CITATIONS.values():
        for related in citation.cites:
            assert related in CITATIONS, f"{citation.key} cites unknown {related}"
            assert related != citation.key


@pytest.mark.parametrize("key", SEED_PARAGRAPHS)
def test_seed_paragraphs_are_numbered_708_today(key: str):
    assert number(key, "seed") == key
    assert number(key, "current") == "708" + key.removeprefix("707")


@pytest.mark.parametrize(
    ("key", "r2004"),
    [
        ("707.1", "504.1"),
        ("707.2", "504.2"),
        ("707.2a", "504.2"),
        ("707.3", "504.2"),
        ("707.4", "504.2"),
        ("707.5", "504.3"),
        ("707.7", "504.3"),
        ("707.6", "504.4"),
        ("707.8", "504.5"),
        ("707.9", "504.6"),
        ("707.10", None),
        ("707.11", None),
        ("702.37", "502.26"),
        ("400.7", "217.1c"),
        ("2004.phased-out-zone", "504.6"),
        ("2004.phased-out-look", "504.3"),
    ],
)
def test_2004_numbers(key: str, r2004: str | None):
    assert number(key, "2004") == r2004


def test_today_only_and_renumbered_keys():
    assert (number("708.2b", "current"), number("708.2b", "seed")) == ("708.2b", None)
    assert number("708.2b", "2004") is None
    assert number("708.9-leaves", "current") == "708.9"
    assert number("708.9-leaves", "seed") is None
    assert (number("702.37", "current"), number("702.37", "seed")) == ("702.37", "702.34")
    assert number("702.37b", "seed") is None and number("702.37b", "2004") is None
    assert number("702.168", "current") == "702.168"
    assert number("701.40", "current") == "701.40"
    assert number("701.58", "current") == "701.58"
    assert number("702.26", "current") == "702.26"
    assert (number("707.2-copy", "current"), number("707.2-copy", "seed")) == ("707.2", "706.2")


def test_card_text_keys_have_no_numbers_and_are_titled_by_the_card():
    for key, name in (("card.illusionary-mask", "Illusionary Mask"), ("card.ixidron", "Ixidron")):
        citation = cite(key)
        assert (citation.current, citation.seed, citation.r2004) == (None, None, None)
        assert citation.title_en == name
        assert citation.is_card_text


def test_cite_unknown_key_raises_key_error():
    with pytest.raises(KeyError):
        cite("999.9z")
    with pytest.raises(KeyError):
        number("999.9z", "current")


def test_citations_are_frozen():
    with pytest.raises(ValidationError):
        cite("707.5").summary_en = "changed"  # type: ignore[misc]
    assert isinstance(CITATIONS["707.5"], Citation)
    with pytest.raises(TypeError):
        CITATIONS["707.5"] = cite("707.6")  # type: ignore[index]


def test_numbers_for_mtg_give_seed_then_current_numbers():
    assert numbers_for_ruleset(["707.5"], "mtg") == ["707.5", "708.5"]
    assert numbers_for_ruleset(["708.2b"], "mtg") == ["708.2b"]
    assert numbers_for_ruleset(["707.9", "708.9-leaves"], "mtg") == ["707.9", "708.9"]
    assert numbers_for_ruleset(["702.37", "400.7"], "mtg") == ["702.34", "702.37", "400.7"]
    assert numbers_for_ruleset(["card.ixidron", "707.1"], "mtg") == ["Ixidron", "707.1", "708.1"]
    assert numbers_for_ruleset(["2004.phased-out-look"], "mtg") == ["504.3"]


def test_numbers_for_mtg_2004_fall_back_to_the_seed():
    assert numbers_for_ruleset(["707.5", "707.7"], "mtg-2004") == ["504.3"]
    assert numbers_for_ruleset(["707.2", "707.2a", "707.3"], "mtg-2004") == ["504.2"]
    assert numbers_for_ruleset(["707.10", "707.11"], "mtg-2004") == ["707.10", "707.11"]
    assert numbers_for_ruleset(["400.7", "702.37"], "mtg-2004") == ["217.1c", "502.26"]
    assert numbers_for_ruleset(["card.illusionary-mask"], "mtg-2004") == ["Illusionary Mask"]
    assert numbers_for_ruleset(["708.2b"], "mtg-2004") == ["708.2b"]


def test_numbers_for_unknown_keys_and_rulesets():
    assert numbers_for_ruleset(["811.6.a", "811.6.a"], "riftbound") == ["811.6.a"]
    assert numbers_for_ruleset([], "mtg") == []
    with pytest.raises(ValueError):
        numbers_for_ruleset(["707.5"], "chess")
