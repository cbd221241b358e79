"""The hostile-seat harness draws every issue-16 action (tests/rules/core/contract_candidates.py):
once the whole contract is on main, no candidate may be skipped silently, or a renamed field
would quietly take its action out of the differential checks."""

from __future__ import annotations

from app.rules.families import ACTION_TYPES, parse_action
from tests.rules.core.contract_candidates import CONTRACT_TYPES, all_candidates
from tests.rules.mtg.table import Table


def test_every_contract_type_is_an_action_the_api_accepts() -> None:
    assert set(CONTRACT_TYPES) <= set(ACTION_TYPES)


def test_every_candidate_the_harness_draws_is_accepted_and_every_type_is_drawn() -> None:
    game = (
        Table()
        .hand("Alice", "Saw It Coming")
        .battlefield("Bob", "Serra Angel")
        .put("Bob", "graveyard", "Grizzly Bears")
        .put("Alice", "exile", "Lightning Bolt")
        .library("Alice", "Serra Angel", "Lightning Bolt", "Grizzly Bears")
        .start()
    )
    game.do("Alice", type="manifest_dread", player="Alice")
    candidates = all_candidates(game.state)
    for action in candidates:
        assert parse_action(action).type == action["type"]
    assert {a["type"] for a in candidates} == set(CONTRACT_TYPES)
