"""Card data importers (issue 15): each fixture format read card by card into the family's
card model, the format sniffed from the file, and a damaged or unknown file refused with one
clear line."""

from __future__ import annotations

import gzip
import io
import json
import re
from pathlib import Path

import pytest

from app.catalog import Catalog
from app.catalog.importers import CardDataError, ImportedCard, detect_format, read_cards
from app.rules.mtg.card_formats import mtgjson, scryfall
from app.rules.mtg.cards import MtgCard
from app.rules.riftbound.card_formats import export
from app.rules.riftbound.cards import RiftboundCard

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "cards"
MTGJSON = FIXTURES / "AtomicCards.sample.json"
SCRYFALL = FIXTURES / "oracle-cards.sample.json"
RIFTBOUND = FIXTURES / "riftbound.sample.json"
DAMAGED = FIXTURES / "AtomicCards.damaged.json"


def cards_of(path: Path, fmt=None) -> dict[str, MtgCard | RiftboundCard]:
    return {c.card.name: c.card for c in read_cards(path, fmt)}


@pytest.mark.parametrize(
    ("path", "fmt"), [(MTGJSON, "mtgjson"), (SCRYFALL, "scryfall"), (RIFTBOUND, "riftbound")]
)
def test_the_format_is_sniffed_from_the_first_keys(path, fmt):
    assert detect_format(path) == fmt
    assert [c.card for c in read_cards(path)] == [c.card for c in read_cards(path, fmt)]


def test_mtgjson_cards_are_magic_cards_with_english_and_french_names():
    read = list(read_cards(MTGJSON))
    assert all(isinstance(c, ImportedCard) and c.ruleset == "mtg" for c in read)
    cards = {c.card.name: c.card for c in read}
    assert cards["Windbrisk Heights"].name_fr == "Hauts de ventabrupt"
    assert cards["Exalted Angel"].name_fr == "Ange exalté"  # French, not German
    assert cards["Tarmogoyf"].name_fr is None  # same spelling in French: no second name
    catalog = Catalog(cards.values(), MtgCard)
    assert catalog["hauts de VENTABRUPT"].name == "Windbrisk Heights"


@pytest.mark.parametrize("path", [MTGJSON, SCRYFALL])
def test_a_flip_card_has_both_halves_and_the_flipped_name(path):
    akki = cards_of(path)["Akki Lavarunner"]
    assert (akki.power, akki.toughness, akki.mana_cost) == (1, 1, "{3}{R}")
    assert akki.flip is not None
    assert akki.flip.name == "Tok-Tok, Volcano Born"
    assert (akki.flip.supertypes, akki.flip.types) == (("Legendary",), ("Creature",))
    assert (akki.flip.power, akki.flip.toughness) == (2, 2)
    assert "Protection from red" in akki.flip.text and "Tok-Tok" not in akki.text
    assert akki.other_names()[0] == "Tok-Tok, Volcano Born"


def test_mtgjson_gives_the_flipped_half_its_french_name():
    akki = cards_of(MTGJSON)["Akki Lavarunner"]
    assert (akki.name_fr, akki.flip.name_fr) == ("Akki coureur des laves", "Tok-Tok, né du volcan")


@pytest.mark.parametrize("path", [MTGJSON, SCRYFALL])
def test_a_hideaway_land_has_its_n_enters_tapped_and_its_play_ability(path):
    heights = cards_of(path)["Windbrisk Heights"]
    ability = heights.hideaway_ability
    assert heights.hideaway == 4 and heights.enters_tapped and heights.is_type("Land")
    assert (ability.cost, ability.tap) == ("{W}", True)
    assert (ability.condition.kind, ability.condition.amount) == ("attacked_with_creatures", 3)
    assert heights.unverified is None


@pytest.mark.parametrize("path", [MTGJSON, SCRYFALL])
def test_208_2a_a_star_power_is_imported_as_printed(path):
    goyf = cards_of(path)["Tarmogoyf"]
    assert (goyf.power, goyf.toughness) == ("*", "1+*")


@pytest.mark.parametrize("path", [MTGJSON, SCRYFALL])
def test_702_168_a_disguise_card_has_its_cost_and_its_turned_face_up_trigger(path):
    walker = cards_of(path)["Dog Walker"]
    assert walker.disguise == "{R/W}{R/W}" and walker.morph is None
    assert walker.turned_face_up_ability == "Create two tapped 1/1 white Dog creature tokens."


