"""The catalogs the app uses: imported cards (the database) win over the shipped ones, only
names are held in memory, definitions are read on demand, an import is noticed."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy import Engine, event

from app.catalog import CatalogError, load_catalog
from app.catalog.card_import import card_row
from app.catalog.loader import catalog_for
from app.catalog.stored import CardCatalogs
from app.rules.mtg.cards import MtgCard
from app.rules.riftbound.cards import RiftboundCard
from app.store.card_store import CardStore
from app.store.db import make_engine
from app.store.migrate import upgrade

pytestmark = pytest.mark.both_databases

TARMOGOYF = MtgCard(
    name="Tarmogoyf",
    name_fr="Tarmogoyf",
    types=("Creature",),
    subtypes=("Lhurgoyf",),
    mana_cost="{1}{G}",
    text="Tarmogoyf's power is equal to the number of card types among cards in all graveyards.",
)
# The shipped catalog has Exalted Angel: an import of it wins.
IMPORTED_ANGEL = MtgCard(
    name="Exalted Angel",
    name_fr="Ange exalté",
    types=("Creature",),
    subtypes=("Angel",),
    mana_cost="{4}{W}{W}",
    power=4,
    toughness=5,
    morph="{2}{W}{W}",
    text="Flying, lifelink. Morph {2}{W}{W}. (imported)",
)


@pytest.fixture
def engine(database_url: str) -> Iterator[Engine]:
    engine = make_engine(database_url)
    upgrade(database_url, engine=engine)
    yield engine
    engine.dispose()


def imported(engine: Engine, *cards: MtgCard, ruleset: str = "mtg") -> None:
    CardStore(engine).upsert(card_row(ruleset, card, "mtgjson") for card in cards)


def statements(engine: Engine) -> list[str]:
    seen: list[str] = []
    event.listen(engine, "before_cursor_execute", lambda *a: seen.append(a[2]))
    return seen


def test_without_an_import_the_shipped_catalog_answers(engine: Engine):
    catalog = CardCatalogs(engine).for_ruleset("mtg")
    shipped = load_catalog()
    assert catalog.names() == shipped.names()
    assert catalog.get("hauts de ventabrupt") == shipped.get("Windbrisk Heights")
    assert len(catalog) == len(shipped)


def test_an_imported_card_wins_over_the_shipped_one_and_the_others_stay(engine: Engine):
    imported(engine, IMPORTED_ANGEL, TARMOGOYF)
    catalog = CardCatalogs(engine).for_ruleset("mtg")
    assert catalog.get("Exalted Angel") == IMPORTED_ANGEL
    assert catalog.get("ange exalte") == IMPORTED_ANGEL
    assert catalog.resolve("tarmogoyf") == TARMOGOYF
    assert catalog.get("Windbrisk Heights") == load_catalog().get("Windbrisk Heights")
    assert "Tarmogoyf" in catalog
    assert catalog.names().count("Exalted Angel") == 1
    assert len(catalog) == len(load_catalog()) + 1
    assert catalog.imported == 2


def test_a_definition_is_read_once_then_served_from_memory(engine: Engine):
    imported(engine, TARMOGOYF)
    catalog = CardCatalogs(engine, recheck_seconds=3600).for_ruleset("mtg")
    catalog.names()  # builds the name index
    seen = statements(engine)
    assert catalog.get("Tarmogoyf") == TARMOGOYF
    assert catalog.get("TARMOGOYF") == TARMOGOYF
    assert "Tarmogoyf" in catalog
    assert len([s for s in seen if "cards.data" in s]) == 1


def test_search_finds_imported_cards_by_english_or_french_name_with_their_type_line(
    engine: Engine,
):
    imported(engine, IMPORTED_ANGEL, TARMOGOYF)
    catalog = CardCatalogs(engine).for_ruleset("mtg")
    goyf = catalog.search("tarmogyof")[0]
    assert (goyf.name, goyf.types, goyf.subtypes) == ("Tarmogoyf", ("Creature",), ("Lhurgoyf",))
    angel = catalog.search("ange exal")[0]
    assert (angel.name, angel.matched) == ("Exalted Angel", "Ange exalté")
    assert catalog.suggest("Tarmogof") == ["Tarmogoyf"]


def test_another_process_import_is_seen_at_the_next_check(engine: Engine):
    catalog = CardCatalogs(engine, recheck_seconds=0).for_ruleset("mtg")
    assert catalog.get("Tarmogoyf") is None
    imported(engine, TARMOGOYF)
    assert catalog.get("Tarmogoyf") == TARMOGOYF


def test_an_updated_import_replaces_a_cached_definition_after_refresh(engine: Engine):
    imported(engine, TARMOGOYF)
    catalogs = CardCatalogs(engine, recheck_seconds=3600)
    catalog = catalogs.for_ruleset("mtg")
    assert catalog.get("Tarmogoyf") == TARMOGOYF
    changed = TARMOGOYF.model_copy(update={"text": "errata"})
    imported(engine, changed)
    assert catalog.get("Tarmogoyf") == TARMOGOYF  # within the recheck interval
    catalogs.refresh()
    assert catalog.get("Tarmogoyf") == changed


def test_each_family_reads_its_own_imported_cards(engine: Engine):
    kaiser = RiftboundCard(name="Kaiser Test", types=("Unit",))
    imported(engine, TARMOGOYF)
    CardStore(engine).upsert([card_row("riftbound", kaiser, "riftbound")])
    catalogs = CardCatalogs(engine)
    mtg = catalogs.for_ruleset("mtg-2004")
    assert mtg is catalogs.for_ruleset("mtg")
    riftbound = catalog_for("riftbound", mtg)
    assert riftbound is catalogs.for_ruleset("riftbound")
    assert riftbound.get("Kaiser Test") == kaiser
    assert riftbound.get("Tarmogoyf") is None and mtg.get("Kaiser Test") is None
    assert catalog_for("mtg", riftbound) is mtg


def test_iterating_yields_imported_then_shipped_cards(engine: Engine):
    imported(engine, IMPORTED_ANGEL, TARMOGOYF)
    cards = list(CardCatalogs(engine).for_ruleset("mtg"))
    assert cards[:2] == [IMPORTED_ANGEL, TARMOGOYF]
    assert cards.count(IMPORTED_ANGEL) == 1
    assert len(cards) == len(load_catalog()) + 1


def test_a_stored_definition_the_model_refuses_is_a_catalog_error(engine: Engine):
    row = card_row("mtg", TARMOGOYF, "mtgjson")
    broken = type(row)(**{**{f: getattr(row, f) for f in row.__slots__}, "data": '{"wings": 1}'})
    CardStore(engine).upsert([broken])
    catalog = CardCatalogs(engine).for_ruleset("mtg")
    with pytest.raises(CatalogError, match="import the card data again"):
        catalog.get("Tarmogoyf")


def test_warming_builds_every_name_index_before_the_first_search(engine: Engine):
    """The app warms the indexes at start-up: the first search then reads no card names."""
    imported(engine, MtgCard(name="Exalted Angel", types=("Creature",)))
    catalogs = CardCatalogs(engine)
    catalogs.warm_in_background().join(timeout=30)
    seen = statements(engine)
    hits = catalogs.for_ruleset("mtg").search("exalted")
    assert [h.name for h in hits][:1] == ["Exalted Angel"]
    assert not any("FROM cards" in s and "name_fr" in s for s in seen)
