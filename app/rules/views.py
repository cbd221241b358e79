"""view_for(state, viewer): the only door through which state leaves the core.

JSON, pages, the log, SSE and error bodies are all built from what this module returns
(STYLE.md, "One door for secrets"). A card's face reaches a viewer only when
`visibility.face_known_to` says the rules let them look (707.5 / 708.5).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict

from app.rules import characteristics
from app.rules.cards import FlipFace
from app.rules.citations import cite, numbers_for_ruleset
from app.rules.errors import RuleError
from app.rules.events import Event, Text
from app.rules.labels import flipped_note, public_label
from app.rules.riftbound.view_models import RiftboundView
from app.rules.state import GameObject, GameState, StackAbility, Zone
from app.rules.visibility import (
    face_known_to,
    hideaway_answers,
    in_view,
    is_hideaway_card,
    other_edition_answer,
)

ViewerKind = Literal["player", "judge", "spectator"]

_ZONE_ORDER = {
    Zone.STACK: 0,
    Zone.BATTLEFIELD: 1,
    Zone.PHASED_OUT: 2,
    Zone.HAND: 3,
    Zone.GRAVEYARD: 4,
    Zone.EXILE: 5,
    Zone.LIBRARY: 6,
}


class Viewer(BaseModel):
    model_config = ConfigDict(frozen=True)

    kind: ViewerKind
    player: str | None = None

    @classmethod
    def seat(cls, player: str) -> Viewer:
        return cls(kind="player", player=player)

    @classmethod
    def judge(cls) -> Viewer:
        return cls(kind="judge")

    @classmethod
    def spectator(cls) -> Viewer:
        return cls(kind="spectator")


class CardFace(BaseModel):
    """The printed card behind an object, for a viewer allowed to see it."""

    name: str
    name_fr: str | None
    types: list[str]
    supertypes: list[str]
    subtypes: list[str]
    mana_cost: str | None
    power: int | None
    toughness: int | None
    text: str
    morph: str | None
    megamorph: str | None
    disguise: str | None
    hideaway: int | None = None
    # A flip card's upside-down half (709.1b / 710.1b), printed on the same card.
    flip: FlipFace | None = None


class EditionNote(BaseModel):
    """Judge only: what the other rules edition answers (hideaway look rights)."""

    edition: Literal["current", "lorwyn"]
    players: list[str]
    rules: list[str]
    same: bool


class Visibility(BaseModel):
    """Judge only: who may see this object's face, and the rule that says so."""

    players: list[str]
    rules: list[str]
    # Hideaway cards: the answer of the edition this game does not apply, so the judge
    # sees both when they differ.
    edition: Literal["current", "lorwyn"] | None = None
    other_edition: EditionNote | None = None


class ObjectView(BaseModel):
    id: str
    zone: str
    owner: str
    controller: str
    face_down: bool
    face_down_via: str | None
    # The card's name when this viewer may see its face, else None (707.5).
    name: str | None
    name_fr: str | None
    # Current characteristics (a face-down object's are its face-down ones: 707.2).
    power: int | None
    toughness: int | None
    types: list[str]
    supertypes: list[str]
    subtypes: list[str]
    mana_cost: str | None
    text: str
    abilities: list[str]
    label: str
    label_fr: str
    tapped: bool
    # 709.3 / 710.3: flipped status, shown whether tapped or not.
    flipped: bool
    phased_out: bool
    counters: dict[str, int]
    token: bool
    attacked: Literal["this_turn", "last_turn"] | None
    card: CardFace | None
    visible_to: Visibility | None = None
    # Riftbound: the battlefield a unit or facedown card is at.
    location: str | None = None


class PlayerView(BaseModel):
    name: str
    life: int
    hand_count: int
    library_count: int
    left_game: bool


class PendingView(BaseModel):
    """A choice the game waits for (public: who, from what, how many cards)."""

    kind: Literal["hideaway"]
    player: str
    source: str
    source_name: str
    source_name_fr: str
    count: int
    rules: list[str]


class AbilityView(BaseModel):
    """An ability on the stack (public)."""

    id: str
    kind: str
    source: str
    source_name: str
    source_name_fr: str
    controller: str
    text: str
    text_fr: str
    rules: list[str]


