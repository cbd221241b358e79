"""The chain: spells and play effects wait there; while it exists the turn is in a Closed
State and only Reaction cards can be played. Resolving takes the newest item first."""

from __future__ import annotations

from app.rules.core.actions import Resolve
from app.rules.core.context import Ctx
from app.rules.core.errors import RuleError
from app.rules.core.events import Text
from app.rules.riftbound.cards import RiftboundCard
from app.rules.riftbound.common import bf_text, card_name, draw, might_of, rb, where_text
from app.rules.riftbound.model import ChainItem
from app.rules.riftbound.state import MightModifier, RiftboundObject, Zone
from app.rules.riftbound.targets import at_hidden_battlefield, location_key, restricted
from app.rules.riftbound.zones import kill, put

SPRITE = RiftboundCard(name="Sprite", name_fr="Sprite", types=("Unit",), might=3, keywords=("Temporary",))


def push(
    ctx: Ctx, obj: RiftboundObject, controller: str, targets: list[str], *, hidden_at: str | None,
    spell: bool,
) -> None:  # fmt: skip
    state = rb(ctx.state)
    name = card_name(obj)
    item = ChainItem(
        id=ctx.new_id(),
        kind="spell" if spell else "play_effect",
        object=obj.id,
        source_name=name.en,
        source_name_fr=name.fr,
        controller=controller,
        targets=tuple(targets),
        hidden_at=hidden_at,
        position=ctx.next_position(),
    )
    state.chain.append(item)


def resolve(ctx: Ctx, action: Resolve) -> None:
    from app.rules.riftbound.battlefields import cleanup

    state = rb(ctx.state)
    if not state.chain:
        raise RuleError(
            ["rb.chain"],
            "There is no chain: nothing to resolve.",
            "Il n'y a pas de chaîne : rien à résoudre.",
        )
    item = state.chain.pop()
    source = ctx.state.get(item.object)
    effect = source.card.play_effect if source is not None else None
    targets: list[RiftboundObject] = []
    for target_id in item.targets:
        target = ctx.state.get(target_id)
        if target is None or target.zone not in (Zone.BASE, Zone.BATTLEFIELD):
            continue  # gone: that part of the effect does nothing
        if item.hidden_at is not None and effect is not None:
            spec = effect.targets[min(len(targets), len(effect.targets) - 1)]
            if restricted(spec) and not at_hidden_battlefield(target, item.hidden_at):
                continue  # no longer at the hidden battlefield: an illegal target now
        targets.append(target)
    text = _apply(ctx, item, source, targets)
    ctx.emit(
        "resolve",
        ["rb.chain", *(["rb.811.2"] if item.hidden_at else [])],
        Text(
            en=f"{item.source_name} resolves: {text.en}",
            fr=f"{item.source_name_fr} se résout : {text.fr}",
        ),
    )
    if source is not None and source.zone == Zone.CHAIN:
        put(ctx, source, Zone.TRASH)
    cleanup(ctx)


