"""The chain: spells and play effects wait there; while it exists the turn is in a Closed
State and only Reaction cards can be played. Resolving takes the newest item first."""

from __future__ import annotations

from app.rules.core.actions import Resolve
from app.rules.core.errors import RuleError
from app.rules.core.events import Text
from app.rules.riftbound.battlefields import cleanup
from app.rules.riftbound.common import card_name, rb
from app.rules.riftbound.effects import EFFECTS, NOT_MODELLED, Resolving
from app.rules.riftbound.model import ChainItem
from app.rules.riftbound.state import RiftboundCtx, RiftboundObject, Zone
from app.rules.riftbound.targets import at_hidden_battlefield, restricted
from app.rules.riftbound.zones import put


def push(
    ctx: RiftboundCtx, obj: RiftboundObject, controller: str, targets: list[str], *, hidden_at: str | None,
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


def may_resolve(ctx: RiftboundCtx, action: Resolve) -> None:
    """The chain's newest item resolves, if there is a chain."""
    if not rb(ctx.state).chain:
        raise RuleError(
            ["rb.chain"],
            "There is no chain: nothing to resolve.",
            "Il n'y a pas de chaîne : rien à résoudre.",
        )


def resolve(ctx: RiftboundCtx, action: Resolve) -> None:
    may_resolve(ctx, action)
    state = rb(ctx.state)
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
    if source is None or effect is None:
        text = NOT_MODELLED  # no effect as data (or its source is gone): the table applies it
    else:
        text = EFFECTS[effect.kind](ctx, Resolving(item, source, effect, targets))
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
