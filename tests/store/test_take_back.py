"""Taking a game back to version N (issue 17, item 6): a new version whose state equals N's,
replayed exactly, and nothing that links it to what happened after N."""

from __future__ import annotations

from typing import Any

import pytest

from app.rules.core.state import GameState
from app.rules.families import parse_action
from app.rules.redact import Viewer, log_for, view_for
from app.store.repository import GameRepository, Refused, StaleVersion
from tests.store.test_repository import SETUP_ENTRIES, make_setup

pytestmark = pytest.mark.both_databases


def act(repository: GameRepository, game_id: str, action: dict[str, Any], actor: str | None):
    return repository.act(game_id, parse_action(action), actor)


def _without_ids(state: GameState) -> dict[str, Any]:
    """A state's content, objects keyed by what they are rather than by their id."""
    data = state.model_dump(mode="json")
    for key in ("version", "seed", "id_counter", "take_back"):
        data.pop(key)
    objects = data.pop("objects")
    for obj in objects:
        obj.pop("id")
    data["objects"] = sorted(objects, key=lambda o: (o["zone"], o["owner"], o["position"]))
    return data


@pytest.fixture
def played(repository: GameRepository) -> tuple[str, GameState]:
    """A game at version 3: after version 1, Alice draws, shuffles and reveals."""
    created = repository.create_game(make_setup(*SETUP_ENTRIES))
    game_id = created.id
    act(repository, game_id, {"type": "shuffle", "player": "Alice"}, "Alice")  # v1
    act(repository, game_id, {"type": "draw", "player": "Alice"}, "Alice")  # v2
    act(repository, game_id, {"type": "reveal_top", "player": "Alice"}, "Alice")  # v3
    return game_id, repository.load(game_id, 1)


def test_the_judge_takes_the_game_back_to_a_version_with_its_state(repository, played) -> None:
    game_id, at_one = played
    result = repository.take_back(game_id, "take_back", None, to=1)
    assert result.version == 4
    now = repository.load(game_id)
    assert now.version == 4
    assert _without_ids(now) == _without_ids(at_one)
    log = repository.log(game_id)
    assert log[-1][0] == 4
    assert log[-1][2][0].public.en == "Taken back to version 1 by the judge."


def test_a_take_back_renews_every_id_and_the_secret_seed(repository, played) -> None:
    game_id, at_one = played
    seen_after = {o.id for v in (2, 3) for o in repository.load(game_id, v).objects}
    repository.take_back(game_id, "take_back", None, to=1)
    now = repository.load(game_id)
    assert now.seed not in (at_one.seed, repository.load(game_id, 3).seed)
    new_ids = {o.id for o in now.objects}
    assert not new_ids & ({o.id for o in at_one.objects} | seen_after)


def test_a_shuffle_after_a_take_back_does_not_repeat_the_one_seen_after_n(repository) -> None:
    names = (
        "Island",
        "Forest",
        "Serra Angel",
        "Clone",
        "Ixidron",
        "Lightning Bolt",
        "Counterspell",
    )
    game_id = repository.create_game(make_setup(*[("Alice", "library", n) for n in names])).id

    def order(version: int) -> list[str]:
        state = repository.load(game_id, version)
        return [o.card.name for o in state.in_zone("library", "Alice")]

    act(repository, game_id, {"type": "shuffle", "player": "Alice"}, "Alice")  # v1: seen
    repository.take_back(game_id, "take_back", None, to=0)  # v2: the library as at v0
    assert order(2) == order(0)
    act(repository, game_id, {"type": "shuffle", "player": "Alice"}, "Alice")  # v3
    # The same shuffle from the same library, drawn from the renewed seed: not v1's order
    # again (with the old seed and shuffle counter it would be, card for card).
    assert order(3) != order(1)


def test_a_taken_back_version_replays_to_the_same_state(repository, engine, played) -> None:
    game_id, _ = played
    repository.take_back(game_id, "take_back", None, to=1)  # v4
    act(repository, game_id, {"type": "draw", "player": "Alice"}, "Alice")  # v5
    live = repository.load(game_id).model_dump_json()
    fresh = GameRepository(engine, snapshot_every=1000)
    assert fresh.load(game_id).model_dump_json() == live
    assert fresh.load(game_id, 4).model_dump_json() == repository.load(game_id, 4).model_dump_json()