@pytest.mark.parametrize("path", [MTGJSON, SCRYFALL])
def test_707_11_morph_and_as_turned_face_up_copy_on_one_card(path):
    vesuvan = cards_of(path)["Vesuvan Shapeshifter"]
    assert vesuvan.morph == "{1}{U}" and vesuvan.as_turned_face_up_copy
    assert vesuvan.enters_ability.startswith("As Vesuvan Shapeshifter enters")
    assert vesuvan.turned_face_up_ability is None and vesuvan.unverified is None


@pytest.mark.parametrize("path", [MTGJSON, SCRYFALL])
def test_708_11_hooded_hydra_imports_its_counters_and_its_dies_trigger(path):
    hydra = cards_of(path)["Hooded Hydra"]
    assert hydra.morph == "{3}{G}{G}" and hydra.as_turned_face_up is not None
    assert hydra.as_turned_face_up.counters == {"+1/+1": 5}
    assert [t.event for t in hydra.triggers] == ["dies"]
    assert hydra.turned_face_up_ability is None


@pytest.mark.parametrize("path", [MTGJSON, SCRYFALL])
def test_603_6c_kozilek_imports_its_from_anywhere_trigger(path):
    kozilek = cards_of(path)["Kozilek, Butcher of Truth"]
    assert [t.event for t in kozilek.triggers] == ["put_into_graveyard_from_anywhere"]
    assert kozilek.triggers[0].text.startswith("Its owner shuffles their graveyard")


def test_702_37b_megamorph_cost_and_trigger():
    assert cards_of(MTGJSON)["Stratus Dancer"].megamorph == "{1}{U}"
    den = cards_of(SCRYFALL)["Den Protector"]
    assert den.megamorph == "{1}{G}" and den.morph is None
    assert den.turned_face_up_ability == "Return target card from your graveyard to your hand."


def test_what_the_parser_is_unsure_of_is_noted_for_the_judge():
    mtgjson = cards_of(MTGJSON)
    raiders = mtgjson["Gathan Raiders"]
    assert raiders.morph == "Discard a card"
    assert "morph cost is not mana" in raiders.unverified
    split = mtgjson["Fire // Ice"]
    assert split.mana_cost == "{1}{R} // {1}{U}" and "split card" in split.unverified
    scryfall = cards_of(SCRYFALL)
    assert "transform card" in scryfall["Delver of Secrets"].unverified
    assert "Insectile Aberration" in scryfall["Delver of Secrets"].text
    assert "does not model" in scryfall["Ixidron"].unverified
    # 604.3: its power and toughness are counted, not left as an unknown "*".
    assert scryfall["Ixidron"].pt_cda is not None
    assert scryfall["Ixidron"].pt_cda.count == "face_down_creatures"


def test_scryfall_skips_tokens_and_art_cards_and_has_no_french():
    cards = cards_of(SCRYFALL)
    assert "Goblin" not in cards and not any("//" in n for n in cards)
    assert all(card.name_fr is None for card in cards.values())


def test_riftbound_cards_with_hidden_as_a_flag_and_power_as_the_power_cost():
    read = list(read_cards(RIFTBOUND))
    assert {c.ruleset for c in read} == {"riftbound"}
    cards = {c.card.name: c.card for c in read}
    fae = cards["Blastcone Fae"]
    assert isinstance(fae, RiftboundCard)
    assert (fae.hidden, fae.keywords, fae.power_cost, fae.might) == (True, (), 1, 2)
    assert fae.name_fr == "Fée des pommes de pin" and fae.play_effect.kind == "might"
    teemo = cards["Teemo, Scout"]
    assert (teemo.supertypes, teemo.types) == (("Champion",), ("Unit",))
    assert cards["Evelynn, Entrancing"].keywords == ("Backline",)
    assert cards["Edge of Night"].subtypes == ("Equipment",)
    assert cards["Bandle Tree"].facedown_capacity == 2
    assert not cards["Watchful Sentry"].hidden


