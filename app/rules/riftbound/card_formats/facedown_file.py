"""Facedown's own Riftbound card format (no public package carries Riftbound's cards):
`{"format": "facedown-riftbound", "version": 1, "cards": [card, …]}`, documented in
docs/card-data.md, read card by card."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, BinaryIO

import ijson
from pydantic import ValidationError

from app.rules.core.card_formats import CardDataError, ImportedCard
from app.rules.riftbound.cards import RiftboundCard

FORMAT = "facedown-riftbound"
VERSION = 1
# Words of a type line that are supertypes (not shown as the card's type).
SUPERTYPES = frozenset({"Champion", "Signature"})
# The fields of a card in the file; anything else is a mistake worth one clear line.
FIELDS = frozenset(
    {
        "id", "name", "name_fr", "type", "tags", "domain", "energy", "power", "might",
        "keywords", "text", "play_effect", "facedown_capacity", "unverified",
    }
)  # fmt: skip


def read(stream: BinaryIO, file_name: str) -> Iterator[ImportedCard]:
    header: dict[str, Any] = {}
    builder: ijson.ObjectBuilder | None = None
    position = 0
    has_cards = False
    for prefix, event, value in ijson.parse(stream, use_float=True):
        if builder is not None:
            builder.event(event, value)
            if prefix == "cards.item" and event == "end_map":
                position += 1
                yield _card(builder.value, position, file_name)
                builder = None
        elif prefix in ("format", "version"):
            header[prefix] = value
        elif prefix == "cards" and event == "start_array":
            _check_header(header, file_name)
            has_cards = True
        elif prefix == "cards.item":
            if event != "start_map":
                raise CardDataError(f"{file_name}: card {position + 1} is not a JSON object.")
            builder = ijson.ObjectBuilder()
            builder.event(event, value)
    if "format" not in header:
        raise CardDataError(f'{file_name}: no "format": not a Facedown Riftbound file?')
    _check_header(header, file_name)
    if not has_cards:
        raise CardDataError(f'{file_name}: no "cards" list.')


def _check_header(header: Mapping[str, Any], file_name: str) -> None:
    if header.get("format") != FORMAT:
        raise CardDataError(
            f'{file_name}: "format" must be {FORMAT!r}, before "cards" '
            f"(found {header.get('format')!r}): not a Facedown Riftbound file?"
        )
    if header.get("version") != VERSION:
        raise CardDataError(
            f"{file_name}: version {header.get('version')!r} of the Riftbound format is not "
            f"one this Facedown reads (it reads version {VERSION})."
        )


def riftbound_card(record: Mapping[str, Any]) -> RiftboundCard:
    """The card model for one record of the file (raises ValueError / ValidationError)."""
    unknown = sorted(set(record) - FIELDS)
    if unknown:
        raise ValueError(f"unknown field(s) {', '.join(unknown)}")
    words = str(record.get("type") or "").split()
    keywords = [str(k) for k in record.get("keywords") or ()]
    # Hidden is a keyword on the card; the model keeps it as a flag (Riftbound 2026-03-30).
    hidden = any(k.casefold() == "hidden" for k in keywords)
    domain = record.get("domain")
    if isinstance(domain, list):
        domain = ", ".join(str(d) for d in domain)
    return RiftboundCard.model_validate(
        {
            "name": record.get("name"),
            "name_fr": record.get("name_fr"),
            "types": tuple(w for w in words if w not in SUPERTYPES),
            "supertypes": tuple(w for w in words if w in SUPERTYPES),
            "subtypes": tuple(record.get("tags") or ()),
            "domain": domain,
            "energy": record.get("energy"),
            "power_cost": record.get("power"),
            "might": record.get("might"),
            "hidden": hidden,
            "keywords": tuple(k for k in keywords if k.casefold() != "hidden"),
            "text": record.get("text") or "",
            "play_effect": record.get("play_effect"),
            "facedown_capacity": record.get("facedown_capacity"),
            "unverified": record.get("unverified"),
        }
    )


def _card(record: Any, position: int, file_name: str) -> ImportedCard:
    label = record.get("name") if isinstance(record.get("name"), str) else f"#{position}"
    try:
        card = riftbound_card(record)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "card"
        raise CardDataError(
            f"{file_name}: card {label!r} is not valid ({where}: {first['msg']})."
        ) from exc
    except ValueError as exc:
        raise CardDataError(f"{file_name}: card {label!r} is not valid ({exc}).") from exc
    return ImportedCard(ruleset="riftbound", card=card)
