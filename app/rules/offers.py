"""What a viewer may do right now: every action the engine would accept, ready to post.

Pages show these as buttons so nobody types ids. An option is offered only if
`engine.apply` accepts it, so the rules are written once, in the engine; labels name
objects only as this viewer may see them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from app.rules import engine
from app.rules.core.errors import RuleError
from app.rules.core.events import Event, Text
from app.rules.core.proposals import as_proposals, proposal_offers
from app.rules.core.state import GameState
from app.rules.core.timing import OFF_TIMING, warning_before
from app.rules.core.viewer import Viewer
from app.rules.families import family_of, parse_action


class ActionOption(BaseModel):
    """One button: `action` is the exact JSON body to post."""

    object: str | None
    type: str
    label: str
    label_fr: str
    action: dict[str, Any]
    # The judge's button for what the rules wouldn't allow now: why, with the rule numbers
    # ("302.1, 117.1a — Not at sorcery speed now: ..."); the judge may still tap it.
    warning: str | None = None
    warning_fr: str | None = None


@dataclass(frozen=True)
class Candidate:
    """One action worth trying for a viewer, before the engine says whether it is legal;
    `target` is the object its button belongs to (None: a game-wide action)."""

    action: dict[str, Any]
    label: Text
    target: str | None


def candidates_for(state: GameState, viewer: Viewer) -> list[Candidate]:
    """What `actions_for` tries, in its order; spectators and finished games get none."""
    if viewer.kind == "spectator" or state.finished:
        return []
    actor = viewer.actor
    rules = family_of(state.ruleset).rules
    offers = proposal_offers(state, actor) + as_proposals(
        rules, state, actor, rules.offers(state, actor)
    )
    return [
        Candidate(action, label, rules.offer_target(action))
        for action, label in offers
        # The judge ends a game instead of conceding it.
        if not (action["type"] == "concede" and actor is None)
    ]


def option_if_legal(state: GameState, candidate: Candidate, viewer: Viewer) -> ActionOption | None:
    """The button for `candidate` if the engine accepts it from `viewer`, else None."""
    actor = viewer.player if viewer.kind == "player" else None
    outcome = _trial(state, candidate.action, actor)
    if outcome is None:
        return None
    warning = _off_timing(state, outcome.events)
    return ActionOption(
        object=candidate.target,
        type=candidate.action["type"],
        label=candidate.label.en,
        label_fr=candidate.label.fr,
        action=candidate.action,
        warning=warning.en if warning is not None else None,
        warning_fr=warning.fr if warning is not None else None,
    )


def _trial(state: GameState, action: dict[str, Any], actor: str | None) -> engine.Outcome | None:
    try:
        return engine.apply(state, parse_action(action), actor, trial=True)
    except RuleError:
        return None


def _off_timing(state: GameState, events: list[Event]) -> Text | None:
    """What the judge is told before tapping a button the rules wouldn't allow now (only the
    judge gets such a button: a seat's is refused, so never offered)."""
    for event in events:
        if event.kind == OFF_TIMING:
            numbers = ", ".join(
                family_of(state.ruleset).rules.citations.numbers(event.rules, state.ruleset)
            )
            return warning_before(event, numbers)
    return None


def actions_for(state: GameState, viewer: Viewer) -> list[ActionOption]:
    """The actions `viewer` may take now; spectators take none. (A page that shows only some
    of them asks `candidates_for` and `option_if_legal` for those: app/web/page_buttons.py.)"""
    options = [option_if_legal(state, c, viewer) for c in candidates_for(state, viewer)]
    return [o for o in options if o is not None]
