"""view_for a Magic game: a card's face reaches a viewer only when
`visibility.face_known_to` says the rules let them look (707.5 / 708.5)."""

from __future__ import annotations

from typing import Literal

from app.rules.core.events import Text
from app.rules.core.projection import project
from app.rules.core.view import proposal_views
from app.rules.core.viewer import Viewer
from app.rules.mtg import characteristics, sba
from app.rules.mtg.attachments import host_of
from app.rules.mtg.labels import flipped_note, public_label
from app.rules.mtg.rule_book import numbers_for
from app.rules.mtg.state import MtgGame, MtgObject, StackAbility, Zone
from app.rules.mtg.view import (
    AbilityView,
    DreadView,
    EditionNote,
    MtgCardFace,
    MtgObjectView,
    MtgPlayerView,
    MtgView,
    MtgVisibility,
    PendingView,
)
from app.rules.mtg.visibility import (
    face_known_to,
    hideaway_answers,
    may_see_face,
    other_edition_answer,
    reaches,
)

_ZONE_ORDER = {
    Zone.STACK: 0,
    Zone.BATTLEFIELD: 1,
    Zone.PHASED_OUT: 2,
    Zone.HAND: 3,
    Zone.GRAVEYARD: 4,
    Zone.EXILE: 5,
    Zone.LIBRARY: 6,
}


def _attacked(state: MtgGame, obj: MtgObject) -> Literal["this_turn", "last_turn"] | None:
    if obj.attacked_turn == state.turn:
        return "this_turn"
    if obj.attacked_turn == state.turn - 1:
        return "last_turn"
    return None


def _object_view(state: MtgGame, obj: MtgObject, viewer: Viewer) -> MtgObjectView:
    see_face = may_see_face(state, obj, viewer)
    now = characteristics.current(obj, state)
    if obj.face_down:
        label = public_label(state, obj)
        name = obj.card.name if see_face else None
        name_fr = (obj.card.name_fr or obj.card.name) if see_face else None
    else:
        name, name_fr = now.name, now.name_fr
        note = flipped_note(obj)
        label = Text(
            en=(name or "nameless 2/2") + note.en + (" (tapped)" if obj.tapped else ""),
            fr=(name_fr or name or "2/2 sans nom") + note.fr + (" (engagé)" if obj.tapped else ""),
        )
    face = project(obj.card, MtgCardFace) if see_face else None
    visible_to = None
    if viewer.kind == "judge":
        players, rule = face_known_to(state, obj)
        other = other_edition_answer(state, obj)
        rules = [rule]
        if other is not None:
            rules = list(hideaway_answers(state, obj)[state.hideaway_edition].rules)
        visible_to = MtgVisibility(
            players=sorted(players),
            rules=numbers_for(rules, state.ruleset),
            edition=state.hideaway_edition if other is not None else None,
            other_edition=(
                EditionNote(
                    edition=other.edition,
                    players=sorted(other.players),
                    rules=numbers_for(list(other.rules), state.ruleset),
                    same=set(other.players) == players,
                )
                if other is not None
                else None
            ),
        )
    via = obj.face_down_via
    return MtgObjectView(
        id=obj.id,
        zone=obj.zone.value,
        owner=obj.owner,
        controller=obj.controller,
        face_down=obj.face_down,
        # Megamorph is cast exactly like morph: showing it would tell the card apart.
        face_down_via=("morph" if via == "megamorph" and not see_face else via),
        name=name,
        name_fr=name_fr,
        power=now.power,
        toughness=now.toughness,
        types=list(now.types),
        supertypes=list(now.supertypes),
        subtypes=list(now.subtypes),
        mana_cost=now.mana_cost,
        text=now.text,
        abilities=list(now.abilities),
        label=label.en,
        label_fr=label.fr,
        tapped=obj.tapped,
        # A face-down permanent shows no flip status: it would tell a flip card apart.
        flipped=characteristics.is_flipped_now(obj),
        phased_out=obj.phased_out,
        counters=dict(sorted(obj.counters.items())),
        token=obj.is_token,
        attacked=_attacked(state, obj),
        card=face,
        visible_to=visible_to,
        exiled=obj.exiled if obj.zone == Zone.EXILE else None,
        state_based=numbers_for(sba.flags(state, obj), state.ruleset),
        chosen=obj.turned_up_choice,
        attached_to=host.id if (host := host_of(state, obj)) is not None else None,
    )


def mtg_view(state: MtgGame, viewer: Viewer) -> MtgView:
    """Everything `viewer` may know of `state`, and nothing more."""
    players = [
        project(
            p,
            MtgPlayerView,
            hand_count=len(state.in_zone(Zone.HAND, p.name)),
            library_count=len(state.in_zone(Zone.LIBRARY, p.name)),
            mulligans=state.mulligans.get(p.name, 0),
            kept=p.name in state.kept,
        )
        for p in state.players
    ]
    # Order by zone then arrival: public facts only, never by id or by name.
    visible = sorted(
        (o for o in state.objects if reaches(state, o, viewer)),
        key=lambda o: (_ZONE_ORDER[o.zone], o.position),
    )
    pending = state.hideaway_pending
    # The game's public frame (ruleset, edition, version, turn, who is active, the end) is
    # copied from the state; the rest is what this viewer may know of it.
    return project(
        state,
        MtgView,
        proposals=proposal_views(state.proposals),
        viewer=viewer,
        players=players,
        objects=[_object_view(state, o, viewer) for o in visible],
        pending=(
            project(
                pending,
                PendingView,
                kind="hideaway",
                count=len(pending.looked),
                rules=numbers_for(["702.75", "702.75-exile-one"], state.ruleset),
            )
            if pending is not None
            else None
        ),
        abilities=[
            _ability_view(state, a) for a in sorted(state.abilities, key=lambda a: a.position)
        ],
        dread=_dread_view(state, viewer),
    )


def _dread_view(state: MtgGame, viewer: Viewer) -> DreadView | None:
    """Manifest dread's look (701.62a): the looked-at ids reach only its player and the judge."""
    dread = state.dread_pending
    if dread is None:
        return None
    sees = viewer.kind == "judge" or (viewer.kind == "player" and viewer.player == dread.player)
    return DreadView(
        player=dread.player,
        count=len(dread.looked),
        looked=list(dread.looked) if sees else None,
        rules=numbers_for(["701.62a"], state.ruleset),
    )


def _ability_view(state: MtgGame, ability: StackAbility) -> AbilityView:
    return project(
        ability,
        AbilityView,
        text=f"{ability.source_name}: {ability.controller} may play the card it hid, "
        "without paying its mana cost, as this resolves.",
        text_fr=f"{ability.source_name_fr} : {ability.controller} pourra jouer la carte mise "
        "en cachette, sans payer son coût de mana, à la résolution.",
        rules=numbers_for(["702.75-play-timing"], state.ruleset),
    )
