"""A card data format a game family reads (MTGJSON, Scryfall, a Riftbound export), as its
registration names it, what a card data file yields (one card definition per game family's
ruleset) and the one error a damaged or unknown file raises.

A format's readers take a stream the catalog opened (app/catalog/importers): they parse
JSON into the family's card model and never open a file themselves."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, BinaryIO, TypeVar

from pydantic import ValidationError

from app.rules.core.cards import CardDef

T = TypeVar("T")

# The readers log one warning per card they skip; `facedown cards import` counts them.
CARD_DATA_LOG = "facedown.card_data"


@dataclass(frozen=True, slots=True)
class ImportedCard:
    """One card read from a data file: the ruleset whose catalog it belongs to ("mtg" for
    Magic, whose 2004 edition shares the catalog; "riftbound") and its definition, the same
    shape the family's catalog.json holds. `variant`: another printing of a card that has
    its own entry (a reversible card), which never replaces that entry."""

    ruleset: str
    card: CardDef
    variant: bool = False


# A reader: the stream of a file (decompressed) and its name for messages.
Reader = Callable[[BinaryIO, str], Iterator[ImportedCard]]


@dataclass(frozen=True)
class CardFormat:
    """One format, told strictly from a file's own keys: a top-level object's keys as they
    come (`claims_object(key, value)`: the value when it is a plain one, else None), or the
    first item of a top-level array (`claims_item(keys)`, its plain values). `read` reads the
    object form, `read_array` the array form. `download`: where to get such a file, said
    when a file is of no known format."""

    name: str
    download: str
    claims_object: Callable[[str, Any], bool] = lambda key, value: False
    claims_item: Callable[[Mapping[str, Any]], bool] = lambda keys: False
    read: Reader | None = None
    read_array: Reader | None = None


class CardDataError(ValueError):
    """A card data file that can't be read: missing, damaged, of an unknown format, or holding
    something that is not a card. The message is one line, ready for a terminal."""

    def __init__(self, message: str) -> None:
        super().__init__(" ".join(message.split()))
        self.message = str(self)


def each_card(
    entries: Iterable[T], card: Callable[[int, T], ImportedCard | None], empty: str
) -> Iterator[ImportedCard]:
    """The cards of a file's entries, in order, as every reader goes through them: `card`
    reads the n-th entry (1 for the first) into a card, None for one that is no game card
    (skipped), or raises CardDataError for one that is not a card at all; a file with no
    entry is refused with the message `empty`."""
    count = 0
    for count, entry in enumerate(entries, start=1):
        found = card(count, entry)
        if found is not None:
            yield found
    if count == 0:
        raise CardDataError(empty)


def first_problem(exc: ValidationError) -> str:
    """A validation error as one short phrase: its first field and message ("name: String
    should have at most 120 characters"), never pydantic's multi-line dump."""
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or "card"
    return f"{where}: {first['msg']}"[:200]
