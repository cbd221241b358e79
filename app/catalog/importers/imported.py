"""What a card data file yields (one card definition per game family's ruleset) and the one
error a damaged or unknown file raises."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import ValidationError

from app.rules.core.cards import CardDef

# The formats `facedown cards import` reads (docs/card-data.md).
CardFormat = Literal["mtgjson", "scryfall", "riftbound"]
CARD_FORMATS: tuple[CardFormat, ...] = ("mtgjson", "scryfall", "riftbound")


@dataclass(frozen=True, slots=True)
class ImportedCard:
    """One card read from a data file: the ruleset whose catalog it belongs to ("mtg" for
    Magic, whose 2004 edition shares the catalog; "riftbound") and its definition, the same
    shape the family's catalog.json holds. `variant`: another printing of a card that has
    its own entry (a reversible card), which never replaces that entry."""

    ruleset: str
    card: CardDef
    variant: bool = False


class CardDataError(ValueError):
    """A card data file that can't be read: missing, damaged, of an unknown format, or holding
    something that is not a card. The message is one line, ready for a terminal."""

    def __init__(self, message: str) -> None:
        super().__init__(" ".join(message.split()))
        self.message = str(self)


def first_problem(exc: ValidationError) -> str:
    """A validation error as one short phrase: its first field and message ("name: String
    should have at most 120 characters"), never pydantic's multi-line dump."""
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or "card"
    return f"{where}: {first['msg']}"[:200]
