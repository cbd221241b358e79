"""The card catalogs shipped with the app, one per game family (each family's
``catalog.json``), looked up by name.

Every entry is its family's card model (a :class:`app.rules.core.cards.CardDef`), the same
shape a game's setup accepts as an inline definition (docs/DESIGN.md, "The HTTP contract"). Names are matched in English or French,
ignoring case, accents, repeated spaces and the kind of apostrophe, so a judge typing
"hauts de VENTABRUPT" on a phone finds Windbrisk Heights.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from app.catalog.name_index import CardHit, IndexedCard, NameIndex, normalize_name
from app.rules.core.cards import CardDef
from app.rules.core.words import elide_fr
from app.rules.families import DEFAULT_RULESET, family_of

__all__ = [
    "CATALOG_PATH",
    "CardHit",
    "Catalog",
    "CatalogError",
    "load_catalog",
    "normalize_name",
]

# Magic's catalog: the default one (today's rules and the 2004 edition share it).
CATALOG_PATH: Path = family_of(DEFAULT_RULESET).catalog_path


class CatalogError(ValueError):
    """A card that can't be resolved: unknown name, invalid inline definition or bad catalog.

    ``message_en`` / ``message_fr`` are ready for the page language; ``suggestions`` lists
    close catalog names (display spelling) when the problem is an unknown name.
    """

    def __init__(
        self,
        message_en: str,
        message_fr: str | None = None,
        *,
        name: str | None = None,
        suggestions: Iterable[str] = (),
    ) -> None:
        super().__init__(message_en)
        self.message_en = message_en
        # "de Ange exalté" -> "d'Ange exalté": card names follow de/que in French too.
        self.message_fr = elide_fr(message_fr) if message_fr is not None else message_en
        self.name = name
        self.suggestions: tuple[str, ...] = tuple(suggestions)


class Catalog:
    """An immutable set of card definitions indexed by normalised English and French names."""

    def __init__(self, cards: Iterable[CardDef], card_model: type[CardDef] = CardDef) -> None:
        # The family's card model: inline definitions are validated as one.
        self._card_model = card_model
        self._cards: tuple[CardDef, ...] = tuple(cards)
        index: dict[str, CardDef] = {}
        for card in self._cards:
            for spelling in _lookup_names(card):
                key = normalize_name(spelling)
                if not key:
                    raise CatalogError(f"Card {card.name!r} has an empty name.")
                other = index.get(key)
                if other is not None and other is not card:
                    raise CatalogError(
                        f"Duplicate card name {spelling!r}: used by {other.name!r} "
                        f"and {card.name!r}."
                    )
                index[key] = card
        # Flip halves are not looked up on their own (a setup entry is the physical card),
        # but their names must not clash with another card's name either.
        for card in self._cards:
            for spelling in card.other_names():
                other = index.get(normalize_name(spelling))
                if other is not None and other is not card:
                    raise CatalogError(
                        f"Flipped name {spelling!r} of {card.name!r} clashes with "
                        f"card {other.name!r}."
                    )
        self._names = NameIndex(IndexedCard.of(card) for card in self._cards)

    # -- construction ---------------------------------------------------------------

    @classmethod
    def from_records(
        cls, records: Iterable[Mapping[str, Any]], card_model: type[CardDef] = CardDef
    ) -> Catalog:
        """Validate raw dicts (as found in a family's ``catalog.json``) into a catalog."""
        cards: list[CardDef] = []
        for position, record in enumerate(records):
            try:
                cards.append(card_model.model_validate(record))
            except ValidationError as exc:
                label = record.get("name", f"#{position}") if isinstance(record, Mapping) else None
                raise CatalogError(
                    f"Catalog entry {label!r} is not a valid card definition: {exc}"
                ) from exc
        return cls(cards, card_model)

    @classmethod
    def from_json_file(cls, path: Path, card_model: type[CardDef] = CardDef) -> Catalog:
        with path.open(encoding="utf-8") as handle:
            records = json.load(handle)
        if not isinstance(records, list):
            raise CatalogError(f"{path} must hold a JSON list of card definitions.")
        return cls.from_records(records, card_model)

    # -- lookups --------------------------------------------------------------------

    def get(self, name: str) -> CardDef | None:
        """The card whose English or French name matches ``name``, or ``None``."""
        entry = self._name_index().find(name)
        return None if entry is None else self._definition(entry)

    def __getitem__(self, name: str) -> CardDef:
        card = self.get(name)
        if card is None:
            raise self._unknown(name)
        return card

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self._name_index().find(name) is not None

    def __iter__(self) -> Iterator[CardDef]:
        return iter(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    @property
    def cards(self) -> tuple[CardDef, ...]:
        return self._cards

    def names(self, *, include_french: bool = False) -> list[str]:
        """English names in catalog order; with ``include_french``, French names follow each."""
        return self._name_index().names(include_french=include_french)

    def suggest(self, name: str, limit: int = 3) -> list[str]:
        """Close catalog names (as spelled in the catalog) for a name that didn't match."""
        return [hit.matched for hit in self.search(name, limit, cutoff=70)]

    def search(self, query: str, limit: int = 10, *, cutoff: float = 55) -> list[CardHit]:
        """Cards whose English or French name is close to `query`, best first: names that
        start with what was typed lead (a judge types the first letters), then typo-tolerant
        matches (rapidfuzz's WRatio). One hit per card."""
        return self._name_index().search(query, limit, cutoff=cutoff)

    def for_ruleset(self, ruleset: str) -> Catalog:
        """The catalog a game of `ruleset` resolves names in, this one being the default
        game's (Magic's): itself for a ruleset of that family, else that family's shipped
        catalog."""
        if family_of(ruleset) is family_of(DEFAULT_RULESET):
            return self
        return load_catalog(ruleset)

    # -- what a catalog backed by something else replaces (app/catalog/stored.py) -----

    def _name_index(self) -> NameIndex:
        return self._names

    def _definition(self, entry: IndexedCard) -> CardDef | None:
        return entry.card

    def resolve(self, card: str | Mapping[str, Any] | CardDef) -> CardDef:
        """A catalog name (English or French) or an inline definition, as a ``CardDef``.

        Raises :class:`CatalogError` for an unknown name (with suggestions) or an inline
        definition that doesn't validate.
        """
        if isinstance(card, CardDef):
            return card
        if isinstance(card, str):
            found = self.get(card)
            if found is None:
                raise self._unknown(card)
            return found
        if isinstance(card, Mapping):
            try:
                return self._card_model.model_validate(dict(card))
            except ValidationError as exc:
                label = card.get("name")
                shown = repr(label) if isinstance(label, str) else "(no name)"
                details = "; ".join(
                    f"{'.'.join(str(part) for part in err['loc']) or 'card'}: {err['msg']}"
                    for err in exc.errors()
                )
                raise CatalogError(
                    f"Invalid inline card definition {shown}: {details}",
                    f"Définition de carte invalide {shown} : {details}",
                    name=label if isinstance(label, str) else None,
                ) from exc
        raise CatalogError(
            f"A card must be a catalog name or an inline definition, not {type(card).__name__}.",
            "Une carte doit être un nom du catalogue ou une définition en ligne, "
            f"pas {type(card).__name__}.",
        )

    def _unknown(self, name: str) -> CatalogError:
        suggestions = self.suggest(name)
        hint_en = f" Did you mean: {', '.join(suggestions)}?" if suggestions else ""
        hint_fr = f" Vouliez-vous dire : {', '.join(suggestions)} ?" if suggestions else ""
        return CatalogError(
            f"Unknown card {name!r}: it is not in the catalog.{hint_en}",
            f"Carte inconnue {name!r} : elle n'est pas dans le catalogue.{hint_fr}",
            name=name,
            suggestions=suggestions,
        )


def _lookup_names(card: CardDef) -> tuple[str, ...]:
    if card.name_fr and card.name_fr != card.name:
        return (card.name, card.name_fr)
    return (card.name,)


@functools.cache
def load_catalog(ruleset: str = DEFAULT_RULESET) -> Catalog:
    """The catalog shipped with a family's cards, read and validated once per process."""
    family = family_of(ruleset)
    return Catalog.from_json_file(family.catalog_path, family.card_model)


def catalog_for(ruleset: str, default: Catalog | None = None) -> Catalog:
    """The catalog a game of `ruleset` resolves card names in (`default`: Magic's, as the
    app loaded it: with imported cards, it knows its sibling families' catalogs)."""
    if default is not None:
        return default.for_ruleset(ruleset)
    return load_catalog(ruleset)
