"""view_for a Riftbound game: what each viewer may see (a hidden card's face only for its
controller and the judge, 811.6.a) and the board's public facts, in Riftbound's own view."""

from __future__ import annotations

from app.rules.core.projection import project
from app.rules.core.view import VisibleTo, game_view
from app.rules.core.viewer import Viewer
from app.rules.riftbound.common import card_name, might_of, rb, units_at
from app.rules.riftbound.labels import facedown_label
from app.rules.riftbound.rule_book import numbers_for
from app.rules.riftbound.state import RiftboundGame, RiftboundObject, Zone
from app.rules.riftbound.view import (
    BattlefieldView,
    ChainItemView,
    RiftboundCardFace,
    RiftboundObjectView,
    RiftboundPlayerView,
    RiftboundView,
    RunePoolView,
    ShowdownView,
    TableView,
)
from app.rules.riftbound.visibility import face_known_to, may_see_face, reaches

_ORDER = {
    Zone.CHAIN: 0, Zone.FACEDOWN: 1, Zone.BATTLEFIELD: 2, Zone.BASE: 3, Zone.RUNES: 4,
    Zone.CHAMPION: 5, Zone.LEGEND: 6, Zone.HAND: 7, Zone.TRASH: 8, Zone.BANISHMENT: 9,
    Zone.MAIN_DECK: 10, Zone.RUNE_DECK: 11,
}  # fmt: skip
REACTION_FACEDOWN = "Reaction (face down, 811.6)"


def _object(state: RiftboundGame, obj: RiftboundObject, viewer: Viewer) -> RiftboundObjectView:
    see = may_see_face(state, obj, viewer)
    card = obj.card
    if obj.face_down:
        label = facedown_label(state, obj)
    else:
        name = card_name(obj)
        status_en = " (exhausted)" if obj.tapped else ""
        status_fr = " (épuisée)" if obj.tapped else ""
        label = type(name)(en=name.en + status_en, fr=name.fr + status_fr)
    keywords = list(card.keywords) + (["Hidden"] if card.hidden else [])
    if obj.face_down and see:
        keywords.append(REACTION_FACEDOWN)
    visible_to = None
    if viewer.kind == "judge":
        players, rule = face_known_to(state, obj)
        visible_to = VisibleTo(players=sorted(players), rules=numbers_for([rule]))
    return RiftboundObjectView(
        id=obj.id,
        zone=str(obj.zone),
        owner=obj.owner,
        controller=obj.controller,
        face_down=obj.face_down,
        name=card.name if see else None,
        name_fr=(card.name_fr or card.name) if see else None,
        might=might_of(state, obj) if see and card.might is not None else None,
        types=list(card.types) if see else [],
        subtypes=list(card.subtypes) if see else [],
        text=card.text if see else "",
        abilities=keywords if see else [],
        label=label.en,
        label_fr=label.fr,
        tapped=obj.tapped,
        counters=dict(sorted(obj.counters.items())) if see else {},
        token=obj.is_token,
        card=project(card, RiftboundCardFace) if see else None,
        visible_to=visible_to,
        unverified=card.unverified if viewer.kind == "judge" else None,
        location=obj.location,
        hidden_turn=obj.hidden_turn if obj.face_down else None,
    )


def riftbound_view(state: RiftboundGame, viewer: Viewer) -> RiftboundView:
    riftbound = rb(state)
    visible = sorted(
        (o for o in state.objects if reaches(state, o, viewer)),
        key=lambda o: (_ORDER.get(o.zone, 20), o.position),
    )
    pools = []
    for p in state.players:
        runes = [o for o in state.in_zone(Zone.RUNES) if o.controller == p.name]
        by_domain: dict[str, int] = {}
        for r in runes:
            key = (r.card.domain or "?").lower()
            by_domain[key] = by_domain.get(key, 0) + 1
        pools.append(
            RunePoolView(
                player=p.name,
                points=riftbound.points.get(p.name, 0),
                ready=sum(1 for r in runes if not r.tapped),
                exhausted=sum(1 for r in runes if r.tapped),
                by_domain=dict(sorted(by_domain.items())),
                rune_deck=len(state.in_zone(Zone.RUNE_DECK, p.name)),
                main_deck=len(state.in_zone(Zone.MAIN_DECK, p.name)),
                trash=len(state.in_zone(Zone.TRASH, p.name)),
            )
        )
    showdown = riftbound.showdown
    return game_view(
        state,
        RiftboundView,
        viewer,
        players=[
            project(
                p,
                RiftboundPlayerView,
                points=riftbound.points.get(p.name, 0),
                hand_count=len(state.in_zone(Zone.HAND, p.name)),
                main_deck_count=len(state.in_zone(Zone.MAIN_DECK, p.name)),
            )
            for p in state.players
        ],
        objects=[_object(state, o, viewer) for o in visible],
        riftbound=TableView(
            rules_version=riftbound.rules_version,
            phase=riftbound.phase,
            state="closed" if riftbound.chain else "open",
            showdown_state="showdown" if showdown is not None else "neutral",
            battlefields=[
                project(
                    b,
                    BattlefieldView,
                    facedown=[o.id for o in state.in_zone(Zone.FACEDOWN) if o.location == b.id],
                    units=[o.id for o in units_at(state, b.id)],
                )
                for b in sorted(riftbound.battlefields, key=lambda b: b.position)
            ],
            chain=[
                project(
                    c, ChainItemView, from_hidden=c.hidden_at is not None, battlefield=c.hidden_at
                )
                for c in riftbound.chain
            ],
            showdown=project(showdown, ShowdownView) if showdown is not None else None,
            players=pools,
            victory_score=riftbound.victory_score,
        ),
    )