class View(BaseModel):
    ruleset: str
    hideaway_edition: str
    version: int
    turn: int
    active_player: str
    finished: bool
    winner: str | None
    viewer: Viewer
    players: list[PlayerView]
    objects: list[ObjectView]
    pending: PendingView | None = None
    abilities: list[AbilityView] = []
    # Riftbound games only: battlefields, phase, chain, showdown, rune pools, points.
    riftbound: RiftboundView | None = None


class CitationView(BaseModel):
    key: str
    numbers: list[str]
    current: str | None
    seed: str | None
    r2004: str | None
    title_en: str
    title_fr: str
    summary_en: str
    summary_fr: str


class EventView(BaseModel):
    kind: str
    text: str
    text_fr: str
    # True when this viewer is shown the private details (DESIGN invariant 4).
    detailed: bool
    rules: list[str]
    objects: list[str]


class LogEntryView(BaseModel):
    version: int
    actor: str | None
    events: list[EventView]


class ErrorView(BaseModel):
    error: str
    message: str
    message_fr: str
    rules: list[str]
    citations: list[CitationView]


def may_see_face(state: GameState, obj: GameObject, viewer: Viewer) -> bool:
    """The one answer to "may this viewer see this object's face now?" (707.5 and kin)."""
    if viewer.kind == "judge":
        return True
    allowed, _ = face_known_to(state, obj)
    if viewer.kind == "spectator":
        # A spectator sees what every player may see (a revealed card), nothing more; a
        # hideaway card stays a private look even when every player may look at it.
        return allowed >= set(state.player_names()) and not is_hideaway_card(obj)
    return viewer.player in allowed


def _reaches(state: GameState, obj: GameObject, viewer: Viewer) -> bool:
    if viewer.kind == "judge":
        return True
    if viewer.kind == "spectator":
        return obj.zone not in (Zone.HAND, Zone.LIBRARY)
    return in_view(state, obj, viewer.player or "")


def _attacked(state: GameState, obj: GameObject) -> Literal["this_turn", "last_turn"] | None:
    if obj.attacked_turn == state.turn:
        return "this_turn"
    if obj.attacked_turn == state.turn - 1:
        return "last_turn"
    return None


def _object_view(state: GameState, obj: GameObject, viewer: Viewer) -> ObjectView:
    see_face = may_see_face(state, obj, viewer)
    now = characteristics.current(obj)
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
    card = obj.card
    face = (
        CardFace(
            name=card.name,
            name_fr=card.name_fr,
            types=list(card.types),
            supertypes=list(card.supertypes),
            subtypes=list(card.subtypes),
            mana_cost=card.mana_cost,
            power=card.power,
            toughness=card.toughness,
            text=card.text,
            morph=card.morph,
            megamorph=card.megamorph,
            disguise=card.disguise,
            hideaway=card.hideaway,
            flip=card.flip,
        )
        if see_face
        else None
    )
    visible_to = None
    if viewer.kind == "judge":
        players, rule = face_known_to(state, obj)
        other = other_edition_answer(state, obj)
        rules = [rule]
        if other is not None:
            rules = list(hideaway_answers(state, obj)[state.hideaway_edition].rules)
        visible_to = Visibility(
            players=sorted(players),
            rules=numbers_for_ruleset(rules, state.ruleset),
            edition=state.hideaway_edition if other is not None else None,
            other_edition=(
                EditionNote(
                    edition=other.edition,
                    players=sorted(other.players),
                    rules=numbers_for_ruleset(list(other.rules), state.ruleset),
                    same=set(other.players) == players,
                )
                if other is not None
                else None
            ),
        )
    via = obj.face_down_via
    return ObjectView(
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
    )


