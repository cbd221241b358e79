"""Riftbound's card data formats (docs/card-data.md): Facedown's own file and the community
export, both read as a stream into `RiftboundCard`."""

from __future__ import annotations

from app.rules.core.card_formats import CardFormat
from app.rules.riftbound.card_formats import export, facedown_file

CARD_FORMATS: tuple[CardFormat, ...] = (
    CardFormat(
        name="riftbound",
        download="a Riftbound card export",
        # Facedown's own object ("format": "facedown-riftbound").
        claims_object=lambda key, value: key == "format" and value == facedown_file.FORMAT,
        # The community export: an array of cards with a publicCode and their rules text.
        claims_item=export.is_export_card,
        read=facedown_file.read,
        read_array=export.read,
    ),
)
