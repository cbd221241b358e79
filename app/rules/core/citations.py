"""Rule citations as data: a `CitationBook` loads one game family's TOML file and validates it.

Each family keeps its rules' keys, numbers and bilingual one-line summaries in its own data
file (e.g. `app/rules/mtg/citations.toml`) and exposes the loaded book; how a key becomes the
numbers a game shows is the family's business (its `rule_book.py`). This module is the shared
shape only: it names no family.

Validated at load, so a typo fails the first import instead of a judge's screen: every key is
unique, every `cites` entry names a key of the same book, every number has its edition's shape,
an entry fills only the editions its book declares, and an unknown field is refused.

Pure data and lookups: no FastAPI, no SQL; the only I/O is reading the book's file.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Annotated, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, model_validator

__all__ = ["Citation", "CitationBook", "EditionField"]

# A Magic-style number: "708.5", "702.168", "217.1c", or a whole rule "503".
MagicNumber = Annotated[str, Field(pattern=r"^\d{3}(\.\d+[a-z]?)?$")]
# A dotted number of any depth: "811.1.d.1.a", "466.5.c", "323".
DottedNumber = Annotated[str, Field(pattern=r"^\d{3}(\.(\d+|[a-z]))*$")]
# The fields of a citation that hold a number in one edition of a game's rules.
EditionField = Literal["current", "seed", "edition_2004", "number"]


class Citation(BaseModel):
    """One citable rule (or card text), its number in each edition, and what it says."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9.-]*$")]
    current: MagicNumber | None = None  # today's English Comprehensive Rules, e.g. "708.5"
    seed: MagicNumber | None = None  # the French CR of the seed (707 numbering), e.g. "707.5"
    edition_2004: MagicNumber | None = None  # the January 2004 Comprehensive Rules, e.g. "504.3"
    number: DottedNumber | None = None  # a game numbered by one edition only, e.g. "811.6.a"
    checked: bool = True  # False: the number was not checked against the book's rules version
    title_en: Annotated[str, Field(min_length=1)]
    title_fr: Annotated[str, Field(min_length=1)]
    summary_en: Annotated[str, Field(min_length=1)]
    summary_fr: Annotated[str, Field(min_length=1)]
    cites: tuple[str, ...] = ()  # keys of related rules, in the same book

    @property
    def is_card_text(self) -> bool:
        return self.key.startswith("card.")

    def in_edition(self, edition: EditionField) -> str | None:
        number: str | None = getattr(self, edition)
        return number


class CitationBook(BaseModel):
    """One family's citations, as its data file says, checked as a whole."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    editions: tuple[EditionField, ...]  # the number fields this book's entries may fill
    rules_version: str | None = None  # the pinned version of the rules the numbers come from
    # Appended to the summary of an entry with `checked = false`; may say {rules_version}.
    unchecked_note_en: str | None = None
    unchecked_note_fr: str | None = None
    citation: tuple[Citation, ...]
    _by_key: Mapping[str, Citation] = PrivateAttr()

    @model_validator(mode="after")
    def _check(self) -> CitationBook:
        keys = [c.key for c in self.citation]
        duplicates = sorted({k for k in keys if keys.count(k) > 1})
        if duplicates:
            raise ValueError(f"duplicate citation keys: {duplicates}")
        for c in self.citation:
            unknown = [k for k in c.cites if k not in keys or k == c.key]
            if unknown:
                raise ValueError(f"{c.key} cites unknown (or its own) keys: {unknown}")
            foreign = [
                f for f in get_args(EditionField) if f not in self.editions and getattr(c, f)
            ]
            if foreign:
                raise ValueError(f"{c.key} fills editions its book doesn't have: {foreign}")
            if not c.checked and (self.unchecked_note_en is None or self.unchecked_note_fr is None):
                raise ValueError(f"{c.key} is unchecked but the book has no unchecked note")
        self._by_key = MappingProxyType({c.key: self._noted(c) for c in self.citation})
        return self

    def _noted(self, c: Citation) -> Citation:
        """The citation as shown: an unchecked number's summary says so."""
        if c.checked:
            return c
        version = {"rules_version": self.rules_version}
        return c.model_copy(
            update={
                "summary_en": f"{c.summary_en} {self.unchecked_note_en}".format_map(version),
                "summary_fr": f"{c.summary_fr} {self.unchecked_note_fr}".format_map(version),
            }
        )

    @classmethod
    def load(cls, path: Path) -> CitationBook:
        """The book in the TOML file at `path`; `ValidationError` if it doesn't validate."""
        with path.open("rb") as f:
            return cls.model_validate(tomllib.load(f))

    @property
    def citations(self) -> Mapping[str, Citation]:
        """Every citation by key, read-only, in the file's order."""
        return self._by_key

    def __contains__(self, key: object) -> bool:
        return key in self._by_key

    def cite(self, key: str) -> Citation:
        """The citation for `key`; `KeyError` if this book has none."""
        try:
            return self._by_key[key]
        except KeyError:
            raise KeyError(f"unknown rule key {key!r}") from None

    def number(self, key: str, edition: EditionField) -> str | None:
        """The number of `key` in `edition`, or None when that edition has no such rule."""
        return self.cite(key).in_edition(edition)

    def numbers(self, keys: Iterable[str], edition: EditionField) -> list[str]:
        """The numbers of `keys` in `edition`, de-duplicated, in order (a key that edition
        doesn't number gives nothing); `KeyError` for an unknown key."""
        found: list[str] = []
        for key in keys:
            value = self.number(key, edition)
            if value is not None and value not in found:
                found.append(value)
        return found
