"""Control of battlefields, the cleanup that follows every action (323), scoring.

Control (190): a player controls a battlefield by having units there once a showdown or
combat there ends; they keep it while they have units there; a contested battlefield's
control can't change until the showdown or combat there ends ("control is frozen").
"""

from __future__ import annotations

from app.rules.core.events import Text
from app.rules.riftbound.common import bf_text, rb, units_at
from app.rules.riftbound.ending import finish
from app.rules.riftbound.model import BattlefieldState, Showdown
from app.rules.riftbound.state import RiftboundCtx, RiftboundObject, Zone
from app.rules.riftbound.zones import trash_facedown


def facedown_at(ctx: RiftboundCtx, bf_id: str) -> list[RiftboundObject]:
    return [o for o in ctx.state.in_zone(Zone.FACEDOWN) if o.location == bf_id]


def contest(ctx: RiftboundCtx, bf: BattlefieldState, player: str) -> None:
    """A unit arrives where its controller doesn't control: the battlefield is contested
    (if it isn't already), and that player will be the attacker."""
    if bf.controller != player and bf.contested_by is None:
        bf.contested_by = player
        ctx.emit(
            "contested",
            ["rb.190.3"],
            Text(
                en=f"{bf.name} is contested by {player}: its control can't change until the "
                "showdown there ends.",
                fr=f"{bf.name_fr or bf.name} est contesté par {player} : son contrôle ne peut "
                "pas changer avant la fin de l'affrontement.",
            ),
        )


def set_controller(
    ctx: RiftboundCtx, bf: BattlefieldState, player: str | None, rules: list[str]
) -> None:
    if bf.controller == player:
        return
    before = bf.controller
    bf.controller = player
    name = bf_text(ctx.state, bf.id)
    if player is None:
        ctx.emit(
            "control",
            rules,
            Text(
                en=f"{before} no longer controls {name.en}: it is uncontrolled.",
                fr=f"{before} ne contrôle plus {name.fr} : il n'est plus contrôlé.",
            ),
        )
    else:
        ctx.emit(
            "control",
            rules,
            Text(
                en=f"{player} now controls {name.en}.",
                fr=f"{player} contrôle maintenant {name.fr}.",
            ),
        )


def score(ctx: RiftboundCtx, player: str, bf: BattlefieldState, how: str) -> None:
    """Conquer or hold: 1 point, at most once per battlefield per turn per player (470)."""
    state = rb(ctx.state)
    scored = state.scored_this_turn.setdefault(player, [])
    if bf.id in scored:
        return
    scored.append(bf.id)
    state.points[player] = state.points.get(player, 0) + 1
    verb_en, verb_fr = ("conquers", "conquiert") if how == "conquer" else ("holds", "tient")
    ctx.emit(
        "score",
        ["rb.conquer-hold"],
        Text(
            en=f"{player} {verb_en} {bf.name} and scores 1 point ({state.points[player]}).",
            fr=f"{player} {verb_fr} {bf.name_fr or bf.name} et marque 1 point "
            f"({state.points[player]}).",
        ),
    )
    if state.points[player] >= state.victory_score:
        finish(ctx, player)


def remove_hidden_not_sharing_control(
    ctx: RiftboundCtx, bf: BattlefieldState, rules: list[str]
) -> None:
    for obj in facedown_at(ctx, bf.id):
        if obj.controller != bf.controller:
            trash_facedown(
                ctx,
                obj,
                Text(
                    en=f"its controller no longer controls {bf.name}",
                    fr=f"son contrôleur ne contrôle plus {bf.name_fr or bf.name}",
                ),
                rules,
            )


def cleanup(ctx: RiftboundCtx) -> None:
    """323: control lost where a controller has no units left (unless contested); hidden
    cards at a battlefield their controller doesn't control go to the trash, revealed
    (323.7, 107.3.d); with no chain and no showdown, a contested battlefield opens one."""
    if ctx.state.finished:
        return
    state = rb(ctx.state)
    for bf in sorted(state.battlefields, key=lambda b: b.position):
        if (
            bf.controller is not None
            and bf.contested_by is None
            and not units_at(ctx.state, bf.id, bf.controller)
        ):
            set_controller(ctx, bf, None, ["rb.190.4", "rb.323"])
        if bf.contested_by is None:
            remove_hidden_not_sharing_control(ctx, bf, ["rb.323.7", "rb.107.3.d"])
    if state.chain or state.showdown is not None:
        return
    for bf in sorted(state.battlefields, key=lambda b: b.position):
        if bf.contested_by is None:
            continue
        others = [
            o.controller for o in units_at(ctx.state, bf.id) if o.controller != bf.contested_by
        ]
        combat = bool(others)
        defender = others[0] if others else None
        state.showdown = Showdown(
            battlefield=bf.id, combat=combat, attacker=bf.contested_by, defender=defender
        )
        name = bf_text(ctx.state, bf.id)
        if combat:
            text = Text(
                en=f"Combat at {name.en}: {bf.contested_by} attacks, {defender} defends. The "
                "showdown opens; only Action and Reaction cards may be played.",
                fr=f"Combat à {name.fr} : {bf.contested_by} attaque, {defender} défend. "
                "L'affrontement s'ouvre ; seules les cartes Action et Réaction se jouent.",
            )
        else:
            text = Text(
                en=f"Showdown at {name.en} ({bf.contested_by} contested it).",
                fr=f"Affrontement à {name.fr} ({bf.contested_by} l'a contesté).",
            )
        ctx.emit("showdown", ["rb.showdown"], text)
        return
