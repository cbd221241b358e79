"""view_for a Magic game: a card's face reaches a viewer only when
`visibility.face_known_to` says the rules let them look (707.5 / 708.5)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from typing import Literal

from pydantic import BaseModel

from app.lru import LRU
from app.rules.core.events import Text
from app.rules.core.projection import project
from app.rules.core.view import game_view
from app.rules.core.viewer import Viewer, sees_face
from app.rules.mtg import characteristics, sba
from app.rules.mtg.attachments import host_of
from app.rules.mtg.foretold import is_foretold
from app.rules.mtg.labels import flipped_note, public_label
from app.rules.mtg.permission_record import CastPermission
from app.rules.mtg.permissions import live, notes_for
from app.rules.mtg.rule_book import numbers_for
from app.rules.mtg.state import ByHand, MtgGame, MtgObject, StackAbility, Zone
from app.rules.mtg.triggers import target_names
from app.rules.mtg.view import (
    AbilityView,
    ByHandView,
    DreadView,
    EditionNote,
    MtgCardFace,
    MtgObjectView,
    MtgPlayerView,
    MtgView,
    MtgVisibleTo,
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


def _object_view(
    state: MtgGame, obj: MtgObject, viewer: Viewer, perms_in_force: list[CastPermission]
) -> MtgObjectView:
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
        visible_to = MtgVisibleTo(
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
        state_based=numbers_for(sba.flags(state, obj, now), state.ruleset),
        chosen=obj.turned_up_choice,
        permissions=notes_for(state, obj, see_face, perms_in_force),
        was_foretold=obj.was_foretold,
        attached_to=host.id if (host := host_of(state, obj)) is not None else None,
        unverified=obj.card.unverified if viewer.kind == "judge" else None,
    )


# An object's view kept across versions: a move shares every object it never read with the
# state before it (GameState.settle), so after a tap the board's other objects are the same
# objects, and their views are the same while nothing else they read changed. Kept only for
# an object whose view reads nothing of the game but itself and the facts in `_context`: not
# linked to a hideaway card or attached to a permanent (those read another object), no power
# or toughness an ability counts (604.3: it reads a zone), and no permission in force that
# reads a library's top. A face-down one qualifies too: who may see its face reads its own
# controller and `known_to`, the players and the end of the game (707.9); its label its own
# orders and the turn (it attacked this turn or last); a face-down value has no
# characteristic-defining ability. Keyed by the object's identity (the object kept in the entry, so its id can't be
# reused while remembered), the viewer, and the context; tests/rules/mtg/
# test_kept_object_views.py checks every view against one worked out afresh.
_KEPT: LRU[tuple[int, str, str | None, Hashable], tuple[MtgObject, MtgObjectView]] = LRU(8192)


def _context(state: MtgGame, perms_in_force: list[CastPermission]) -> Hashable | None:
    """The facts of the game (not of the object) a kept object's view reads; None when a
    permission in force reads a library's top (no view is kept then)."""
    if any(p.zone == "library_top" for p in perms_in_force):
        return None
    return (
        state.ruleset,
        state.turn,  # attacked this turn or last; a permission used this turn
        state.finished,  # 707.9: a face-down one's face revealed to all
        tuple(state.player_names()),  # who may see a face-down one's face
        state.hideaway_edition,
        tuple(perms_in_force),
        # Cards being looked at for a choice (read by no kept object's view today, kept
        # in the context so that no future reading of them can be missed).
        *(p.model_dump_json() if p is not None else None for p in _pending(state)),
    )


def _pending(state: MtgGame) -> tuple[BaseModel | None, BaseModel | None]:
    return state.hideaway_pending, state.dread_pending


def _keepable(obj: MtgObject) -> bool:
    return (
        obj.hideaway_link is None
        and obj.attached_to is None
        and characteristics.types_and_abilities(obj).pt_cda is None
    )


def _view_of_object(
    state: MtgGame,
    obj: MtgObject,
    viewer: Viewer,
    perms_in_force: list[CastPermission],
    context: Hashable | None,
) -> MtgObjectView:
    if context is None:
        return _object_view(state, obj, viewer, perms_in_force)
    key = (id(obj), viewer.kind, viewer.player, context)
    kept = _KEPT.get(key)
    if kept is not None and kept[0] is obj:
        # Kept only when keepable, which reads nothing but the object itself (the very
        # object: it never changes once made, invariant 1): no need to ask again.
        return kept[1]
    if not _keepable(obj):
        return _object_view(state, obj, viewer, perms_in_force)
    view = _object_view(state, obj, viewer, perms_in_force)
    _KEPT.put(key, (obj, view))
    return view


# What a player's counts read, counted in one pass over the objects (not one scan and sort
# of them per zone and player): cards in each owner's hand and library, and foretold ones.
_FORETOLD = "foretold"