def view_for(state: GameState, viewer: Viewer) -> View:
    """Everything `viewer` may know of `state`, and nothing more."""
    if state.ruleset == "riftbound":
        from app.rules.riftbound.views import riftbound_view

        return riftbound_view(state, viewer)
    players = [
        PlayerView(
            name=p.name,
            life=p.life,
            hand_count=len(state.in_zone(Zone.HAND, p.name)),
            library_count=len(state.in_zone(Zone.LIBRARY, p.name)),
            left_game=p.left_game,
        )
        for p in state.players
    ]
    # Order by zone then arrival: public facts only, never by id or by name.
    visible = sorted(
        (o for o in state.objects if _reaches(state, o, viewer)),
        key=lambda o: (_ZONE_ORDER[o.zone], o.position),
    )
    pending = state.hideaway_pending
    return View(
        ruleset=state.ruleset,
        hideaway_edition=state.hideaway_edition,
        version=state.version,
        turn=state.turn,
        active_player=state.active_player,
        finished=state.finished,
        winner=state.winner,
        viewer=viewer,
        players=players,
        objects=[_object_view(state, o, viewer) for o in visible],
        pending=(
            PendingView(
                kind="hideaway",
                player=pending.player,
                source=pending.source,
                source_name=pending.source_name,
                source_name_fr=pending.source_name_fr,
                count=len(pending.looked),
                rules=numbers_for_ruleset(["702.75", "702.75-exile-one"], state.ruleset),
            )
            if pending is not None
            else None
        ),
        abilities=[
            _ability_view(state, a) for a in sorted(state.abilities, key=lambda a: a.position)
        ],
    )


def _ability_view(state: GameState, ability: StackAbility) -> AbilityView:
    return AbilityView(
        id=ability.id,
        kind=ability.kind,
        source=ability.source,
        source_name=ability.source_name,
        source_name_fr=ability.source_name_fr,
        controller=ability.controller,
        text=f"{ability.source_name}: {ability.controller} may play the card it hid, "
        "without paying its mana cost, as this resolves.",
        text_fr=f"{ability.source_name_fr} : {ability.controller} pourra jouer la carte mise "
        "en cachette, sans payer son coût de mana, à la résolution.",
        rules=numbers_for_ruleset(["702.75-play-timing"], state.ruleset),
    )


def _detailed(event: Event, viewer: Viewer) -> bool:
    if event.private is None:
        return False
    return viewer.kind == "judge" or (viewer.kind == "player" and viewer.player in event.private_to)


def events_for(events: Sequence[Event], viewer: Viewer, ruleset: str) -> list[EventView]:
    """The events as `viewer` may read them: private details only for those entitled."""
    out: list[EventView] = []
    for event in events:
        detailed = _detailed(event, viewer)
        text = event.public
        if detailed and event.private is not None:
            text_en = f"{event.public.en} {event.private.en}"
            text_fr = f"{event.public.fr} {event.private.fr}"
        else:
            text_en, text_fr = text.en, text.fr
        out.append(
            EventView(
                kind=event.kind,
                text=text_en,
                text_fr=text_fr,
                detailed=detailed,
                rules=numbers_for_ruleset(list(event.rules), ruleset),
                objects=list(event.objects),
            )
        )
    return out


def log_for(
    entries: Sequence[tuple[int, str | None, Sequence[Event]]], viewer: Viewer, ruleset: str
) -> list[LogEntryView]:
    """The log, one entry per action, redacted exactly like the events of each action."""
    return [
        LogEntryView(version=version, actor=actor, events=events_for(events, viewer, ruleset))
        for version, actor, events in entries
    ]


def citations_for(keys: Sequence[str], ruleset: str) -> list[CitationView]:
    views: list[CitationView] = []
    for key in keys:
        c = cite(key)
        views.append(
            CitationView(
                key=key,
                numbers=numbers_for_ruleset([key], ruleset),
                current=c.current,
                seed=c.seed,
                r2004=c.r2004,
                title_en=c.title_en,
                title_fr=c.title_fr,
                summary_en=c.summary_en,
                summary_fr=c.summary_fr,
            )
        )
    return views


def error_for(err: RuleError, ruleset: str) -> ErrorView:
    """An illegal action, explained with its rules. Messages were written by the engine
    to name only what the actor may see."""
    return ErrorView(
        error=err.kind,
        message=err.message_en,
        message_fr=err.message_fr,
        rules=numbers_for_ruleset(err.rules, ruleset),
        citations=citations_for(err.rules, ruleset),
    )
