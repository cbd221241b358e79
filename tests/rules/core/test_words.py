"""Words (issue 29, item 9): plural forms from CLDR's rules (Babel), French elision, in one
module (app/rules/core/words.py) used by the rules' events and refusals and the web's labels."""

from __future__ import annotations

import pytest

from app.rules.core.errors import RuleError
from app.rules.core.events import Text
from app.rules.core.words import (
    counted,
    counters_words,
    elide_fr,
    life_fr,
    name_after,
    plural,
    plural_category,
    plural_pair,
    starts_with_vowel_sound,
)


@pytest.mark.parametrize(
    ("lang", "n", "category"),
    [("en", 0, "other"), ("en", 1, "one"), ("en", 2, "other"),
     ("fr", 0, "one"), ("fr", 1, "one"), ("fr", 2, "other"), ("fr", 1_000_000, "other")],
)  # fmt: skip
def test_plural_categories_are_cldr_s(lang: str, n: int, category: str) -> None:
    # French: 0 and 1 are singular ("0 carte"); English: only 1 ("0 cards").
    assert plural_category(lang, n) == category


def test_plural_forms_replace_the_hash_with_the_number() -> None:
    assert plural_pair(0, ("# card", "# cards"), ("# carte", "# cartes")) == ("0 cards", "0 carte")
    assert plural_pair(1, ("# card", "# cards"), ("# carte", "# cartes")) == ("1 card", "1 carte")
    assert plural_pair(2, ("# card", "# cards"), ("# carte", "# cartes")) == ("2 cards", "2 cartes")
    assert plural("fr", 1, "la carte", "les # cartes") == "la carte"


def test_a_label_picks_its_form_by_its_format_spec() -> None:
    assert counted("en", "{n:# step differs|# steps differ}.", n=1) == "1 step differs."
    assert counted("fr", "{n:# étape diffère|# étapes diffèrent}.", n=0) == "0 étape diffère."
    # Without forms a count is its number; text values are left alone.
    assert counted("fr", "Tour {n} de {who}", n=3, who="Bob") == "Tour 3 de Bob"
    # A count passed as text is still a count; other text is left as it is.
    assert counted("en", "{n:# card|# cards}", n="1") == "1 card"
    assert counted("en", "Rule {n}", n="007") == "Rule 007"


def test_life_and_counters_in_both_languages() -> None:
    assert [life_fr(n) for n in (0, 1, 2)] == [
        "0 point de vie", "1 point de vie", "2 points de vie",
    ]  # fmt: skip
    assert counters_words(1, "+1/+1") == ("1 +1/+1 counter", "1 marqueur +1/+1")
    assert counters_words(0, "+1/+1") == ("0 +1/+1 counters", "0 marqueur +1/+1")
    assert counters_words(2, "charge") == ("2 charge counters", "2 marqueurs charge")
    assert counters_words(2, "#1") == ("2 #1 counters", "2 marqueurs #1")  # free text kept


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("le contrôle de Alice", "le contrôle d'Alice"),
        ("la main de Ève", "la main d'Ève"),
        ("la main de Hélène", "la main d'Hélène"),
        ("la main de Yves", "la main d'Yves"),
        ("Le Ixidron de Bob", "L'Ixidron de Bob"),
        ("la Île de Coquillages", "l'Île de Coquillages"),
        ("Seul Alice sait que Alice a cette carte", "Seul Alice sait qu'Alice a cette carte"),
        ("ce Ange", "cet Ange"),
        ("ne est", "n'est"),
    ],
)
def test_french_elides_before_a_vowel_or_a_mute_h(before: str, after: str) -> None:
    assert elide_fr(before) == after
    assert elide_fr(after) == after  # idempotent


@pytest.mark.parametrize(
    "kept",
    [
        "la main de Bob",
        "la main de Yann",  # a y sounded as a consonant
        "de haut en bas",  # an aspirated h
        "Cuvette de Hurledent",  # the official French name keeps its "de"
        "appliquez-le à la main",  # an imperative's pronoun is not an article
        "Est-ce encore Tok-Tok ?",
        "le onze",
    ],
)
def test_french_keeps_de_le_la_before_a_consonant_sound(kept: str) -> None:
    assert elide_fr(kept) == kept


def test_vowel_sounds() -> None:
    assert [starts_with_vowel_sound(w) for w in ("Alice", "Ève", "Hélène", "Yves")] == [True] * 4
    assert [starts_with_vowel_sound(w) for w in ("Bob", "Yann", "haut", "")] == [False] * 4


def test_name_after_elides_in_french_only() -> None:
    assert name_after("fr", "de", "Alice") == "d'Alice"
    assert name_after("fr", "de", "Bob") == "de Bob"
    assert name_after("en", "de", "Alice") == "de Alice"


def test_events_and_refusals_are_elided_where_they_leave_the_core() -> None:
    # Every event text and refusal goes through Text / RuleError: names filled in by
    # f-strings anywhere in the rules come out elided.
    assert Text(en="Alice's hand", fr="la main de Alice").fr == "la main d'Alice"
    assert RuleError([], "Only Ève acts.", "Seule Ève agit pour que Ève joue.").message_fr == (
        "Seule Ève agit pour qu'Ève joue."
    )
