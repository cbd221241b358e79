"""Choosing targets, and 811.1.d.2: a card played from face down chooses among options at
the battlefield where it was hidden, unless its own wording makes that impossible."""

from __future__ import annotations

from collections.abc import Sequence

from app.rules.core.errors import RuleError
from app.rules.core.words import plural_pair
from app.rules.riftbound.common import is_unit, might_of
from app.rules.riftbound.model import PlayEffect, TargetSpec
from app.rules.riftbound.state import RiftboundGame, RiftboundObject, Zone


def location_key(obj: RiftboundObject) -> tuple[str, str]:
    if obj.zone == Zone.BATTLEFIELD:
        return ("battlefield", obj.location or "")
    return ("base", obj.controller)


def restricted(spec: TargetSpec) -> bool:
    """811.1.d.2: a choice is pinned to the hidden battlefield unless the card's wording
    restricts it so that no option there could ever qualify ("at another location")."""
    return spec.where != "other_location"


def matches(
    state: RiftboundGame,
    spec: TargetSpec,
    target: RiftboundObject,
    *,
    controller: str,
    source_location: tuple[str, str] | None,
    source_id: str | None,
    first: RiftboundObject | None,
) -> bool:
    """The card's own wording, without the hidden restriction."""
    if not is_unit(target) or target.zone not in (Zone.BASE, Zone.BATTLEFIELD):
        return False
    if spec.controller == "friendly" and target.controller != controller:
        return False
    if spec.controller == "enemy" and target.controller == controller:
        return False
    if spec.not_self and target.id == source_id:
        return False
    if spec.max_might is not None and might_of(state, target) > spec.max_might:
        return False
    if spec.where == "battlefield" and target.zone != Zone.BATTLEFIELD:
        return False
    if spec.where == "same_battlefield":
        if target.zone != Zone.BATTLEFIELD:
            return False
        if first is not None and (first.location != target.location or first.id == target.id):
            return False
    # "At another location": never where the source is.
    return not (
        spec.where == "other_location"
        and source_location is not None
        and location_key(target) == source_location
    )


def at_hidden_battlefield(target: RiftboundObject, hidden_at: str | None) -> bool:
    return hidden_at is None or (target.zone == Zone.BATTLEFIELD and target.location == hidden_at)


def candidates(
    state: RiftboundGame,
    spec: TargetSpec,
    *,
    controller: str,
    source_location: tuple[str, str] | None,
    source_id: str | None,
    hidden_at: str | None,
    first: RiftboundObject | None = None,
    extra: Sequence[RiftboundObject] = (),
) -> list[RiftboundObject]:
    pool = [o for o in state.objects if o.zone in (Zone.BASE, Zone.BATTLEFIELD)] + list(extra)
    out = []
    for obj in pool:
        if not matches(
            state, spec, obj, controller=controller, source_location=source_location,
            source_id=source_id, first=first,
        ):  # fmt: skip
            continue
        if restricted(spec) and not at_hidden_battlefield(obj, hidden_at):
            continue
        out.append(obj)
    return out


def check_targets(
    state: RiftboundGame,
    effect: PlayEffect | None,
    targets: list[RiftboundObject],
    *,
    controller: str,
    source_location: tuple[str, str] | None,
    source_id: str | None,
    hidden_at: str | None,
    is_spell: bool,
    name: str,
) -> None:
    """Refuse a wrong number of targets, a target the card's wording can't choose, and (from
    hidden) a target elsewhere than the hidden battlefield (811.1.d.2). A hidden spell with
    no legal target under that restriction can't be played at all (811.1.d)."""
    specs = effect.targets if effect is not None else ()
    required = [s for s in specs if not s.optional]
    if len(targets) > len(specs):
        most_en, most_fr = plural_pair(
            len(specs), ("# target", "# targets"), ("# cible", "# cibles")
        )
        raise RuleError(
            ["rb.targets"],
            f"{name} chooses at most {most_en}.",
            f"{name} choisit au plus {most_fr}.",
        )
    if is_spell and hidden_at is not None:
        first_options = candidates(
            state, specs[0], controller=controller, source_location=source_location,
            source_id=source_id, hidden_at=hidden_at,
        ) if specs else [None]  # fmt: skip
        if specs and not specs[0].optional and not first_options:
            raise RuleError(
                ["rb.811.1.d", "rb.811.1.d.2"],
                f"{name} can't be played from face down: it is a spell with no legal target "
                "at the battlefield where it was hidden.",
                f"{name} ne peut pas être jouée depuis la zone face cachée : c'est un sort "
                "sans cible valide sur le champ de bataille où elle était cachée.",
            )
    if is_spell and len(targets) < len(required):
        needed_en, needed_fr = plural_pair(
            len(required), ("# target", "# targets"), ("# cible", "# cibles")
        )
        raise RuleError(
            ["rb.targets"],
            f"{name} needs {needed_en}.",
            f"{name} demande {needed_fr}.",
        )
    first: RiftboundObject | None = None
    for spec, target in zip(specs, targets, strict=False):
        if not matches(
            state, spec, target, controller=controller, source_location=source_location,
            source_id=source_id, first=first,
        ):  # fmt: skip
            raise RuleError(
                ["rb.targets"],
                f"That is not a legal target for {name}: {effect.text if effect else ''}",
                f"Ce n'est pas une cible valide pour {name} : "
                f"{(effect.text_fr or effect.text) if effect else ''}",
            )
        if (
            hidden_at is not None
            and restricted(spec)
            and not at_hidden_battlefield(target, hidden_at)
        ):
            raise RuleError(
                ["rb.811.1.d.2"],
                f"Played from face down, {name} must choose its target among the units at the "
                "battlefield where it was hidden.",
                f"Jouée depuis la zone face cachée, {name} doit choisir sa cible parmi les "
                "unités du champ de bataille où elle était cachée.",
            )
        first = first or target
