"""The hideaway choice on a seat page (502.75 / 702.75): the player who looked at the top
cards picks the one to exile face down and, where the game's edition lets them, the order the
rest go to the bottom in. This module holds what the choice sheet shows; its form posts to
app/web/pages/hideaway.py.

The cards it lists are the library objects this viewer's `View` already holds (only the player
looking, or the judge, gets them), matched with the `hideaway_exile` options `actions_for`
gives the same viewer: nobody else is offered one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal
from urllib.parse import quote

from app.rules.mtg.view import MtgObjectView as ObjectView
from app.rules.mtg.view import PendingView
from app.rules.redact import ActionOption, View
from app.web.game_service import Looking
from app.web.pages.chrome import TemplateContext

OrderMode = Literal["chosen", "recorded", "random"]


@dataclass(frozen=True)
class HideawayChoice(TemplateContext):
    """What the choice sheet (or the "a choice is pending" notice) needs.

    `hideaway_order_mode`: "chosen" (Lorwyn: the player orders the rest), "recorded" (today's
    rules, the judge setting down the random order a real table's shuffle gave), "random"
    (today's rules: the server shuffles)."""

    pending: PendingView | None
    hideaway_choice: list[ObjectView]
    hideaway_order_mode: OrderMode | None
    hideaway_url: str


NO_CHOICE = HideawayChoice(None, [], None, "")


def hideaway_choice(view: View, options: list[ActionOption], who: Looking) -> HideawayChoice:
    pending = getattr(view, "pending", None)  # a family with choices that wait (hideaway)
    if pending is None:
        return NO_CHOICE
    by_id = {o.id: o for o in view.objects}
    looked: list[ObjectView] = []
    for option in options:
        if option.type == "hideaway_exile" and option.object in by_id:
            looked.append(by_id[option.object])
    mode: OrderMode
    if view.hideaway_edition == "lorwyn":
        mode = "chosen"
    elif who.judge and who.acting_as is None:
        mode = "recorded"
    else:
        mode = "random"
    return HideawayChoice(pending, looked, mode, hideaway_url(who.seat.game_id))


def hideaway_url(game_id: str) -> str:
    return f"/g/{quote(game_id)}/hideaway"
