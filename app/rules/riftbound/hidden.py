"""The Hide action (811.1.b, 811.1.c): a card with Hidden, from its owner's hand or
champion zone, on their turn, in an Open State, face down at a battlefield they control
whose facedown zone has room, for [A]. Not a play; it starts no chain; only its controller
may look at it (811.6.a)."""

from __future__ import annotations

from app.rules.core.errors import RuleError
from app.rules.core.events import Text
from app.rules.core.timing import refuse_seat_off_timing, say_off_timing
from app.rules.riftbound.actions import Hide
from app.rules.riftbound.battlefields import cleanup, facedown_at
from app.rules.riftbound.common import battlefield, card_name
from app.rules.riftbound.labels import facedown_label
from app.rules.riftbound.runes import domain_of, recycle, runes_of
from app.rules.riftbound.state import RiftboundCtx, Zone
from app.rules.riftbound.timing import hide_timing
from app.rules.riftbound.zones import put


def hide(ctx: RiftboundCtx, action: Hide) -> None:
    obj = ctx.find(action.object)
    player = ctx.acting_for(obj.owner)
    if obj.zone not in (Zone.HAND, Zone.CHAMPION) or obj.owner != player:
        raise RuleError(
            ["rb.811.1.b"],
            "Only a card in your own hand or champion zone can be hidden.",
            "Seule une carte de votre main ou de votre zone de champion peut être cachée.",
        )
    name = card_name(obj)  # the actor owns it and sees it: naming it leaks nothing
    if not obj.card.hidden:
        raise RuleError(
            ["rb.811.1", "rb.811.1.c"],
            f"{name.en} doesn't have Hidden: only a card with Hidden can be hidden.",
            f"{name.fr} n'a pas Caché : seule une carte avec Caché peut être cachée.",
        )
    off = refuse_seat_off_timing(ctx, hide_timing(ctx.state, player))  # 811.1.b
    bf = battlefield(ctx, action.battlefield)
    if bf.controller != player:
        raise RuleError(
            ["rb.811.1.b", "rb.107.3.c"],
            f"You can hide a card only at a battlefield you control; you don't control {bf.name}.",
            f"On ne peut cacher une carte que sur un champ de bataille qu'on contrôle ; vous ne "
            f"contrôlez pas {bf.name_fr or bf.name}.",
        )
    if len(facedown_at(ctx, bf.id)) >= bf.facedown_capacity:
        raise RuleError(
            ["rb.811.1.b", "rb.107.3.b"],
            f"The facedown zone of {bf.name} is full ({bf.facedown_capacity} card).",
            f"La zone face cachée de {bf.name_fr or bf.name} est pleine "
            f"({bf.facedown_capacity} carte).",
        )
    runes = runes_of(ctx, player)
    if action.rune is not None:
        chosen = [r for r in runes if r.id == action.rune]
        if not chosen:
            raise RuleError(
                ["rb.runes"],
                "That is not one of your runes on the board.",
                "Ce n'est pas une de vos runes sur le plateau.",
            )
        rune = chosen[0]
    else:
        if not runes:
            raise RuleError(
                ["rb.811.1.b", "rb.runes"],
                "Hiding costs [A], one Power of any domain: you have no rune to recycle.",
                "Cacher coûte [A], une puissance de n'importe quel domaine : vous n'avez "
                "aucune rune à recycler.",
            )
        rune = sorted(runes, key=lambda r: (not r.tapped, r.position))[0]
    kind = domain_of(rune) or "?"
    recycle(ctx, rune)
    hidden = put(ctx, obj, Zone.FACEDOWN, location=bf.id, controller=player)
    hidden.face_down = True
    hidden.hidden_turn = ctx.state.turn
    label = facedown_label(ctx.state, hidden)
    ctx.emit(
        "hide",
        ["rb.811.1.b", "rb.811.1.c.1", "rb.811.1.c.2", "rb.811.6.a"],
        Text(
            en=f"{player} hides a card face down at {bf.name}, paying one Power of any domain (recycles a {kind} "
            f"rune): {label.en}. Hiding is not playing a card and starts no chain.",
            fr=f"{player} cache une carte face cachée à {bf.name_fr or bf.name} en payant une puissance de n'importe quel domaine "
            f"(recycle une rune {kind}) : {label.fr}. Cacher n'est pas jouer une carte et ne "
            "démarre pas de chaîne.",
        ),
        private=Text(
            en=f"It is {name.en}. It can be played from the next turn on.",
            fr=f"C'est {name.fr}. Elle pourra être jouée à partir du prochain tour.",
        ),
        private_to=[player],
        objects=[hidden.id],
    )
    say_off_timing(ctx, off)
    cleanup(ctx)
