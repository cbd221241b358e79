"""Card data files as users download them (issue 26): MTGJSON set files (one or many), the
community Riftbound export, and strict format sniffing (a list of named objects is not a
Scryfall file)."""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path

import pytest

from app.catalog.importers import CardDataError, detect_format, read_cards
from app.rules.mtg.cards import MtgCard
from app.rules.riftbound.cards import RiftboundCard

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "cards"
KHM_EXCERPT = FIXTURES / "KHM.excerpt.json"
OGN_EXPORT = FIXTURES / "OGN.en-us.sample.json"
SCRYFALL = FIXTURES / "oracle-cards.sample.json"


# Real, unmodified MTGJSON set files (their README gives provenance and terms); the tests on
# them run where the shared data is, and the excerpt above runs everywhere.
def _real_sets() -> Path:
    """The shared data beside the repository (`../shared/data/mtgjson`), or beside the folder
    of worktrees a branch is checked out in; $FACEDOWN_TEST_MTGJSON names another place."""
    repo = Path(__file__).resolve().parents[2]
    candidates = [Path(p) for p in [os.environ.get("FACEDOWN_TEST_MTGJSON", "")] if p]
    candidates += [up / "shared" / "data" / "mtgjson" for up in (repo.parent, repo.parent.parent)]
    return next((c for c in candidates if (c / "KHM.json.gz").is_file()), candidates[-1])


REAL_SETS = _real_sets()
SET_CODES = ("ONS", "LGN", "KTK", "DTK", "FRF", "KHM", "CHK", "LRW", "10E")
needs_real_sets = pytest.mark.skipif(
    not (REAL_SETS / "KHM.json.gz").is_file(), reason=f"no real MTGJSON set files in {REAL_SETS}"
)


def names(path: Path) -> dict[str, MtgCard | RiftboundCard]:
    return {c.card.name: c.card for c in read_cards(path)}


# -- MTGJSON set files -----------------------------------------------------------------------


def test_an_mtgjson_set_file_is_read_as_mtgjson_not_refused():
    assert detect_format(KHM_EXCERPT) == "mtgjson"
    cards = names(KHM_EXCERPT)
    # Five printings, one of them the two sides of one card; the token is not a card.
    assert len(cards) == 4
    assert {"Saw It Coming", "Snow-Covered Island", "Plains"} < set(cards)
    (esika,) = (card for name, card in cards.items() if name.startswith("Esika"))
    island = cards["Snow-Covered Island"]
    assert isinstance(island, MtgCard)
    assert (island.name_fr, island.supertypes, island.subtypes) == (
        "Île enneigée",
        ("Basic", "Snow"),
        ("Island",),
    )
    assert cards["Saw It Coming"].name_fr == "Je t'ai vu !"
    assert cards["Saw It Coming"].foretell == "{1}{U}"
    # Both faces of the double-faced card made one card: the back face's text is there.
    assert "The Prismatic Bridge" in esika.text


def test_a_gzipped_set_file_is_read_as_downloaded(tmp_path):
    packed = tmp_path / "KHM.json.gz"
    packed.write_bytes(gzip.compress(KHM_EXCERPT.read_bytes()))
    assert names(packed) == names(KHM_EXCERPT)


def test_a_card_printed_several_times_in_a_set_is_one_card(tmp_path):
    doc = json.loads(KHM_EXCERPT.read_text(encoding="utf-8"))
    plains = next(c for c in doc["data"]["cards"] if c["name"] == "Plains")
    second_art = {**plains, "number": "395", "foreignData": []}
    doc["data"]["cards"].insert(0, second_art)
    path = tmp_path / "KHM.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    cards = [c.card for c in read_cards(path)]
    assert [c.name for c in cards].count("Plains") == 1
    # The printing with translations wins: the French name is not lost to an art variant.
    assert next(c for c in cards if c.name == "Plains").name_fr == "Plaine"


def test_a_set_file_whose_cards_are_not_cards_is_refused(tmp_path):
    path = tmp_path / "XXX.json"
    path.write_text(json.dumps({"meta": {}, "data": {"code": "XXX", "cards": [42]}}), "utf-8")
    with pytest.raises(CardDataError, match="not an MTGJSON set file"):
        list(read_cards(path))


