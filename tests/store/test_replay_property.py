"""docs/DESIGN.md invariant 6 on random games: the stored state at every version (nearest snapshot
+ replay, read cold) equals the state built live, action by action."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.rules import engine as rules
from app.rules.families import parse_action
from app.rules.mtg.setup import MtgSetup as GameSetup
from app.store.db import make_engine
from app.store.migrate import upgrade
from app.store.repository import GameRepository, Refused
from tests.databases import fresh_database
from tests.rules.conformance.mtg_kit import ALICE_NAMES, BOB_NAMES, PLAYERS, _cards, an_action

pytestmark = pytest.mark.both_databases


@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(st.data())
def test_cold_load_at_every_version_equals_the_live_state(
    database_kind: str, data: st.DataObject
) -> None:
    with (
        tempfile.TemporaryDirectory() as folder,
        fresh_database(database_kind, Path(folder)) as url,
    ):
        upgrade(url)
        db = make_engine(url)
        try:
            repository = GameRepository(db, snapshot_every=4)
            setup = GameSetup(
                players=PLAYERS, cards=_cards("Alice", ALICE_NAMES) + _cards("Bob", BOB_NAMES)
            )
            game_id = repository.create_game(setup).id
            live = [repository.load(game_id)]
            for _ in range(20):
                actor, body = data.draw(an_action(live[-1]))
                action = parse_action(body)
                try:
                    repository.act(game_id, action, actor)
                except Refused:
                    continue
                live.append(rules.apply(live[-1], action, actor).state)
            cold = GameRepository(db, snapshot_every=4, cache_size=0)
            for version, state in enumerate(live):
                assert cold.load(game_id, version).model_dump_json() == state.model_dump_json()
        finally:
            db.dispose()
