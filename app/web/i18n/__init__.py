"""The page language (English or French) and every label the pages show, in both.

The language comes from the `lang` cookie (the toggle) or else the browser's Accept-Language;
messages from the rules core arrive already in both languages (`label` / `label_fr`). The
labels are data, read and checked once at import (loader.py): messages.toml, rulings.toml,
and builder.toml here, and each game family's i18n.toml in its own package (Magic's holds its
subtypes and keywords in French).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import FunctionType
from typing import Literal

from starlette.requests import Request

from app.rules.core.words import counted, elide_fr
from app.rules.families import FAMILIES
from app.web.i18n.loader import load_messages

Lang = Literal["en", "fr"]
LANGS: tuple[Lang, ...] = ("en", "fr")
LANG_COOKIE = "lang"

_HERE = Path(__file__).parent
RULINGS_MESSAGE_FILE = _HERE / "rulings.toml"
# Each game family's own labels, in its package next to its code, as its registration names them.
FAMILY_MESSAGE_FILES: list[Path] = [f.pages.messages for f in FAMILIES if f.pages.messages]
# Read in this order; a key in two files is refused (loader.py).
MESSAGE_FILES: tuple[Path, ...] = (
    _HERE / "messages.toml",
    *FAMILY_MESSAGE_FILES,
    RULINGS_MESSAGE_FILE,
    _HERE / "builder.toml",  # the table builder and decklists
    _HERE / "rulings_venue.toml",  # a scenario's brief, the publish form, ruling wording
    _HERE / "links.toml",  # seat links shown again, a seat's own link
    _HERE / "offline.toml",  # the offline page and indicator
    _HERE / "ui.toml",  # the judge page layout and smaller things
    _HERE / "take_back.toml",  # taking a game back to an earlier version
    _HERE / "judge_edit.toml",  # every state in Move / edit, the turn, refusals
    _HERE / "home_flow.toml",  # the judge's flow on a phone
)

_LOADED = load_messages(MESSAGE_FILES)
# key -> (English, French)
MESSAGES: dict[str, tuple[str, str]] = _LOADED.texts
# An English type-line word -> its French.
TYPE_WORDS_FR: dict[str, str] = _LOADED.type_words
_TYPE_FR = TYPE_WORDS_FR
# An English keyword, lower case -> its French (a family's glossary).
KEYWORDS_FR: dict[str, str] = _LOADED.keywords


def pick_language(request: Request) -> Lang:
    """The cookie toggle first, then the first supported language in Accept-Language."""
    chosen = request.cookies.get(LANG_COOKIE)
    if chosen in LANGS:
        return chosen
    return parse_accept_language(request.headers.get("accept-language", ""))


def parse_accept_language(header: str) -> Lang:
    best: tuple[float, int, Lang] | None = None
    for index, part in enumerate(header.split(",")[:20]):
        pieces = part.strip().split(";")
        tag = pieces[0].strip().lower()[:2]
        quality = 1.0
        for param in pieces[1:]:
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if tag in LANGS and quality > 0:
            candidate = (quality, -index, tag)
            if best is None or candidate > best:
                best = candidate
    return best[2] if best else "en"


def translator(lang: Lang) -> Callable[..., str]:
    """t("game.turn", n=3) -> "Turn 3" / "Tour 3"; an unknown key shows itself."""
    pick = 1 if lang == "fr" else 0

    def t(key: str, **values: object) -> str:
        pair = MESSAGES.get(key)
        text = pair[pick] if pair else key
        if not values:
            return text
        # Counts pick their plural form ("{n:# card|# cards}"); names elide ("d'Alice").
        shown = counted(lang, text, **values)
        return elide_fr(shown) if lang == "fr" else shown

    return t


# The stock translators' code (one function, closed over the language).
_STOCK = translator("en").__code__


def is_stock_translator(t: object) -> bool:
    """`t` is `translator(lang)` for some language, not a page's own wording (a ruling's third
    person): what a page draws with it is then a function of the language alone, and may be
    kept under the language (tiles, log lines, the Table panel's forms)."""
    return getattr(t, "__code__", None) is _STOCK


def stock_language(t: object) -> str | None:
    """The language a stock translator speaks (each page gets its own `translator(lang)`);
    None for a page's own wording."""
    if not (isinstance(t, FunctionType) and is_stock_translator(t)):
        return None
    cells = t.__closure__ or ()
    spoken = dict(zip(t.__code__.co_freevars, (c.cell_contents for c in cells), strict=True))
    lang: str = spoken["lang"]
    return lang


def both(lang: Lang, en: str | None, fr: str | None) -> str:
    """The French text when the page is French and there is one, else the English."""
    if lang == "fr" and fr:
        return fr
    return en or fr or ""


def type_word(lang: Lang, word: str) -> str:
    return _TYPE_FR.get(word, word) if lang == "fr" else word
