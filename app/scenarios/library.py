"""The scenarios shipped with the app, each in its game family's `scenarios/` folder, loaded
once, in the order of their file names."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from app.rules.families import FAMILIES
from app.scenarios.model import Scenario

DATA: tuple[Path, ...] = tuple(f.scenarios_dir for f in FAMILIES)


@cache
def all_scenarios() -> tuple[Scenario, ...]:
    return tuple(
        Scenario.model_validate_json(path.read_text(encoding="utf-8"))
        for path in sorted((p for d in DATA for p in d.glob("*.json")), key=lambda p: p.name)
    )


def get_scenario(key: str) -> Scenario | None:
    return next((s for s in all_scenarios() if s.key == key), None)
