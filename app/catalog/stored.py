"""The catalogs the app resolves card names in: the cards imported into the database
(`facedown cards import`) over the small catalog each family ships.

An imported card wins over a shipped card of the same English name (the full data is the
better source); a shipped card the import doesn't name stays, so the README's commands work
with no import at all. Only the names (and type lines, for search answers) are held in
memory: a card's definition is read from the database when it is asked for, and a few
thousand stay in an LRU. Another process's import (the CLI) is noticed within
`recheck_seconds`: the newest import time of the family is one index lookup.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime

from pydantic import ValidationError
from sqlalchemy import Engine
from sqlalchemy.exc import SQLAlchemyError

from app.catalog.loader import Catalog, CatalogError, load_catalog
from app.catalog.name_index import IndexedCard, NameIndex
from app.lru import LRU
from app.rules.core.cards import CardDef
from app.rules.families import FAMILIES, family_of
from app.store.card_store import CardStore

__all__ = ["CardCatalogs", "StoredCatalog"]

log = logging.getLogger(__name__)

RECHECK_SECONDS = 5.0
CACHE_SIZE = 4096


@dataclass(frozen=True, slots=True)
class _Generation:
    """The name index as built from one import (`newest`: its time; None: no import)."""

    newest: datetime | None
    index: NameIndex
    stored: int
    checked: float


class StoredCatalog(Catalog):
    """One family's catalog: the database's cards over the shipped ones. Same public API as
    `Catalog`; `get` and `resolve` read a definition from the database the first time."""

    def __init__(
        self,
        store: CardStore,
        family: str,
        catalogs: CardCatalogs,
        *,
        recheck_seconds: float = RECHECK_SECONDS,
        cache_size: int = CACHE_SIZE,
    ) -> None:
        shipped = load_catalog(family_of(family).rulesets[0])
        super().__init__(shipped.cards, family_of(family).card_model)
        self._store = store
        self._family = family
        self._catalogs = catalogs
        self._recheck = recheck_seconds
        self._definitions: LRU[str, CardDef] = LRU(cache_size)
        self._lock = threading.Lock()
        self._generation: _Generation | None = None

    # -- what differs from the shipped catalog -------------------------------------------

    def _name_index(self) -> NameIndex:
        generation = self._generation
        if generation is not None and time.monotonic() - generation.checked < self._recheck:
            return generation.index
        return self._current().index

    def _definition(self, entry: IndexedCard) -> CardDef | None:
        if entry.card is not None:  # a shipped card
            return entry.card
        card = self._definitions.get(entry.key)
        if card is not None:
            return card
        data = self._store.get(self._family, entry.key)
        if data is None:  # gone since the index was built: the next check rebuilds it
            self.refresh()
            return None
        card = self._parse(data, entry.name)
        self._definitions.put(entry.key, card)
        return card

    def __iter__(self) -> Iterator[CardDef]:
        index = self._name_index()
        for data in self._store.definitions(self._family):
            yield self._parse(data, "?")
        for entry in index.cards:
            if entry.card is not None:
                yield entry.card

    def __len__(self) -> int:
        return len(self._name_index())

    @property
    def cards(self) -> tuple[CardDef, ...]:
        return tuple(self)

    def for_ruleset(self, ruleset: str) -> Catalog:
        return self._catalogs.for_ruleset(ruleset)

    # -- freshness -----------------------------------------------------------------------

    def refresh(self) -> None:
        """Look at the database again on the next lookup (after an import in this process)."""
        with self._lock:
            if self._generation is not None:
                self._generation = _Generation(
                    self._generation.newest,
                    self._generation.index,
                    self._generation.stored,
                    checked=float("-inf"),
                )

    @property
    def imported(self) -> int:
        """How many of this catalog's cards come from the database."""
        self._name_index()
        generation = self._generation
        return 0 if generation is None else generation.stored

    def _current(self) -> _Generation:
        with self._lock:
            now = time.monotonic()
            generation = self._generation
            if generation is not None and now - generation.checked < self._recheck:
                return generation
            try:
                newest = self._store.newest(self._family)
                if generation is not None and newest == generation.newest:
                    generation = _Generation(newest, generation.index, generation.stored, now)
                else:
                    generation = self._build(newest, now)
                    self._definitions.clear()
            except SQLAlchemyError:
                # The database is away: keep answering from what is known (the shipped
                # cards at worst) and try again at the next check.
                log.warning("card catalog %s: the database could not be read", self._family)
                if generation is None:
                    generation = _Generation(None, super()._name_index(), 0, now)
                else:
                    generation = _Generation(
                        generation.newest, generation.index, generation.stored, now
                    )
            self._generation = generation
            return generation

    def _build(self, newest: datetime | None, now: float) -> _Generation:
        rows = self._store.names(self._family) if newest is not None else []
        stored = [
            IndexedCard(
                row.key,
                row.name,
                row.name_fr,
                tuple(json.loads(row.types)),
                tuple(json.loads(row.subtypes)),
                face_names=tuple(json.loads(row.face_names)) if row.face_names else (),
            )
            for row in rows
        ]
        claimed = {entry.key for entry in stored}
        shipped = [e for e in super()._name_index().cards if e.key not in claimed]
        log.info(
            "card catalog %s: %d imported cards, %d shipped ones",
            self._family,
            len(stored),
            len(shipped),
        )
        return _Generation(newest, NameIndex([*stored, *shipped]), len(stored), now)

    def _parse(self, data: str, name: str) -> CardDef:
        try:
            return self._card_model.model_validate_json(data)
        except ValidationError as exc:
            # Imported by another version of the app, whose card model differed.
            raise CatalogError(
                f"The imported card {name!r} is not a valid card definition any more: "
                "import the card data again (facedown cards import).",
                f"La carte importée {name!r} n'est plus une définition valide : importez "
                "à nouveau les données (facedown cards import).",
                name=name,
            ) from exc


class CardCatalogs:
    """Every family's stored catalog for one database."""

    def __init__(
        self,
        engine: Engine,
        *,
        recheck_seconds: float = RECHECK_SECONDS,
        cache_size: int = CACHE_SIZE,
    ) -> None:
        store = CardStore(engine)
        self._by_family: dict[str, StoredCatalog] = {
            family.key: StoredCatalog(
                store, family.key, self, recheck_seconds=recheck_seconds, cache_size=cache_size
            )
            for family in FAMILIES
        }

    def for_ruleset(self, ruleset: str) -> StoredCatalog:
        """The catalog of `ruleset`'s family (every ruleset of a family shares its cards)."""
        return self._by_family[family_of(ruleset).key]

    def refresh(self) -> None:
        for catalog in self._by_family.values():
            catalog.refresh()

    def warm_in_background(self) -> threading.Thread:
        """Read every family's name index in a daemon thread (a request arriving meanwhile
        waits on the same lock rather than building it twice)."""

        def warm() -> None:
            for catalog in self._by_family.values():
                catalog.imported  # noqa: B018 — reading it builds the index

        thread = threading.Thread(target=warm, name="card-catalog-warm", daemon=True)
        thread.start()
        return thread
