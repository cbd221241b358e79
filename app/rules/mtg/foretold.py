"""Foretold cards (702.143c): which exiled cards are foretold, and how many a player owns
(Alrund, God of the Cosmos counts them). Only public facts: a foretold card is face down in
a pile labelled as foretold (406.4), so the count tells nothing of any face."""

from __future__ import annotations

from app.rules.mtg.state import MtgGame, MtgObject, Zone


def is_foretold(obj: MtgObject) -> bool:
    record = obj.exiled
    return (
        obj.zone == Zone.EXILE and obj.face_down and record is not None and record.via == "foretell"
    )


def foretold_count(state: MtgGame, owner: str) -> int:
    return sum(1 for o in state.in_zone_read_only(Zone.EXILE, owner) if is_foretold(o))
