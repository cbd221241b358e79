"""Two processes, one database: an action is applied outside the write lock to the state this
process knows, and lands only if the game is still at that version (compare-and-set).
Two repositories on one file stand for two server processes, each with its own memory."""

from __future__ import annotations

import pytest
from sqlalchemy import Engine

from app.catalog import load_catalog
from app.rules.families import parse_action
from app.rules.mtg.setup import MtgSetup as GameSetup
from app.rules.mtg.setup import MtgSetupCard as SetupCard
from app.store.repository import GameRepository, Refused, StaleVersion

pytestmark = [pytest.mark.engine, pytest.mark.both_databases]


def _setup() -> GameSetup:
    catalog = load_catalog()
    cards = [
        SetupCard(owner="Alice", zone="battlefield", card=catalog.resolve("Grizzly Bears")),  # type: ignore[arg-type]
        SetupCard(owner="Bob", zone="battlefield", card=catalog.resolve("Ixidron")),  # type: ignore[arg-type]
    ]
    return GameSetup(players=["Alice", "Bob"], cards=cards)


def _two(engine: Engine) -> tuple[GameRepository, GameRepository, str, str]:
    first = GameRepository(engine, snapshot_every=3)
    second = GameRepository(engine, snapshot_every=3)
    game = first.create_game(_setup())
    bear = next(o.id for o in first.load(game.id).objects if o.card.name == "Grizzly Bears")
    return first, second, game.id, bear


def act(repository: GameRepository, game_id: str, kind: str, bear: str, **kw: object):
    return repository.act(game_id, parse_action({"type": kind, "object": bear}), "Alice", **kw)


def test_an_action_lands_on_the_newest_state_when_another_process_wrote_first(engine):
    first, second, game_id, bear = _two(engine)
    assert act(second, game_id, "tap", bear).version == 1  # second now remembers version 1
    assert act(first, game_id, "untap", bear).version == 2  # behind second's back
    # second's memory says the bear is tapped at version 1: the write must not land there.
    assert act(second, game_id, "tap", bear).version == 3
    for repository in (first, second):
        repository.cache.clear()
        state = repository.load(game_id)
        assert state.version == 3
        assert state.get(bear).tapped  # type: ignore[union-attr]
    assert [v for v, _, _ in first.log(game_id)] == [0, 1, 2, 3]


def test_a_refusal_is_checked_against_the_database_not_only_the_memory(engine):
    first, second, game_id, bear = _two(engine)
    act(second, game_id, "tap", bear)  # second remembers: tapped
    act(first, game_id, "untap", bear)  # the database: untapped
    # On second's memory "untap" would be legal and "tap" illegal; the database decides.
    with pytest.raises(Refused):
        act(second, game_id, "untap", bear)
    assert act(second, game_id, "tap", bear).version == 3


def test_expected_version_is_checked_against_the_database(engine):
    first, second, game_id, bear = _two(engine)
    act(second, game_id, "tap", bear)
    act(first, game_id, "untap", bear)
    with pytest.raises(StaleVersion) as stale:
        act(second, game_id, "tap", bear, expected_version=1)
    assert stale.value.current == 2
    assert act(second, game_id, "tap", bear, expected_version=2).version == 3


def test_a_retried_request_id_returns_the_stored_result_from_either_process(engine):
    first, second, game_id, bear = _two(engine)
    done = act(first, game_id, "tap", bear, request_id="r-1")
    again = act(second, game_id, "tap", bear, request_id="r-1")
    assert (again.version, again.replayed) == (done.version, True)
    assert first.info(game_id).version == 1


def test_log_last_gives_the_newest_entries_oldest_first(engine):
    first, _second, game_id, bear = _two(engine)
    for i in range(7):
        act(first, game_id, "tap" if i % 2 == 0 else "untap", bear)
    assert [v for v, _, _ in first.log(game_id, last=3)] == [5, 6, 7]
    assert [v for v, _, _ in first.log(game_id, up_to=4, last=2)] == [3, 4]
    assert [v for v, _, _ in first.log(game_id, last=100)] == list(range(8))


def test_log_after_gives_only_the_entries_past_a_version_from_either_process(engine):
    """What a page that showed the log up to a version lacks (app/web/viewer_memo.py)."""
    first, second, game_id, bear = _two(engine)
    for i in range(7):
        act(first, game_id, "tap" if i % 2 == 0 else "untap", bear)
    assert [v for v, _, _ in second.log(game_id, up_to=6, after=5)] == [6]
    assert [v for v, _, _ in second.log(game_id, after=4)] == [5, 6, 7]
    assert [v for v, _, _ in first.log(game_id, after=2, last=2)] == [6, 7]
    assert second.log(game_id, up_to=5, after=5) == []
    assert second.log(game_id, after=7) == []
    whole = first.log(game_id)
    assert first.log(game_id, after=3) == whole[4:]
