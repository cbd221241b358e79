"""The permanent an action names: on the battlefield (110.5) and, for most actions, not
phased out (702.26: a phased-out permanent is treated as though it doesn't exist)."""

from __future__ import annotations

from app.rules.core.errors import RuleError
from app.rules.mtg.state import MtgCtx, MtgObject, Zone


def on_battlefield(ctx: MtgCtx, object_id: str) -> MtgObject:
    obj = ctx.find(object_id)
    if obj.zone != Zone.BATTLEFIELD:
        raise RuleError(
            ["110.5"],
            "That is not a permanent on the battlefield.",
            "Ce n'est pas un permanent sur le champ de bataille.",
        )
    return obj


def require_phased_in(obj: MtgObject) -> None:
    if obj.phased_out:
        raise RuleError(
            ["702.26"],
            "That permanent is phased out: it is treated as though it doesn't exist.",
            "Ce permanent est hors phase : il est considéré comme inexistant.",
        )


def permanent(ctx: MtgCtx, object_id: str) -> MtgObject:
    """The permanent, on the battlefield and phased in."""
    obj = on_battlefield(ctx, object_id)
    require_phased_in(obj)
    return obj