@needs_real_sets
@pytest.mark.parametrize("code", SET_CODES)
def test_every_real_mtgjson_set_file_imports(code):
    path = REAL_SETS / f"{code}.json.gz"
    raw = json.loads(gzip.decompress(path.read_bytes()))["data"]
    expected = {
        c["name"]
        for c in raw["cards"]
        if c.get("layout") not in ("token", "emblem", "art_series", "vanguard")
    }
    cards = [c.card for c in read_cards(path)]
    # Each atomic card once (the grouped name of a card of several faces is its front's).
    assert len(cards) == len({c.name for c in cards}) == len(expected)
    assert all(isinstance(c, MtgCard) for c in cards)


@needs_real_sets
def test_the_basic_lands_of_the_real_sets_match_the_shipped_catalog():
    from app.catalog import load_catalog

    shipped = load_catalog()
    seen = 0
    for code in ("10E", "KHM", "KTK"):
        for card in read_cards(REAL_SETS / f"{code}.json.gz"):
            if "Basic" in card.card.supertypes and card.card.name_fr:
                ours = shipped.get(card.card.name)
                assert ours is not None and ours.name_fr == card.card.name_fr, card.card.name
                seen += 1
    assert seen >= 10  # the five basics and KHM's five Snow-Covered ones


# -- the Riftbound community export ----------------------------------------------------------


def test_a_riftbound_export_is_read_with_its_rules_text_and_keywords():
    assert detect_format(OGN_EXPORT) == "riftbound"
    cards = names(OGN_EXPORT)
    assert list(cards) == ["Blazing Scorcher", "Noxus Saboteur"]
    scorcher = cards["Blazing Scorcher"]
    assert isinstance(scorcher, RiftboundCard)
    assert (scorcher.types, scorcher.subtypes, scorcher.domain) == (
        ("Unit",),
        ("Dragon", "Noxus"),
        "Fury",
    )
    assert (scorcher.energy, scorcher.might, scorcher.keywords) == (5, 5, ("Accelerate",))
    # The printed text from rulesHtml (case and reminder kept), not the lower-cased copy.
    assert scorcher.text.startswith("[Accelerate] (You may pay")
    # Naming Hidden inside a sentence does not make the card itself Hidden.
    saboteur = cards["Noxus Saboteur"]
    assert saboteur.text == "Your opponents' [Hidden] cards can't be revealed here."
    assert not saboteur.hidden and saboteur.keywords == ()


def test_a_hidden_card_of_the_export_keeps_hidden(tmp_path):
    # The sample's first card, given Hidden as the export writes a Hidden card's text.
    record = json.loads(OGN_EXPORT.read_text(encoding="utf-8"))[0]
    record["rulesHtml"] = "<p>[Hidden] (Hide now for :rb_rune_rainbow: to react with later.)</p>"
    path = tmp_path / "OGN.en-us.json"
    path.write_text(json.dumps([record]), encoding="utf-8")
    card = names(path)["Blazing Scorcher"]
    assert isinstance(card, RiftboundCard)
    assert card.hidden and card.keywords == ()
    assert card.text.startswith("[Hidden] (Hide now for")


def test_a_riftbound_export_card_missing_its_keys_is_refused_in_one_line(tmp_path):
    records = json.loads(OGN_EXPORT.read_text(encoding="utf-8"))
    del records[1]["publicCode"]
    path = tmp_path / "OGN.en-us.json"
    path.write_text(json.dumps(records), encoding="utf-8")
    with pytest.raises(CardDataError) as err:
        list(read_cards(path))
    assert "item 2 is not a Riftbound export card" in str(err.value)
    assert "\n" not in str(err.value)


def test_a_riftbound_export_card_out_of_range_names_itself_in_one_line(tmp_path):
    records = json.loads(OGN_EXPORT.read_text(encoding="utf-8"))
    records[0]["might"] = 150
    path = tmp_path / "OGN.en-us.json"
    path.write_text(json.dumps(records), encoding="utf-8")
    with pytest.raises(CardDataError) as err:
        list(read_cards(path, "riftbound"))
    assert "card 'Blazing Scorcher' is not valid (might: Input should be less than" in str(
        err.value
    )
    assert "\n" not in str(err.value)


# -- strict sniffing ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "content",
    [
        [{"name": "My grocery list"}],
        [{"name": "Milk", "object": "grocery"}],
        [["Tarmogoyf"]],
        ["Tarmogoyf"],
        [],
    ],
)
def test_a_list_that_is_not_cards_is_refused_with_what_to_download(tmp_path, content):
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(content), encoding="utf-8")
    with pytest.raises(CardDataError) as err:
        detect_format(path)
    message = str(err.value)
    assert "\n" not in message
    assert "AtomicCards" in message and "oracle-cards" in message
    with pytest.raises(CardDataError):
        list(read_cards(path))


