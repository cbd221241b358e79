"""A card's words on a French page (issue 17, item 8): subtypes and keywords through the
glossary (Magic's, in app/rules/mtg/i18n.toml), the names a card's text repeats by their French names."""

from __future__ import annotations

from types import SimpleNamespace

from app.web.card_words import card_text, keyword, object_text, type_line
from app.web.i18n import KEYWORDS_FR


def _card(**fields):
    base = {"name": "", "name_fr": None, "types": (), "supertypes": (), "subtypes": ()}
    return SimpleNamespace(**(base | fields))


def test_a_french_type_line_translates_types_supertypes_and_subtypes():
    akroma = _card(types=("Creature",), supertypes=("Legendary",), subtypes=("Angel",))
    willbender = _card(types=("Creature",), subtypes=("Human", "Wizard"))
    assert type_line(akroma, "en") == "Legendary Creature — Angel"
    assert type_line(akroma, "fr") == "Créature légendaire — Ange"
    assert type_line(willbender, "fr") == "Créature — Humain et Sorcier"
    assert type_line(willbender, "en") == "Creature — Human Wizard"


def test_a_subtype_the_glossary_lacks_stays_as_the_data_has_it():
    assert type_line(_card(types=("Creature",), subtypes=("Noggle",)), "fr") == "Créature — Noggle"


def test_keywords_read_in_french_with_their_capital_kept():
    assert keyword("fr", "morph") == "mue"
    assert keyword("fr", "Disguise") == "Déguisement"
    assert keyword("en", "morph") == "morph"
    assert {"morph", "manifest", "disguise", "cloak", "hideaway", "foretell", "flying"} <= set(
        KEYWORDS_FR
    )


def test_card_text_on_a_french_page_has_french_keywords_and_names():
    text = "Flying. Whenever Exalted Angel deals damage, you gain that much life. Morph {2}{W}{W}."
    shown = card_text("fr", text, [("Exalted Angel", "Ange exalté")])
    assert shown == (
        "Vol. Whenever Ange exalté deals damage, you gain that much life. Mue {2}{W}{W}."
    )
    assert card_text("en", text, [("Exalted Angel", "Ange exalté")]) == text


def test_the_longest_keyword_wins_and_words_that_merely_contain_one_stay():
    assert card_text("fr", "When it enters, manifest dread.") == (
        "When it enters, manifester l'effroi."
    )
    # "manifested", "Flashback", "enchanted" are other words: left alone.
    kept = "Enchanted creature was manifested; Flashback {2}."
    assert card_text("fr", kept) == kept


def test_a_flip_cards_text_names_both_halves_in_french():
    face = _card(
        name="Akki Lavarunner",
        name_fr="Akki coureur des laves",
        text="Haste. Whenever Akki Lavarunner deals damage, flip it into Tok-Tok, Volcano Born.",
        flip=SimpleNamespace(name="Tok-Tok, Volcano Born", name_fr="Tok-Tok, né du volcan"),
    )
    assert object_text(face, "fr") == (
        "Célérité. Whenever Akki coureur des laves deals damage, flip it into "
        "Tok-Tok, né du volcan."
    )
