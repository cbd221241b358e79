"""`scripts/test --quick` leaves out the PostgreSQL cases by their `postgresql` mark, and runs the
property tests on Hypothesis' "quick" profile: fewer examples, never none."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import settings

import tests.conftest as conftest


class _Definition:
    def get_closest_marker(self, name: str) -> object | None:
        return object() if name == "both_databases" else None


class _Metafunc:
    """What pytest_generate_tests reads and calls, for a test of a both_databases module."""

    fixturenames = ("database_kind", "settings")
    definition = _Definition()

    def __init__(self) -> None:
        self.calls: list[tuple[str, list[Any]]] = []

    def parametrize(self, name: str, values: list[Any]) -> None:
        self.calls.append((name, values))


def test_each_database_case_is_marked_so_that_quick_runs_leave_postgresql_out():
    metafunc: Any = _Metafunc()
    conftest.pytest_generate_tests(metafunc)  # a stand-in: only what the hook reads
    [(name, params)] = metafunc.calls
    assert name == "database_kind"
    marks = {p.values[0]: {m.name for m in p.marks} for p in params}
    assert marks == {"sqlite": set(), "postgresql": {"postgresql"}}


def test_the_quick_profile_runs_a_quarter_of_each_modules_examples_and_never_fewer_than_two(
    monkeypatch: pytest.MonkeyPatch,
):
    assert settings.get_profile("quick").max_examples == 25
    assert settings.get_profile("quick").derandomize  # replayable, as on CI
    monkeypatch.setattr(conftest, "QUICK_RUN", False)
    assert [conftest.quick_examples(n) for n in (80, 40, 4)] == [80, 40, 4]
    monkeypatch.setattr(conftest, "QUICK_RUN", True)
    assert [conftest.quick_examples(n) for n in (80, 40, 4)] == [20, 10, 2]
