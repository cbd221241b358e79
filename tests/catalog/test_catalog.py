"""The shipped card catalog: every entry valid, names unique, lookups forgiving, facts present."""

from __future__ import annotations

import json

import pytest

from app.catalog import CATALOG_PATH, Catalog, CatalogError, load_catalog, normalize_name
from app.rules.mtg.cards import MtgCard as CardDef


@pytest.fixture(scope="module")
def raw_entries() -> list[dict[str, object]]:
    with CATALOG_PATH.open(encoding="utf-8") as handle:
        data = json.load(handle)
    assert isinstance(data, list)
    return data


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def test_every_catalog_entry_is_a_valid_card_definition(raw_entries: list[dict[str, object]]):
    for entry in raw_entries:
        card = CardDef.model_validate(entry)
        assert card.name.strip() == card.name
        assert card.types, f"{card.name} has no card type"


def test_catalog_names_are_unique_across_english_and_french(
    raw_entries: list[dict[str, object]],
):
    owners: dict[str, str] = {}
    for entry in raw_entries:
        card = CardDef.model_validate(entry)
        spellings = {card.name, card.name_fr} - {None}
        if card.flip is not None:
            spellings |= {card.flip.name, card.flip.name_fr} - {None}
        for spelling in spellings:
            assert spelling is not None
            key = normalize_name(spelling)
            assert owners.setdefault(key, card.name) == card.name, (
                f"{spelling!r} is used by both {owners[key]!r} and {card.name!r}"
            )


def test_load_catalog_is_loaded_once(catalog: Catalog):
    assert load_catalog() is catalog
    assert len(catalog) == len(catalog.names())


def test_duplicate_names_are_refused():
    bears = CardDef(name="Grizzly Bears", types=("Creature",))
    impostor = CardDef(name="Other Bears", name_fr="GRIZZLY  bears", types=("Creature",))
    with pytest.raises(CatalogError, match="Duplicate card name"):
        Catalog([bears, impostor])


def test_french_name_lookup_ignores_case_and_spacing(catalog: Catalog):
    windbrisk = catalog.get("hauts de VENTABRUPT")
    assert windbrisk is not None
    assert windbrisk.name == "Windbrisk Heights"
    assert catalog.get("  Hauts   de ventabrupt ") is windbrisk
    akki = catalog.get("akki coureur des laves")
    assert akki is not None and akki.name == "Akki Lavarunner"


def test_lookup_ignores_accents_and_curly_apostrophes():
    card = CardDef(name="Krenko's Command", name_fr="Ordre de Krenkö l'Élu", types=("Sorcery",))
    catalog = Catalog([card])
    assert catalog.get("krenko’s command") is card
    assert catalog.get("KRENKO`S COMMAND") is card
    assert catalog.get("ordre de krenko l’elu") is card
    assert catalog.get("Ordre de Krenkö l'Élu") is card
    # Accents typed where the catalog has none are ignored too.
    assert load_catalog().get("Hâuts de vêntabrupt") is not None


def test_english_lookup_and_membership(catalog: Catalog):
    assert catalog.get("exalted angel") is catalog["Exalted Angel"]
    assert "Ixidron" in catalog
    assert "Tok-Tok, Volcano Born" not in catalog  # a flip half is not a card of its own
    assert catalog.get("No Such Card") is None


def test_unknown_name_raises_catalog_error_with_a_suggestion(catalog: Catalog):
    with pytest.raises(CatalogError) as caught:
        catalog.resolve("Grizly Bears")
    error = caught.value
    assert isinstance(error, ValueError)
    assert "Grizly Bears" in str(error)
    assert "Grizzly Bears" in error.suggestions
    assert "Did you mean" in error.message_en
    assert "Grizly Bears" in error.message_fr and "Vouliez-vous dire" in error.message_fr


def test_unknown_name_without_close_match_has_no_suggestion(catalog: Catalog):
    with pytest.raises(CatalogError, match="Unknown card 'zzzzqqqq'") as caught:
        catalog.resolve("zzzzqqqq")
    assert caught.value.suggestions == ()