def test_a_scryfall_file_is_told_by_its_cards_own_keys(tmp_path):
    assert detect_format(SCRYFALL) == "scryfall"
    first = json.loads(SCRYFALL.read_text(encoding="utf-8"))[0]
    only_oracle_id = {k: v for k, v in first.items() if k != "object"}
    path = tmp_path / "oracle-cards.json"
    path.write_text(json.dumps([only_oracle_id]), encoding="utf-8")
    assert detect_format(path) == "scryfall"


@pytest.mark.parametrize(
    ("content", "item"),
    [
        ([{"name": "My grocery list"}], 1),
        ([{"object": "card", "oracle_id": "x", "name": "Island"}, {"name": "Milk"}], 2),
    ],
)
def test_a_list_of_named_objects_read_as_scryfall_is_refused(tmp_path, content, item):
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(content), encoding="utf-8")
    with pytest.raises(CardDataError, match=f"item {item} is not a Scryfall card object"):
        list(read_cards(path, "scryfall"))


def test_a_riftbound_export_is_not_scryfall():
    with pytest.raises(CardDataError, match="item 1 is not a Scryfall card object"):
        list(read_cards(OGN_EXPORT, "scryfall"))
    assert all(c.ruleset == "riftbound" for c in read_cards(OGN_EXPORT))


# -- what a real file gets wrong, without losing the card ------------------------------------


def _atomic(tmp_path: Path, **faces: dict[str, object]) -> Path:
    doc = {"meta": {}, "data": {name: [face] for name, face in faces.items()}}
    path = tmp_path / "AtomicCards.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_a_malformed_mana_cost_is_left_out_not_stored_as_a_python_list(tmp_path):
    path = _atomic(
        tmp_path,
        Odd={"name": "Odd", "type": "Creature — Elf", "layout": "normal", "manaCost": ["{G}"]},
    )
    card = names(path)["Odd"]
    assert isinstance(card, MtgCard)
    assert card.mana_cost is None


def test_a_french_name_too_long_loses_the_french_name_not_the_card(tmp_path):
    long_fr = "Un nom français " * 10
    path = _atomic(
        tmp_path,
        Elf={
            "name": "Elf",
            "type": "Creature — Elf",
            "layout": "normal",
            "foreignData": [{"language": "French", "name": long_fr}],
        },
    )
    card = names(path)["Elf"]
    assert (card.name, card.name_fr) == ("Elf", None)


def test_a_skipped_card_is_one_warning_line_and_the_command_counts_them(tmp_path, capsys, caplog):
    from app import cli

    long_name = "Our Market Research Shows " + "Really " * 20 + "Long Names"
    path = _atomic(
        tmp_path,
        **{long_name: {"name": long_name, "type": "Creature", "layout": "normal"}},
        Elf={"name": "Elf", "type": "Creature — Elf", "layout": "normal"},
    )
    db = tmp_path / "cards.db"
    assert cli.main(["cards", "import", "--db", str(db), str(path)]) == 0
    warnings = [r.getMessage() for r in caplog.records if "skipped" in r.getMessage()]
    assert len(warnings) == 1 and "\n" not in warnings[0]
    assert "name: String should have at most 120 characters" in warnings[0]
    err = capsys.readouterr().err
    assert "facedown cards import: 1 card skipped (a line each above)" in err
    assert "1 cards read from AtomicCards.json" in err


@needs_real_sets
def test_the_nine_real_set_files_import_at_once_into_one_card_table(tmp_path, capsys):
    from app import cli
    from app.catalog.stored import CardCatalogs
    from app.store.db import make_engine

    db = tmp_path / "cards.db"
    files = [str(REAL_SETS / f"{code}.json.gz") for code in SET_CODES]
    assert cli.main(["cards", "import", "--db", str(db), *files]) == 0
    err = capsys.readouterr().err
    assert "skipped" not in err
    engine = make_engine(f"sqlite:///{db}")
    try:
        catalog = CardCatalogs(engine).for_ruleset("mtg")
        # Cards of three of the files, each found by its French name.
        assert catalog.resolve("Île enneigée").name == "Snow-Covered Island"
        assert catalog.resolve("Prêtre de bataille abzan").name == "Abzan Battle Priest"
        assert catalog.resolve("Souffle béni").name == "Blessed Breath"
    finally:
        engine.dispose()
