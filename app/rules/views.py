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
from app.rules.citations import cite, numbers_for_ruleset
from app.rules.errors import RuleError
from app.rules.events import Event, Text
from app.rules.labels import public_label
from app.rules.state import GameObject, GameState, Zone
from app.rules.visibility import face_known_to, in_view

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


class Visibility(BaseModel):
    """Judge only: who may see this object's face, and the rule that says so."""

    players: list[str]
    rules: list[str]


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
    phased_out: bool
    counters: dict[str, int]
    token: bool
    attacked: Literal["this_turn", "last_turn"] | None
    card: CardFace | None
    visible_to: Visibility | None = None


class PlayerView(BaseModel):
    name: str
    life: int
    hand_count: int
    library_count: int
    left_game: bool


class View(BaseModel):
    ruleset: str
    version: int
    turn: int
    active_player: str
    finished: bool
    winner: str | None
    viewer: Viewer
    players: list[PlayerView]
    objects: list[ObjectView]


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


def _may_see_face(state: GameState, obj: GameObject, viewer: Viewer) -> bool:
    if viewer.kind == "judge":
        return True
    allowed, _ = face_known_to(state, obj)
    if viewer.kind == "spectator":
        # A spectator sees what every player may see (a revealed card), nothing more.
        return allowed >= set(state.player_names())
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
    see_face = _may_see_face(state, obj, viewer)
    now = characteristics.current(obj)
    if obj.face_down:
        label = public_label(state, obj)
        name = obj.card.name if see_face else None
        name_fr = (obj.card.name_fr or obj.card.name) if see_face else None
    else:
        name, name_fr = now.name, now.name_fr
        shown = name or "nameless 2/2"
        label_en = shown + (" (tapped)" if obj.tapped else "")
        label = Text(en=label_en, fr=(name_fr or name or "2/2 sans nom"))
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
        )
        if see_face
        else None
    )
    visible_to = None
    if viewer.kind == "judge":
        players, rule = face_known_to(state, obj)
        visible_to = Visibility(
            players=sorted(players), rules=numbers_for_ruleset([rule], state.ruleset)
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
        phased_out=obj.phased_out,
        counters=dict(sorted(obj.counters.items())),
        token=obj.is_token,
        attacked=_attacked(state, obj),
        card=face,
        visible_to=visible_to,
    )


def view_for(state: GameState, viewer: Viewer) -> View:
    """Everything `viewer` may know of `state`, and nothing more."""
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
    return View(
        ruleset=state.ruleset,
        version=state.version,
        turn=state.turn,
        active_player=state.active_player,
        finished=state.finished,
        winner=state.winner,
        viewer=viewer,
        players=players,
        objects=[_object_view(state, o, viewer) for o in visible],
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
