"""Live notification is a hook the store calls on commit: once per committed action or
take-back step, in the order of the versions, and never for a write that did not land (a
lost compare-and-set, a refusal, a stale version, a request replayed)."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from sqlalchemy import Engine

import app.store.event_log as event_log_module
from app.rules.families import parse_action
from app.store.event_log import Committed
from app.store.repository import GameRepository, Refused, StaleVersion, StoreBusy
from tests.store.test_compare_and_set import _two, act

pytestmark = [pytest.mark.engine, pytest.mark.both_databases]


def _heard(repository: GameRepository) -> list[Committed]:
    heard: list[Committed] = []
    repository.on_commit(heard.append)
    return heard


def test_the_hook_hears_each_committed_action_and_take_back_step_once(engine: Engine) -> None:
    first, _second, game_id, bear = _two(engine)
    heard = _heard(first)
    act(first, game_id, "tap", bear)
    act(first, game_id, "untap", bear)
    first.take_back(game_id, "take_back_request", "Alice", to=1)
    first.take_back(game_id, "take_back_answer", "Bob", agree=True)
    first.take_back(game_id, "take_back", None, to=0)
    assert heard == [Committed(game_id, v) for v in (1, 2, 3, 4, 5)]
    assert [v for v, _, _ in first.log(game_id)] == [0, 1, 2, 3, 4, 5]


def test_the_hook_is_not_called_for_a_lost_compare_and_set(engine: Engine) -> None:
    first, second, game_id, bear = _two(engine)
    heard = _heard(second)
    lost: list[int] = []
    real_advance = event_log_module.advance

    def advance(
        conn: Any,
        current: int,
        record: dict[str, Any],
        finished: bool,
        snapshot: dict[str, Any] | None = None,
    ) -> bool:
        landed = real_advance(conn, current, record, finished, snapshot)
        if not landed:
            lost.append(record["version"])
        return landed

    act(second, game_id, "tap", bear)  # second remembers version 1
    ixidron = next(o.id for o in first.load(game_id).objects if o.card.name == "Ixidron")
    first.act(game_id, parse_action({"type": "tap", "object": ixidron}), "Bob")  # version 2
    # second applies "untap" to the version 1 it remembers (legal there too): that
    # compare-and-set loses, and the retry on version 2 lands as version 3.
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(event_log_module, "advance", advance)
        assert act(second, game_id, "untap", bear).version == 3
    assert lost == [2]
    assert heard == [Committed(game_id, 1), Committed(game_id, 3)]


def test_the_hook_is_not_called_when_no_compare_and_set_lands(engine, monkeypatch) -> None:
    first, _second, game_id, bear = _two(engine)
    heard = _heard(first)
    monkeypatch.setattr(event_log_module, "advance", lambda *args, **kwargs: False)
    with pytest.raises(StoreBusy):
        act(first, game_id, "tap", bear)
    assert heard == []
    assert first.info(game_id).version == 0


def test_the_hook_is_not_called_for_a_refusal_a_stale_version_or_a_replayed_request(
    engine: Engine,
) -> None:
    first, _second, game_id, bear = _two(engine)
    heard = _heard(first)
    with pytest.raises(Refused):
        act(first, game_id, "untap", bear)  # the bear is untapped
    with pytest.raises(Refused):
        first.take_back(game_id, "take_back", "Alice", to=0)  # the judge's alone
    tap = parse_action({"type": "tap", "object": bear})
    first.act(game_id, tap, "Alice", request_id="once")
    first.act(game_id, tap, "Alice", request_id="once")  # the same request again: replayed
    with pytest.raises(StaleVersion):
        act(first, game_id, "untap", bear, expected_version=0)
    assert heard == [Committed(game_id, 1)]


def test_a_failing_hook_does_not_undo_the_reply(engine: Engine, caplog) -> None:
    first, _second, game_id, bear = _two(engine)

    def broken(_event: Committed) -> None:
        raise RuntimeError("a listener's bug")

    first.on_commit(broken)
    heard = _heard(first)
    with caplog.at_level(logging.ERROR, logger="app.store.event_log"):
        assert act(first, game_id, "tap", bear).version == 1
    assert heard == [Committed(game_id, 1)]  # the hooks after it still hear
    assert "on-commit hook failed" in caplog.text
