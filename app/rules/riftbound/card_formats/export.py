"""The community Riftbound card export: one JSON array of cards per set and language, as a
public card database publishes them (`OGN.en-us.json`; a real sample and its provenance are in
docs/card-data.md), read card by card into the same card model as Facedown's own format.

Fields read: name, type, superTypes, domains, energy, might, power (when present), tags and
rulesHtml (rulesText, the lower-cased search copy, when there is no HTML). Keywords are the
bracketed words that open a paragraph (`[Hidden] When you play me, …`); a keyword named
inside a sentence (`Your opponents' [Hidden] cards …`) is not the card's own.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator, Mapping
from typing import Any, BinaryIO

import ijson
from pydantic import ValidationError

from app.rules.core.card_formats import CardDataError, ImportedCard, each_card, first_problem
from app.rules.riftbound.card_formats.facedown_file import riftbound_card

# What a Riftbound community export card always has (with "rulesText" or "rulesHtml").
RIFTBOUND_EXPORT_KEYS = frozenset({"publicCode", "name", "type"})
# The end of a refusal: what to get instead.
WHAT_TO_DOWNLOAD = "use a Riftbound card export (docs/card-data.md)"
# Paragraph breaks of rulesHtml, then any other tag.
_BREAK = re.compile(r"</p>\s*<p[^>]*>|<br\s*/?>", re.IGNORECASE)
_TAG = re.compile(r"<[^>]+>")
# One or more bracketed keywords at the start of a paragraph: "[Accelerate]", "[Assault 2]".
_LEADING_KEYWORDS = re.compile(r"^(?:\s*\[([^\]\[]{1,40})\])+")
_KEYWORD = re.compile(r"\[([^\]\[]{1,40})\]")


def is_export_card(keys: Mapping[str, Any]) -> bool:
    """An array's first item is an export card: publicCode, name, type and its rules text."""
    return keys.keys() >= RIFTBOUND_EXPORT_KEYS and bool(keys.keys() & {"rulesText", "rulesHtml"})


def read(stream: BinaryIO, file_name: str) -> Iterator[ImportedCard]:
    def card(n: int, record: Any) -> ImportedCard:
        if not (
            isinstance(record, dict)
            and all(isinstance(record.get(k), str) for k in RIFTBOUND_EXPORT_KEYS)
        ):
            raise CardDataError(
                f"{file_name}: item {n} is not a Riftbound export card (publicCode, "
                f"name and type); {WHAT_TO_DOWNLOAD}."
            )
        return _card(record, file_name)

    return each_card(
        ijson.items(stream, "item", use_float=True),
        card,
        f"{file_name}: an empty list, no cards; {WHAT_TO_DOWNLOAD}.",
    )


def rules_text(record: Mapping[str, Any]) -> str:
    """The card's text as printed: rulesHtml's paragraphs as lines, tags removed."""
    markup = record.get("rulesHtml")
    if not isinstance(markup, str) or not markup.strip():
        return str(record.get("rulesText") or "").strip()
    text = _TAG.sub("", _BREAK.sub("\n", markup))
    return "\n".join(line.strip() for line in html.unescape(text).splitlines() if line.strip())


def keywords(text: str) -> list[str]:
    """The keywords opening each paragraph, as printed (Hidden among them)."""
    found: list[str] = []
    for line in text.splitlines():
        opening = _LEADING_KEYWORDS.match(line)
        if opening:
            found.extend(k for k in _KEYWORD.findall(opening.group(0)) if k not in found)
    return found


def _card(record: Mapping[str, Any], file_name: str) -> ImportedCard:
    text = rules_text(record)
    words = [*_words(record.get("superTypes")), *_words([record["type"]])]
    power = record.get("power")
    facedown_record = {
        "name": record["name"],
        "type": " ".join(words),
        "tags": [str(t) for t in record.get("tags") or ()],
        "domain": [d.capitalize() for d in _words(record.get("domains"))] or None,
        "energy": record.get("energy"),
        "might": record.get("might"),
        "power": power if isinstance(power, int) else None,
        "keywords": keywords(text),
        "text": text,
    }
    try:
        card = riftbound_card(facedown_record)
    except ValidationError as exc:
        raise CardDataError(
            f"{file_name}: card {record['name'][:80]!r} is not valid ({first_problem(exc)})."
        ) from exc
    return ImportedCard(ruleset="riftbound", card=card)


def _words(values: Any) -> list[str]:
    """ "unit" -> "Unit", "champion" -> "Champion": the export writes them in lower case."""
    if not isinstance(values, list):
        return []
    return [" ".join(w.capitalize() for w in str(v).split()) for v in values if str(v).strip()]
