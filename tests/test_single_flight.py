"""One computation per key at a time (app/single_flight.py): the pages of one seat link told
of a version at once share one build of their region."""

from __future__ import annotations

import threading

import pytest

from app.single_flight import SingleFlight


def _together(flight: SingleFlight[int], key: str, work, callers: int) -> list[object]:
    """`callers` threads asking for `key` while the first one's work is held open."""
    results: list[object] = [None] * callers
    started = threading.Barrier(callers)

    def ask(i: int) -> None:
        started.wait()
        try:
            results[i] = flight.run(key, work)
        except Exception as error:  # each caller's outcome, the failure included
            results[i] = error

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(callers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=10)
    return results


def test_callers_asking_at_once_share_one_computation() -> None:
    flight: SingleFlight[int] = SingleFlight()
    calls: list[int] = []
    release = threading.Event()

    def work() -> int:
        calls.append(1)
        release.wait(timeout=5)  # held until every caller has asked
        return 42

    threading.Timer(0.3, release.set).start()
    assert _together(flight, "game/3/bob", work, 6) == [42] * 6
    assert len(calls) == 1
    assert len(flight) == 0  # nothing left behind


def test_a_failure_reaches_every_caller_and_the_next_ask_works_afresh() -> None:
    flight: SingleFlight[int] = SingleFlight()
    release = threading.Event()

    def failing() -> int:
        release.wait(timeout=5)
        raise RuntimeError("database hiccup")

    threading.Timer(0.3, release.set).start()
    outcomes = _together(flight, "k", failing, 4)
    assert all(isinstance(o, RuntimeError) for o in outcomes), outcomes
    assert flight.run("k", lambda: 7) == 7


def test_other_keys_are_worked_out_each_for_itself() -> None:
    flight: SingleFlight[str] = SingleFlight()
    assert flight.run("alice", lambda: "alice's region") == "alice's region"
    assert flight.run("bob", lambda: "bob's region") == "bob's region"
    with pytest.raises(ValueError):
        flight.run("alice", lambda: (_ for _ in ()).throw(ValueError("x")))
