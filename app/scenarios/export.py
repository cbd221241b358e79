"""A game as a scenario file (facedown-scenario/1): its setup and every action since.

Object ids are secret-seeded, so an export names objects by "#k" (the k-th object the game
created): replaying the same steps in any new game creates the same objects in the same
order, whatever that game's seed.
"""

from __future__ import annotations

from typing import Any

import orjson
from pydantic import ValidationError

from app.rules.ids import counters_by_id
from app.rules.setup import GameOptions, GameSetup
from app.rules.state import GameState, Zone
from app.scenarios.model import Scenario, SetupEntry, Step
from app.store.repository import GameRepository


def _setup_entries(setup_json: str, first: GameState) -> list[SetupEntry]:
    """The stored GameSetup; for a game that started from a state (a fork), its version 0
    laid out again (statuses beyond tapped, counters and face-down are not kept)."""
    try:
        setup = GameSetup.model_validate_json(setup_json)
    except ValidationError:
        return [
            SetupEntry(
                owner=o.owner,
                zone=o.zone.value if o.zone != Zone.PHASED_OUT else "battlefield",  # type: ignore[arg-type]
                card=o.card.model_dump(exclude_defaults=True),
                controller=o.controller if o.controller != o.owner else None,
                face_down=o.face_down_via,
                tapped=o.tapped,
                counters=dict(o.counters),
                is_token=o.is_token,
                location=o.location,
            )
            for o in sorted(first.objects, key=lambda o: o.position)
            if o.zone != Zone.STACK
        ]
    return [
        SetupEntry(
            owner=c.owner,
            zone=c.zone,
            card=c.card.model_dump(exclude_defaults=True),
            controller=c.controller,
            face_down=c.face_down,
            tapped=c.tapped,
            counters=dict(c.counters),
            is_token=c.is_token,
            location=c.location,
        )
        for c in setup.cards
    ]


def _refs(value: Any, counters: dict[str, int]) -> Any:
    if isinstance(value, list):
        return [_refs(v, counters) for v in value]
    if isinstance(value, dict):
        return {k: _refs(v, counters) for k, v in value.items()}
    if isinstance(value, str) and value in counters:
        return f"#{counters[value]}"
    return value


def export_game(repository: GameRepository, game_id: str, up_to: int | None = None) -> Scenario:
    info = repository.info(game_id)
    latest = repository.load(game_id, up_to)
    counters = counters_by_id(latest.seed, latest.id_counter)
    first = repository.load(game_id, 0)
    steps = [
        Step.model_validate({"as": actor, "action": _refs(orjson.loads(action), counters)})
        for _version, actor, action in repository.actions(game_id, up_to)
    ]
    return Scenario(
        key=f"game-{game_id}",
        title=info.title or "Exported game",
        ruleset=latest.ruleset,
        options=GameOptions(hideaway_edition=latest.hideaway_edition),
        players=latest.player_names(),
        setup=_setup_entries(repository.setup_of(game_id), first),
        steps=steps,
    )
