"""Riftbound's rule citations (`citations.toml` beside this module), the pinned version of the
core rules they come from, and the numbers a game shows.

A key (`rb.…`) shows its Riftbound rule number, or its title when it has none. An unknown key
raises `KeyError`: every key the engine cites is in the data file.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from app.rules.core.citations import CitationBook

__all__ = ["BOOK", "RULES_VERSION", "numbers_for"]

BOOK = CitationBook.load(Path(__file__).with_name("citations.toml"))

# Defined once, in the data file: the numbers there are those of this version.
RULES_VERSION: str = BOOK.rules_version or ""
if not RULES_VERSION:
    raise ValueError("app/rules/riftbound/citations.toml must pin a rules_version")


def numbers_for(keys: Iterable[str]) -> list[str]:
    """The rule numbers to show for `keys`, de-duplicated, in order."""
    result: list[str] = []
    for key in keys:
        citation = BOOK.cite(key)
        value = citation.number or citation.title_en
        if value not in result:
            result.append(value)
    return result
