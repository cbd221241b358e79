"""Riftbound play effects, one small function per effect kind (`EffectKind`): each changes the
state as the card's data says and returns what happened, for the log.

A kind the engine does not model changes nothing and says so ("not modelled: apply it by
hand"), so the log never tells the table that something happened which the state doesn't hold.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from app.rules.core.events import Text
from app.rules.core.table_actions import cards_said
from app.rules.riftbound.battlefields import contest
from app.rules.riftbound.cards import RiftboundCard
from app.rules.riftbound.common import bf_text, card_name, might_of, rb, where_text
from app.rules.riftbound.model import ChainItem, EffectKind, PlayEffect
from app.rules.riftbound.state import MightModifier, RiftboundCtx, RiftboundObject, Zone
from app.rules.riftbound.zones import draw, kill, put

# The token Sprite Call plays; its Might is the effect's amount.
SPRITE = RiftboundCard(
    name="Sprite", name_fr="Sprite", types=("Unit",), might=3, keywords=("Temporary",)
)

NOTHING_HAPPENS = Text(en="nothing happens.", fr="rien ne se passe.")
NOT_MODELLED = Text(
    en="its effect is not modelled: apply it by hand.",
    fr="son effet n'est pas modélisé : appliquez-le à la main.",
)


@dataclass(frozen=True)
class Resolving:
    """The chain item resolving now: its source card, that card's effect, and the chosen
    targets that are still legal (a target gone or now illegal is left out)."""

    item: ChainItem
    source: RiftboundObject
    effect: PlayEffect
    targets: list[RiftboundObject]

    @property
    def names(self) -> Text:
        return Text(
            en=", ".join(card_name(t).en for t in self.targets) or "no target",
            fr=", ".join(card_name(t).fr for t in self.targets) or "aucune cible",
        )


EffectFn = Callable[[RiftboundCtx, Resolving], Text]


def not_modelled(ctx: RiftboundCtx, r: Resolving) -> Text:
    """The engine doesn't model this effect: nothing changes. The card's own effect text and
    the targets chosen for it tell the table what to apply by hand."""
    en = [r.effect.text.rstrip(".")] if r.effect.text else []
    fr = [(r.effect.text_fr or r.effect.text).rstrip(".")] if r.effect.text else []
    if r.targets:
        en.append(f"chosen: {r.names.en}")
        fr.append(f"choix : {r.names.fr}")
    if not en:
        return NOT_MODELLED
    return Text(
        en=f"{NOT_MODELLED.en.rstrip('.')} ({'; '.join(en)}).",
        fr=f"{NOT_MODELLED.fr.rstrip('.')} ({' ; '.join(fr)}).",
    )


def might(ctx: RiftboundCtx, r: Resolving) -> Text:
    """+N / -N Might this turn, never taking a unit below `minimum_might`; with no target
    to choose, the source itself ("give me +3 Might")."""
    effect = r.effect
    hit = r.targets or ([r.source] if not effect.targets else [])
    for target in hit:
        now = might_of(ctx.state, target)
        delta = effect.amount
        if effect.minimum_might is not None and now + delta < effect.minimum_might:
            delta = min(0, effect.minimum_might - now)
        target.modifiers.append(MightModifier(might=delta, source=r.item.source_name))
    shown = ", ".join(f"{card_name(t).en} {might_of(ctx.state, t)} Might" for t in hit)
    shown_fr = ", ".join(f"{card_name(t).fr} {might_of(ctx.state, t)} de puissance" for t in hit)
    return Text(en=f"{effect.amount:+d} Might this turn: {shown or 'nothing'}.",
                fr=f"{effect.amount:+d} de puissance ce tour : {shown_fr or 'rien'}.")  # fmt: skip


def buff(ctx: RiftboundCtx, r: Resolving) -> Text:
    """A buff counter (+1 Might); `buff_bonus` (Stand United) makes every buff give that much
    more to the controller's units this turn, wherever they are (811.2's example 3)."""
    for target in r.targets:
        target.counters["buff"] = 1
    bonus = r.effect.buff_bonus
    if not bonus:
        return Text(en=f"{r.names.en} is buffed.", fr=f"{r.names.fr} reçoit un buff.")
    controller = r.item.controller
    state = rb(ctx.state)
    state.buff_bonus[controller] = state.buff_bonus.get(controller, 0) + bonus
    return Text(
        en=f"{r.names.en} is buffed; buffs give +{bonus} more Might to {controller}'s units "
        "this turn, wherever they are.",
        fr=f"{r.names.fr} reçoit un buff ; les buffs donnent +{bonus} de plus aux unités de "
        f"{controller} ce tour, où qu'elles soient.",
    )


def kill_draw(ctx: RiftboundCtx, r: Resolving) -> Text:
    for target in r.targets:
        controller = target.controller
        kill(ctx, target)
        draw(ctx, controller, 2)
    return Text(en=f"{r.names.en} is killed; its controller draws 2.",
                fr=f"{r.names.fr} est tuée ; son contrôleur pioche 2 cartes.")  # fmt: skip


def move_to_base(ctx: RiftboundCtx, r: Resolving) -> Text:
    # Base and battlefields are locations of one zone: the unit keeps its id.
    for target in r.targets:
        target.zone, target.location = Zone.BASE, None
    return Text(en=f"{r.names.en} moves to its base.", fr=f"{r.names.fr} va dans sa base.")


def return_to_hand(ctx: RiftboundCtx, r: Resolving) -> Text:
    for target in r.targets:
        back = put(ctx, target, Zone.HAND)
        back.known_to = ctx.state.player_names()  # everyone saw which card went back
    return Text(en=f"{r.names.en} returns to its owner's hand.",
                fr=f"{r.names.fr} retourne dans la main de son propriétaire.")  # fmt: skip


def swap_places(ctx: RiftboundCtx, r: Resolving) -> Text:
    source, state = r.source, rb(ctx.state)
    for target in r.targets:
        was = (source.zone, source.location)
        source.zone, source.location = target.zone, target.location
        target.zone, target.location = was
        if target.zone == Zone.BATTLEFIELD and target.location:
            bf = state.battlefield(target.location)
            if bf is not None:
                contest(ctx, bf, target.controller)
    where, item = where_text(ctx.state, source), r.item
    return Text(
        en=f"{item.source_name} and {r.names.en} swap places: {item.source_name} is now at "
        f"{where.en}.",
        fr=f"{item.source_name_fr} et {r.names.fr} échangent leurs places : "
        f"{item.source_name_fr} est maintenant à {where.fr}.",
    )


def move_here(ctx: RiftboundCtx, r: Resolving) -> Text:
    source = r.source
    if source.zone != Zone.BATTLEFIELD:
        return NOTHING_HAPPENS  # it left the battlefield: there is no "here" any more
    bf = rb(ctx.state).battlefield(source.location or "")
    for target in r.targets:
        target.zone, target.location = Zone.BATTLEFIELD, source.location
        if bf is not None:
            contest(ctx, bf, target.controller)
    here = bf_text(ctx.state, source.location)
    return Text(en=f"{r.names.en} moves to {here.en}.", fr=f"{r.names.fr} va à {here.fr}.")


def swap_might(ctx: RiftboundCtx, r: Resolving) -> Text:
    if len(r.targets) != 2:
        return NOTHING_HAPPENS  # one of the two units is gone: nothing to swap with
    a, b = r.targets
    ma, mb = might_of(ctx.state, a), might_of(ctx.state, b)
    a.modifiers.append(MightModifier(might=mb - ma, source=r.item.source_name))
    b.modifiers.append(MightModifier(might=ma - mb, source=r.item.source_name))
    return Text(en=f"{r.names.en} swap their Might this turn.",
                fr=f"{r.names.fr} échangent leur puissance ce tour.")  # fmt: skip


def draw_cards(ctx: RiftboundCtx, r: Resolving) -> Text:
    player = r.item.controller
    drawn = draw(ctx, player, r.effect.amount)
    n = cards_said(drawn)
    return Text(en=f"{player} draws {n.en}.", fr=f"{player} pioche {n.fr}.")


def token(ctx: RiftboundCtx, r: Resolving) -> Text:
    # 811.1.d.3: a unit a hidden card makes you play enters at that battlefield.
    player, hidden_at, might = r.item.controller, r.item.hidden_at, r.effect.amount
    made = RiftboundObject(
        id=ctx.new_id(), card=SPRITE.model_copy(update={"might": might}), is_token=True, owner=player, controller=player,
        zone=Zone.BATTLEFIELD if hidden_at else Zone.BASE, position=ctx.next_position(),
        location=hidden_at,
    )  # fmt: skip
    ctx.state.objects.append(made)
    where = where_text(ctx.state, made)
    return Text(en=f"{player} plays a ready {might} Might Sprite token at {where.en}.",
                fr=f"{player} joue un jeton Sprite prêt de {might} à {where.fr}.")  # fmt: skip


def attach(ctx: RiftboundCtx, r: Resolving) -> Text:
    if not r.targets:
        return NOTHING_HAPPENS  # the unit is gone: the gear stays unattached
    bonus = r.effect.amount
    r.targets[0].modifiers.append(
        MightModifier(might=bonus, until_end_of_turn=False, source=r.item.source_name)
    )
    return Text(en=f"{r.item.source_name} is attached to {r.names.en} ({bonus:+d} Might).",
                fr=f"{r.item.source_name_fr} est attaché à {r.names.fr} ({bonus:+d}).")  # fmt: skip


EFFECTS: dict[EffectKind, EffectFn] = {
    "might": might,
    "buff": buff,
    "kill_draw": kill_draw,
    "move_to_base": move_to_base,
    "return_to_hand": return_to_hand,
    "swap_places": swap_places,
    "move_here": move_here,
    "swap_might": swap_might,
    "shield_tank": not_modelled,  # Shield and Tank are not modelled
    "draw": draw_cards,
    "token": token,
    "attach": attach,
    "none": not_modelled,
}
