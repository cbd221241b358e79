"""A catalog's names in memory: exact lookups by normalised English or French name, and the
typo-tolerant search (rapidfuzz). It holds what a search answer shows (names, type line) and
either the card's definition (the shipped catalog) or nothing (an imported card, loaded from
the database when asked for: app/catalog/stored.py).

The search must answer within 50 ms on 30,000 cards (60,000 spellings with the French
names; bench/cards.py). rapidfuzz's WRatio over every spelling takes ~200 ms there, so it
runs in two cheap stages: what was typed as the start of a name or of one of its words
(a binary search in the sorted word starts), then whole-name typos (Indel `ratio` over every
spelling, ~10 ms; WRatio scores only the few answers).
"""

from __future__ import annotations

import bisect
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict
from rapidfuzz import fuzz, process

from app.rules.core.cards import CardDef

__all__ = ["CardHit", "IndexedCard", "NameIndex", "normalize_name"]

# Apostrophe look-alikes a phone keyboard or a copy-paste may produce.
_APOSTROPHES = str.maketrans(
    {
        "\u2019": "'",  # right single quotation mark (the "curly" apostrophe)
        "\u2018": "'",  # left single quotation mark
        "\u02bc": "'",  # modifier letter apostrophe
        "\u00b4": "'",  # acute accent used as an apostrophe
        "`": "'",
    }
)


def normalize_name(name: str) -> str:
    """The lookup key of a card name: no accents, no case, single spaces, straight apostrophes."""
    if name.isascii():  # most names: nothing to decompose (30,000 names are indexed at once)
        return " ".join(name.replace("`", "'").casefold().split())
    decomposed = unicodedata.normalize("NFKD", name.translate(_APOSTROPHES))
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(stripped.casefold().split())


class CardHit(BaseModel):
    """One answer of a card search: the card's names and type line, and the spelling that
    matched (its English or French name), with rapidfuzz's score (0-100)."""

    model_config = ConfigDict(frozen=True)

    name: str
    name_fr: str | None = None
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    matched: str
    score: float


@dataclass(frozen=True, slots=True, eq=False)
class IndexedCard:
    """One card as the index knows it. `key` is its English name normalised (the card's
    identity in the `cards` table); `card` its definition when it is held in memory."""

    key: str
    name: str
    name_fr: str | None
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    card: CardDef | None = None
    # Its halves' and faces' names ("Ice", "Glace", "Tok-Tok, Volcano Born"): found after
    # every card's own names.
    face_names: tuple[str, ...] = ()

    @classmethod
    def of(cls, card: CardDef) -> IndexedCard:
        return cls(
            normalize_name(card.name),
            card.name,
            card.name_fr,
            card.types,
            card.subtypes,
            card,
            card.face_names(),
        )

    def spellings(self) -> tuple[str, ...]:
        names = [self.name]
        if self.name_fr and self.name_fr != self.name:
            names.append(self.name_fr)
        return (*names, *(n for n in self.face_names if n not in names))


