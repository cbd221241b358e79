"""Playing a card: from hand or champion zone at its normal timing for its cost (811.3), or
from face down (811.1.b: from the next turn on, with Reaction, its base cost ignored),
under 811.1.d's limits. Playing from face down starts a chain (811.1.c.3)."""

from __future__ import annotations

from app.rules.core.errors import RuleError
from app.rules.core.events import Text
from app.rules.core.timing import refuse_seat_off_timing, say_off_timing
from app.rules.riftbound.actions import Play
from app.rules.riftbound.battlefields import cleanup
from app.rules.riftbound.chain import push
from app.rules.riftbound.common import (
    battlefield,
    card_name,
    is_gear,
    is_spell,
    is_unit,
)
from app.rules.riftbound.labels import facedown_label
from app.rules.riftbound.runes import pay
from app.rules.riftbound.state import RiftboundCtx, RiftboundObject, Zone
from app.rules.riftbound.targets import check_targets
from app.rules.riftbound.timing import hidden_play_timing, play_timing
from app.rules.riftbound.zones import put


def _targets(
    ctx: RiftboundCtx, obj: RiftboundObject, ids: list[str], placed: tuple[Zone, str | None] | None
) -> list[RiftboundObject]:
    """The chosen objects; a permanent may choose itself ("me"), as it will be once it has
    entered (`placed`: its zone and battlefield then)."""
    out = []
    for target_id in ids:
        if target_id == obj.id and placed is not None:
            out.append(obj.model_copy(update={"zone": placed[0], "location": placed[1]}))
        else:
            out.append(ctx.find(target_id))
    return out


def play(ctx: RiftboundCtx, action: Play) -> None:
    obj = ctx.find(action.object)
    if obj.zone == Zone.FACEDOWN:
        _play_from_facedown(ctx, obj, action)
    elif obj.zone in (Zone.HAND, Zone.CHAMPION):
        _play_from_hand(ctx, obj, action)
    else:
        raise RuleError(
            ["rb.play"],
            "A card is played from a hand, a champion zone or a facedown zone.",
            "Une carte se joue depuis une main, une zone de champion ou une zone face cachée.",
        )


def _play_from_facedown(ctx: RiftboundCtx, obj: RiftboundObject, action: Play) -> None:
    player = ctx.acting_as(
        obj.controller,
        ["rb.811.6.a"],
        "Only its controller can play a hidden card.",
        "Seul son contrôleur peut jouer une carte cachée.",
    )
    name = card_name(obj)  # the controller sees it
    off = refuse_seat_off_timing(ctx, hidden_play_timing(ctx.state, obj))  # 811.1.b
    bf_id = obj.location or ""
    bf = battlefield(ctx, bf_id)
    if action.to is not None and action.to != bf_id:
        raise RuleError(
            ["rb.811.1.d.1"],
            f"A hidden permanent is played to the battlefield where it was hidden ({bf.name}).",
            f"Un permanent caché se joue sur le champ de bataille où il était caché "
            f"({bf.name_fr or bf.name}).",
        )
    # 811.6: it has Reaction face down, so no other timing applies.
    effect = obj.card.play_effect
    spell = is_spell(obj)
    targets = _targets(ctx, obj, action.targets, None if spell else (Zone.BATTLEFIELD, bf_id))
    check_targets(
        ctx.state, effect, targets, controller=player, source_location=("battlefield", bf_id),
        source_id=obj.id, hidden_at=bf_id, is_spell=spell, name=name.en,
    )  # fmt: skip
    label = facedown_label(ctx.state, obj)
    old_id = obj.id
    keys = ["rb.811.1.b", "rb.811.1.c.3", "rb.811.6", "rb.421.4"]
    if spell:
        new = put(ctx, obj, Zone.CHAIN, controller=player)
        where_en, where_fr = "onto the chain", "sur la chaîne"
    else:
        # 811.1.d.1 / 811.1.d.1.a: to that battlefield, gear included; a unit enters exhausted.
        new = put(ctx, obj, Zone.BATTLEFIELD, location=bf_id, controller=player)
        new.tapped = is_unit(new)
        where_en, where_fr = f"to {bf.name}", f"sur {bf.name_fr or bf.name}"
        keys.append("rb.811.1.d.1")
        if is_gear(new):
            keys.append("rb.811.1.d.1.a")
    ids = [new.id if t.id == old_id else t.id for t in targets]
    if targets:
        keys.append("rb.811.1.d.2")
    ctx.emit(
        "play_hidden",
        keys,
        Text(
            en=f"{player} plays {label.en} from face down, ignoring its base cost: it is "
            f"{name.en}, played {where_en}"
            + (", exhausted" if is_unit(new) else "")
            + ". Playing it starts a chain.",
            fr=f"{player} joue {label.fr} depuis la zone face cachée, sans payer son coût de "
            f"base : c'est {name.fr}, jouée {where_fr}"
            + (", épuisée" if is_unit(new) else "")
            + ". La jouer démarre une chaîne.",
        ),
        objects=[new.id],
    )
    if spell or (effect is not None and effect.kind != "none"):
        if (
            effect is not None
            and effect.only_from_facedown_on_your_turn
            and (ctx.state.active_player != player)
        ):
            ctx.emit(
                "no_trigger",
                ["rb.811.2"],
                Text(
                    en=f"{name.en}'s play effect needs it to be played from face down on its "
                    "controller's turn: it does nothing.",
                    fr=f"L'effet de {name.fr} demande qu'elle soit jouée depuis la zone face "
                    "cachée pendant le tour de son contrôleur : il ne fait rien.",
                ),
            )
        else:
            push(ctx, new, player, ids, hidden_at=bf_id, spell=spell)
    say_off_timing(ctx, off)
    cleanup(ctx)


