"""Editions side by side: the same setup and steps judged under another ruleset.

Replayed in memory only (nothing is stored) from the game's own export, with the game's
seed so the objects line up step by step; each step's outcome under both editions is kept,
and the differences are flagged with their rules.
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import BaseModel

from app.rules import engine
from app.rules.core.errors import RuleError
from app.rules.core.state import GameState
from app.rules.families import Ruleset, family_of, parse_action
from app.rules.redact import Viewer, events_for, numbers_for_ruleset
from app.scenarios.export import export_game
from app.scenarios.model import Scenario
from app.scenarios.runner import ScenarioError, game_setup, resolve_refs
from app.store.repository import GameRepository


class Outcome(BaseModel):
    accepted: bool
    text: str
    text_fr: str
    rules: list[str]


class StepComparison(BaseModel):
    version: int
    action: str
    actor: str | None
    this_edition: Outcome
    other_edition: Outcome
    differs: bool


class EditionComparison(BaseModel):
    ruleset: str
    other_ruleset: str
    steps: list[StepComparison]
    differences: int


def _outcome(state: GameState, body: dict, actor: str | None) -> tuple[GameState, Outcome]:
    try:
        out = engine.apply(state, parse_action(resolve_refs(body, state)), actor, consent=True)
    except (RuleError, ScenarioError) as err:
        if isinstance(err, RuleError):
            return state, Outcome(
                accepted=False,
                text=err.message_en,
                text_fr=err.message_fr,
                rules=numbers_for_ruleset(err.rules, state.ruleset),
            )
        return state, Outcome(accepted=False, text=str(err), text_fr=str(err), rules=[])
    shown = events_for(out.events, Viewer.judge(), state.ruleset)
    return out.state, Outcome(
        accepted=True,
        text=" ".join(e.text for e in shown),
        text_fr=" ".join(e.text_fr for e in shown),
        rules=[r for e in shown for r in e.rules],
    )


def _compare(
    repository: GameRepository,
    game_id: str,
    variant: Callable[[Scenario], Scenario],
    label: Callable[[Scenario], str],
) -> EditionComparison:
    """The game's own steps replayed in memory twice: as played, and under `variant`."""
    scenario = export_game(repository, game_id)
    other = variant(scenario)
    seed = repository.load(game_id, 0).seed
    ours = engine.new_game(game_setup(scenario), seed).state
    theirs = engine.new_game(game_setup(other), seed).state
    steps: list[StepComparison] = []
    for version, step in enumerate(scenario.steps, start=1):
        ours, mine = _outcome(ours, step.action, step.as_)
        theirs, other_outcome = _outcome(theirs, step.action, step.as_)
        steps.append(
            StepComparison(
                version=version,
                action=str(step.action.get("type")),
                actor=step.as_,
                this_edition=mine,
                other_edition=other_outcome,
                differs=(mine.accepted != other_outcome.accepted)
                or (mine.text != other_outcome.text),
            )
        )
    return EditionComparison(
        ruleset=label(scenario),
        other_ruleset=label(other),
        steps=steps,
        differences=sum(s.differs for s in steps),
    )


def compare_editions(repository: GameRepository, game_id: str, other: Ruleset) -> EditionComparison:
    """Every step judged again under another ruleset edition (e.g. the 2004 rules)."""
    return _compare(
        repository,
        game_id,
        lambda s: s.model_copy(update={"ruleset": other}),
        lambda s: s.ruleset,
    )


def compare_option_editions(
    repository: GameRepository, game_id: str, option: str, other: str
) -> EditionComparison:
    """Every step judged again with another value of a game option (an edition of one of the
    family's rules, as its new-game form offers it)."""

    def value(s: Scenario) -> str:
        # The option's value a scenario leaves out is the family's default for it.
        default = family_of(s.ruleset).rules.options_model.model_fields[option].default
        return str(s.options.get(option, default))

    return _compare(
        repository,
        game_id,
        lambda s: s.model_copy(update={"options": {**s.options, option: other}}),
        value,
    )
