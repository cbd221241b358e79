"""Small look-ups shared by the Riftbound handlers: battlefields, units, Might, names."""

from __future__ import annotations

from app.rules.core.errors import RuleError
from app.rules.core.events import Text
from app.rules.riftbound.model import BattlefieldState, RiftboundTable
from app.rules.riftbound.state import RiftboundCtx, RiftboundGame, RiftboundObject, Zone

ZONE_EN = {
    Zone.HAND: "hand",
    Zone.MAIN_DECK: "main deck",
    Zone.RUNE_DECK: "rune deck",
    Zone.RUNES: "runes",
    Zone.BASE: "base",
    Zone.BATTLEFIELD: "battlefield",
    Zone.FACEDOWN: "facedown zone",
    Zone.CHAMPION: "champion zone",
    Zone.LEGEND: "legend zone",
    Zone.TRASH: "trash",
    Zone.BANISHMENT: "banishment",
    Zone.CHAIN: "chain",
}
ZONE_FR = {
    Zone.HAND: "main",
    Zone.MAIN_DECK: "deck principal",
    Zone.RUNE_DECK: "deck de runes",
    Zone.RUNES: "runes",
    Zone.BASE: "base",
    Zone.BATTLEFIELD: "champ de bataille",
    Zone.FACEDOWN: "zone face cachée",
    Zone.CHAMPION: "zone de champion",
    Zone.LEGEND: "zone de légende",
    Zone.TRASH: "défausse",
    Zone.BANISHMENT: "bannissement",
    Zone.CHAIN: "chaîne",
}

# The zones as a setup or a judge edit names them (Magic's names too: a library is the main
# deck, a graveyard the trash, exile the banishment).
ZONES_BY_NAME: dict[str, Zone] = {
    "hand": Zone.HAND,
    "library": Zone.MAIN_DECK,
    "main_deck": Zone.MAIN_DECK,
    "rune_deck": Zone.RUNE_DECK,
    "runes": Zone.RUNES,
    "base": Zone.BASE,
    "battlefield": Zone.BATTLEFIELD,
    "facedown": Zone.FACEDOWN,
    "champion_zone": Zone.CHAMPION,
    "legend_zone": Zone.LEGEND,
    "graveyard": Zone.TRASH,
    "trash": Zone.TRASH,
    "exile": Zone.BANISHMENT,
    "banishment": Zone.BANISHMENT,
}


def rb(state: RiftboundGame) -> RiftboundTable:
    assert state.riftbound is not None, "not a Riftbound game"
    return state.riftbound


def battlefield(ctx: RiftboundCtx, bf_id: str) -> BattlefieldState:
    found = rb(ctx.state).battlefield(bf_id)
    if found is None:
        raise RuleError(
            [],
            f"There is no battlefield {bf_id!r} in this game.",
            f"Aucun champ de bataille {bf_id!r} dans cette partie.",
            kind="not_found",
        )
    return found


def bf_text(state: RiftboundGame, bf_id: str | None) -> Text:
    found = rb(state).battlefield(bf_id) if bf_id else None
    if found is None:
        return Text(en="a battlefield", fr="un champ de bataille")
    return Text(en=found.name, fr=found.name_fr or found.name)


def units_at(
    state: RiftboundGame, bf_id: str, controller: str | None = None
) -> list[RiftboundObject]:
    return [
        o
        for o in sorted(state.objects, key=lambda o: o.position)
        if o.zone == Zone.BATTLEFIELD
        and o.location == bf_id
        and is_unit(o)
        and (controller is None or o.controller == controller)
    ]


def is_unit(obj: RiftboundObject) -> bool:
    return "Unit" in obj.card.types


def is_spell(obj: RiftboundObject) -> bool:
    return "Spell" in obj.card.types


def is_gear(obj: RiftboundObject) -> bool:
    return "Gear" in obj.card.types


def has_keyword(obj: RiftboundObject, keyword: str) -> bool:
    return keyword in obj.card.keywords


def might_of(state: RiftboundGame, obj: RiftboundObject) -> int:
    """Printed Might, then a buff (+1, and Stand United's +1 more for friendly units this
    turn), then this turn's effects; never below 0."""
    might = obj.card.might or 0
    if obj.counters.get("buff"):
        might += 1 + rb(state).buff_bonus.get(obj.controller, 0)
    might += sum(m.might for m in obj.modifiers)
    return max(might, 0)


def where_text(state: RiftboundGame, obj: RiftboundObject) -> Text:
    if obj.zone == Zone.BATTLEFIELD:
        return bf_text(state, obj.location)
    if obj.zone == Zone.BASE:
        return Text(en=f"{obj.controller}'s base", fr=f"la base de {obj.controller}")
    return Text(en=ZONE_EN.get(obj.zone, obj.zone.value), fr=ZONE_FR.get(obj.zone, obj.zone.value))


def card_name(obj: RiftboundObject) -> Text:
    return obj.card.shown_name()
