"""Taking a game back needs every other player's word (or the judge's): with three players,
two words are needed, and the judge's "no" ends the request like any player's.

Each test here failed with the bug it names planted by hand (issue 25, "tests that don't
bite"): a request applied when all but one agreed; the judge's "no" applying it anyway."""

from __future__ import annotations

import pytest

from app.catalog.loader import load_catalog
from app.rules.mtg.setup import MtgSetup as GameSetup
from app.rules.mtg.setup import MtgSetupCard as SetupCard
from app.rules.redact import Viewer, view_for
from app.store.repository import GameRepository, Refused
from tests.store.test_take_back import _without_ids, act

pytestmark = pytest.mark.both_databases


def _three_players(repository: GameRepository) -> str:
    """A three-player game at version 2: Alice drew twice."""
    catalog = load_catalog()
    cards = [
        SetupCard(owner=owner, zone=zone, card=catalog.resolve(name))  # type: ignore[arg-type]
        for owner, zone, name in (
            ("Alice", "library", "Island"),
            ("Alice", "library", "Serra Angel"),
            ("Alice", "library", "Forest"),
            ("Bob", "battlefield", "Grizzly Bears"),
            ("Carol", "battlefield", "Llanowar Elves"),
        )
    ]
    game_id = repository.create_game(GameSetup(players=["Alice", "Bob", "Carol"], cards=cards)).id
    act(repository, game_id, {"type": "draw", "player": "Alice"}, "Alice")  # v1
    act(repository, game_id, {"type": "draw", "player": "Alice"}, "Alice")  # v2
    return game_id


def test_a_three_player_take_back_waits_for_the_last_word(repository) -> None:
    game_id = _three_players(repository)
    at_one = repository.load(game_id, 1)
    repository.take_back(game_id, "take_back_request", "Alice", to=1)  # v3
    before = repository.load(game_id)
    repository.take_back(game_id, "take_back_answer", "Bob", agree=True)  # v4: Carol's missing
    waiting = repository.load(game_id)
    # Nothing is taken back with one word missing: the same objects, the same ids.
    assert [o.id for o in waiting.objects] == [o.id for o in before.objects]
    assert waiting.take_back is not None and waiting.take_back.agreed == ("Bob",)
    assert waiting.take_back.waiting_for(waiting) == ["Carol"]
    assert len(view_for(waiting, Viewer.seat("Alice")).objects) == len(
        view_for(before, Viewer.seat("Alice")).objects
    )
    with pytest.raises(Refused):  # Bob's word counts once
        repository.take_back(game_id, "take_back_answer", "Bob", agree=True)
    repository.take_back(game_id, "take_back_answer", "Carol", agree=True)  # v5
    now = repository.load(game_id)
    assert now.take_back is None
    assert _without_ids(now) == _without_ids(at_one)


def test_the_judges_no_ends_a_pending_take_back_and_the_game_goes_on(repository) -> None:
    game_id = _three_players(repository)
    repository.take_back(game_id, "take_back_request", "Alice", to=1)
    repository.take_back(game_id, "take_back_answer", "Bob", agree=True)
    before = repository.load(game_id)
    repository.take_back(game_id, "take_back_answer", None, agree=False)
    now = repository.load(game_id)
    assert now.take_back is None
    assert now.version == before.version + 1
    assert [o.id for o in now.objects] == [o.id for o in before.objects]
    assert _without_ids(now) != _without_ids(repository.load(game_id, 1))
    assert repository.log(game_id)[-1][2][0].public.en == (
        "The judge declines to take the game back to version 1: the game goes on."
    )
    # Carol's later word finds nothing to agree to.
    with pytest.raises(Refused):
        repository.take_back(game_id, "take_back_answer", "Carol", agree=True)