def _apply(ctx: Ctx, item: ChainItem, source: RiftboundObject | None, targets: list[RiftboundObject]) -> Text:
    from app.rules.riftbound.battlefields import contest

    effect = source.card.play_effect if source is not None else None
    if effect is None or effect.kind == "none":
        return Text(en="nothing the engine tracks.", fr="rien que le moteur suive.")
    kind = effect.kind
    state = rb(ctx.state)
    names = ", ".join(card_name(t).en for t in targets) or "no target"
    names_fr = ", ".join(card_name(t).fr for t in targets) or "aucune cible"
    if kind == "might":
        hit = targets or ([source] if source is not None and not effect.targets else [])
        for target in hit:
            now = might_of(ctx.state, target)
            delta = effect.amount
            if effect.minimum_might is not None and now + delta < effect.minimum_might:
                delta = min(0, effect.minimum_might - now)
            target.modifiers.append(MightModifier(might=delta, source=item.source_name))
        shown = ", ".join(f"{card_name(t).en} {might_of(ctx.state, t)} Might" for t in hit)
        shown_fr = ", ".join(
            f"{card_name(t).fr} {might_of(ctx.state, t)} de puissance" for t in hit
        )
        return Text(en=f"{effect.amount:+d} Might this turn: {shown or 'nothing'}.",
                    fr=f"{effect.amount:+d} de puissance ce tour : {shown_fr or 'rien'}.")  # fmt: skip
    if kind == "buff":
        for target in targets:
            target.counters["buff"] = 1
        if source is not None and source.card.name == "Stand United":
            state.buff_bonus[item.controller] = state.buff_bonus.get(item.controller, 0) + 1
        return Text(
            en=f"{names} is buffed; buffs give +1 more Might to {item.controller}'s units this "
            "turn, wherever they are.",
            fr=f"{names_fr} reçoit un buff ; les buffs donnent +1 de plus aux unités de "
            f"{item.controller} ce tour, où qu'elles soient.",
        )
    if kind == "kill_draw":
        for target in targets:
            controller = target.controller
            kill(ctx, target)
            draw(ctx, controller, 2)
        return Text(en=f"{names} is killed; its controller draws 2.",
                    fr=f"{names_fr} est tuée ; son contrôleur pioche 2 cartes.")  # fmt: skip
    if kind == "move_to_base":
        for target in targets:
            target.zone, target.location = Zone.BASE, None
        return Text(en=f"{names} moves to its base.", fr=f"{names_fr} va dans sa base.")
    if kind == "return_to_hand":
        for target in targets:
            back = put(ctx, target, Zone.HAND)
            back.known_to = ctx.state.player_names()
        return Text(en=f"{names} returns to its owner's hand.",
                    fr=f"{names_fr} retourne dans la main de son propriétaire.")  # fmt: skip
    if kind == "swap_places" and source is not None:
        for target in targets:
            a = (source.zone, source.location)
            source.zone, source.location = target.zone, target.location
            target.zone, target.location = a
            if target.zone == Zone.BATTLEFIELD and target.location:
                bf = state.battlefield(target.location)
                if bf is not None:
                    contest(ctx, bf, target.controller)
        where = where_text(ctx.state, source)
        return Text(
            en=f"{item.source_name} and {names} swap places: {item.source_name} is now at "
            f"{where.en}.",
            fr=f"{item.source_name_fr} et {names_fr} échangent leurs places : "
            f"{item.source_name_fr} est maintenant à {where.fr}.",
        )
    if kind == "move_here" and source is not None and source.zone == Zone.BATTLEFIELD:
        for target in targets:
            target.zone, target.location = Zone.BATTLEFIELD, source.location
            bf = state.battlefield(source.location or "")
            if bf is not None:
                contest(ctx, bf, target.controller)
        return Text(en=f"{names} moves to {bf_text(ctx.state, source.location).en}.",
                    fr=f"{names_fr} va à {bf_text(ctx.state, source.location).fr}.")  # fmt: skip
    if kind == "swap_might" and len(targets) == 2:
        a, b = targets
        ma, mb = might_of(ctx.state, a), might_of(ctx.state, b)
        a.modifiers.append(MightModifier(might=mb - ma, source=item.source_name))
        b.modifiers.append(MightModifier(might=ma - mb, source=item.source_name))
        return Text(en=f"{names} swap their Might this turn.",
                    fr=f"{names_fr} échangent leur puissance ce tour.")  # fmt: skip
    if kind == "shield_tank":
        for target in targets:
            target.modifiers.append(MightModifier(might=0, source="Shield 3, Tank"))
        return Text(en=f"{names} gets Shield 3 and Tank this turn.",
                    fr=f"{names_fr} reçoit Bouclier 3 et Tank ce tour.")  # fmt: skip
    if kind == "draw":
        drawn = draw(ctx, item.controller, effect.amount)
        return Text(en=f"{item.controller} draws {drawn}.", fr=f"{item.controller} pioche {drawn}.")
    if kind == "token":
        # 811.1.d.3: a unit a hidden card makes you play enters at that battlefield.
        token = RiftboundObject(
            id=ctx.new_id(), card=SPRITE, is_token=True, owner=item.controller,
            controller=item.controller, zone=Zone.BATTLEFIELD if item.hidden_at else Zone.BASE,
            position=ctx.next_position(), location=item.hidden_at,
        )  # fmt: skip
        ctx.state.objects.append(token)
        where = where_text(ctx.state, token)
        return Text(en=f"{item.controller} plays a ready 3 Might Sprite token at {where.en}.",
                    fr=f"{item.controller} joue un jeton Sprite prêt de 3 à {where.fr}.")  # fmt: skip
    if kind == "attach" and targets and source is not None:
        targets[0].modifiers.append(
            MightModifier(might=2, until_end_of_turn=False, source=item.source_name)
        )
        return Text(en=f"{item.source_name} is attached to {names} (+2 Might).",
                    fr=f"{item.source_name_fr} est attaché à {names_fr} (+2).")  # fmt: skip
    return Text(en="nothing happens.", fr="rien ne se passe.")


__all__ = ["location_key", "push", "resolve"]
