"""A decklist pasted in the common text format, read against a catalog.

What players paste (MTG Arena, MTGO, Moxfield, a notes app):

    Deck
    4 Exalted Angel
    4x Akki Lavarunner (CHK) 153
    // a comment
    Sideboard
    2 Ixidron

A line is a count (``4``, ``4x``; none means one), a name (English or French), and optionally
the printing ``(SET) 123``, which the rules don't need and are ignored. The sideboard starts at
a ``Sideboard`` line, at ``SB:`` in front of a line, or at the first blank line after main-deck
cards (Arena's export). Lines starting with ``#`` or ``//`` are comments; ``Deck``,
``Commander``, ``Companion`` and ``Maybeboard`` headers are read as section names.

Every line that can't be used is reported at once (``DecklistError.problems``), each unknown
name with close catalog names: a player fixes the whole list in one go.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal, Protocol

from app.rules.core.cards import CardDef

__all__ = [
    "MAX_COPIES",
    "MAX_DECK_CARDS",
    "Deck",
    "DeckEntry",
    "DeckLine",
    "DeckProblem",
    "DecklistError",
    "parse_decklist",
    "read_decklist",
]

# A count bigger than any legal deck needs (basic lands in a 60-card deck stay well under).
MAX_COPIES = 99
# Cards in one seat's main deck and sideboard together: a Commander deck is 100, a limited
# pool can be larger; the game's setup is bounded anyway (GameCreate.setup).
MAX_DECK_CARDS = 250

Section = Literal["main", "sideboard", "ignored"]

# "4 Name", "4x Name", "4X Name", or just "Name".
_COUNT = re.compile(r"^(?P<count>\d{1,4})\s*[xX]?\s+(?P<rest>.+)$")
# The printing, at the end: "(CHK) 153", "(CHK)", "[CHK]", with an optional foil marker.
_PRINTING = re.compile(r"\s+[(\[][A-Za-z0-9]{2,6}[)\]](?:\s+[A-Za-z0-9★-]{1,8})?(?:\s+\*F\*)?\s*$")
_SIDEBOARD_PREFIX = re.compile(r"^SB:\s*", re.IGNORECASE)
_HEADERS: dict[str, Section] = {
    "deck": "main",
    "main": "main",
    "maindeck": "main",
    "main deck": "main",
    "commander": "main",
    "companion": "sideboard",
    "sideboard": "sideboard",
    "side": "sideboard",
    "réserve": "sideboard",
    "reserve": "sideboard",
    "maybeboard": "ignored",
}


class NameLookup(Protocol):
    """What a decklist needs of a catalog (app.catalog.loader.Catalog has it)."""

    def get(self, name: str) -> CardDef | None: ...

    def suggest(self, name: str, limit: int = 3) -> list[str]: ...


@dataclass(frozen=True)
class DeckLine:
    """One card line as written: where it is (1-based), how many, which name, which part."""

    number: int
    text: str
    count: int
    name: str
    section: Section


@dataclass(frozen=True)
class DeckProblem:
    """One line that can't be used, in both languages, with close names for a typo."""

    number: int
    text: str
    message_en: str
    message_fr: str
    suggestions: tuple[str, ...] = ()


@dataclass(frozen=True)
class DeckEntry:
    count: int
    card: CardDef


@dataclass(frozen=True)
class Deck:
    main: tuple[DeckEntry, ...]
    sideboard: tuple[DeckEntry, ...]

    def main_cards(self) -> list[CardDef]:
        """The main deck, one card per copy, in the order written."""
        return [entry.card for entry in self.main for _ in range(entry.count)]

    @property
    def size(self) -> int:
        return sum(entry.count for entry in self.main)


class DecklistError(ValueError):
    """Every line of a decklist that can't be used (all at once)."""

    def __init__(self, problems: list[DeckProblem]) -> None:
        self.problems: tuple[DeckProblem, ...] = tuple(problems)
        super().__init__(self.message_en)

    @property
    def message_en(self) -> str:
        return "; ".join(p.message_en for p in self.problems)

    @property
    def message_fr(self) -> str:
        return " ; ".join(p.message_fr for p in self.problems)