def test_a_player_may_not_take_back_alone(repository, played) -> None:
    game_id, _ = played
    with pytest.raises(Refused) as err:
        repository.take_back(game_id, "take_back", "Alice", to=1)
    assert err.value.kind == "forbidden"
    assert repository.info(game_id).version == 3


def test_only_an_earlier_version_can_be_the_target(repository, played) -> None:
    game_id, _ = played
    for to in (3, 7):
        with pytest.raises(Refused):
            repository.take_back(game_id, "take_back", None, to=to)
    with pytest.raises(StaleVersion):
        repository.take_back(game_id, "take_back", None, to=1, expected_version=2)


def test_a_request_applies_once_every_other_seat_agrees(repository, played) -> None:
    game_id, at_one = played
    repository.take_back(game_id, "take_back_request", "Alice", to=1)  # v4
    state = repository.load(game_id)
    assert state.take_back is not None and state.take_back.waiting_for(state) == ["Bob"]
    with pytest.raises(Refused):
        repository.take_back(game_id, "take_back_answer", "Alice", agree=True)
    result = repository.take_back(game_id, "take_back_answer", "Bob", agree=True)  # v5
    assert result.version == 5
    now = repository.load(game_id)
    assert now.take_back is None
    assert _without_ids(now) == _without_ids(at_one)
    texts = [e.public.en for e in repository.log(game_id)[-1][2]]
    assert texts == [
        "Bob agrees to take the game back to version 1.",
        "Taken back to version 1 by Alice, with everyone's agreement.",
    ]


def test_a_seat_declining_ends_the_request_and_the_game_goes_on(repository, played) -> None:
    game_id, _ = played
    before = repository.load(game_id)
    repository.take_back(game_id, "take_back_request", "Bob", to=2)
    repository.take_back(game_id, "take_back_answer", "Alice", agree=False)
    now = repository.load(game_id)
    assert now.take_back is None
    assert [o.id for o in now.objects] == [o.id for o in before.objects]


def test_the_judge_accepts_a_request_at_once(repository, played) -> None:
    game_id, at_one = played
    repository.take_back(game_id, "take_back_request", "Bob", to=1)
    repository.take_back(game_id, "take_back_answer", None, agree=True)
    now = repository.load(game_id)
    assert _without_ids(now) == _without_ids(at_one)
    assert repository.log(game_id)[-1][2][0].public.en == (
        "Taken back to version 1 by the judge, at Bob's request."
    )


def test_the_take_back_log_entry_names_no_card(repository, played) -> None:
    game_id, at_one = played
    repository.take_back(game_id, "take_back", None, to=1)
    names = {o.card.name for o in at_one.objects}
    for viewer in (Viewer.seat("Alice"), Viewer.seat("Bob"), Viewer.spectator()):
        entry = log_for(repository.log(game_id)[-1:], viewer, "mtg")
        text = str([e.model_dump(mode="json") for e in entry])
        assert not any(name in text for name in names)


def test_each_seat_sees_after_the_take_back_only_what_it_saw_at_n(repository, played) -> None:
    """Bob's view after the take-back equals his view at N, ids aside: the cards Alice
    revealed after N are not shown to him again, and no id he saw after N comes back."""
    game_id, _ = played
    seen_by_bob = {
        v: view_for(repository.load(game_id, v), Viewer.seat("Bob")).model_dump_json()
        for v in (1, 2, 3)
    }
    repository.take_back(game_id, "take_back", None, to=1)
    now = repository.load(game_id)
    after = view_for(now, Viewer.seat("Bob")).model_dump_json()
    for obj in now.objects:
        after = after.replace(obj.id, "<id>")
    at_one = seen_by_bob[1]
    for obj in repository.load(game_id, 1).objects:
        at_one = at_one.replace(obj.id, "<id>")
    assert after.replace('"version":4', '"version":1') == at_one
    old_ids = {o.id for v in (1, 2, 3) for o in repository.load(game_id, v).objects}
    assert not any(old in after for old in old_ids)


def test_a_game_opened_from_a_state_carries_no_pending_request(repository, played) -> None:
    game_id, _ = played
    repository.take_back(game_id, "take_back_request", "Alice", to=1)
    state = repository.load(game_id)
    assert state.take_back is not None
    state.version = 0
    forked = repository.create_game_from_state(state, [], origin='{"forked_from": "x"}')
    assert repository.load(forked.id).take_back is None
