"""State-based actions (704): what is flagged in every view, told in the log as it starts
to apply, and performed by the `state_based_actions` action.

Only 704.5f is checked: a creature with toughness 0 or less is put into its owner's
graveyard. Its toughness is public (a face-down one's is its face-down 2/2 with what
applies to it), so the flag tells nobody anything hidden; a face-down one is revealed as it
leaves (708.9) and its look-back triggers are said (look_back).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from app.rules.core.context import Ctx
from app.rules.core.errors import RuleError
from app.rules.core.events import Text
from app.rules.core.family import Move
from app.rules.mtg import characteristics
from app.rules.mtg.labels import describe
from app.rules.mtg.sba_actions import StateBasedActions
from app.rules.mtg.state import MtgCtx, MtgGame, MtgObject, Zone
from app.rules.mtg.values import Characteristics
from app.rules.mtg.zones import leave

TOUGHNESS_ZERO = "704.5f"


def flags(state: MtgGame, obj: MtgObject, now: Characteristics | None = None) -> list[str]:
    """The state-based actions that apply to `obj` now (rule keys); `now`: its current
    characteristics when the caller has them already (a view computes them once)."""
    if obj.zone != Zone.BATTLEFIELD or obj.phased_out:
        return []
    if now is None:
        now = characteristics.current(obj, state)
    # A "*" toughness an ability defines and the engine doesn't compute stays unknown.
    if now.is_creature() and isinstance(now.toughness, int) and now.toughness <= 0:
        return [TOUGHNESS_ZERO]
    return []


def flagged(state: MtgGame) -> list[MtgObject]:
    """The permanents a state-based action applies to now. Only read: a move's working copy
    copies none of the battlefield to check it."""
    return [o for o in state.in_zone_read_only(Zone.BATTLEFIELD) if flags(state, o)]


def newly_flagged(state: MtgGame, before: MtgGame) -> list[MtgObject]:
    """The permanents flagged in `state` that were not, by id, in `before`: what `flagged`
    on both would give, without reading every permanent's characteristics after each move.

    A permanent's characteristics are a function of the permanent alone (613: its own
    values, the effects and counters on it), but for a characteristic-defining ability's
    count (604.3), which reads the state. A move's state shares every object it never read
    with the state it started from (GameState.settle, app/rules/core/copy_on_read.py): such
    a permanent is the very object it was, flagged then exactly as now, so it can't be newly
    flagged unless it counts. Only the others are checked: on a board of 200 the scan read
    every permanent's characteristics after each tap (bench/'s profile)."""
    shared = list(list.__iter__(before.objects))  # only read: never copied, never changed
    unchanged = {id(o) for o in shared}
    by_id: dict[str, MtgObject] | None = None
    out = []
    for obj in state.in_zone_read_only(Zone.BATTLEFIELD):
        if id(obj) in unchanged and not _counts(obj):
            continue
        if flags(state, obj):
            if by_id is None:
                by_id = {o.id: o for o in shared}
            was = by_id.get(obj.id)
            if was is None or not flags(before, was):
                out.append(obj)
    return out


def _counts(obj: MtgObject) -> bool:
    """Whether `obj`'s power and toughness may be defined by a count of the state (604.3):
    its layer-1 values (its copiable values, or its flip half's) have such an ability. An
    effect may have taken it away since: then the check is only not spared."""
    return characteristics.layer_1(obj).pt_cda is not None


def _tell(ctx: MtgCtx, objs: Iterable[MtgObject]) -> None:
    for obj in objs:
        now = characteristics.current(obj, ctx.state)
        shown = describe(ctx.state, obj, face=False)
        ctx.emit(
            "state_based",
            [TOUGHNESS_ZERO],
            Text(
                en=f"{shown.en} has toughness {now.toughness}: as state-based actions are "
                "checked it is put into its owner's graveyard (704.5f).",
                fr=f"{shown.fr} a une endurance de {now.toughness} : à la vérification des "
                "actions d'état, il est mis dans le cimetière de son propriétaire (704.5f).",
            ),
            objects=[obj.id],
        )


def _watched(handler: Callable[[Ctx[Any], Any], None]) -> Callable[[Ctx[Any], Any], None]:
    def run(ctx: Ctx[Any], action: Any) -> None:
        if ctx.trial:
            # Only a word in the log: a button's legality never depends on it.
            handler(ctx, action)
            return
        handler(ctx, action)
        if not isinstance(ctx.state, MtgGame):
            return
        _tell(ctx, newly_flagged(ctx.state, ctx.started_from))

    run.__name__ = getattr(handler, "__name__", "run")
    run.__doc__ = handler.__doc__
    return run


def watching(moves: tuple[Move[Any], ...]) -> tuple[Move[Any], ...]:
    """Every move, followed by a word in the log for each creature it newly brought to
    toughness 0 or less (the judge confirms with `state_based_actions`)."""
    return tuple(replace(m, handler=_watched(m.handler)) for m in moves)


def state_based_actions(ctx: MtgCtx, action: StateBasedActions) -> None:
    """704.3 / 704.5f: each flagged creature into its owner's graveyard, all at once; the
    judge does all of them, a seat those it controls."""
    if action.object is not None:
        # One creature (its tile's button). Another player's is refused as "propose it"
        # by the engine's consent check, like any effect on their object.
        due = [o for o in flagged(ctx.state) if o.id == action.object]
    else:
        due = [o for o in flagged(ctx.state) if ctx.actor is None or o.controller == ctx.actor]
    if not due:
        raise RuleError(
            ["704.5f"],
            "No state-based action applies"
            + (" to what you control." if ctx.actor is not None and not action.object else "."),
            "Aucune action d'état ne s'applique"
            + (" à ce que vous contrôlez." if ctx.actor is not None and not action.object else "."),
        )
    # `flagged` only read them: the working copy's own copies are the ones that move.
    for shared in due:
        obj = ctx.state.get(shared.id)
        assert obj is not None  # just found on the battlefield
        leave(ctx, obj, Zone.GRAVEYARD, cause=" (704.5f: toughness 0 or less)")
