"""The one door out of the core: every output a viewer receives — views, events and the log,
errors, offers (buttons), ruling tables and forks — is computed here, through the game's
family, from what that viewer may know (docs/DESIGN.md invariant 2). Web code receives
these, never a GameState.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from app.rules.core.errors import RuleError
from app.rules.core.events import Event
from app.rules.core.ids import object_id
from app.rules.core.projection import project
from app.rules.core.state import GameObject, GameState
from app.rules.core.view import (
    CitationView,
    ErrorView,
    EventView,
    LogEntryView,
    ViewBase,
)
from app.rules.core.viewer import Viewer
from app.rules.families import AnyView, family_of
from app.rules.offers import (
    ActionOption,
    Candidate,
    actions_for,
    candidates_about,
    candidates_for,
    loose_options,
    object_options,
    option_if_legal,
)

View = AnyView

__all__ = [
    "ActionOption",
    "Candidate",
    "CitationView",
    "ErrorView",
    "EventView",
    "LogEntryView",
    "View",
    "Viewer",
    "VisibilityRow",
    "actions_for",
    "candidates_about",
    "candidates_for",
    "citations_for",
    "error_for",
    "events_for",
    "fork_state",
    "log_for",
    "loose_options",
    "may_see_face",
    "numbers_for_ruleset",
    "object_options",
    "option_if_legal",
    "view_for",
    "visibility_table",
]


def numbers_for_ruleset(keys: Sequence[str], ruleset: str) -> list[str]:
    """The rule numbers a game of `ruleset` shows for these rule keys."""
    return family_of(ruleset).rules.citations.numbers(keys, ruleset)


def view_for(state: GameState, viewer: Viewer) -> ViewBase:
    """Everything `viewer` may know of `state`, and nothing more (the family's view)."""
    view: ViewBase = family_of(state.ruleset).rules.view(state, viewer)
    return view


def may_see_face(state: GameState, obj: GameObject, viewer: Viewer) -> bool:
    """The one answer to "may this viewer see this object's face now?"."""
    return family_of(state.ruleset).rules.visibility.may_see_face(state, obj, viewer)


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
                rules=numbers_for_ruleset(
                    [*event.rules, *(event.private_rules if detailed else ())], ruleset
                ),
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
        c = family_of(ruleset).rules.citations.book.cite(key)
        # Public rule text: the citation's fields of the same names, and its numbers.
        views.append(
            project(
                c,
                CitationView,
                key=key,
                numbers=numbers_for_ruleset([key], ruleset),
                r2004=c.edition_2004,
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
    rules = family_of(state.ruleset).rules
    players = state.player_names()
    rows: list[VisibilityRow] = []
    for obj in sorted(state.objects, key=lambda o: (str(o.zone), o.position)):
        if obj.zone in rules.visibility.secret_zones:
            continue
        allowed, rule = rules.visibility.face_known_to(state, obj)
        if allowed >= set(players):
            continue
        if published_face(state, obj, viewers):
            label_en = label_fr = obj.card.name
            if obj.card.name_fr:
                label_fr = obj.card.name_fr
        elif obj.face_down:
            label = rules.describe(state, obj, False)
            label_en, label_fr = label.en, label.fr
        else:
            label_en = f"a card in {obj.owner}'s {obj.zone}"
            label_fr = f"une carte ({obj.zone}) de {obj.owner}"
        rows.append(
            VisibilityRow(
                label=label_en,
                label_fr=label_fr,
                zone=obj.zone,
                controller=obj.controller,
                seen_by={p: p in allowed for p in players},
                rules=numbers_for_ruleset([rule], state.ruleset),
            )
        )
    # Ordered by what the row shows, not by where a card sits in a hidden zone: which of two
    # hand cards left would otherwise show in the order of the rest.
    return sorted(rows, key=lambda r: (r.zone, r.controller, r.label))


def fork_state(state: GameState, viewers: Sequence[Viewer], seed: str) -> GameState:
    """The pinned state as a new game's version 0 under a new secret seed: every card no
    published viewpoint may see becomes the same anonymous placeholder, and every object
    gets a new id, so nothing in the fork links back to a hidden card of the original."""
    rules = family_of(state.ruleset).rules
    hidden = {o.id for o in state.objects if not published_face(state, o, viewers)}
    fork = state.clone()
    # New places in each zone: the cards shown first in their order, then the placeholders
    # (all alike), so where a hidden card sat tells nothing of what happened to it.
    order = sorted(fork.objects, key=lambda o: (str(o.zone), o.owner, o.id in hidden, o.position))
    by_place = {o.id: place for place, o in enumerate(order, start=1)}
    for obj in fork.objects:
        obj.position = by_place[obj.id]
        if obj.id in hidden:
            obj.hide_face(rules.placeholder)
    # The list itself in the new order too: the original's order is when each card last moved.
    fork.objects = list(order)
    fork.position_counter = len(order)
    fork.version = 0
    fork.finished = False
    fork.winner = None
    fork.seed = seed
    # Renumber ids under the new seed wherever they appear (objects, links between them).
    text = fork.model_dump_json()
    for k, obj in enumerate(order, start=1):
        text = text.replace(f'"{obj.id}"', f'"{object_id(seed, k)}"')
    renewed: GameState = rules.state_model.model_validate_json(text)
    renewed.id_counter = len(state.objects)
    return renewed
