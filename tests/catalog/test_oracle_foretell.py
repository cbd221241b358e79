"""Foretell read from Oracle text (702.143a): the cost goes into the card's `foretell` field;
a card that exiles face down some other way is noted for the judge, not guessed at."""

from __future__ import annotations

from pathlib import Path

from app.catalog.importers import read_cards
from app.rules.mtg.card_formats.oracle_text import parse_oracle

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "cards" / "oracle-cards.foretell.json"
REMINDER = (
    "(During your turn, you may pay {2} and exile this card from your hand face down. Cast it "
    "on a later turn for its foretell cost.)"
)


def test_702_143a_the_foretell_cost_is_read_and_its_reminder_explains_face_down():
    facts = parse_oracle(f"Counter target spell.\nForetell {{1}}{{U}} {REMINDER}", "Saw It Coming",
                         ("Foretell",))  # fmt: skip
    assert facts.foretell == "{1}{U}"
    assert facts.unverified == []


def test_702_143a_a_foretell_keyword_the_text_does_not_explain_is_noted():
    facts = parse_oracle("Counter target spell.", "Odd Card", ("Foretell",))
    assert facts.foretell is None
    assert "listed as having foretell, but no foretell cost was read" in facts.unverified


def test_702_143a_a_scryfall_card_with_foretell_is_imported_with_its_cost():
    cards = {c.card.name: c.card for c in read_cards(FIXTURE)}
    saw = cards["Saw It Coming"]
    assert saw.foretell == "{1}{U}" and saw.mana_cost == "{1}{U}{U}"
    assert saw.unverified is None
    # Bane Alley Broker's exile-with-look is played out by the table's actions
    # (exile_face_down): the importer says it doesn't model it.
    broker = cards["Bane Alley Broker"]
    assert broker.foretell is None
    assert "face down or up in a way the importer does not model" in (broker.unverified or "")
