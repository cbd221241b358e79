"""Every label in both languages with counts 0, 1 and 2 and names that start with a vowel,
a mute h or a consonant (issue 29, item 9): no "(s)", no "1 cards" / "0 cartes", no
"de Alice" (French elides: "d'Alice")."""

from __future__ import annotations

import re

import pytest

from app.web.i18n import MESSAGES, translator
from app.web.i18n.loader import placeholders

# The placeholders that hold a count; every other one is filled with a name.
COUNTS = {"n", "m", "max", "ready", "exhausted", "main", "runes", "version", "last"}
# Vowel, mute h, y sounded as a vowel; consonant, y sounded as a consonant.
ELIDED = ("Alice", "Ève", "Hélène", "Yves")
KEPT = ("Bob", "Yann")

NOUNS_EN = "card|step|rune|target|paragraph|token|counter|permanent|mulligan|point"
NOUNS_FR = "carte|étape|rune|cible|paragraphe|jeton|marqueur|permanent|mulligan|point"
WRONG = {
    "en": [re.compile(rf"\b1 (?:{NOUNS_EN})s\b"), re.compile(rf"\b[02] (?:{NOUNS_EN})\b")],
    # French: 0 and 1 are singular.
    "fr": [re.compile(rf"\b[01] (?:{NOUNS_FR})s\b"), re.compile(rf"\b2 (?:{NOUNS_FR})\b")],
}
NOT_ELIDED = re.compile(
    r"(?<![\w'-])(?:de|le|la|que|ne|ce) (?:" + "|".join(ELIDED) + r")\b", re.IGNORECASE
)
WRONGLY_ELIDED = re.compile(r"(?<![\w'-])(?:d|l|qu)'(?:" + "|".join(KEPT) + r")\b", re.I)


def _rendered(lang: str, key: str, count: int, name: str) -> str:
    t = translator(lang)  # type: ignore[arg-type]
    fields = placeholders(MESSAGES[key][0])
    if not fields:
        return t(key)
    return t(key, **{f: count if f in COUNTS else name for f in fields})


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_message_counts_with_a_real_plural_rule(lang: str) -> None:
    wrong: list[str] = []
    for key in MESSAGES:
        for count in (0, 1, 2):
            text = _rendered(lang, key, count, "Bob")
            if "(s)" in text or "(es)" in text or any(p.search(text) for p in WRONG[lang]):
                wrong.append(f"{key} [{count}]: {text}")
    assert not wrong, "\n".join(wrong)


def test_every_french_message_elides_before_a_vowel_and_only_there() -> None:
    wrong: list[str] = []
    for key in MESSAGES:
        for name in (*ELIDED, *KEPT):
            text = _rendered("fr", key, 2, name)
            if NOT_ELIDED.search(text) or WRONGLY_ELIDED.search(text):
                wrong.append(f"{key} [{name}]: {text}")
    assert not wrong, "\n".join(wrong)


def test_the_checks_bite() -> None:
    # The patterns the two tests above look for do match the mistakes they name.
    assert WRONG["en"][0].search("choose 1 cards") and WRONG["en"][1].search("0 card left")
    assert WRONG["fr"][0].search("0 cartes") and WRONG["fr"][1].search("2 carte")
    assert NOT_ELIDED.search("les unités de Alice") and NOT_ELIDED.search("la main de Ève")
    assert WRONGLY_ELIDED.search("la main d'Yann") and not NOT_ELIDED.search("de Bob")


def test_french_labels_name_players_with_elision() -> None:
    fr = translator("fr")
    assert fr("rb.units_of", player="Alice") == "Unités d'Alice"
    assert fr("rb.units_of", player="Yann") == "Unités de Yann"
    assert (
        fr("ui.hidden_zone.nobody", zone="Main", n=0) == "Caché — Main : 0 carte, vue par personne"
    )
    assert (
        fr("ui.hidden_zone.nobody", zone="Main", n=1) == "Caché — Main : 1 carte, vue par personne"
    )
    assert fr("zone.hidden_hand", n=2) == "2 cartes, cachées"
    en = translator("en")
    assert en("zone.hidden_hand", n=0) == "0 cards, hidden"
    assert en("zone.hidden_hand", n=1) == "1 card, hidden"
