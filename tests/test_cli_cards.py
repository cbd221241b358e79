"""`facedown cards import`: a card data file into the database, idempotent; a damaged or
unknown file writes nothing and exits 1 with one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import func, inspect, select

from app import cli
from app.catalog.stored import CardCatalogs
from app.store.card_store import CARDS
from app.store.db import make_engine

pytestmark = pytest.mark.both_databases


def face(name: str, type_line: str, types: list[str], **extra: object) -> dict[str, object]:
    return {"name": name, "type": type_line, "types": types, "layout": "normal", **extra}


ATOMIC = {
    "meta": {"version": "5.2.2", "date": "2026-11-01"},
    "data": {
        "Tarmogoyf": [
            face(
                "Tarmogoyf",
                "Creature — Lhurgoyf",
                ["Creature"],
                manaCost="{1}{G}",
                power="*",
                toughness="1+*",
                subtypes=["Lhurgoyf"],
                text="Tarmogoyf's power is equal to the number of card types among cards "
                "in all graveyards and its toughness is equal to that number plus 1.",
            )
        ],
        "Exalted Angel": [
            face(
                "Exalted Angel",
                "Creature — Angel",
                ["Creature"],
                manaCost="{4}{W}{W}",
                power="4",
                toughness="5",
                keywords=["Flying", "Lifelink", "Morph"],
                text="Flying, lifelink\nMorph {2}{W}{W}",
                foreignData=[{"language": "French", "name": "Ange exalté"}],
            )
        ],
    },
}


def write(path: Path, content: object) -> Path:
    path.write_text(json.dumps(content) if not isinstance(content, str) else content, "utf-8")
    return path


def stored(url: str) -> int:
    engine = make_engine(url)
    try:
        if "cards" not in inspect(engine).get_table_names():
            return 0
        with engine.connect() as conn:
            return int(conn.execute(select(func.count()).select_from(CARDS)).scalar_one())
    finally:
        engine.dispose()


def test_cards_import_parses_its_flags():
    args = cli.build_parser().parse_args(
        ["cards", "import", "--format", "scryfall", "--db", "x.db", "cards.json"]
    )
    assert (args.command, args.cards_command, args.format, args.db, args.paths) == (
        "cards",
        "import",
        "scryfall",
        "x.db",
        ["cards.json"],
    )
    with pytest.raises(SystemExit):
        cli.build_parser().parse_args(["cards", "import", "--format", "csv", "cards.json"])


def test_cards_import_stores_the_cards_and_a_second_import_updates_them(
    database_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    path = write(tmp_path / "AtomicCards.json", ATOMIC)
    assert cli.main(["cards", "import", "--db", database_url, str(path)]) == 0
    first = capsys.readouterr().err
    assert "2 cards read from AtomicCards.json (mtg: 2 added, 0 updated)" in first
    assert stored(database_url) == 2

    assert (
        cli.main(["cards", "import", "--format", "mtgjson", "--db", database_url, str(path)]) == 0
    )
    assert "(mtg: 0 added, 2 updated)" in capsys.readouterr().err
    assert stored(database_url) == 2

    engine = make_engine(database_url)
    try:
        catalog = CardCatalogs(engine).for_ruleset("mtg")
        goyf = catalog.resolve("tarmogoyf")
        assert (goyf.power, goyf.toughness) == ("*", "1+*")
        assert catalog.resolve("Ange exalté").name == "Exalted Angel"
    finally:
        engine.dispose()


@pytest.mark.parametrize(
    "content",
    [
        '{"meta": {}, "data": {"Tarmogoyf": [{"name": "Tarmogoyf", "type": "Creat',  # cut short
        '{"hello": "world"}',  # not card data
        "[1, 2, 3]",
        "",
    ],
)
def test_a_damaged_or_unknown_file_writes_nothing_and_exits_1_with_one_line(
    database_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str
):
    path = write(tmp_path / "cards.json", content)
    assert cli.main(["cards", "import", "--db", database_url, str(path)]) == 1
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    assert lines[0].startswith("facedown cards import: refused: ")
    assert lines[0].endswith("; nothing was imported")
    assert stored(database_url) == 0


def test_a_file_damaged_after_good_cards_keeps_the_previous_import(
    database_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    good = write(tmp_path / "AtomicCards.json", ATOMIC)
    assert cli.main(["cards", "import", "--db", database_url, str(good)]) == 0
    text = json.dumps(ATOMIC)
    damaged = write(tmp_path / "AtomicCards.damaged.json", text[: len(text) - 40])
    assert cli.main(["cards", "import", "--db", database_url, str(damaged)]) == 1
    assert "refused" in capsys.readouterr().err
    assert stored(database_url) == 2


def test_a_missing_file_is_one_line_and_no_database_is_created(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    db = tmp_path / "never.db"
    assert cli.main(["cards", "import", "--db", str(db), str(tmp_path / "missing.json")]) == 1
    assert capsys.readouterr().err.count("\n") == 1
    assert not db.exists()


def test_an_english_only_update_keeps_the_french_name_mtgjson_gave(
    database_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    """Scryfall has no French names: importing it after MTGJSON updates the card's facts but
    keeps its French name, in the index (French search) and in its definition."""
    atomic = Path(__file__).parent / "fixtures" / "cards" / "AtomicCards.sample.json"
    oracle = Path(__file__).parent / "fixtures" / "cards" / "oracle-cards.sample.json"
    assert cli.main(["cards", "import", "--db", database_url, str(atomic)]) == 0
    assert cli.main(["cards", "import", "--db", database_url, str(oracle)]) == 0
    assert "updated" in capsys.readouterr().err
    engine = make_engine(database_url)
    try:
        catalog = CardCatalogs(engine).for_ruleset("mtg")
        angel = catalog.resolve("Ange exalté")
        assert (angel.name, angel.name_fr) == ("Exalted Angel", "Ange exalté")
        assert catalog.resolve("Windbrisk Heights").name_fr == "Hauts de ventabrupt"
    finally:
        engine.dispose()
