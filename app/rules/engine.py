"""apply(state, action, actor) -> Outcome: the only way a game changes. Pure and deterministic.
Each family's moves apply its actions (app.rules.families)."""

from __future__ import annotations

from pydantic import BaseModel, ValidationError

from app.rules.core.actions import ActionModel
from app.rules.core.context import Ctx
from app.rules.core.errors import RuleError
from app.rules.core.events import Event
from app.rules.core.proposals import check_consent
from app.rules.core.setup import GameSetup
from app.rules.core.state import GameState
from app.rules.families import family_of


class Outcome(BaseModel):
    state: GameState
    events: list[Event]


def new_game(setup: GameSetup, seed: str) -> Outcome:
    """Version 0 of a game. `seed` (server secret) drives ids and shuffles."""
    rules = family_of(setup.ruleset).rules
    setup.check_players(rules.citations.core_rules["players"])
    state, events = rules.new_game(setup, seed)
    return Outcome(state=state, events=events)


def fitted(model: type[ActionModel], action: ActionModel, ruleset: str) -> ActionModel:
    """An action type several families define was read as another family's model: read
    what was given again as this game's (families.py, the action union)."""
    if isinstance(action, model):
        return action
    try:
        return model.model_validate(action.model_dump(mode="json", exclude_unset=True))
    except ValidationError:
        raise RuleError(
            [],
            f"That {action.type!r} action does not fit this game's rules ({ruleset}).",
            f"Cette action {action.type!r} ne convient pas aux règles de cette partie ({ruleset}).",
        ) from None


def apply(
    state: GameState,
    action: ActionModel,
    actor: str | None,
    *,
    consent: bool = False,
    trial: bool = False,
) -> Outcome:
    """Apply one action for `actor` (a player name; None = the judge acting for whoever
    the action concerns). Raises RuleError and leaves `state` untouched when illegal.

    A seat acts only on what is its own (docs/DESIGN.md invariant 8): an action on another player's
    object is refused unless `consent` says someone with the right asked for it — the judge
    acting as a player, or replaying the log (what is in it was allowed when it happened).

    `trial`: only whether it is legal matters (a page trying its buttons): what only words
    the log (the state-based actions' notes) may be skipped; the outcome's events are then
    incomplete and the outcome must not be stored."""
    rules = family_of(state.ruleset).rules
    if state.finished:
        raise RuleError(
            [rules.citations.core_rules["game_over"]],
            "The game is over: nothing more can happen in it.",
            "La partie est terminée : plus rien ne peut s'y passer.",
            kind="game_over",
        )
    if actor is not None and actor not in state.player_names():
        raise RuleError([], "Unknown player.", "Joueur inconnu.", kind="forbidden")
    rules.check(state, action)
    kind: str = action.type
    move = rules.moves_by_type.get(kind)
    if move is None:
        # Each family's own moves; an action of another game is refused, not a crash.
        raise RuleError(
            [],
            f"{kind!r} is not an action of this game's rules ({state.ruleset}).",
            f"{kind!r} n'est pas une action des règles de cette partie ({state.ruleset}).",
        )
    action = fitted(move.model, action, state.ruleset)
    # Each object copied only when the move reads it (app/rules/core/copy_on_read.py).
    ctx: Ctx[GameState] = Ctx(
        state, actor, rules.visibility.in_view, rules, trial=trial, lazy_objects=True
    )
    move.handler(ctx, action)
    if not consent:
        # After the rules had their say (their refusal, if any, is the answer as before):
        # what they allow on another player's object still needs that player's word.
        check_consent(rules, state, action, actor)
    if not trial:
        ctx.state.settle()  # what it never read stays shared with `state`
    ctx.state.version += 1
    return Outcome(state=ctx.state, events=ctx.events)
