"""What a viewer may do right now: every action the engine would accept, ready to post.

Pages show these as buttons so nobody types ids. An option is offered only if
`engine.apply` accepts it, so the rules are written once, in the engine; labels name
objects only as this viewer may see them.

`actions_for` tries every candidate through the engine. A page asks less, and only when it
shows it: the game-wide buttons (`loose_options`) and one object's buttons when its sheet
opens (`object_options`), each offered when its move's declared precondition holds (the
check its handler runs first: app.rules.core.family.Move), else tried through the engine.
Both are exactly what `actions_for` gives for them
(tests/rules/conformance/test_button_equivalence.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import orjson
from pydantic import BaseModel, ValidationError

from app.lru import LRU
from app.rules import engine
from app.rules.core.actions import ActionModel
from app.rules.core.context import Ctx
from app.rules.core.errors import RuleError
from app.rules.core.events import Event, Text
from app.rules.core.family import Offer
from app.rules.core.proposals import as_proposals, check_consent, proposal_offers
from app.rules.core.state import GameState
from app.rules.core.timing import OFF_TIMING, OffTiming, warning_before, warning_of
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
    rules = family_of(state.ruleset).rules
    return _candidates(state, viewer, proposal_offers(state, viewer.actor), rules.offers)


def candidates_about(state: GameState, viewer: Viewer, target: str | None) -> list[Candidate]:
    """`candidates_for`'s candidates whose button belongs to `target` (None: the game-wide
    ones), in its order, built from the family's `offers_about` when it has one (one object's
    offers, not the whole board's)."""
    if viewer.kind == "spectator" or state.finished:
        return []
    rules = family_of(state.ruleset).rules
    about = rules.offers_about

    def family_offers(state: GameState, actor: str | None) -> list[Offer]:
        if about is not None:
            return about(state, actor, target)
        return [o for o in rules.offers(state, actor) if rules.offer_target(o[0]) == target]

    proposals = [
        p for p in proposal_offers(state, viewer.actor) if rules.offer_target(p[0]) == target
    ]
    return _candidates(state, viewer, proposals, family_offers)


def _candidates(
    state: GameState,
    viewer: Viewer,
    proposals: list[Offer],
    family_offers: Callable[[GameState, str | None], list[Offer]],
) -> list[Candidate]:
    actor = viewer.actor
    rules = family_of(state.ruleset).rules
    offers = proposals + as_proposals(rules, state, actor, family_offers(state, actor))
    return [
        Candidate(action, label, rules.offer_target(action))
        for action, label in offers
        # The judge ends a game instead of conceding it.
        if not (action["type"] == "concede" and actor is None)
    ]


# A candidate's action as its move's model, and its button, kept by what they are made of:
# every page of every seat asks the same game-wide candidates again at every version (about
# twenty each), and reading each as its model and building its button were a seventh of a
# seat's buttons' cost. Both are frozen values of their inputs alone: an action model is
# frozen, and a button is never changed once made (a judge acting as a seat gets a copy:
# app/web/page_buttons.py).
_PARSED: LRU[tuple[type[ActionModel], bytes], ActionModel] = LRU(4096)
_OPTIONS: LRU[tuple[str | None, bytes, str, str, str | None, str | None], ActionOption] = LRU(4096)


def action_key(action: dict[str, Any]) -> bytes | None:
    """The action's exact JSON, by orjson: its key in the caches above, and the Table
    panel's forms' (app/web/table_items.py). One same dict, one same key; two that differ,
    two keys. None for what orjson won't write (an integer past 64 bits): not kept."""
    try:
        return orjson.dumps(action)
    except TypeError:
        return None


def _parsed(model: type[ActionModel], action: dict[str, Any], key: bytes | None) -> ActionModel:
    """`model.model_validate(action)`, once per model and action."""
    if key is None:
        return model.model_validate(action)
    found = _PARSED.get((model, key))
    if found is None:
        found = _PARSED.setdefault((model, key), model.model_validate(action))
    return found


