"""Words that depend on what they count or what follows them, in English and French.

Plural forms come from CLDR's plural rules (Babel): English says "1 card", "0 cards";
French says "0 carte", "1 carte", "2 cartes" (0 and 1 are both singular). A text never
writes "card(s)".

French elides "de", "le", "la", "que"... before a vowel or a mute h ("d'Alice", "l'Ange",
"qu'Ève") and writes "cet" for "ce" there. Names are filled into French texts in many places
(events, refusals, labels), so `elide_fr` is applied where French text leaves the core and
the labels (`Text`, `RuleError`, the web's translator) rather than at each name.

This module is imported by the rules core and the web alike: it imports neither.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from typing import Literal

from babel import Locale

Lang = Literal["en", "fr"]


@cache
def _locale(lang: str) -> Locale:
    return Locale.parse(lang)


def plural_category(lang: str, n: int) -> str:
    """CLDR's category for `n` in `lang`: "one" or "other" (French "many" for millions is
    spoken as "other": "1 000 000 de cartes" is beyond any table)."""
    category = _locale(lang).plural_form(abs(n))
    return "one" if category == "one" else "other"


def plural(lang: str, n: int, one: str, other: str) -> str:
    """The form for `n`, with '#' replaced by the number: plural("fr", 0, "# carte",
    "# cartes") -> "0 carte"."""
    form = one if plural_category(lang, n) == "one" else other
    return form.replace("#", str(n))


def plural_pair(n: int, en: tuple[str, str], fr: tuple[str, str]) -> tuple[str, str]:
    """The English and the French form for `n`, '#' replaced by the number:
    plural_pair(0, ("# card", "# cards"), ("# carte", "# cartes")) -> ("0 cards", "0 carte")."""
    return plural("en", n, *en), plural("fr", n, *fr)


class Count:
    """A number that a label formats with its plural forms: "{n:# card|# cards}".

    Without a '|' in the format spec it formats as the plain number, so "{n}" still works.
    """

    __slots__ = ("lang", "n")

    def __init__(self, lang: str, n: int) -> None:
        self.lang = lang
        self.n = n

    def __format__(self, spec: str) -> str:
        if "|" not in spec:
            return format(self.n, spec)
        one, _, other = spec.partition("|")
        return plural(self.lang, self.n, one, other)

    def __str__(self) -> str:
        return str(self.n)


def counted(lang: str, template: str, **values: object) -> str:
    """`template.format(**values)` with every count a `Count` for `lang`: an int, or a text
    that is one written plainly ("3", as a template may pass it; not "007")."""
    return template.format(**{k: _as_count(lang, v) for k, v in values.items()})


def _as_count(lang: str, value: object) -> object:
    if isinstance(value, int) and not isinstance(value, bool):
        return Count(lang, value)
    if isinstance(value, str) and value.isascii() and value.isdigit() and str(int(value)) == value:
        return Count(lang, int(value))
    return value


# --- French elision ------------------------------------------------------------------------

# Words that lose their vowel before a vowel sound ("de Alice" -> "d'Alice").
_ELIDING = ("de", "le", "la", "que", "ne", "je", "me", "te", "se", "jusque", "lorsque", "puisque")
_VOWELS = "aeiouàâäéèêëîïôöùûüœæ"
# An h that is "aspirated" blocks elision ("de haut en bas", "le héros"); in names a capital
# H is taken as mute ("d'Hélène"), the way French speakers say most given names.
_ASPIRATED_H = frozenset(
    {"haut", "hauts", "haute", "hautes", "hasard", "hors", "héros", "hache", "haine", "halte",
     "hameau", "hanche", "hurledent", "hangar", "hareng", "harpie", "harpies", "hasardeux", "hâte", "hibou",
     "hideux", "hiérarchie", "homard", "honte", "hurler", "hutte", "hyène"}
)  # fmt: skip
# Words that begin with a vowel sound but take no elision.
_NO_ELISION = frozenset({"onze", "onzième", "oui", "ouate", "yacht", "yaourt", "yéti"})

_WORD = r"[A-Za-zÀ-ÖØ-öø-ÿœŒæÆ][\w'’-]*"
_ELISION_RE = re.compile(
    r"(?<![\w'’-])(" + "|".join(_ELIDING) + r"|ce) (" + _WORD + ")",
    re.IGNORECASE,
)


def starts_with_vowel_sound(word: str) -> bool:
    """Whether French elides before `word`: a vowel, a mute h, or a y sounded as a vowel
    ("Yves", not "Yann")."""
    if not word:
        return False
    bare = word.split("'")[0].split("’")[0]
    lower = bare.lower()
    if lower in _NO_ELISION:
        return False
    first = lower[0]
    if first in _VOWELS:
        return True
    if first == "h":
        if lower in _ASPIRATED_H:
            return False
        # A capital H starts a name: taken as mute. A lower-case word: only those known mute.
        return bare[0] == "H" or lower.startswith(("heure", "homme", "hiver", "histoire"))
    if first == "y":
        # "Yves", "Ylva": a vowel; "Yann", "Yoko": a consonant before the next vowel.
        return len(lower) > 1 and lower[1] not in _VOWELS
    return False


def _elide_one(match: re.Match[str]) -> str:
    little, word = match.group(1), match.group(2)
    if not starts_with_vowel_sound(word):
        return match.group(0)
    if little.lower() == "ce":
        return f"{little}t {word}"  # "ce Ange" -> "cet Ange" (ce never elides before a noun)
    return f"{little[:-1]}'{word}"


# Every French Text is elided as it is made, and a page makes one label per candidate action
# (most never shown), the same few hundred texts again and again: a fifth of a live action's
# time went here. A pure function of its text: remembered, bounded.
@lru_cache(maxsize=8192)
def elide_fr(text: str) -> str:
    """French elision over a whole text: "de Alice" -> "d'Alice", "la Île" -> "l'Île",
    "que Ève" -> "qu'Ève", "ce Ange" -> "cet Ange". Idempotent; leaves "de Bob", "de Yann"
    and "de haut en bas" alone."""
    if " " not in text:
        return text
    return _ELISION_RE.sub(_elide_one, text)


def name_after(lang: str, little: str, name: str) -> str:
    """A name after a small word, elided in French: name_after("fr", "de", "Alice") ->
    "d'Alice"; in English the two words as they are."""
    joined = f"{little} {name}"
    return elide_fr(joined) if lang == "fr" else joined


def life_fr(n: int) -> str:
    """French life points: "0 point de vie", "1 point de vie", "2 points de vie"."""
    return plural("fr", n, "# point de vie", "# points de vie")


def counters_words(n: int, counter: str) -> tuple[str, str]:
    """Counters in both languages: ("1 +1/+1 counter", "1 marqueur +1/+1"),
    ("2 charge counters", "2 marqueurs charge"). The counter's name (free text) never goes
    through `plural`, where a "#" in it would become the number."""
    noun_en, noun_fr = plural_pair(n, ("counter", "counters"), ("marqueur", "marqueurs"))
    return f"{n} {counter} {noun_en}", f"{n} {noun_fr} {counter}"
