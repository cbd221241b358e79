"""A game as a scenario file (facedown-scenario/1): its setup and every action since.

Object ids are secret-seeded, so an export names objects by "#k" (the k-th object the game
created): replaying the same steps in any new game creates the same objects in the same
order, whatever that game's seed.
"""

from __future__ import annotations

from typing import Any

import orjson
from pydantic import ValidationError

from app.rules.core import take_back as take_backs
from app.rules.core.ids import counters_by_id
from app.rules.core.state import GameState
from app.rules.families import load_setup
from app.scenarios.model import Scenario, SetupEntry, Step
from app.store.repository import GameRepository


def _setup_entries(setup_json: str, first: GameState) -> list[SetupEntry]:
    """The stored setup; for a game that started from a state (a fork), its version 0
    laid out again (each family says what of an object a setup can express)."""
    try:
        setup = load_setup(setup_json)
    except ValidationError:
        entries = (o.as_setup_entry() for o in sorted(first.objects, key=lambda o: o.position))
        return [SetupEntry.model_validate(e) for e in entries if e is not None]
    return [
        SetupEntry.model_validate(
            {
                **c.model_dump(exclude_defaults=True),
                "card": c.card.model_dump(exclude_defaults=True),
            }
        )
        for c in setup.cards
    ]


class TakenBack(ValueError):
    """The game was taken back at `version`: its ids and its secret seed were
    renewed there, so no scenario file replays the game beyond the version before it."""

    def __init__(self, version: int) -> None:
        super().__init__(
            f"this game was taken back at version {version}: a scenario file can replay it "
            f"only up to version {version - 1} (export with up_to={version - 1})"
        )
        self.version = version
        self.last_exportable = version - 1


def _first_restore(
    repository: GameRepository, game_id: str, up_to: int | None, bookkeeping: set[int]
) -> int | None:
    """The first of the take-back steps (`bookkeeping`: their versions) that restored an
    earlier state. A request, or one turned down, changes nothing a replay needs."""
    if not bookkeeping:
        return None
    for version, _actor, events in repository.log(game_id, up_to):
        if version in bookkeeping and any(e.kind == "take_back" for e in events):
            return version
    return None


def _refs(value: Any, counters: dict[str, int]) -> Any:
    if isinstance(value, list):
        return [_refs(v, counters) for v in value]
    if isinstance(value, dict):
        return {k: _refs(v, counters) for k, v in value.items()}
    if isinstance(value, str) and value in counters:
        return f"#{counters[value]}"
    return value


def export_game(repository: GameRepository, game_id: str, up_to: int | None = None) -> Scenario:
    """Raises TakenBack when the range includes a take-back."""
    actions = [
        (version, actor, orjson.loads(action))
        for version, actor, action in repository.actions(game_id, up_to)
    ]
    # A take-back request or answer is bookkeeping, not a step; one that restored an
    # earlier state ends what a scenario file can replay.
    bookkeeping = {v for v, _, action in actions if action.get("type") in take_backs.KINDS}
    restored_at = _first_restore(repository, game_id, up_to, bookkeeping)
    if restored_at is not None:
        raise TakenBack(restored_at)
    info = repository.info(game_id)
    latest = repository.load(game_id, up_to)
    counters = counters_by_id(latest.seed, latest.id_counter)
    first = repository.load(game_id, 0)
    steps = [
        Step.model_validate({"as": actor, "action": _refs(action, counters)})
        for version, actor, action in actions
        if version not in bookkeeping
    ]
    # A scenario game's question and answer travel with it.
    brief = repository.brief(game_id)
    asked: dict[str, Any] = (
        {
            "title_fr": brief.title_fr,
            "question": brief.question,
            "question_fr": brief.question_fr,
            "answer": brief.answer,
            "answer_fr": brief.answer_fr,
        }
        if brief is not None
        else {}
    )
    return Scenario(
        **asked,
        key=f"game-{game_id}",
        title=info.title or "Exported game",
        ruleset=latest.ruleset,
        options=latest.game_options(),
        players=latest.player_names(),
        setup=_setup_entries(repository.setup_of(game_id), first),
        steps=steps,
    )
