"""Take-back's rules in the rules core, without a database: which step each may take, whose
word is needed, and which earlier state the game goes back to. The store only records the
steps (app/store/event_log.py) and hands `step` a reader of earlier versions, played here by
a dict of the states this game went through."""

from __future__ import annotations

import pytest

from app.rules.core import take_back as tb
from app.rules.core.errors import RuleError
from app.rules.core.events import Event
from app.rules.core.state import GameState
from tests.rules.mtg.table import Table


class History:
    """The states a game went through, by version, and the versions `step` asked to read."""

    def __init__(self, players: tuple[str, ...] = ("Alice", "Bob")) -> None:
        game = Table(players=players).hand("Alice", "Grizzly Bears").library("Alice", "Island")
        game = game.library("Alice", "Forest").start()
        self.states: dict[int, GameState] = {0: game.state}
        game.do("Alice", type="draw", player="Alice")  # v1
        self.states[1] = game.state
        game.do("Alice", type="shuffle", player="Alice")  # v2
        self.states[2] = game.state
        self.read: list[int] = []

    @property
    def now(self) -> GameState:
        return self.states[max(self.states)]

    def past(self, version: int) -> GameState:
        self.read.append(version)
        return self.states[version]

    def step(
        self,
        state: GameState,
        actor: str | None,
        kind: str,
        to: int | None = None,
        agree: bool | None = None,
    ) -> tuple[GameState, list[Event]]:
        return tb.step(state, tb.recorded(kind, to, agree), actor, self.past)


def test_take_back_by_the_judge_goes_straight_to_the_earlier_version() -> None:
    history = History()
    restored, events = history.step(history.now, None, tb.TAKE_BACK, to=0)
    assert history.read == [0]
    assert restored.version == history.now.version + 1
    assert restored.take_back is None
    # Version 0's table (Alice's hand as at the start), under new ids: nothing learnt after.
    assert len([o for o in restored.objects if o.zone == "hand"]) == len(
        [o for o in history.states[0].objects if o.zone == "hand"]
    )
    assert not {o.id for o in restored.objects} & {o.id for o in history.now.objects}
    assert events[0].public.en == "Taken back to version 0 by the judge."
    assert events[0].public.fr == "Ramenée à la version 0 par l'arbitre."


def test_take_back_directly_is_the_judges_alone() -> None:
    history = History()
    with pytest.raises(RuleError) as refused:
        history.step(history.now, "Alice", tb.TAKE_BACK, to=0)
    assert refused.value.kind == "forbidden"
    assert "ask the other players" in refused.value.message_en
    assert "demandez aux autres joueurs" in refused.value.message_fr
    assert history.read == []


def test_take_back_the_judge_has_nobody_to_ask() -> None:
    history = History()
    with pytest.raises(RuleError) as refused:
        history.step(history.now, None, tb.REQUEST, to=0)
    assert refused.value.kind == "forbidden"
    assert refused.value.message_fr


def test_take_back_only_to_an_earlier_version() -> None:
    history = History()
    now = history.now
    for to in (now.version, now.version + 1, -1):
        with pytest.raises(RuleError) as refused:
            history.step(now, None, tb.TAKE_BACK, to=to)
        assert f"0 to {now.version - 1}" in refused.value.message_en
        with pytest.raises(RuleError):
            history.step(now, "Alice", tb.REQUEST, to=to)
    assert history.read == []


def test_take_back_request_waits_for_every_other_player_then_goes_back() -> None:
    history = History(players=("Alice", "Bob", "Carol"))
    asked, events = history.step(history.now, "Alice", tb.REQUEST, to=1)
    assert asked.take_back is not None and asked.take_back.waiting_for(asked) == ["Bob", "Carol"]
    assert events[0].public.en == "Alice asks to take the game back to version 1."
    with pytest.raises(RuleError) as own:
        history.step(asked, "Alice", tb.ANSWER, agree=True)  # the asker's word is not needed
    assert own.value.kind == "forbidden"
    bob, _ = history.step(asked, "Bob", tb.ANSWER, agree=True)
    assert bob.take_back is not None and bob.take_back.waiting_for(bob) == ["Carol"]
    assert history.read == []  # nothing to read until the last word
    carol, events = history.step(bob, "Carol", tb.ANSWER, agree=True)
    assert history.read == [1]
    assert carol.take_back is None and carol.version == bob.version + 1
    assert [e.kind for e in events] == ["take_back_agreed", "take_back"]
    assert events[-1].public.en == "Taken back to version 1 by Alice, with everyone's agreement."


def test_take_back_one_player_declining_ends_the_request() -> None:
    history = History(players=("Alice", "Bob", "Carol"))
    asked, _ = history.step(history.now, "Alice", tb.REQUEST, to=1)
    declined, events = history.step(asked, "Bob", tb.ANSWER, agree=False)
    assert declined.take_back is None
    assert events[0].kind == "take_back_declined"
    assert history.read == []


def test_take_back_the_judge_settles_a_pending_request() -> None:
    history = History()
    asked, _ = history.step(history.now, "Alice", tb.REQUEST, to=0)
    accepted, events = history.step(asked, None, tb.ANSWER, agree=True)
    assert history.read == [0] and accepted.take_back is None
    assert events[0].public.en == "Taken back to version 0 by the judge, at Alice's request."
    dismissed, events = history.step(asked, None, tb.ANSWER, agree=False)
    assert dismissed.take_back is None and dismissed.version == asked.version + 1
    assert events[0].kind == "take_back_declined"


def test_take_back_an_answer_needs_a_pending_request() -> None:
    history = History()
    for actor in ("Bob", None):
        with pytest.raises(RuleError) as refused:
            history.step(history.now, actor, tb.ANSWER, agree=True)
        assert refused.value.message_en == "Nobody asked to take the game back."
        assert refused.value.message_fr == "Personne n'a demandé de retour en arrière."


def test_take_back_recorded_steps_are_only_the_three_kinds() -> None:
    assert tb.recorded(tb.REQUEST, to=2) == {"type": "take_back_request", "to": 2}
    assert tb.recorded(tb.ANSWER, agree=False) == {"type": "take_back_answer", "agree": False}
    with pytest.raises(ValueError):
        tb.recorded("draw")
    with pytest.raises(ValueError):
        tb.step(History().now, {"type": "draw"}, None, History().past)
