"""Magic's choices that wait for one player, described for the pages' one choice sheet
(app.rules.core.choice): hideaway's look (702.75: one card exiled face down, the rest to the
bottom) and manifest dread's (701.62a: one of the two cards manifested). Built from the view
the redaction door gave this viewer, so nobody learns of a card more than that view holds."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from app.rules.core.choice import ChoiceOption, ChoiceOrder, PendingChoice
from app.rules.core.view import ViewBase
from app.rules.mtg.view import MtgView


def pending_choices(
    view: ViewBase, legal: Callable[[], Sequence[Mapping[str, Any]]], judge_direct: bool
) -> list[PendingChoice]:
    if not isinstance(view, MtgView):
        return []
    choices: list[PendingChoice] = []
    if view.pending is not None:
        choices.append(_hideaway(view, legal, judge_direct))
    if view.dread is not None:
        choices.append(_dread(view))
    return choices


def _hideaway(
    view: MtgView, legal: Callable[[], Sequence[Mapping[str, Any]]], judge_direct: bool
) -> PendingChoice:
    """702.75: the cards looked at are those this viewer may exile (the engine offers
    `hideaway_exile` only to the player looking, or the judge)."""
    pending = view.pending
    assert pending is not None
    in_view = {o.id for o in view.objects}
    looked = [
        str(a["object"])
        for a in legal()
        if a.get("type") == "hideaway_exile" and a.get("object") in in_view
    ]
    # Lorwyn: the player orders the rest; today's rules: a random order, which the judge
    # sets down as a real table's shuffle gave it.
    ranked = view.hideaway_edition == "lorwyn" or judge_direct
    mode = "chosen" if view.hideaway_edition == "lorwyn" else "recorded"
    return PendingChoice(
        kind="hideaway",
        player=pending.player,
        title="hideaway.choose.title",
        help="hideaway.choose.help",
        waiting="hideaway.waiting",
        submit="hideaway.submit",
        pick="hideaway.pick",
        args={
            "source": (pending.source_name, pending.source_name_fr),
            "player": pending.player,
            "n": pending.count,
        },
        options=[
            ChoiceOption(action={"type": "hideaway_exile", "object": i}, object=i) for i in looked
        ],
        order=ChoiceOrder(
            field="bottom_order", legend=f"hideaway.order.{mode}", help="hideaway.order.help"
        )
        if ranked
        else None,
        order_note="hideaway.order.random",
        rules=pending.rules,
    )


def _dread(view: MtgView) -> PendingChoice:
    """701.62a: the two ids reach only its player and the judge (the view holds them then)."""
    dread = view.dread
    assert dread is not None
    in_view = {o.id for o in view.objects}
    return PendingChoice(
        kind="dread",
        player=dread.player,
        title="dread.choose.title",
        help="dread.choose.help",
        waiting="dread.waiting",
        pick="dread.pick",
        args={"player": dread.player, "n": dread.count},
        options=[
            ChoiceOption(action={"type": "manifest_dread_choose", "object": i}, object=i)
            for i in dread.looked or []
            if i in in_view
        ],
        rules=dread.rules,
    )
