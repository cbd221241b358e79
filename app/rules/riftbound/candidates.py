"""Candidate Riftbound actions for a viewer (the engine decides which are legal): hide at
each battlefield, play with each target choice, moves, the chain, the showdown, the turn."""

from __future__ import annotations

from itertools import permutations
from typing import Any

from app.rules.core.events import Text
from app.rules.riftbound.common import bf_text, rb
from app.rules.riftbound.labels import describe
from app.rules.riftbound.model import BattlefieldState
from app.rules.riftbound.state import RiftboundGame, RiftboundObject, Zone
from app.rules.riftbound.table_candidates import table_candidates
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
    out = _game_wide(state, actor)
    bfs = _battlefields(state)
    for obj in sorted(state.objects, key=lambda o: o.position):
        if actor is not None and not in_view(state, obj, actor):
            continue
        out += _about_object(state, obj, actor, bfs)
    return out


def candidates_about(
    state: RiftboundGame, actor: str | None, target: str | None
) -> list[tuple[dict[str, Any], Text]]:
    """`candidate_actions`' candidates whose button belongs to `target` (None: game-wide), in
    its order, without building every object's: each object's own name it (`object`), the
    game-wide ones none."""
    if target is None:
        return _game_wide(state, actor)
    obj = state.get(target)
    if obj is None or (actor is not None and not in_view(state, obj, actor)):
        return []
    return _about_object(state, obj, actor, _battlefields(state))


def _battlefields(state: RiftboundGame) -> list[BattlefieldState]:
    return sorted(rb(state).battlefields, key=lambda b: b.position)


def _game_wide(state: RiftboundGame, actor: str | None) -> list[tuple[dict[str, Any], Text]]:
    """The chain, the showdown, the turn, the table, and the judge's control of each
    battlefield: no object's button."""
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
    if actor is None:
        for bf in _battlefields(state):
            for player in [*state.player_names(), None]:
                out.append((
                    {"type": "set_control", "battlefield": bf.id, "player": player},
                    Text(en=f"{bf.name}: controlled by {player or 'nobody'}",
                         fr=f"{bf.name_fr or bf.name} : contrôlé par {player or 'personne'}"),
                ))  # fmt: skip
    return out


def _about_object(
    state: RiftboundGame, obj: RiftboundObject, actor: str | None, bfs: list[BattlefieldState]
) -> list[tuple[dict[str, Any], Text]]:
    """One object's candidates (hide, play with each target choice, move), in `actor`'s view."""
    out: list[tuple[dict[str, Any], Text]] = []
    shown = _name(state, obj, actor)
    if obj.zone in (Zone.HAND, Zone.CHAMPION):
        if obj.card.hidden:
            for bf in bfs:
                out.append((
                    {"type": "hide", "object": obj.id, "battlefield": bf.id},
                    Text(en=f"Hide {shown.en} at {bf.name} (pay 1 Power of any domain)",
                         fr=f"Cacher {shown.fr} à {bf.name_fr or bf.name} (payer 1 puissance de n'importe quel domaine)"),
                ))  # fmt: skip
        destinations = ["base"] + [b.id for b in bfs] if "Unit" in obj.card.types else [None]
        plays: list[tuple[dict[str, Any], str | None, bool]] = []
        for to in destinations:
            for targets in _target_lists(state, obj):
                action: dict[str, Any] = {"type": "play", "object": obj.id, "targets": targets}
                if to is not None:
                    action["to"] = to
                plays.append((action, to, False))
        out += _labelled_plays(state, shown, plays, actor)
    elif obj.zone == Zone.FACEDOWN:
        plays = [
            ({"type": "play", "object": obj.id, "targets": targets}, None, True)
            for targets in _target_lists(state, obj)
        ]
        out += _labelled_plays(state, shown, plays, actor)
    elif obj.zone in (Zone.BASE, Zone.BATTLEFIELD) and "Unit" in obj.card.types:
        for to in ["base"] + [b.id for b in bfs]:
            where = "base" if to == "base" else next(b.name for b in bfs if b.id == to)
            out.append((
                {"type": "move_unit", "object": obj.id, "to": to},
                Text(en=f"Move {shown.en} to {where}", fr=f"Déplacer {shown.fr} vers {where}"),
            ))  # fmt: skip
    return out


def _labelled_plays(
    state: RiftboundGame,
    shown: Text,
    plays: list[tuple[dict[str, Any], str | None, bool]],
    actor: str | None,
) -> list[tuple[dict[str, Any], Text]]:
    """One card's play options, each labelled. Two targets with the same name (each player's
    Noxus Saboteur) made two identical buttons: when labels collide, each target
    also says whose it is and where it stands."""
    short = [_play_label(state, shown, a["targets"], to, actor, hidden) for a, to, hidden in plays]
    if len({label.en for label in short}) == len(short):
        return [(a, label) for (a, _, _), label in zip(plays, short, strict=True)]
    return [
        (a, _play_label(state, shown, a["targets"], to, actor, hidden, placed=True))
        for a, to, hidden in plays
    ]


def _placed(state: RiftboundGame, target: RiftboundObject, name: Text) -> Text:
    """ "Noxus Saboteur (Bob's, at base)": whose a unit is and where, both public."""
    if target.zone == Zone.BATTLEFIELD:
        where = bf_text(state, target.location)
        at_en, at_fr = f"at {where.en}", f"à {where.fr}"
    else:
        at_en, at_fr = "at base", "en base"
    return Text(
        en=f"{name.en} ({target.controller}'s, {at_en})",
        fr=f"{name.fr} (à {target.controller}, {at_fr})",
    )


def _play_label(state: RiftboundGame, shown: Text, targets: list[str], to: str | None,
                actor: str | None, hidden: bool = False, placed: bool = False) -> Text:  # fmt: skip
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
        if placed:
            t = _placed(state, target, t)
        names_en.append(t.en)
        names_fr.append(t.fr)
    if names_en:
        en += " choosing " + ", ".join(names_en)
        fr += " en choisissant " + ", ".join(names_fr)
    return Text(en=en, fr=fr)