def test_a_compressed_download_is_read_as_is(tmp_path):
    packed = tmp_path / "AtomicCards.json.gz"
    packed.write_bytes(gzip.compress(MTGJSON.read_bytes()))
    assert detect_format(packed) == "mtgjson"
    assert cards_of(packed) == cards_of(MTGJSON)


def test_a_damaged_file_is_one_clear_line():
    with pytest.raises(CardDataError) as err:
        list(read_cards(DAMAGED))
    assert "AtomicCards.damaged.json: damaged JSON" in str(err.value)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"", "empty"),
        (b'{"hello": "world"}', "unknown card data format"),
        (b'"just a string"', "not a card data file"),
        (b"\x00\x01binary", "damaged JSON"),
        (b'{"format": "someone-else", "cards": []}', "unknown card data format"),
    ],
)
def test_an_unknown_file_is_refused(tmp_path, content, expected):
    path = tmp_path / "cards.json"
    path.write_bytes(content)
    with pytest.raises(CardDataError, match=expected):
        list(read_cards(path))


@pytest.mark.parametrize(
    ("read", "content", "expected"),
    [
        (mtgjson.read, b'{"data": {}}', 'cards.json: no cards under "data"'),
        (scryfall.read, b"[]", "cards.json: no card objects"),
        (export.read, b"[]", "cards.json: an empty list, no cards"),
        (mtgjson.read, b'{"data": {"Forest": "a land"}}', "data['Forest'] is not a list"),
        (scryfall.read, b'[{"name": "x", "object": "card"}, {"name": 3}]', "item 2 is not"),
        (export.read, b'[{"name": "Teemo"}]', "item 1 is not a Riftbound export card"),
    ],
)
def test_each_reader_refuses_a_file_with_no_card_and_names_the_entry_that_is_not_one(
    read, content, expected
):
    with pytest.raises(CardDataError, match=re.escape(expected)):
        list(read(io.BytesIO(content), "cards.json"))


def test_a_missing_file_is_refused(tmp_path):
    with pytest.raises(CardDataError, match="can't open"):
        list(read_cards(tmp_path / "nowhere.json"))


@pytest.mark.parametrize(
    ("fmt", "path"), [("mtgjson", SCRYFALL), ("scryfall", MTGJSON), ("riftbound", MTGJSON)]
)
def test_a_file_of_another_format_than_asked_is_refused(fmt, path):
    with pytest.raises(CardDataError):
        list(read_cards(path, fmt))


def test_an_unknown_format_name_is_refused():
    with pytest.raises(CardDataError, match="Unknown card data format"):
        list(read_cards(MTGJSON, "yaml"))  # type: ignore[arg-type]


def _riftbound(tmp_path, cards, **header):
    path = tmp_path / "rb.json"
    doc = {"format": "facedown-riftbound", "version": 1, **header, "cards": cards}
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_a_riftbound_card_that_is_not_valid_names_itself(tmp_path):
    path = _riftbound(tmp_path, [{"name": "Bad", "type": "Unit", "might": -3}])
    with pytest.raises(CardDataError, match="card 'Bad' is not valid \\(might"):
        list(read_cards(path))
    path = _riftbound(tmp_path, [{"name": "Typo", "mihgt": 3}])
    with pytest.raises(CardDataError, match="unknown field\\(s\\) mihgt"):
        list(read_cards(path))


def test_a_riftbound_file_of_another_version_is_refused(tmp_path):
    with pytest.raises(CardDataError, match="version 2"):
        list(read_cards(_riftbound(tmp_path, [], version=2)))


def test_a_magic_card_that_does_not_fit_the_model_is_skipped_not_fatal(tmp_path, caplog):
    long_name = "Our Market Research Shows " + "Really " * 20 + "Long Names"
    doc = json.loads(MTGJSON.read_text(encoding="utf-8"))
    doc["data"][long_name] = [{"name": long_name, "type": "Creature", "layout": "normal"}]
    path = tmp_path / "AtomicCards.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    names = set(cards_of(path))
    assert long_name not in names and "Tarmogoyf" in names
    assert "skipped" in caplog.text


def test_cards_are_read_as_a_stream_one_at_a_time():
    stream = read_cards(MTGJSON)
    first = next(stream)
    assert first.card.name == "Akki Lavarunner"
    stream.close()
