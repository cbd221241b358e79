"""Magic's rule citations (`citations.toml` beside this module) and the numbers a game shows.

Editions of a citation: `current` (today's English CR), `seed` (the French CR of the seeds),
`edition_2004` (the January 2004 CR). How a ruleset shows a key:

* `"mtg"`: the key's seed number, then its current number (`"707.5"` gives `707.5, 708.5`); a
  key with only one of them gives that one; a rule only the 2004 edition has (`2004.…`) gives
  its 2004 number.
* `"mtg-2004"`: the key's 2004 number; when the 2004 edition had no such rule, the seed number,
  else the current one.
* a card-text key (`card.…`) gives the card's name in both.

An unknown key raises `KeyError`: every key the engine cites is in the data file.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Literal

from app.rules.core.citations import Citation, CitationBook

__all__ = ["BOOK", "MtgRuleset", "numbers_for"]

BOOK = CitationBook.load(Path(__file__).with_name("citations.toml"))

MtgRuleset = Literal["mtg", "mtg-2004"]


def _numbers(citation: Citation, ruleset: str) -> list[str | None]:
    if citation.is_card_text:
        return [citation.title_en]
    if ruleset == "mtg-2004":
        return [citation.edition_2004 or citation.seed or citation.current]
    if citation.seed is None and citation.current is None:  # a rule only the 2004 edition has
        return [citation.edition_2004]
    return [citation.seed, citation.current]


def numbers_for(keys: Iterable[str], ruleset: str) -> list[str]:
    """The rule numbers to show for `keys` in a game of `ruleset` (an MtgRuleset; any other
    shows today's numbers), de-duplicated, in order."""
    result: list[str] = []
    for key in keys:
        for value in _numbers(BOOK.cite(key), ruleset):
            if value is not None and value not in result:
                result.append(value)
    return result
