"""Every card a shipped scenario (a judge question on the home page) lays out or names has a
French name, and the French texts call it by it (issue 29, item 9: the home page said
"une Serra Angel" beside "l'Ange de Serra")."""

from __future__ import annotations

import re

from app.catalog.loader import load_catalog

# French names checked against the real MTGJSON set files' foreignData (/work/shared/data):
# every Magic card of the scenarios but these, whose French printings are not in those files:
# Illusionary Mask ("Masque illusoire"), Ixidron, Vesuvan Shapeshifter, Akki Lavarunner,
# Hunted Bonebrute, Lightning Bolt, Counterspell, Divination, Unsettling Twins, Reflector Mage,
# Gonti, Lord of Luxury ("Gonti, seigneur du luxe"), Void Winnower ("Vanneur du Néant"),
# Alrund, God of the Cosmos ("Alründ, dieu du cosmos": KHM's French data spells "Alründ" in
# "Révélation d'Alründ", but has no French face for the double-faced god) and Ethereal
# Valkyrie ("Valkyrie éthérée").
# No Riftbound card's French name could be checked (no French printing data at hand): the
# catalog's Riftbound "name_fr" are our translations, said so in each card's "unverified" note
# where it has one.
from app.scenarios.library import all_scenarios


def _catalog_cards(ruleset: str) -> list:
    return list(load_catalog(ruleset).cards)


def _mentions(text: str, name: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text) is not None


def _scenario_cards(scenario) -> set[str]:
    """The cards the scenario lays out (by their English names), and the catalog's cards its
    English texts name."""
    english = " ".join((scenario.title, scenario.question, scenario.answer))
    catalog = load_catalog(scenario.ruleset)
    laid_out = {
        catalog.resolve(entry.card).name for entry in scenario.setup if isinstance(entry.card, str)
    }
    named = {c.name for c in _catalog_cards(scenario.ruleset) if _mentions(english, c.name)}
    return laid_out | named


def test_every_card_of_a_shipped_scenario_has_a_french_name() -> None:
    missing: list[str] = []
    for scenario in all_scenarios():
        catalog = {c.name: c for c in _catalog_cards(scenario.ruleset)}
        for name in sorted(_scenario_cards(scenario)):
            card = catalog.get(name)
            if card is None or not card.name_fr:
                missing.append(f"{scenario.key}: {name}")
    assert not missing, "cards without a French name:\n" + "\n".join(missing)


def test_french_scenario_texts_call_cards_by_their_french_names() -> None:
    english_left: list[str] = []
    for scenario in all_scenarios():
        french = " ".join((scenario.title_fr, scenario.question_fr, scenario.answer_fr))
        for card in _catalog_cards(scenario.ruleset):
            if card.name_fr and card.name_fr != card.name and _mentions(french, card.name):
                # A French name that holds the English one ("Clone") is not a mistake.
                if not _mentions(french.replace(card.name_fr, ""), card.name):
                    continue
                english_left.append(f"{scenario.key}: {card.name} (say {card.name_fr})")
    assert not english_left, "English card names in French texts:\n" + "\n".join(english_left)
