"""What Magic's pages need beyond its rules (GamePages): the hideaway edition a game can be
judged again under, and the judge's way to put a card under a hideaway permanent."""

from __future__ import annotations

from typing import Any

from app.rules.core.family import HiddenUnder
from app.rules.mtg.view import MtgView


def option_editions(view: MtgView) -> list[tuple[str, str]]:
    """The other hideaway edition, once the game uses hideaway (702.75: a card with it, or a
    game that chose Lorwyn's)."""
    uses = view.hideaway_edition != "current" or any(
        "ideaway" in a for o in view.objects for a in o.abilities
    )
    other = "current" if view.hideaway_edition == "lorwyn" else "lorwyn"
    return [("hideaway_edition", other)] if uses else []


def _hideaway_sources(view: MtgView) -> list[tuple[str, str]]:
    """The permanents a card can be hidden under (702.75a: those with hideaway), named as
    the judge sees them."""
    return [
        (o.id, o.name or o.label)
        for o in view.objects
        if o.zone == "battlefield"
        and (getattr(o.card, "hideaway", None) or any("ideaway" in a for a in o.abilities))
    ]


def _under_hideaway(obj: Any) -> bool:
    # 702.75a: a hideaway card is the one face-down card whose lookers depend on the edition.
    return bool(obj.face_down and getattr(obj.visible_to, "edition", None) is not None)


HIDEAWAY = HiddenUnder(
    face="hideaway", field="hideaway_of", sources=_hideaway_sources, holds=_under_hideaway
)
