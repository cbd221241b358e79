"""An MTGJSON set file as a user downloads it (`KTK.json`, `KHM.json.gz`):
`{"meta": …, "data": {"code": …, "baseSetSize": …, "cards": [printing, …], "tokens": […]}}`.

Its cards are printings, not atomic cards: a card printed with several arts (the basic lands)
appears once per printing, and each face of a card of several faces (a split, flip or
double-faced card) is its own entry, sharing the card's full name with a `side`. They are
grouped back into AtomicCards' shape, `{name: [face, …]}`, the first printing of each face
with translations kept, so the same card builder reads both files. Tokens are not cards: `tokens` is skipped.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

import ijson

from app.rules.core.card_formats import CardDataError

# The keys of a set's "data" object are camelCase identifiers ("baseSetSize", "cards",
# "code"); AtomicCards' keys there are card names, which never are.
_SET_KEY = re.compile(r"^[a-z][A-Za-z0-9]*$")


def is_set_key(key: str) -> bool:
    """Whether the first key under "data" says the file is a set file."""
    return bool(_SET_KEY.match(key))


def atomic_entries(
    events: Iterable[tuple[str, str, Any]], file_name: str
) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """The set's cards as AtomicCards' (name, faces) pairs, in the order first printed."""
    faces: dict[str, dict[str, dict[str, Any]]] = {}
    for position, printing in enumerate(ijson.items(events, "data.cards.item", use_float=True)):
        if not isinstance(printing, dict) or not isinstance(printing.get("name"), str):
            raise CardDataError(
                f"{file_name}: data.cards[{position}] is not a card with a name: "
                "not an MTGJSON set file?"
            )
        sides = faces.setdefault(printing["name"], {})
        side = str(printing.get("side") or "a")
        # A later printing with translations (foreignData) beats one without: French names.
        if side not in sides or (
            printing.get("foreignData") and not sides[side].get("foreignData")
        ):
            sides[side] = printing
    for name, sides in faces.items():
        yield name, list(sides.values())
