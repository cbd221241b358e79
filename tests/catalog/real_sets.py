"""The real MTGJSON set files of `../shared/data/mtgjson/` (its README says which and why),
as the importer's card builder reads them: each set's printings grouped into AtomicCards'
`{name: [face, …]}` shape here, by the test itself, so these tests check the card builder on
real text (test_card_files.py reads the files as `facedown cards import` does).

Run as a script for what the importer still can't read in them, with counts:
`python -m tests.catalog.real_sets`.
"""

from __future__ import annotations

import functools
import gzip
import json
import logging
import re
import sys
from collections import Counter
from typing import Any

from app.rules.mtg.card_formats.mtgjson import _card as mtgjson_card
from app.rules.mtg.cards import MtgCard
from tests.catalog.test_card_files import REAL_SETS, SET_CODES


def available() -> bool:
    return all((REAL_SETS / f"{code}.json.gz").is_file() for code in SET_CODES)


@functools.cache
def printings(code: str) -> tuple[dict[str, Any], ...]:
    with gzip.open(REAL_SETS / f"{code}.json.gz", "rt", encoding="utf-8") as stream:
        return tuple(json.load(stream)["data"]["cards"])


@functools.cache
def atomic(code: str) -> dict[str, list[dict[str, Any]]]:
    """The set's cards by name, each face once (its first printing with a French name if
    any), in side order."""
    faces: dict[str, dict[str, dict[str, Any]]] = {}
    for printing in printings(code):
        sides = faces.setdefault(printing["name"], {})
        side = printing.get("side") or "a"
        if side not in sides or (
            printing.get("foreignData") and not sides[side].get("foreignData")
        ):
            sides[side] = printing
    return {name: [sides[s] for s in sorted(sides)] for name, sides in faces.items()}


@functools.cache
def imported(code: str) -> dict[str, MtgCard]:
    """The set's cards as the importer builds them, by the name the file gives the card."""
    cards: dict[str, MtgCard] = {}
    for name, faces in atomic(code).items():
        card = mtgjson_card(name, faces)
        if card is not None:
            cards[name] = card.card  # type: ignore[assignment]
    return cards


def raw_text(code: str, name: str) -> str:
    """The card's printed text, every face, as the set file has it."""
    return "\n".join(str(f.get("text") or "") for f in atomic(code)[name])


# -- what the importer still can't read ---------------------------------------------------

_UNSURE = re.compile(r"^Imported from \w+; unsure: (.*?)\.?$")
# A note's kind: its words before any quoted card text.
_KIND = re.compile(r"^(.*?)(?: \(.*)?$")


def unread_report() -> str:
    """Each kind of note the importer leaves on the real sets' cards, with how many cards."""
    kinds: Counter[str] = Counter()
    examples: dict[str, str] = {}
    cards = 0
    noted = 0
    for code in SET_CODES:
        for name, card in imported(code).items():
            cards += 1
            found = _UNSURE.match(card.unverified or "")
            if found is None:
                continue
            noted += 1
            for note in dict.fromkeys(found.group(1).split("; ")):
                kind = _KIND.match(note).group(1)  # type: ignore[union-attr]
                kinds[kind] += 1
                examples.setdefault(kind, f"{name} ({code})")
    lines = [f"{cards} cards in {len(SET_CODES)} real set files; {noted} with a note:"]
    lines += [f"{n:4}  {kind}  (e.g. {examples[kind]})" for kind, n in kinds.most_common()]
    return "\n".join(lines)


if __name__ == "__main__":
    logging.basicConfig(level=logging.ERROR)
    if not available():
        sys.exit(f"no real MTGJSON set files in {REAL_SETS}")
    print(unread_report())
