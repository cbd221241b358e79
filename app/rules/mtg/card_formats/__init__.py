"""Magic's card data formats (docs/card-data.md): MTGJSON's AtomicCards and set files, and
Scryfall's oracle-cards bulk file, each read as a stream into `MtgCard` (printed.py builds a
card from its printed faces; oracle_text.py reads the face-down facts of its text)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.rules.core.card_formats import CardFormat
from app.rules.mtg.card_formats import mtgjson, scryfall


def _is_scryfall_card(keys: Mapping[str, Any]) -> bool:
    return keys.get("object") == "card" or "oracle_id" in keys


CARD_FORMATS: tuple[CardFormat, ...] = (
    CardFormat(
        name="mtgjson",
        download="MTGJSON's AtomicCards (facedown cards fetch) or a set file from mtgjson.com",
        # An object with "data" (AtomicCards or a set file).
        claims_object=lambda key, value: key == "data",
        read=mtgjson.read,
    ),
    CardFormat(
        name="scryfall",
        download="Scryfall's oracle-cards bulk file",
        # An array whose first item says it is a Scryfall card.
        claims_item=_is_scryfall_card,
        read_array=scryfall.read,
    ),
)
