"""What a ruling publishes: the pinned state seen from the chosen viewpoints, and nothing more.

A ruling shows each published viewpoint through `view_for` / `log_for`, plus a table of
"who could see what" whose rows name a card only when one of the published viewpoints may
see it. Forking a ruling into a new game keeps only what its viewpoints could see: every
other card becomes an anonymous placeholder, so a fork never reveals a hidden card.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from app.rules.cards import CardDef
from app.rules.citations import numbers_for_ruleset
from app.rules.ids import object_id
from app.rules.labels import public_label
from app.rules.state import GameObject, GameState, Zone
from app.rules.views import Viewer, may_see_face
from app.rules.visibility import face_known_to

PLACEHOLDER = CardDef(
    name="Hidden card",
    name_fr="Carte cachée",
    types=("Creature",),
    power=2,
    toughness=2,
    text="A card this ruling did not show.",
)


class VisibilityRow(BaseModel):
    label: str
    label_fr: str
    zone: str
    controller: str
    # player name -> may that player see this object's face at this moment?
    seen_by: dict[str, bool]
    rules: list[str]


def published_face(state: GameState, obj: GameObject, viewers: Sequence[Viewer]) -> bool:
    """May any of the published viewpoints see this object's face?"""
    return any(may_see_face(state, obj, v) for v in viewers)


def visibility_table(state: GameState, viewers: Sequence[Viewer]) -> list[VisibilityRow]:
    """One row per object some player may not see (libraries excepted: nobody sees them)."""
    players = state.player_names()
    rows: list[VisibilityRow] = []
    for obj in sorted(state.objects, key=lambda o: (o.zone.value, o.position)):
        if obj.zone == Zone.LIBRARY:
            continue
        allowed, rule = face_known_to(state, obj)
        if allowed >= set(players):
            continue
        if published_face(state, obj, viewers):
            label_en = label_fr = obj.card.name
            if obj.card.name_fr:
                label_fr = obj.card.name_fr
        elif obj.face_down:
            label = public_label(state, obj)
            label_en, label_fr = label.en, label.fr
        else:
            label_en = f"a card in {obj.owner}'s {obj.zone.value}"
            label_fr = f"une carte ({obj.zone.value}) de {obj.owner}"
        rows.append(
            VisibilityRow(
                label=label_en,
                label_fr=label_fr,
                zone=obj.zone.value,
                controller=obj.controller,
                seen_by={p: p in allowed for p in players},
                rules=numbers_for_ruleset([rule], state.ruleset),
            )
        )
    return rows


def fork_state(state: GameState, viewers: Sequence[Viewer], seed: str) -> GameState:
    """The pinned state as a new game's version 0 under a new secret seed: every card no
    published viewpoint may see becomes the same anonymous placeholder, and every object
    gets a new id, so nothing in the fork links back to a hidden card of the original."""
    hidden = {o.id for o in state.objects if not published_face(state, o, viewers)}
    fork = state.clone()
    for obj in fork.objects:
        if obj.id in hidden:
            obj.card = PLACEHOLDER
            obj.copy_of = None
    fork.version = 0
    fork.finished = False
    fork.winner = None
    fork.seed = seed
    # Renumber ids under the new seed wherever they appear (objects, links between them).
    text = fork.model_dump_json()
    ordered = sorted(state.objects, key=lambda o: o.position)
    for k, obj in enumerate(ordered, start=1):
        text = text.replace(f'"{obj.id}"', f'"{object_id(seed, k)}"')
    renewed = GameState.model_validate_json(text)
    renewed.id_counter = len(state.objects)
    return renewed
