"""The shapes every family's view shares: the game's public frame, objects, players, events,
the log and errors. Each family extends ViewBase, ObjectViewBase and PlayerViewBase with its
own public facts (app.rules.mtg.view, app.rules.riftbound.view); nothing here is one game's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from app.rules.core.projection import project
from app.rules.core.state import GameState, Proposal
from app.rules.core.viewer import Viewer


class VisibleTo(BaseModel):
    """Judge only: who may see this object's face, and the rule that says so."""

    players: list[str]
    rules: list[str]


class ObjectViewBase(BaseModel):
    # Frozen: one object's view is shared by the views of several versions (kept while the
    # object is: app/rules/mtg/view_of.py) and its tile is kept by what it holds
    # (app/web/tile_cache.py); a change to it would reach every page that shares it.
    model_config = ConfigDict(frozen=True)

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
    visible_to: VisibleTo | None = None
    # Judge only: what the card data could not verify about this card (an importer's note),
    # so the judge knows which facts are a guess. None for every other viewer.
    unverified: str | None = None


class PlayerViewBase(BaseModel):
    name: str
    hand_count: int
    left_game: bool


class ProposalView(BaseModel):
    """A pending proposal (public: who asks whom, to do what, by what)."""

    id: str
    by: str
    to: list[str]
    text: str
    text_fr: str
    # Who has accepted so far, and whose word is still missing (each addressee consents).
    accepted: list[str] = Field(default_factory=list)
    waiting: list[str] = Field(default_factory=list)


def proposal_views(proposals: list[Proposal]) -> list[ProposalView]:
    return [
        ProposalView(
            id=p.id,
            by=p.by,
            to=list(p.to),
            text=p.text.en,
            text_fr=p.text.fr,
            accepted=list(p.accepted),
            waiting=p.waiting_for(),
        )
        for p in proposals
    ]


class ViewBase(BaseModel):
    """Everything a viewer may know of a game; each family's view adds its own facts."""

    ruleset: str
    version: int
    turn: int
    active_player: str
    finished: bool
    winner: str | None
    viewer: Viewer
    # Sequences here, lists in each family's view: a family narrows them to its own kinds.
    players: Sequence[PlayerViewBase]
    objects: Sequence[ObjectViewBase]
    # Effects on another player's objects waiting for their word (or the judge's).
    proposals: list[ProposalView] = Field(default_factory=list)


V = TypeVar("V", bound=ViewBase)


def game_view(state: GameState, view: type[V], viewer: Viewer, **derived: Any) -> V:
    """A family's `view` of the game for `viewer`: the game's public frame (ruleset, edition,
    version, turn, who is active, the end) copied from the state, with the proposals waiting;
    `derived`: the rest, what this viewer may know of it."""
    return project(state, view, proposals=proposal_views(state.proposals), viewer=viewer, **derived)


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
    # Frozen, like the log entry that holds it: an entry's line is kept by its identity
    # (app/web/log_lines.py) while the page log keeps the entry from version to version.
    model_config = ConfigDict(frozen=True)

    kind: str
    text: str
    text_fr: str
    # True when this viewer is shown the private details (docs/DESIGN.md invariant 4).
    detailed: bool
    rules: list[str]
    objects: list[str]


class LogEntryView(BaseModel):
    model_config = ConfigDict(frozen=True)

    version: int
    actor: str | None
    events: list[EventView]


class ErrorView(BaseModel):
    error: str
    message: str
    message_fr: str
    rules: list[str]
    citations: list[CitationView]
