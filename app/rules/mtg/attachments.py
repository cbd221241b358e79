"""What is attached to what (301.5, 303.4: an Aura, an Equipment, a Fortification): the
attached permanent names its host by id. By the rules a permanent turned face down is the
same object, so when it is given a new id (docs/DESIGN.md invariant 3) what is attached to
it follows;
a host that left the battlefield is a new object (400.7), so nothing is attached to it any
more (704.5m / 704.5n then apply: the judge's call, shown on the board)."""

from __future__ import annotations

from app.rules.mtg.state import MtgCtx, MtgGame, MtgObject, Zone

_ON_TABLE = (Zone.BATTLEFIELD, Zone.PHASED_OUT)


def host_of(state: MtgGame, obj: MtgObject) -> MtgObject | None:
    """The permanent `obj` is attached to, while both are on the battlefield."""
    if obj.attached_to is None or obj.zone not in _ON_TABLE:
        return None
    host = state.get(obj.attached_to)
    return host if host is not None and host.zone in _ON_TABLE else None


def renew_id(ctx: MtgCtx, obj: MtgObject) -> None:
    """A new id for a permanent that stays the same object (turned face down): what is
    attached to it stays attached."""
    old, obj.id = obj.id, ctx.new_id()
    for other in ctx.state.objects:
        if other.attached_to == old:
            other.attached_to = obj.id
