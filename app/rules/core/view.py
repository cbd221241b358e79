"""The shapes every family's view shares: the game's public frame, objects, players, events,
the log and errors. Each family extends ViewBase, ObjectViewBase and PlayerViewBase with its
own public facts (app.rules.mtg.view, app.rules.riftbound.view); nothing here is one game's."""

from __future__ import annotations

from pydantic import BaseModel

from app.rules.core.viewer import Viewer


class Visibility(BaseModel):
    """Judge only: who may see this object's face, and the rule that says so."""

    players: list[str]
    rules: list[str]


class ObjectViewBase(BaseModel):
    id: str
    zone: str
    owner: str
    controller: str
    face_down: bool
    # The card's name when this viewer may see its face, else None (707.5 / 811.6.a).
    name: str | None
    name_fr: str | None
    types: list[str]
    subtypes: list[str]
    text: str
    abilities: list[str]
    label: str
    label_fr: str
    tapped: bool
    counters: dict[str, int]
    token: bool
    visible_to: Visibility | None = None


class PlayerViewBase(BaseModel):
    name: str
    hand_count: int
    left_game: bool


class ViewBase(BaseModel):
    """Everything a viewer may know of a game; each family's view adds its own facts."""

    ruleset: str
    version: int
    turn: int
    active_player: str
    finished: bool
    winner: str | None
    viewer: Viewer
    players: list[PlayerViewBase]
    objects: list[ObjectViewBase]


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