def option_if_legal(state: GameState, candidate: Candidate, viewer: Viewer) -> ActionOption | None:
    """The button for `candidate` if the engine accepts it from `viewer`, else None."""
    outcome = _trial(state, candidate.action, viewer.actor)
    if outcome is None:
        return None
    return _option(candidate, _off_timing(state, outcome.events))


def _option(candidate: Candidate, warning: Text | None, key: bytes | None = None) -> ActionOption:
    en = warning.en if warning is not None else None
    fr = warning.fr if warning is not None else None
    if key is None:
        key = action_key(candidate.action)
    kept_as = None
    if key is not None:
        kept_as = (candidate.target, key, candidate.label.en, candidate.label.fr, en, fr)
        found = _OPTIONS.get(kept_as)
        if found is not None:
            return found
    option = ActionOption(
        object=candidate.target,
        type=candidate.action["type"],
        label=candidate.label.en,
        label_fr=candidate.label.fr,
        action=candidate.action,
        warning=en,
        warning_fr=fr,
    )
    return option if kept_as is None else _OPTIONS.setdefault(kept_as, option)


def loose_options(state: GameState, viewer: Viewer) -> list[ActionOption]:
    """The game-wide buttons (no object's): each offered when its move's declared
    precondition holds, else (a move without one) when the engine accepts it."""
    return _declared_options(state, viewer, candidates_about(state, viewer, None))


def object_options(state: GameState, viewer: Viewer, target: str) -> list[ActionOption]:
    """One object's buttons (its sheet), the same way: by declared precondition, else tried
    through the engine."""
    return _declared_options(state, viewer, candidates_about(state, viewer, target))


def _declared_options(
    state: GameState, viewer: Viewer, candidates: list[Candidate]
) -> list[ActionOption]:
    if not candidates:
        return []
    rules = family_of(state.ruleset).rules
    # The state itself for every precondition: they read it, never change it (Ctx's `reading`).
    ctx: Ctx[GameState] = Ctx(
        state, viewer.actor, rules.visibility.in_view, rules, trial=True, reading=True
    )
    options = [_declared_option(state, c, viewer, ctx) for c in candidates]
    return [o for o in options if o is not None]


def _declared_option(
    state: GameState, candidate: Candidate, viewer: Viewer, ctx: Ctx[GameState]
) -> ActionOption | None:
    """The button for `candidate` by its move's precondition: what `engine.apply` checks
    before and after the handler (the game waiting for a choice, a seat's consent), and the
    precondition for the handler itself."""
    rules = family_of(state.ruleset).rules
    move = rules.moves_by_type.get(candidate.action["type"])
    if move is None or move.precondition is None:
        return option_if_legal(state, candidate, viewer)
    key = action_key(candidate.action)
    try:
        # Read as this game's own model at once: the candidate is this family's, and the
        # union `parse_action` reads tries each family's model for a type several share,
        # and `engine.fitted` then reads it again (most of a button's cost).
        action = _parsed(move.model, candidate.action, key)
        rules.check(state, action)
        problem: OffTiming | None = move.precondition(ctx, action)
        check_consent(rules, state, action, viewer.actor)
    except (RuleError, ValidationError):
        return None
    if problem is None:
        return _option(candidate, None, key)
    warning = warning_of(problem, ", ".join(_numbers(state, problem.rules)))
    return _option(candidate, warning, key)


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
            return warning_before(event, ", ".join(_numbers(state, event.rules)))
    return None


def _numbers(state: GameState, rules: Sequence[str]) -> list[str]:
    return family_of(state.ruleset).rules.citations.numbers(rules, state.ruleset)


def actions_for(state: GameState, viewer: Viewer) -> list[ActionOption]:
    """The actions `viewer` may take now, each tried through the engine; spectators take
    none. (A page asks `loose_options` and `object_options`: app/web/page_buttons.py.)"""
    options = [option_if_legal(state, c, viewer) for c in candidates_for(state, viewer)]
    return [o for o in options if o is not None]