def _counts(state: MtgGame) -> Counter[tuple[str, str]]:
    """(zone, owner) -> how many: a hand's and a library's cards, and (`_FORETOLD`, owner)
    the foretold cards in exile (what `foretold_count` counts)."""
    counts: Counter[tuple[str, str]] = Counter()
    for o in list.__iter__(state.objects):  # read only: a working copy's own are not copied
        if o.zone == Zone.HAND or o.zone == Zone.LIBRARY:
            counts[(o.zone, o.owner)] += 1
        elif o.zone == Zone.EXILE and is_foretold(o):
            counts[(_FORETOLD, o.owner)] += 1
    return counts


def mtg_view(state: MtgGame, viewer: Viewer) -> MtgView:
    """Everything `viewer` may know of `state`, and nothing more."""
    counts = _counts(state)
    players = [
        project(
            p,
            MtgPlayerView,
            hand_count=counts[(Zone.HAND, p.name)],
            library_count=counts[(Zone.LIBRARY, p.name)],
            mulligans=state.mulligans.get(p.name, 0),
            kept=p.name in state.kept,
            foretold=counts[(_FORETOLD, p.name)],
        )
        for p in state.players
    ]
    # Order by zone then arrival: public facts only, never by id or by name.
    visible = sorted(
        (o for o in state.objects if reaches(state, o, viewer)),
        key=lambda o: (_ZONE_ORDER[o.zone], o.position),
    )
    pending = state.hideaway_pending
    perms_in_force = live(state)  # once for the view, not once per object
    context = _context(state, perms_in_force)
    return game_view(
        state,
        MtgView,
        viewer,
        players=players,
        objects=[_view_of_object(state, o, viewer, perms_in_force, context) for o in visible],
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
            _ability_view(state, a, viewer)
            for a in sorted(state.abilities, key=lambda a: a.position)
        ],
        by_hand=[_by_hand_view(state, t, viewer) for t in state.by_hand],
        dread=_dread_view(state, viewer),
        permissions=perms_in_force,
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


def _source_seen(state: MtgGame, item: StackAbility | ByHand, viewer: Viewer) -> bool:
    """Whether `viewer` may know what the ability's source is (its name), not just its label."""
    if item.source_known_to is None:
        return True
    return sees_face(viewer, set(item.source_known_to), state.player_names())


def _source_name(state: MtgGame, item: StackAbility | ByHand, viewer: Viewer) -> tuple[str, str]:
    if _source_seen(state, item, viewer):
        return item.source_name, item.source_name_fr
    return item.source_label, item.source_label_fr


def _ability_view(state: MtgGame, ability: StackAbility, viewer: Viewer) -> AbilityView:
    if ability.choosing:
        return project(
            ability,
            AbilityView,
            text=f"{ability.source_name}: resolving; the game waits for {ability.controller} "
            "to choose whether to play the card it hid.",
            text_fr=f"{ability.source_name_fr} : en cours de résolution ; la partie attend "
            f"que {ability.controller} choisisse de jouer ou non la carte mise en cachette.",
            rules=numbers_for(["702.75-play-timing", "608.2d"], state.ruleset),
            targets="",
        )
    if ability.kind == "triggered":
        return _trigger_view(state, ability, viewer)
    return project(
        ability,
        AbilityView,
        text=f"{ability.source_name}: {ability.controller} may play the card it hid, "
        "without paying its mana cost, as this resolves.",
        text_fr=f"{ability.source_name_fr} : {ability.controller} pourra jouer la carte mise "
        "en cachette, sans payer son coût de mana, à la résolution.",
        rules=numbers_for(["702.75-play-timing"], state.ruleset),
        targets="",
    )


def _trigger_view(state: MtgGame, ability: StackAbility, viewer: Viewer) -> AbilityView:
    """603.3: a triggered ability on the stack; its source's id only while that object is
    still there and reaches this viewer (a new object after a zone change: 400.7)."""
    name, name_fr = _source_name(state, ability, viewer)
    source = state.get(ability.source) if ability.source else None
    targets = target_names(state, ability)
    return AbilityView(
        id=ability.id,
        kind=ability.kind,
        source=source.id if source is not None and reaches(state, source, viewer) else None,
        source_name=name,
        source_name_fr=name_fr,
        controller=ability.controller,
        text=ability.text,
        text_fr=ability.text_fr or ability.text,
        rules=numbers_for([*ability.rules, "603.3"], state.ruleset),
        event=ability.event,
        targeted=ability.targeted,
        targets_chosen=ability.targets is not None,
        targets=targets.en,
        targets_fr=targets.fr,
        is_copy=ability.is_copy,
        on_top=ability.position == _top_position(state),
    )


def _top_position(state: MtgGame) -> int | None:
    """608.1: the position of the top of the stack, spells and abilities together."""
    positions = [o.position for o in state.in_zone(Zone.STACK)]
    positions += [a.position for a in state.abilities]
    return max(positions) if positions else None


def _by_hand_view(state: MtgGame, task: ByHand, viewer: Viewer) -> ByHandView:
    name, name_fr = _source_name(state, task, viewer)
    return project(
        task,
        ByHandView,
        source_name=name,
        source_name_fr=name_fr,
        text_fr=task.text_fr or task.text,
        rules=numbers_for(["judge.by-hand", *task.rules], state.ruleset),
    )