def _header(line: str) -> Section | None:
    word = line.rstrip(":").strip().casefold()
    # "Sideboard (15)" and "Deck (60)" as some sites write them.
    word = re.sub(r"\s*\(\d+\)$", "", word)
    return _HEADERS.get(word)


def parse_decklist(text: str) -> tuple[list[DeckLine], list[DeckProblem]]:
    """The card lines of a decklist, and the lines that don't read as one (no catalog yet)."""
    lines: list[DeckLine] = []
    problems: list[DeckProblem] = []
    section: Section = "main"
    explicit_sections = False
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            # Arena's export: the sideboard follows the main deck after one blank line.
            if section == "main" and not explicit_sections and lines:
                section = "sideboard"
            continue
        if line.startswith(("#", "//")):
            continue
        header = _header(line)
        if header is not None:
            section, explicit_sections = header, True
            continue
        line_section = section
        prefixed = _SIDEBOARD_PREFIX.match(line)
        if prefixed:
            line, line_section = line[prefixed.end() :], "sideboard"
        shown = raw.strip()[:120]
        found = _COUNT.match(line)
        count, name = (int(found["count"]), found["rest"]) if found else (1, line)
        name = _PRINTING.sub("", name).strip()
        if not 1 <= count <= MAX_COPIES:
            problems.append(
                DeckProblem(
                    number,
                    shown,
                    f"line {number} ({shown!r}): a count is 1 to {MAX_COPIES}",
                    f"ligne {number} ({shown!r}) : un nombre va de 1 à {MAX_COPIES}",
                )
            )
            continue
        if not name or len(name) > 120:
            problems.append(
                DeckProblem(
                    number,
                    shown,
                    f"line {number} ({shown!r}): no card name",
                    f"ligne {number} ({shown!r}) : pas de nom de carte",
                )
            )
            continue
        if line_section != "ignored":
            lines.append(DeckLine(number, shown, count, name, line_section))
    return lines, problems


def read_decklist(text: str, catalog: NameLookup) -> Deck:
    """The deck, each name resolved in the catalog (English or French). Raises
    DecklistError listing every line that can't be used: unreadable, unknown (with
    suggestions), or a deck too large."""
    lines, problems = parse_decklist(text)
    main: list[DeckEntry] = []
    sideboard: list[DeckEntry] = []
    for line in lines:
        card = catalog.get(line.name)
        if card is None:
            suggestions = tuple(catalog.suggest(line.name))
            hint_en = f" Did you mean: {', '.join(suggestions)}?" if suggestions else ""
            hint_fr = f" Vouliez-vous dire : {', '.join(suggestions)} ?" if suggestions else ""
            problems.append(
                DeckProblem(
                    line.number,
                    line.text,
                    f"line {line.number}: {line.name!r} is not in the catalog.{hint_en}",
                    f"ligne {line.number} : {line.name!r} n'est pas dans le catalogue.{hint_fr}",
                    suggestions,
                )
            )
            continue
        (main if line.section == "main" else sideboard).append(DeckEntry(line.count, card))
    total = sum(e.count for e in main) + sum(e.count for e in sideboard)
    if total > MAX_DECK_CARDS:
        problems.append(
            DeckProblem(
                0,
                "",
                f"{total} cards: a decklist holds at most {MAX_DECK_CARDS}",
                f"{total} cartes : une liste en compte au plus {MAX_DECK_CARDS}",
            )
        )
    if not main and not problems:
        problems.append(
            DeckProblem(
                0, "", "the decklist has no main-deck card", "la liste n'a aucune carte de jeu"
            )
        )
    if problems:
        problems.sort(key=lambda p: p.number)
        raise DecklistError(problems)
    return Deck(tuple(main), tuple(sideboard))
