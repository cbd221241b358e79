"""Runes: exhaust one for 1 Energy, recycle one (to the bottom of its rune deck) for 1 Power
of its domain; [A] is a Power of any domain. Costs are paid automatically with the fewest
ready runes spent."""

from __future__ import annotations

from app.rules.core.errors import RuleError
from app.rules.core.events import Text
from app.rules.core.words import plural_pair
from app.rules.riftbound.state import RiftboundCtx, RiftboundObject, Zone


def runes_said(n: int) -> Text:
    """ "2 runes" / "2 runes": a count of runes every seat may read."""
    en, fr = plural_pair(n, ("# rune", "# runes"), ("# rune", "# runes"))
    return Text(en=en, fr=fr)


def runes_of(ctx: RiftboundCtx, player: str) -> list[RiftboundObject]:
    return [o for o in ctx.state.in_zone(Zone.RUNES) if o.controller == player]


def recycle(ctx: RiftboundCtx, rune: RiftboundObject) -> RiftboundObject:
    """To the bottom of its owner's rune deck: a new object (a zone change)."""
    deck = ctx.state.in_zone(Zone.RUNE_DECK, rune.owner)
    new = ctx.relocate(rune, Zone.RUNE_DECK)
    if deck:
        new.position = max(o.position for o in deck) + 1
    return new


def domain_of(rune: RiftboundObject) -> str:
    return (rune.card.domain or "").lower()


def pay(
    ctx: RiftboundCtx, player: str, energy: int, power: int, domain: str | None, rules: list[str]
) -> Text:
    """Recycle `power` runes of `domain` (any domain if None), then exhaust `energy` ready
    runes. Refused, changing nothing, if the runes on the board can't pay."""
    runes = runes_of(ctx, player)
    wanted = (domain or "").lower()
    # Power first, preferring runes that are already exhausted (they can't give Energy).
    fitting = [r for r in runes if not wanted or domain_of(r) == wanted]
    fitting.sort(key=lambda r: (not r.tapped, r.position))
    if len(fitting) < power:
        raise RuleError(
            [*rules, "rb.runes"],
            f"Not enough runes to pay {power} Power" + (f" ({domain})" if domain else "") + ".",
            f"Pas assez de runes pour payer {power} puissance"
            + (f" ({domain})" if domain else "")
            + ".",
        )
    to_recycle = fitting[:power]
    ready = [r for r in runes if not r.tapped and r not in to_recycle]
    if len(ready) < energy:
        raise RuleError(
            [*rules, "rb.runes"],
            f"Not enough ready runes to pay {energy} Energy.",
            f"Pas assez de runes prêtes pour payer {energy} énergie.",
        )
    for rune in ready[:energy]:
        rune.tapped = True
    for rune in to_recycle:
        recycle(ctx, rune)
    parts_en, parts_fr = [], []
    if energy:
        n = runes_said(energy)
        parts_en.append(f"exhausts {n.en} for {energy} Energy")
        parts_fr.append(f"épuise {n.fr} pour {energy} énergie")
    if power:
        kinds = ", ".join(sorted({domain_of(r) or "?" for r in to_recycle}))
        n = runes_said(power)
        parts_en.append(f"recycles {n.en} ({kinds}) for {power} Power")
        parts_fr.append(f"recycle {n.fr} ({kinds}) pour {power} puissance")
    return Text(
        en=" and ".join(parts_en) or "pays nothing",
        fr=" et ".join(parts_fr) or "ne paie rien",
    )