def test_resolve_accepts_names_inline_dicts_and_definitions(catalog: Catalog):
    assert catalog.resolve("Hauts de Ventabrupt").hideaway == 4
    inline = {
        "name": "Homemade Morph",
        "types": ["Creature"],
        "mana_cost": "{2}{G}",
        "power": 3,
        "toughness": 3,
        "morph": "{1}{G}",
    }
    card = catalog.resolve(inline)
    assert card == CardDef(
        name="Homemade Morph",
        types=("Creature",),
        mana_cost="{2}{G}",
        power=3,
        toughness=3,
        morph="{1}{G}",
    )
    assert catalog.resolve(card) is card


def test_invalid_inline_definition_raises_catalog_error(catalog: Catalog):
    with pytest.raises(CatalogError, match="Invalid inline card definition 'Broken'"):
        catalog.resolve({"name": "Broken", "types": ["Creature"], "wings": True})
    with pytest.raises(CatalogError):
        catalog.resolve(42)  # type: ignore[arg-type]


def test_catalog_counts_meet_the_minimums(catalog: Catalog):
    cards = list(catalog)
    morphs = [c for c in cards if c.morph is not None or c.megamorph is not None]
    assert len(morphs) >= 10
    assert any(c.megamorph is not None for c in cards)
    assert len([c for c in cards if c.disguise is not None]) >= 3
    assert len([c for c in cards if "manifest" in c.text.casefold()]) >= 2
    assert len([c for c in cards if "cloak" in c.text.casefold()]) >= 2
    assert len([c for c in cards if c.flip is not None]) >= 10


@pytest.mark.parametrize(
    ("front", "flipped"),
    [
        ("Akki Lavarunner", "Tok-Tok, Volcano Born"),
        ("Bushi Tenderfoot", "Kenzo the Hardhearted"),
        ("Nezumi Shortfang", "Stabwhisker the Odious"),
        ("Student of Elements", "Tobita, Master of Winds"),
        ("Budoka Gardener", "Dokai, Weaver of Life"),
        ("Orochi Eggwatcher", "Shidako, Broodmistress"),
        ("Kitsune Mystic", "Autumn-Tail, Kitsune Sage"),
        ("Jushi Apprentice", "Tomoya the Revealer"),
        ("Initiate of Blood", "Goka the Unjust"),
        ("Cunning Bandit", "Azamuki, Treachery Incarnate"),
    ],
)
def test_kamigawa_flip_cards_have_their_legendary_flipped_face(
    catalog: Catalog, front: str, flipped: str
):
    card = catalog[front]
    assert card.flip is not None
    assert card.flip.name == flipped
    assert "Legendary" in card.flip.supertypes
    assert "Legendary" not in card.supertypes  # the seed's 709.2 example relies on this
    assert card.flip.power is not None and card.flip.toughness is not None


@pytest.mark.parametrize(
    "name",
    [
        "Windbrisk Heights",
        "Howltooth Hollow",
        "Mosswort Bridge",
        "Shelldock Isle",
        "Spinerock Knoll",
    ],
)
def test_lorwyn_hideaway_lands(catalog: Catalog, name: str):
    land = catalog[name]
    assert land.hideaway == 4
    assert land.types == ("Land",)
    assert land.mana_cost is None


def test_face_down_rule_cards_and_their_special_shapes(catalog: Catalog):
    for name in ("Illusionary Mask", "Ixidron", "Vesuvan Shapeshifter", "Clone"):
        assert name in catalog
    assert catalog["Vesuvan Shapeshifter"].as_turned_face_up_copy
    assert catalog["Vesuvan Shapeshifter"].morph == "{1}{U}"
    assert catalog["Ixidron"].enters_ability
    assert catalog["Clone"].enters_ability
    assert catalog["Ashcloud Phoenix"].turned_face_up_ability
    assert catalog["Skinthinner"].turned_face_up_ability
    assert catalog["Den Protector"].megamorph == "{1}{G}"
    assert catalog["Gathan Raiders"].morph == "Discard a card."
    # A disguise creature with an "enters" trigger: the 708.3 / 708.8 demonstrations.
    bonebrute = catalog["Hunted Bonebrute"]
    assert bonebrute.disguise == "{1}{B}" and bonebrute.enters_ability