class NameIndex:
    """Normalised spellings → cards, in the order given. A spelling two cards share goes to
    the first, except that a card's English name wins over another's French one or a face's
    name (a catalog that must refuse such clashes checks before: app/catalog/loader.py)."""

    def __init__(self, cards: Iterable[IndexedCard]) -> None:
        self._cards: tuple[IndexedCard, ...] = tuple(cards)
        index: dict[str, IndexedCard] = {}
        display: dict[str, str] = {}
        english: set[str] = set()
        # Spellings that are only a half's or a face's name: searched, never looked up
        # (a setup entry names the physical card), and a card's own name takes them over.
        faces: set[str] = set()
        for entry in self._cards:
            own = 2 if entry.name_fr and entry.name_fr != entry.name else 1
            for position, spelling in enumerate(entry.spellings()):
                key = normalize_name(spelling)
                if not key or key in english:
                    continue
                if key in index and position > 0 and (position >= own or key not in faces):
                    continue
                index[key] = entry
                display[key] = spelling
                if position == 0:
                    english.add(key)
                if position >= own:
                    faces.add(key)
                else:
                    faces.discard(key)
        self._index: Mapping[str, IndexedCard] = index
        self._display: Mapping[str, str] = display
        self._faces: frozenset[str] = frozenset(faces)
        # The search's choices: every normalised spelling, in a list rapidfuzz scans fast.
        self._keys: list[str] = list(index)
        # Every word start of every spelling ("exalted angel", "angel"), sorted, with the
        # spelling it starts in: a typed prefix is a binary search away.
        starts: list[str] = []
        owners: list[int] = []
        for number, key in enumerate(self._keys):
            position = 0
            for word in key.split(" "):  # keys are single-spaced (normalize_name)
                starts.append(key[position:])
                owners.append(number)
                position += len(word) + 1
        order = sorted(range(len(starts)), key=starts.__getitem__)
        self._starts: list[str] = [starts[i] for i in order]
        self._start_keys: list[int] = [owners[i] for i in order]

    @property
    def cards(self) -> tuple[IndexedCard, ...]:
        return self._cards

    def __len__(self) -> int:
        return len(self._cards)

    def find(self, name: str) -> IndexedCard | None:
        """The card whose English or French name matches `name`, or None."""
        key = normalize_name(name)
        return None if key in self._faces else self._index.get(key)

    def names(self, *, include_french: bool = False) -> list[str]:
        """English names in order; with `include_french`, French names follow each."""
        result: list[str] = []
        for entry in self._cards:
            result.append(entry.name)
            if include_french and entry.name_fr and entry.name_fr != entry.name:
                result.append(entry.name_fr)
        return result

    def search(self, query: str, limit: int = 10, *, cutoff: float = 55) -> list[CardHit]:
        """Cards whose English or French name is close to `query`, best first: names that
        start with what was typed (a judge types the first letters), then names with a word
        that does, shortest first; then typo-tolerant matches of the whole name whose score
        reaches `cutoff`. One hit per card."""
        typed = normalize_name(query)
        if not typed:
            return []
        ranked = self._prefixed(typed)
        if len(ranked) < limit or len({id(self._index[key]) for key in ranked}) < limit:
            found = process.extract(
                typed, self._keys, scorer=fuzz.ratio, limit=limit * 3, score_cutoff=cutoff
            )
            ranked += [key for key, _, _ in sorted(found, key=lambda m: (-m[1], m[0]))]
        hits: list[CardHit] = []
        seen: set[int] = set()
        for key in ranked:
            entry = self._index[key]
            if id(entry) in seen:
                continue
            seen.add(id(entry))
            hits.append(
                CardHit(
                    name=entry.name,
                    name_fr=entry.name_fr,
                    types=entry.types,
                    subtypes=entry.subtypes,
                    matched=self._display[key],
                    score=round(fuzz.WRatio(typed, key), 1),
                )
            )
            if len(hits) == limit:
                break
        return hits

    # A one- or two-letter query starts thousands of words: any few hundred of them will do.
    _PREFIX_SCAN = 400

    def _prefixed(self, typed: str) -> list[str]:
        """Spellings that start with `typed`, then those with a later word that does; each
        group shortest first."""
        first = bisect.bisect_left(self._starts, typed)
        end = bisect.bisect_left(self._starts, typed + _LAST_CHARACTER, first)
        whole: set[str] = set()
        inner: set[str] = set()
        for number in self._start_keys[first : min(end, first + self._PREFIX_SCAN)]:
            key = self._keys[number]
            (whole if key.startswith(typed) else inner).add(key)
        inner -= whole
        return sorted(whole, key=_shortest) + sorted(inner, key=_shortest)


# Sorts after every character a name holds: `typed + _LAST_CHARACTER` bounds the names that
# start with `typed`.
_LAST_CHARACTER = chr(0x10FFFF)


def _shortest(key: str) -> tuple[int, str]:
    return (len(key), key)
