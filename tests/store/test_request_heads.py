"""A request's door to the store (`GameRepository.for_request()`) reads a game's head once
and moves it forward with its own writes; the next request, and the app's shared door,
read afresh, so nobody is shown a version older than the one they asked after."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import Engine, event

from app.store.repository import GameRepository
from tests.store.test_compare_and_set import _two, act

pytestmark = [pytest.mark.engine, pytest.mark.both_databases]


class HeadReads:
    def __init__(self, engine: Engine) -> None:
        self.count = 0
        event.listen(engine, "before_cursor_execute", self)

    def __call__(self, conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        if " ".join(statement.split()).startswith("SELECT games.id, games.ruleset"):
            self.count += 1


def test_a_request_reads_the_head_once_and_follows_its_own_write(engine: Engine) -> None:
    first, _second, game_id, bear = _two(engine)
    reads = HeadReads(engine)
    door = first.for_request()
    assert door.info(game_id).version == 0
    door.load(game_id)
    door.log(game_id)
    assert door.info(game_id).ruleset == "mtg"
    assert reads.count == 1
    assert act(door, game_id, "tap", bear).version == 1
    # Its own write moved the request's head: the page it renders shows version 1, unread.
    assert door.info(game_id).version == 1
    assert door.load(game_id).version == 1
    assert [v for v, _, _ in door.log(game_id)] == [0, 1]
    assert reads.count == 1


def test_the_next_request_and_the_shared_door_read_afresh(engine: Engine) -> None:
    first, second, game_id, bear = _two(engine)
    earlier = first.for_request()
    assert earlier.info(game_id).version == 0
    act(second, game_id, "tap", bear)  # another process commits version 1
    assert earlier.info(game_id).version == 0  # this request keeps what it read
    assert first.for_request().info(game_id).version == 1
    assert first.info(game_id).version == 1
    assert first.load(game_id).version == 1


def test_a_write_from_a_head_read_before_another_commit_lands_after_it(engine: Engine) -> None:
    first, second, game_id, bear = _two(engine)
    door = first.for_request()
    door.load(game_id)  # version 0, the bear untapped
    act(second, game_id, "tap", bear)  # version 1, behind this request's back
    # On the head it read, "untap" would be refused; the database says the bear is tapped.
    assert act(door, game_id, "untap", bear).version == 2
    assert door.info(game_id).version == 2
    assert not door.load(game_id).get(bear).tapped  # type: ignore[union-attr]


def test_requests_share_the_rooms_not_the_heads(engine: Engine) -> None:
    repository = GameRepository(engine)
    one, two = repository.for_request(), repository.for_request()
    # Each request's event log is a copy holding its own heads, over the same caches.
    assert one.events.states is two.events.states is repository.events.states
    assert one.seats is repository.seats and one.rulings is repository.rulings
    assert one.cache is repository.cache
    assert one.events._request is not two.events._request
    assert repository.events._request is None