def test_plain_cards_used_in_tests(catalog: Catalog):
    assert catalog["Divination"].types == ("Sorcery",)
    assert not catalog["Divination"].is_permanent_card
    assert catalog["Lightning Bolt"].types == ("Instant",)
    assert catalog["Counterspell"].mana_cost == "{U}{U}"
    assert catalog["Giant Growth"].types == ("Instant",)
    bears = catalog["Grizzly Bears"]
    assert (bears.power, bears.toughness, bears.mana_cost) == (2, 2, "{1}{G}")
    assert catalog["Llanowar Elves"].power == 1
    assert catalog["Serra Angel"].toughness == 4
    for basic in ("Forest", "Island"):
        land = catalog[basic]
        assert land.supertypes == ("Basic",) and land.types == ("Land",)
        assert land.subtypes == (basic,)


def test_names_lists_english_then_optionally_french(catalog: Catalog):
    english = catalog.names()
    assert "Windbrisk Heights" in english and "Hauts de Ventabrupt" not in english
    both = catalog.names(include_french=True)
    assert "Hauts de Ventabrupt" in both
    assert both.count("Clone") == 1  # same name in both languages is listed once


# 305.6 / 205.4b: every basic land a decklist names, in English and in its official French
# name. The ten of Kaldheim are checked against KHM's own foreignData (test_card_files.py);
# Wastes (Oath of the Gatewatch, in none of the test's set files) is "Terres désolées" as
# printed, not checked against data here.
BASIC_LANDS = {
    "Plains": ("Plaine", "W", ()),
    "Island": ("Île", "U", ()),
    "Swamp": ("Marais", "B", ()),
    "Mountain": ("Montagne", "R", ()),
    "Forest": ("Forêt", "G", ()),
    "Wastes": ("Terres désolées", "C", ()),
    "Snow-Covered Plains": ("Plaine enneigée", "W", ("Snow",)),
    "Snow-Covered Island": ("Île enneigée", "U", ("Snow",)),
    "Snow-Covered Swamp": ("Marais enneigé", "B", ("Snow",)),
    "Snow-Covered Mountain": ("Montagne enneigée", "R", ("Snow",)),
    "Snow-Covered Forest": ("Forêt enneigée", "G", ("Snow",)),
}


@pytest.mark.parametrize("name", sorted(BASIC_LANDS))
def test_205_4b_every_basic_land_is_shipped_in_english_and_french(catalog: Catalog, name: str):
    french, mana, more_supertypes = BASIC_LANDS[name]
    card = catalog.get(name)
    assert card is not None, f"{name} is not in the shipped catalog"
    assert card.name_fr == french
    assert catalog.get(french) is card
    assert card.types == ("Land",)
    assert set(card.supertypes) == {"Basic", *more_supertypes}
    # 305.6: a basic land type gives its mana ability; Wastes has no land type.
    land_type = name.removeprefix("Snow-Covered ")
    assert card.subtypes == (() if name == "Wastes" else (land_type,))
    assert "{T}: Add {" + mana + "}." in card.text


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_home_page_decklist_example_reads_against_the_shipped_catalog(
    catalog: Catalog, lang: str
):
    from pathlib import Path

    from app.catalog.decklist import read_decklist
    from app.web.i18n import translator

    home = (Path(__file__).resolve().parents[2] / "templates" / "pages" / "home.html").read_text(
        encoding="utf-8"
    )
    assert "placeholder=\"{{ t('home.deck.placeholder') }}\"" in home.split('name="deck"', 1)[1]
    # The example names the cards in the page's language ("Ange exalté" on a French page).
    placeholder = translator(lang)("home.deck.placeholder")  # type: ignore[arg-type]
    assert ("Plaine" if lang == "fr" else "Plains") in placeholder
    deck = read_decklist(placeholder, catalog)
    assert {e.card.name for e in deck.main} == {"Exalted Angel", "Plains"}
    assert deck.size == 8
