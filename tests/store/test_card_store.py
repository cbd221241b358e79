"""The cards table: upserts in one transaction (a second import updates, never duplicates;
an error writes nothing), names listing and lookups, on SQLite and PostgreSQL."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from sqlalchemy import Engine, func, select

from app.store.card_store import CARDS, CardRow, CardStore

pytestmark = pytest.mark.both_databases


def row(name: str, *, ruleset: str = "mtg", name_fr: str | None = None, text: str = "") -> CardRow:
    data = {"name": name, "name_fr": name_fr, "types": ["Creature"], "text": text}
    return CardRow(
        ruleset=ruleset,
        key=name.casefold(),
        name=name,
        name_fr=name_fr,
        types=json.dumps(["Creature"]),
        subtypes=json.dumps(["Angel"]),
        data=json.dumps(data),
        source="mtgjson",
    )


def stored_rows(engine: Engine) -> int:
    with engine.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(CARDS)).scalar_one())


@pytest.fixture
def store(engine: Engine) -> CardStore:
    return CardStore(engine)


def test_upsert_adds_cards_and_counts_them_by_family(store: CardStore, engine: Engine):
    counts = store.upsert(
        [row("Exalted Angel"), row("Ixidron"), row("Kaiser, Ghost Stalker", ruleset="riftbound")]
    )
    assert counts.added == {"mtg": 2, "riftbound": 1}
    assert counts.updated == {}
    assert counts.summary() == "mtg: 2 added, 0 updated; riftbound: 1 added, 0 updated"
    assert stored_rows(engine) == 3


def test_a_second_upsert_updates_and_never_duplicates(store: CardStore, engine: Engine):
    store.upsert([row("Exalted Angel"), row("Ixidron")])
    first = store.newest("mtg")
    counts = store.upsert([row("Exalted Angel", text="Flying, lifelink"), row("Ixidron")])
    assert (counts.added, counts.updated) == ({}, {"mtg": 2})
    assert stored_rows(engine) == 2
    stored = store.get("mtg", "exalted angel")
    assert stored is not None and json.loads(stored)["text"] == "Flying, lifelink"
    newest = store.newest("mtg")
    assert first is not None and newest is not None and newest > first


def test_the_same_card_twice_in_one_import_is_stored_once_last_wins(store: CardStore):
    counts = store.upsert([row("Ixidron", text="old"), row("Ixidron", text="new")])
    assert counts.added == {"mtg": 1}
    assert store.count("mtg") == 1
    assert json.loads(store.get("mtg", "ixidron") or "{}")["text"] == "new"


def test_an_error_during_the_import_writes_nothing(store: CardStore, engine: Engine):
    store.upsert([row("Ixidron")])

    def damaged() -> Iterator[CardRow]:
        yield row("Exalted Angel")
        yield row("Ixidron", text="changed")
        raise ValueError("damaged file")

    with pytest.raises(ValueError, match="damaged file"):
        store.upsert(damaged())
    assert stored_rows(engine) == 1
    assert json.loads(store.get("mtg", "ixidron") or "{}")["text"] == ""


def test_a_failing_statement_rolls_back_every_batch(store: CardStore, engine: Engine):
    # 2,500 good rows (several batches), then one the database refuses (name too long for
    # PostgreSQL; SQLite has no length limit, so a NULL name is used: NOT NULL fails on both).
    good = [row(f"Card {n}") for n in range(2500)]
    bad = CardRow("mtg", "broken", None, None, "[]", "[]", "{}", "mtgjson")  # type: ignore[arg-type]
    with pytest.raises(Exception):  # noqa: B017  (the driver's IntegrityError)
        store.upsert([*good, bad])
    assert stored_rows(engine) == 0


def test_names_lists_a_family_in_import_order_without_definitions(store: CardStore):
    store.upsert([row("Ixidron"), row("Exalted Angel", name_fr="Ange exalté")])
    store.upsert([row("Kaiser", ruleset="riftbound")])
    names = store.names("mtg")
    assert [(n.key, n.name, n.name_fr) for n in names] == [
        ("ixidron", "Ixidron", None),
        ("exalted angel", "Exalted Angel", "Ange exalté"),
    ]
    assert json.loads(names[0].types) == ["Creature"]
    assert [n.name for n in store.names("riftbound")] == ["Kaiser"]


def test_get_and_definitions_read_the_stored_json(store: CardStore):
    assert store.get("mtg", "ixidron") is None
    assert store.newest("mtg") is None
    store.upsert([row("Ixidron"), row("Exalted Angel")])
    assert json.loads(store.get("mtg", "ixidron") or "{}")["name"] == "Ixidron"
    assert store.get("riftbound", "ixidron") is None
    assert [json.loads(d)["name"] for d in store.definitions("mtg")] == ["Ixidron", "Exalted Angel"]
