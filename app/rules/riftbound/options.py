"""Candidate Riftbound actions for a viewer (the engine decides which are legal): hide at
each battlefield, play with each target choice, moves, the chain, the showdown, the turn."""

from __future__ import annotations

from itertools import permutations
from typing import Any

from app.rules.core.events import Text
from app.rules.riftbound.common import rb
from app.rules.riftbound.labels import describe
from app.rules.riftbound.state import RiftboundGame, RiftboundObject, Zone
from app.rules.riftbound.table_offers import table_candidates
from app.rules.riftbound.visibility import face_known_to, in_view

_MAX_TARGET_CHOICES = 12


def _name(state: RiftboundGame, obj: RiftboundObject, actor: str | None) -> Text:
    face = actor is None or actor in face_known_to(state, obj)[0]
    return describe(state, obj, face)


def _target_lists(state: RiftboundGame, obj: RiftboundObject) -> list[list[str]]:
    effect = obj.card.play_effect
    if effect is None or not effect.targets:
        return [[]]
    units = [
        o.id
        for o in sorted(state.objects, key=lambda o: o.position)
        if o.zone in (Zone.BASE, Zone.BATTLEFIELD) and "Unit" in o.card.types
    ]
    if obj.zone == Zone.FACEDOWN and "Unit" in obj.card.types:
        units.append(obj.id)  # "me": a hidden unit may choose itself once it enters
    count = len(effect.targets)
    out = [list(p) for p in permutations(units, count)][:_MAX_TARGET_CHOICES]
    if all(s.optional for s in effect.targets) or "Spell" not in obj.card.types:
        out.append([])
    return out


def candidate_actions(state: RiftboundGame, actor: str | None) -> list[tuple[dict[str, Any], Text]]:
    riftbound = rb(state)
    out: list[tuple[dict[str, Any], Text]] = [
        ({"type": "resolve"}, Text(en="Pass: resolve the chain's newest item",
                                   fr="Passer : résoudre le dernier élément de la chaîne")),
        ({"type": "resolve_showdown"}, Text(en="Everyone passes: end the showdown",
                                            fr="Tous passent : finir l'affrontement")),
        ({"type": "next_turn"}, Text(en="End the turn", fr="Finir le tour")),
        ({"type": "concede"}, Text(en="Concede", fr="Concéder")),
        ({"type": "end_game"}, Text(en="End the game", fr="Terminer la partie")),
    ]  # fmt: skip
    out += table_candidates(state, actor)
    bfs = sorted(riftbound.battlefields, key=lambda b: b.position)
    if actor is None:
        for bf in bfs:
            for player in [*state.player_names(), None]:
                out.append((
                    {"type": "set_control", "battlefield": bf.id, "player": player},
                    Text(en=f"{bf.name}: controlled by {player or 'nobody'}",
                         fr=f"{bf.name_fr or bf.name} : contrôlé par {player or 'personne'}"),
                ))  # fmt: skip
    for obj in sorted(state.objects, key=lambda o: o.position):
        if actor is not None and not in_view(state, obj, actor):
            continue
        shown = _name(state, obj, actor)
        if obj.zone in (Zone.HAND, Zone.CHAMPION):
            if obj.card.hidden:
                for bf in bfs:
                    out.append((
                        {"type": "hide", "object": obj.id, "battlefield": bf.id},
                        Text(en=f"Hide {shown.en} at {bf.name} (pay [A])",
                             fr=f"Cacher {shown.fr} à {bf.name_fr or bf.name} (payer [A])"),
                    ))  # fmt: skip
            destinations = ["base"] + [b.id for b in bfs] if "Unit" in obj.card.types else [None]
            for to in destinations:
                for targets in _target_lists(state, obj):
                    action: dict[str, Any] = {"type": "play", "object": obj.id, "targets": targets}
                    if to is not None:
                        action["to"] = to
                    out.append((action, _play_label(state, shown, targets, to, actor)))
        elif obj.zone == Zone.FACEDOWN:
            for targets in _target_lists(state, obj):
                out.append((
                    {"type": "play", "object": obj.id, "targets": targets},
                    _play_label(state, shown, targets, None, actor, hidden=True),
                ))  # fmt: skip
        elif obj.zone in (Zone.BASE, Zone.BATTLEFIELD) and "Unit" in obj.card.types:
            for to in ["base"] + [b.id for b in bfs]:
                where = "base" if to == "base" else next(b.name for b in bfs if b.id == to)
                out.append((
                    {"type": "move_unit", "object": obj.id, "to": to},
                    Text(en=f"Move {shown.en} to {where}", fr=f"Déplacer {shown.fr} vers {where}"),
                ))  # fmt: skip
    return out


def _play_label(state: RiftboundGame, shown: Text, targets: list[str], to: str | None,
                actor: str | None, hidden: bool = False) -> Text:  # fmt: skip
    en = f"Play {shown.en}" + (" from face down" if hidden else "")
    fr = f"Jouer {shown.fr}" + (" depuis la zone face cachée" if hidden else "")
    if to is not None:
        bf = rb(state).battlefield(to)
        en += f" to {bf.name if bf else 'base'}"
        fr += f" vers {(bf.name_fr or bf.name) if bf else 'la base'}"
    names_en, names_fr = [], []
    for target_id in targets:
        target = state.get(target_id)
        if target is None:
            continue
        t = _name(state, target, actor)
        names_en.append(t.en)
        names_fr.append(t.fr)
    if names_en:
        en += " choosing " + ", ".join(names_en)
        fr += " en choisissant " + ", ".join(names_fr)
    return Text(en=en, fr=fr)
