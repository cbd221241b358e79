"""What Magic offers a viewer: every action worth a button, legal or not (the engine
decides, app.rules.offers). Labels name objects only as this viewer may see them."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import Any

from app.rules.core.events import Text
from app.rules.core.family import offer_target
from app.rules.core.proposals import default_subjects
from app.rules.core.words import counters_words
from app.rules.mtg import as_turned_up, characteristics, sba
from app.rules.mtg.cards import UNTRACKED_CONDITIONS
from app.rules.mtg.exile_candidates import EXILE_ACTION_WORDS, exile_candidates
from app.rules.mtg.hideaway import condition_text, hidden_cards
from app.rules.mtg.labels import describe, via_fr
from app.rules.mtg.manifest_candidates import MANIFEST_TYPES, describe_manifest, manifest_candidates
from app.rules.mtg.permissions import describe_grant
from app.rules.mtg.state import MtgGame, MtgObject, Zone
from app.rules.mtg.table_candidates import (
    TABLE_PROPOSABLE,
    describe_table_action,
    table_candidates,
    token_copy_candidate,
)
from app.rules.mtg.trigger_candidates import trigger_candidates, trigger_offer_target
from app.rules.mtg.visibility import can_see_face, face_known_to, in_view

_SIMPLE: dict[str, tuple[str, str]] = {
    "cast": ("Cast", "Lancer"),
    "play_land": ("Play this land", "Jouer ce terrain"),
    "counter": ("Counter", "Contrer"),
    "turn_face_up": ("Turn face up", "Retourner face visible"),
    "look": ("Look at it", "Le regarder"),
    "tap": ("Tap", "Engager"),
    "untap": ("Untap", "Dégager"),
    "add_counter": ("Add a +1/+1 counter", "Ajouter un marqueur +1/+1"),
    "pump": ("Give +3/+3 until end of turn", "Donner +3/+3 jusqu'à la fin du tour"),
    "phase_out": ("Phase out", "Mettre hors phase"),
    "phase_in": ("Phase in", "Remettre en phase"),
    "attack": ("Attack", "Attaquer"),
    "flip": ("Flip it", "L'inverser"),
    # 704.5f: a creature with toughness 0 or less.
    "state_based_actions": ("Put into graveyard (704.5f)", "Mettre au cimetière (704.5f)"),
}
_MOVES: dict[str, tuple[str, str]] = {
    "hand": ("Return to hand", "Renvoyer en main"),
    "graveyard": ("Put into graveyard", "Mettre au cimetière"),
    "exile": ("Exile", "Exiler"),
    "library_top": ("Put on top of library", "Mettre au-dessus de la bibliothèque"),
    "library_bottom": ("Put on bottom of library", "Mettre sous la bibliothèque"),
}


@lru_cache(maxsize=4096)
def _label(en: str, fr: str) -> Text:
    """A button's label, made once: a page offers each object the same dozen or so (the same
    on every object and every page), and each Text is a validated, elided model. Frozen, so
    shared safely."""
    return Text(en=en, fr=fr)


def _object_candidates(
    state: MtgGame, obj: MtgObject, copy_labels: list[tuple[str, Text]]
) -> list[tuple[dict[str, Any], Text]]:
    """Actions that could concern `obj`, by its zone; the engine decides which are legal.
    `copy_labels`: each battlefield object in view with its "Become a copy of" label."""
    out: list[tuple[dict[str, Any], Text]] = []

    def add(action: dict[str, Any], en: str, fr: str) -> None:
        out.append(({**action}, _label(en, fr)))

    def simple(kind: str) -> None:
        add({"type": kind, "object": obj.id}, *_SIMPLE[kind])

    def cast_or_play() -> None:
        for via in ("morph", "megamorph", "disguise"):
            if getattr(obj.card, via):
                add(
                    {"type": "cast_face_down", "object": obj.id, "via": via},
                    f"Cast face down ({via})",
                    f"Lancer face cachée ({via_fr(via)})",
                )
        simple("cast")
        simple("play_land")

    if obj.zone == Zone.HAND:
        cast_or_play()
        add(
            {"type": "put_onto_battlefield_face_down", "object": obj.id, "via": "illusionary_mask"},
            "Put face down with Illusionary Mask",
            "Mettre face cachée avec le Masque illusoire",
        )
        add(
            {"type": "put_onto_battlefield_face_down", "object": obj.id, "via": "effect"},
            "Put onto the battlefield face down (an effect)",
            "Mettre sur le champ de bataille face cachée (un effet)",
        )
        for to in ("graveyard", "exile", "library_top", "library_bottom"):
            add({"type": "move", "object": obj.id, "to": to}, *_MOVES[to])
    elif obj.zone == Zone.STACK:
        simple("counter")
        simple("look")
        simple("turn_face_up")
    elif obj.zone in (Zone.BATTLEFIELD, Zone.PHASED_OUT):
        for kind in (
            "turn_face_up", "look", "attack", "tap", "untap", "add_counter", "pump",
            "phase_out", "phase_in", "flip",
        ):  # fmt: skip
            if kind == "attack":
                add({"type": "attack", "objects": [obj.id]}, *_SIMPLE["attack"])
            else:
                simple(kind)
        _hideaway_play_candidates(state, obj, add)
        for to in _MOVES:
            add({"type": "move", "object": obj.id, "to": to}, *_MOVES[to])
        for player in state.player_names():
            add(
                {"type": "gain_control", "object": obj.id, "player": player},
                f"Give control to {player}",
                f"Donner le contrôle à {player}",
            )
        add(
            {"type": "turn_face_down", "objects": [obj.id], "via": "effect"},
            "Turn face down (an effect)",
            "Retourner face cachée (un effet)",
        )
        # A creature at toughness 0 or less, one tap for its controller or
        # the judge (704.5f).
        if sba.flags(state, obj):
            simple("state_based_actions")
        # What it is now, as every viewer may know it: a face-down Ixidron is a nameless 2/2
        # with no ability (708.2), so its button must not tell it apart.
        if characteristics.current(obj, state).name == "Ixidron":
            add(
                {"type": "turn_face_down", "via": "ixidron", "source": obj.id},
                "Ixidron: turn other nontoken creatures face down",
                "Ixidron : retourner les autres créatures face cachée",
            )
        for other_id, label in copy_labels:
            if other_id != obj.id:
                out.append(({"type": "copy", "object": obj.id, "source": other_id}, label))
    else:  # graveyard, exile
        if obj.face_down:
            simple("look")
        for to in ("hand", "library_top", "library_bottom", "exile", "graveyard"):
            add({"type": "move", "object": obj.id, "to": to}, *_MOVES[to])
        add(
            {"type": "put_onto_battlefield_face_down", "object": obj.id, "via": "effect"},
            "Put onto the battlefield face down (an effect)",
            "Mettre sur le champ de bataille face cachée (un effet)",
        )
        if state.permissions:
            # 601.3: cast or play it where a permission effect allows (Gonti, Cemetery
            # Illuminator); the engine's trial keeps only what the actor may do.
            cast_or_play()
    return out


def _hideaway_play_candidates(state: MtgGame, obj: MtgObject, add: Any) -> None:
    """The ability that plays a hidden card; an untracked condition is offered both ways."""
    values = characteristics.current(obj, state)
    ability = values.hideaway_ability
    if ability is None or not values.hideaway:
        return
    # One button per hidden card when it hid more than one (its trigger happened twice).
    cards = hidden_cards(state, obj.hideaway_link)
    for number, card in enumerate(cards if len(cards) > 1 else [None], start=1):
        base: dict[str, Any] = {"type": "hideaway_play", "source": obj.id}
        which_en = which_fr = ""
        if card is not None:
            base["card"] = card.id
            which_en, which_fr = f" #{number}", f" n° {number}"
        condition = ability.condition
        if condition is not None and condition.kind in UNTRACKED_CONDITIONS:
            text = condition_text(condition)
            add(
                {**base, "condition_met": True},
                f"Play the hidden card{which_en} ({text.en})",
                f"Jouer la carte cachée{which_fr} ({text.fr})",
            )
            add(
                {**base, "condition_met": False},
                f"Try to play the hidden card{which_en} (condition not met)",
                f"Essayer de jouer la carte cachée{which_fr} (condition non remplie)",
            )
            continue
        add(base, f"Play the hidden card{which_en}", f"Jouer la carte cachée{which_fr}")


def _hideaway_exile_candidates(
    state: MtgGame, actor: str | None
) -> list[tuple[dict[str, Any], Text]]:
    """One choice per looked-at card; the rest keep their order (Lorwyn) or are shuffled."""
    pending = state.hideaway_pending
    if pending is None or (actor is not None and actor != pending.player):
        return []
    out: list[tuple[dict[str, Any], Text]] = []
    looked = list(pending.looked)
    for object_id in looked:
        card = state.get(object_id)
        if card is None:
            continue
        rest = [i for i in looked if i != object_id]
        action: dict[str, Any] = {"type": "hideaway_exile", "object": object_id}
        if state.hideaway_edition == "lorwyn":
            action["bottom_order"] = rest
        name = describe(state, card, face=True)
        out.append(
            (
                action,
                Text(
                    en=f"Hide {name.en} (the rest to the bottom)",
                    fr=f"Cacher {name.fr} (le reste au-dessous)",
                ),
            )
        )
    return out


def _game_candidates(state: MtgGame) -> list[tuple[dict[str, Any], Text]]:
    out: list[tuple[dict[str, Any], Text]] = [
        (
            {"type": "resolve"},
            Text(en="Resolve the top of the stack", fr="Résoudre le haut de la pile"),
        ),
        ({"type": "next_turn"}, Text(en="End the turn", fr="Finir le tour")),
    ]
    # 702.75 "you may play": a hideaway ability's player chooses, as it resolves.
    for ability in state.abilities:
        if ability.kind != "hideaway_play":
            continue
        out.append(
            (
                {"type": "hideaway_accept", "ability": ability.id},
                Text(
                    en=f"{ability.source_name}: play the hidden card",
                    fr=f"{ability.source_name_fr} : jouer la carte cachée",
                ),
            )
        )
        out.append(
            (
                {"type": "hideaway_decline", "ability": ability.id},
                Text(
                    en=f"{ability.source_name}: don't play the hidden card",
                    fr=f"{ability.source_name_fr} : ne pas jouer la carte cachée",
                ),
            )
        )
    for player in state.player_names():
        out.append(
            (
                {"type": "manifest", "player": player},
                Text(en=f"Manifest ({player})", fr=f"Manifester ({player})"),
            )
        )
        out.append(
            (
                {"type": "cloak", "player": player},
                Text(en=f"Cloak ({player})", fr=f"Voiler ({player})"),
            )
        )
    out.append(({"type": "concede"}, Text(en="Concede", fr="Concéder")))
    out.append(({"type": "end_game"}, Text(en="End the game", fr="Terminer la partie")))
    return out


class _Names(Mapping[str, Text]):
    """Each object in `actor`'s view, named as they may see it (None: not in their view);
    each name made when first asked, since the game-wide buttons name few objects."""

    def __init__(self, state: MtgGame, actor: str | None) -> None:
        self._state = state
        self._actor = actor
        self._names: dict[str, Text | None] = {}

    def _name(self, object_id: str) -> Text | None:
        if object_id not in self._names:
            obj, actor = self._state.get(object_id), self._actor
            shown = None
            if obj is not None and (actor is None or in_view(self._state, obj, actor)):
                face = actor is None or can_see_face(self._state, obj, actor)
                shown = describe(self._state, obj, face=face)
            self._names[object_id] = shown
        return self._names[object_id]

    def __contains__(self, object_id: object) -> bool:
        return isinstance(object_id, str) and self._name(object_id) is not None

    def __getitem__(self, object_id: str) -> Text:
        shown = self._name(object_id)
        if shown is None:
            raise KeyError(object_id)
        return shown

    def __iter__(self) -> Iterator[str]:
        return (o.id for o in self._state.objects if o.id in self)

    def __len__(self) -> int:
        return sum(1 for _ in self)


def _table_wide(
    state: MtgGame, actor: str | None, name_of: _Names
) -> list[tuple[dict[str, Any], Text]]:
    """The candidates not made object by object (game-wide, abilities, choices, the table)."""
    return (
        _hideaway_exile_candidates(state, actor)
        + _game_candidates(state)
        + trigger_candidates(state, actor, name_of)
        + table_candidates(state, actor)
        + manifest_candidates(state, actor)
    )


def _copy_labels(state: MtgGame, name_of: _Names) -> list[tuple[str, Text]]:
    """Each battlefield object may be copied by every other one (707.2): its label made once
    per board, not once per pair (a board of 200 made 40,000 of them per page)."""
    return [
        (
            other.id,
            Text(
                en=f"Become a copy of {name_of[other.id].en}",
                fr=f"Devenir une copie de {name_of[other.id].fr}",
            ),
        )
        for other in state.in_zone(Zone.BATTLEFIELD)
        if other.id in name_of
    ]


def _about_object(
    state: MtgGame, obj: MtgObject, actor: str | None, copy_labels: list[tuple[str, Text]]
) -> list[tuple[dict[str, Any], Text]]:
    """The candidates made for one object: each one's button is that object's."""
    out = (
        _object_candidates(state, obj, copy_labels)
        + as_turned_up.choice_candidates(state, obj, actor)
        + exile_candidates(state, obj, actor)
    )
    if obj.zone == Zone.BATTLEFIELD:
        out.append(token_copy_candidate(state, obj, actor))
    return out


def candidate_actions(state: MtgGame, actor: str | None) -> list[tuple[dict[str, Any], Text]]:
    """Everything worth offering `actor` (None: the judge), legal or not."""
    name_of = _Names(state, actor)
    out = _table_wide(state, actor, name_of)
    copy_labels = _copy_labels(state, name_of)
    for obj in sorted(state.objects, key=lambda o: o.position):
        if obj.id in name_of:
            out += _about_object(state, obj, actor, copy_labels)
    return out


def candidates_about(
    state: MtgGame, actor: str | None, target: str | None
) -> list[tuple[dict[str, Any], Text]]:
    """`candidate_actions`' candidates whose button belongs to `target` (None: game-wide),
    in its order: the table-wide ones about it, then its own (no other object's are)."""
    name_of = _Names(state, actor)
    out = [c for c in _table_wide(state, actor, name_of) if mtg_offer_target(c[0]) == target]
    obj = state.get(target) if target is not None else None
    if obj is not None and obj.id in name_of:
        own = _about_object(state, obj, actor, _copy_labels(state, name_of))
        out += [c for c in own if mtg_offer_target(c[0]) == target]
    return out


def mtg_offer_target(action: dict[str, Any]) -> str | None:
    """Ixidron's button belongs to Ixidron (its `source`), not to the creatures it turns."""
    if action["type"] == "propose":
        return mtg_offer_target(action["action"])
    if action["type"] == "turn_face_down" and action.get("via") == "ixidron":
        return action.get("source")
    # A token copy of a permanent is on the permanent's sheet (707.2).
    if action["type"] == "create_token" and action.get("copy_of"):
        return str(action["copy_of"])
    # A triggered ability's buttons belong to it, beside it in the stack region (not to the
    # object a "choose targets" button names).
    return trigger_offer_target(action) or offer_target(action)


# -- proposals (app.rules.core.proposals) -------------------------------------------------------

# Effects a seat proposes when they act on another player's object (the rest, such as turning
# a face-down permanent face up or flipping it, only its controller does).
PROPOSABLE = frozenset(
    {
        "gain_control", "move", "tap", "untap", "add_counter", "pump", "turn_face_down", "look",
        "counter", "phase_out", "phase_in", "put_onto_battlefield_face_down", "manifest",
        "cloak", "copy", "forbid_name",
    }
) | TABLE_PROPOSABLE | MANIFEST_TYPES  # fmt: skip
# 613: an effect on another player's permanent is proposed (Unable to Scream).
PROPOSABLE |= frozenset({"apply_effect"})
# 406.3: exiling, casting or returning another player's card is proposed
# (casting checks its own right to look first, 406.3b: GameRules.checks_own_right).
PROPOSABLE |= frozenset({"exile_face_down", "cast_from_exile", "return_from_exile"})
# Another player's creature at toughness 0 (704.5f).
PROPOSABLE |= frozenset({"state_based_actions"})
# 601.3: a permission to cast another player's card (Gonti) is theirs to accept.
PROPOSABLE |= frozenset({"grant_permission"})
# 701.6: countering another player's triggered ability (Stifle) acts on their object.
PROPOSABLE |= frozenset({"counter_ability"})


def addressed(state: MtgGame, action: Any) -> set[str]:
    """The controller of the ability on the stack that countering acts on (its source is
    not the object countered: 113.7a)."""
    if action.type != "counter_ability":
        return set()
    ability = next((a for a in state.abilities if a.id == action.ability), None)
    return {ability.controller} if ability is not None else set()


def subjects(state: MtgGame, action: Any) -> list[MtgObject]:
    """The objects an action acts on: `object`/`objects`, a hideaway ability's source, and
    for Ixidron every other face-up nontoken creature (702 / 708.2: all turned face down)."""
    found = default_subjects(state, action)
    if action.type == "hideaway_play":
        source = state.get(action.source)
        found += [source] if source is not None else []
    if action.type == "turn_face_down" and action.objects is None:
        found += [
            o
            for o in state.in_zone(Zone.BATTLEFIELD)
            if o.id != action.source
            and not o.face_down
            and not o.is_token
            and characteristics.current(o, state).is_creature()
        ]
    return found


def _public_name(state: MtgGame, obj: MtgObject) -> Text:
    """An object as every player may know it: its face only when all of them may see it."""
    everyone = set(state.player_names())
    return describe(state, obj, face=face_known_to(state, obj)[0] >= everyone)


def describe_action(state: MtgGame, action: Any) -> Text:
    """A proposed action in public words: what it does, to what (public names only)."""
    names = [_public_name(state, o) for o in subjects(state, action)]
    what_en = ", ".join(n.en for n in names)
    what_fr = ", ".join(n.fr for n in names)
    kind = action.type
    if kind == "gain_control":
        return Text(
            en=f"give control of {what_en} to {action.player}",
            fr=f"donner le contrôle de {what_fr} à {action.player}",
        )
    if kind in MANIFEST_TYPES:
        return describe_manifest(state, action, Text(en=what_en, fr=what_fr))
    if kind in TABLE_PROPOSABLE:
        return describe_table_action(state, action)
    if kind == "forbid_name":  # Reflector Mage: the name as every player may know it
        if action.name is not None:
            return Text(
                en=f"forbid {action.player} to cast spells named {action.name}",
                fr=f"interdire à {action.player} de lancer des sorts nommés {action.name}",
            )
        return Text(
            en=f"forbid {action.player} to cast spells with the name of {what_en}",
            fr=f"interdire à {action.player} de lancer des sorts du nom de {what_fr}",
        )
    if kind == "grant_permission":  # Gonti: the permission in public words
        return describe_grant(action)
    if kind == "move":
        en, fr = _MOVES[action.to]
    elif kind == "turn_face_down":
        en, fr = ("Turn face down", "Retourner face cachée")
    elif kind == "put_onto_battlefield_face_down":
        en, fr = (
            "Put onto the battlefield face down",
            "Mettre sur le champ de bataille face cachée",
        )
    elif kind == "pump":
        en, fr = (f"Give {action.power:+d}/{action.toughness:+d} until end of turn",
                  f"Donner {action.power:+d}/{action.toughness:+d} jusqu'à la fin du tour")  # fmt: skip
    elif kind == "apply_effect":
        by = f" ({action.source.strip()})" if action.source.strip() else ""
        en, fr = (f"Apply an effect{by} to", f"Appliquer un effet{by} à")
    elif kind == "add_counter":
        counters_en, counters_fr = counters_words(action.amount, action.counter)
        en, fr = f"Add {counters_en} to", f"Ajouter {counters_fr} sur"
    else:
        en, fr = _SIMPLE.get(kind) or EXILE_ACTION_WORDS.get(kind, (kind, kind))
    return Text(en=f"{en.lower()} {what_en}".strip(), fr=f"{fr.lower()} {what_fr}".strip())