def _play_from_hand(ctx: RiftboundCtx, obj: RiftboundObject, action: Play) -> None:
    player = ctx.acting_as(
        obj.owner,
        ["rb.play"],
        "You can only play cards from your own hand or champion zone.",
        "On ne joue que les cartes de sa propre main ou de sa zone de champion.",
    )
    name = card_name(obj)
    off = refuse_seat_off_timing(ctx, play_timing(ctx.state, obj, player, reaction=False))
    effect = obj.card.play_effect
    spell = is_spell(obj)
    destination = action.to or "base"
    if spell:
        source_location = None
    elif destination == "base":
        source_location = ("base", player)
    else:
        bf = battlefield(ctx, destination)
        if is_gear(obj) or bf.controller != player:
            raise RuleError(
                ["rb.play", "rb.813"],
                "A unit is played to your base or to a battlefield you control; gear only to "
                "your base.",
                "Une unité se joue dans votre base ou sur un champ de bataille que vous "
                "contrôlez ; un équipement seulement dans votre base.",
            )
        source_location = ("battlefield", bf.id)
    placed = None
    if not spell:
        placed = (Zone.BASE, None) if destination == "base" else (Zone.BATTLEFIELD, destination)
    targets = _targets(ctx, obj, action.targets, placed)
    check_targets(
        ctx.state, effect, targets, controller=player, source_location=source_location,
        source_id=obj.id, hidden_at=None, is_spell=spell, name=name.en,
    )  # fmt: skip
    paid = pay(
        ctx, player, obj.card.energy or 0, obj.card.power_cost or 0, obj.card.domain, ["rb.play"]
    )
    old_id = obj.id
    if spell:
        new = put(ctx, obj, Zone.CHAIN, controller=player)
        where_en, where_fr = "onto the chain", "sur la chaîne"
    elif destination == "base":
        new = put(ctx, obj, Zone.BASE, controller=player)
        new.tapped = is_unit(new)
        where_en, where_fr = "to their base", "dans sa base"
    else:
        new = put(ctx, obj, Zone.BATTLEFIELD, location=destination, controller=player)
        new.tapped = True
        where_en = where_fr = battlefield(ctx, destination).name
    ids = [new.id if t.id == old_id else t.id for t in targets]
    ctx.emit(
        "play",
        ["rb.811.3", "rb.play"],
        Text(
            en=f"{player} plays {name.en} {where_en} ({paid.en})"
            + (", exhausted" if is_unit(new) else "")
            + ".",
            fr=f"{player} joue {name.fr} {where_fr} ({paid.fr})"
            + (", épuisée" if is_unit(new) else "")
            + ".",
        ),
        objects=[new.id],
    )
    if spell or (
        effect is not None
        and effect.kind != "none"
        and not (effect.only_from_facedown_on_your_turn or effect.only_from_facedown)
    ):
        push(ctx, new, player, ids, hidden_at=None, spell=spell)
    say_off_timing(ctx, off)
    cleanup(ctx)
