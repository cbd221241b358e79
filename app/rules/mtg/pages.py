"""What Magic's pages need beyond its rules (GamePages): the hideaway edition a game can be
judged again under, the judge's forms (its status boxes and printed facts), and the judge's
way to put a card under a hideaway permanent."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.rules.core.family import HiddenUnder, JudgeForms
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


def _boxes_now(view: MtgView, obj: Any, boxes: Sequence[str]) -> dict[str, bool]:
    """Each status box as a card holds it now."""
    return {
        "tapped": obj.tapped,
        "flipped": bool(getattr(obj, "flipped", False)),
        # Attacking: it attacked this turn (508.1).
        "attacking": getattr(obj, "attacked", None) == "this_turn",
        # 2004: a zone of its own (seed 002, 504.2).
        "phased_out": bool(getattr(obj, "phased_out", False)) or obj.zone == "phased_out",
    }


JUDGE_FORMS = JudgeForms(
    boxes=("tapped", "flipped", "attacking", "phased_out"),
    boxes_now=_boxes_now,
    # A card's mana cost, then the costs of the ways it can be cast face down (702.37, 702.168).
    card_costs=("mana_cost", "morph", "megamorph", "disguise"),
    card_numbers=("power", "toughness"),
    # The 2004 rules' phased-out zone is the battlefield with "Phased out" ticked.
    zone_synonyms={"phased_out": "battlefield"},
)
