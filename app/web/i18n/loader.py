"""Message files: the pages' labels as data (TOML), checked as they are read.

A file holds one `[messages."<key>"]` table per label, with its `en` and `fr` texts, and may
hold a `[type_words]` table (an English type-line word and its French) and a `[keywords]`
table (an English keyword as cards print it, lower case, and its French: a family's glossary).
Reading refuses, with a MessageFileError naming the file and the key:
- a label without both texts, or with any other field;
- a key (or type word, or keyword) defined twice, in one file or across files;
- English and French texts whose {placeholders} differ: formatting the other language would
  raise KeyError or drop a value, on a page that then fails for French readers only.
- a plural form other than "{n:one|other}" (two forms, CLDR's categories: app/rules/core/words.py).
"""

from __future__ import annotations

import string
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

TEXT_FIELDS = ("en", "fr")
_SECTIONS = {"messages", "type_words", "keywords"}


class MessageFileError(ValueError):
    """A message file that can't be used as it is."""


@dataclass
class Messages:
    """Labels by key, as (English, French); type-line words and keywords, English -> French."""

    texts: dict[str, tuple[str, str]] = field(default_factory=dict)
    type_words: dict[str, str] = field(default_factory=dict)
    keywords: dict[str, str] = field(default_factory=dict)


def placeholders(text: str) -> set[str]:
    """The names of the {fields} `str.format` fills in `text`."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def read_message_file(path: Path) -> Messages:
    """One file's labels and type words, each checked (not yet against other files)."""
    try:
        # tomllib itself refuses a table or key defined twice in one file.
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise MessageFileError(f"{path}: {exc}") from exc
    unknown = sorted(set(data) - _SECTIONS)
    if unknown:
        raise MessageFileError(f"{path}: unknown sections {unknown}")
    found = Messages()
    for key, entry in data.get("messages", {}).items():
        found.texts[key] = _texts(path, key, entry)
    for word, french in data.get("type_words", {}).items():
        if not isinstance(french, str) or not french:
            raise MessageFileError(f"{path}: type word {word!r} needs its French as text")
        found.type_words[word] = french
    for word, french in data.get("keywords", {}).items():
        if not isinstance(french, str) or not french:
            raise MessageFileError(f"{path}: keyword {word!r} needs its French as text")
        if word != word.lower():
            # Card text is matched ignoring case: one spelling per keyword.
            raise MessageFileError(f"{path}: keyword {word!r} must be written in lower case")
        found.keywords[word] = french
    return found


def _texts(path: Path, key: str, entry: Any) -> tuple[str, str]:
    if not isinstance(entry, dict) or set(entry) != set(TEXT_FIELDS):
        fields = sorted(entry) if isinstance(entry, dict) else type(entry).__name__
        raise MessageFileError(f"{path}: {key!r} needs exactly en and fr, not {fields}")
    en, fr = entry["en"], entry["fr"]
    if not (isinstance(en, str) and isinstance(fr, str) and en and fr):
        raise MessageFileError(f"{path}: {key!r} needs a non-empty en and fr text")
    try:
        same = placeholders(en) == placeholders(fr)
    except ValueError as exc:  # an unmatched { or }
        raise MessageFileError(f"{path}: {key!r}: {exc}") from exc
    if not same:
        raise MessageFileError(
            f"{path}: {key!r} has placeholders {sorted(placeholders(en))} in en "
            f"but {sorted(placeholders(fr))} in fr"
        )
    for text in (en, fr):
        for _, name, spec, _ in string.Formatter().parse(text):
            # Plural forms (app/rules/core/words.py): "{n:# card|# cards}", one and other.
            if spec and "|" in spec and spec.count("|") != 1:
                raise MessageFileError(
                    f"{path}: {key!r}: {{{name}:{spec}}} needs two forms, one|other"
                )
    return en, fr


def load_messages(paths: Iterable[Path]) -> Messages:
    """Every file's labels, type words and keywords together; a key found in two files is
    refused."""
    merged = Messages()
    text_origin: dict[str, Path] = {}
    word_origin: dict[str, Path] = {}
    keyword_origin: dict[str, Path] = {}
    for path in paths:
        part = read_message_file(path)
        for key, pair in part.texts.items():
            _claim(text_origin, key, path)
            merged.texts[key] = pair
        for word, french in part.type_words.items():
            _claim(word_origin, word, path)
            merged.type_words[word] = french
        for word, french in part.keywords.items():
            _claim(keyword_origin, word, path)
            merged.keywords[word] = french
    return merged


def _claim(origin: dict[str, Path], key: str, path: Path) -> None:
    if key in origin:
        raise MessageFileError(f"{path}: {key!r} is already defined in {origin[key]}")
    origin[key] = path
