"""A card's words on a page in the page's language: its type line, its keywords, its text.

The rules hand the pages English card data with a French name where the data has one; the
French words for types, subtypes and keywords are the glossary's (Magic's in app/rules/mtg/i18n.toml). This
is where a French page swaps them in, so templates never hold language conditionals and the
rules core stays language-free.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from app.web.i18n import KEYWORDS_FR, Lang, type_word


def type_line(obj: Any, lang: Lang) -> str:
    """ "Legendary Creature — Goblin Shaman"; in French the supertypes follow the types and
    the subtypes are joined by "et", as French cards print them, each with its capital (the
    judges' wish, though modern printings write them in lower case): "Créature légendaire
    — Gobelin et Shamane"."""
    supertypes = [type_word(lang, w) for w in getattr(obj, "supertypes", ())]
    types = [type_word(lang, w) for w in obj.types]
    subtypes = [type_word(lang, w) for w in obj.subtypes]
    if lang == "fr":
        line = " ".join([*types, *(w.lower() for w in supertypes)])
        joined = " et ".join(w[:1].upper() + w[1:] for w in subtypes)
    else:
        line = " ".join([*supertypes, *types])
        joined = " ".join(subtypes)
    if subtypes:
        line += " — " + joined
    return line


def keyword(lang: Lang, word: str) -> str:
    """A keyword as a label ("morph" -> "mue"), its first letter's case kept."""
    if lang != "fr":
        return word
    french = KEYWORDS_FR.get(word.lower())
    return _same_case(word, french) if french else word


def card_text(lang: Lang, text: str, names: Iterable[tuple[str, str | None]] = ()) -> str:
    """A card's English text for a page: on a French page, its keywords in French and the
    card names it repeats (`names`: English, French) by their French names. The rest stays
    as the data has it (the catalog's texts are English)."""
    if lang != "fr" or not text:
        return text
    renamed = {en: fr for en, fr in names if fr and fr != en}
    if renamed:
        spelled = "|".join(re.escape(en) for en in sorted(renamed, key=len, reverse=True))
        text = re.sub(rf"\b(?:{spelled})\b", lambda m: renamed[m.group(0)], text)
    return _KEYWORD_PATTERN.sub(
        lambda m: _same_case(m.group(0), KEYWORDS_FR[m.group(0).lower()]), text
    )


def object_text(obj: Any, lang: Lang, text: str | None = None) -> str:
    """An object's (or a card face's) text via `card_text`, with the names printed on it:
    its own and, for a flip card, its other half's."""
    names: list[tuple[str, str | None]] = []
    for holder in (obj, getattr(obj, "card", None), getattr(obj, "flip", None)):
        name = getattr(holder, "name", None)
        if isinstance(name, str):
            names.append((name, getattr(holder, "name_fr", None)))
        flip = getattr(holder, "flip", None)
        if flip is not None and isinstance(getattr(flip, "name", None), str):
            names.append((flip.name, flip.name_fr))
    return card_text(lang, obj.text if text is None else text, names)


def _same_case(original: str, french: str) -> str:
    if original[:1].isupper():
        return french[:1].upper() + french[1:]
    return french


# The longest keyword first: "manifest dread" before "manifest", "double strike" before ...
_KEYWORD_PATTERN = re.compile(
    r"\b(?:" + "|".join(re.escape(k) for k in sorted(KEYWORDS_FR, key=len, reverse=True)) + r")\b",
    re.IGNORECASE,
)
