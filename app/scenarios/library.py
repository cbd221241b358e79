"""The scenarios shipped with the app (app/scenarios/data/*.json), loaded once."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from app.scenarios.model import Scenario

DATA = Path(__file__).with_name("data")


@cache
def all_scenarios() -> tuple[Scenario, ...]:
    return tuple(
        Scenario.model_validate_json(path.read_text(encoding="utf-8"))
        for path in sorted(DATA.glob("*.json"))
    )


def get_scenario(key: str) -> Scenario | None:
    return next((s for s in all_scenarios() if s.key == key), None)
