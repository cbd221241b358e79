"""Showdowns and combat, enough to decide who controls a battlefield afterwards (466):
each side deals its total Might to the other side's units; survivors heal; attackers that
meet surviving defenders are recalled; whoever alone has units left controls it. Hidden
cards there that don't share the battlefield's controller go to the trash (466.5.c)."""

from __future__ import annotations

from app.rules.core.errors import RuleError
from app.rules.core.events import Text
from app.rules.riftbound.actions import ResolveShowdown
from app.rules.riftbound.battlefields import (
    cleanup,
    remove_hidden_not_sharing_control,
    score,
    set_controller,
)
from app.rules.riftbound.common import bf_text, card_name, has_keyword, might_of, rb, units_at
from app.rules.riftbound.state import RiftboundCtx, RiftboundObject, Zone
from app.rules.riftbound.zones import kill


def _deal(ctx: RiftboundCtx, damage: int, victims: list[RiftboundObject]) -> list[str]:
    """Lethal damage to each unit in turn (Backline last) until the damage runs out."""
    dead = []
    for unit in sorted(victims, key=lambda u: (has_keyword(u, "Backline"), u.position)):
        lethal = max(might_of(ctx.state, unit), 1)
        if damage >= lethal:
            damage -= lethal
            dead.append(unit.id)
        else:
            break
    return dead


def may_resolve_showdown(ctx: RiftboundCtx, action: ResolveShowdown) -> None:
    """rb.showdown: a showdown is in progress and its chain is empty (everyone passed)."""
    state = rb(ctx.state)
    if state.showdown is None:
        raise RuleError(
            ["rb.showdown"], "No showdown is in progress.", "Aucun affrontement en cours."
        )
    if state.chain:
        raise RuleError(
            ["rb.chain", "rb.showdown"],
            "Resolve the chain first: the showdown ends when everyone passes with no chain.",
            "Résolvez d'abord la chaîne : l'affrontement finit quand tous passent sans chaîne.",
        )


def resolve_showdown(ctx: RiftboundCtx, action: ResolveShowdown) -> None:
    may_resolve_showdown(ctx, action)
    state = rb(ctx.state)
    showdown = state.showdown
    assert showdown is not None  # may_resolve_showdown refused none
    bf = state.battlefield(showdown.battlefield)
    assert bf is not None
    name = bf_text(ctx.state, bf.id)
    keys = ["rb.showdown"]
    if showdown.combat and showdown.defender is not None:
        keys += ["rb.466", "rb.466.5.c"]
        attackers = units_at(ctx.state, bf.id, showdown.attacker)
        defenders = units_at(ctx.state, bf.id, showdown.defender)
        a_might = sum(might_of(ctx.state, u) for u in attackers)
        d_might = sum(might_of(ctx.state, u) for u in defenders)
        dead = _deal(ctx, a_might, defenders) + _deal(ctx, d_might, attackers)
        dead_names = [card_name(u).en for u in map(ctx.state.get, dead) if u is not None]
        for unit_id in dead:
            unit = ctx.state.get(unit_id)
            if unit is not None:
                kill(ctx, unit)
        attackers = units_at(ctx.state, bf.id, showdown.attacker)
        defenders = units_at(ctx.state, bf.id, showdown.defender)
        if attackers and defenders:
            for unit in attackers:  # recalled to base
                unit.zone, unit.location = Zone.BASE, None
            result_en = "no result: the attackers are recalled to base"
            result_fr = "pas de résultat : les attaquants retournent dans leur base"
            winner = showdown.defender
        elif attackers:
            result_en, result_fr = f"{showdown.attacker} wins", f"{showdown.attacker} gagne"
            winner = showdown.attacker
        elif defenders:
            result_en, result_fr = f"{showdown.defender} wins", f"{showdown.defender} gagne"
            winner = showdown.defender
        else:
            result_en = result_fr = "no units remain"
            winner = None
        ctx.emit(
            "combat",
            keys,
            Text(
                en=f"Combat at {name.en}: {showdown.attacker} {a_might} Might against "
                f"{showdown.defender} {d_might}. Killed: {', '.join(dead_names) or 'none'}; "
                f"{result_en}. Survivors heal.",
                fr=f"Combat à {name.fr} : {showdown.attacker} {a_might} contre "
                f"{showdown.defender} {d_might}. Tuées : {', '.join(dead_names) or 'aucune'} ; "
                f"{result_fr}. Les survivantes guérissent.",
            ),
        )
        for unit in ctx.state.objects:
            unit.counters.pop("damage", None)
    else:
        remaining = units_at(ctx.state, bf.id, showdown.attacker)
        winner = showdown.attacker if remaining else bf.controller
    state.showdown = None
    bf.contested_by = None
    before = bf.controller
    if winner is None and not units_at(ctx.state, bf.id):
        set_controller(ctx, bf, None, ["rb.190.4", *keys])
    elif winner is not None:
        set_controller(ctx, bf, winner, ["rb.190.4", *keys])
        if before != winner:
            score(ctx, winner, bf, "conquer")
    remove_hidden_not_sharing_control(ctx, bf, ["rb.466.5.c", "rb.107.3.d"])
    cleanup(ctx)
