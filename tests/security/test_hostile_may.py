"""The hostile-seat differential harness, for the resolution of every "you may" about a card
others can't see (issue 25, finding 6; 608.2d): hideaway's "you may play" (702.75), the
hideaway trigger's look at the top cards (one exiled face down, the rest to the bottom) and
manifest dread's look (701.62a). Twin games differ only in Alice's hidden card; Bob (the
hostile seat, over the API and through his page's buttons) and the judge resolve the ability
and press whatever they can while Alice's choice waits. For Bob and the spectator every
channel of tests/security/test_hostile_seat.py (JSON view, log, page, fragment, sheets, log
page, SSE, export, editions, time travel, each action's answer) must be byte-identical between
the twins, and stay so after Alice's choice where it tells nothing (she declines a Lightning
Bolt / she tries to play a land that can't be played on Bob's turn; she hides or manifests
one card).

The helpers are the harness's own (tests/security/test_hostile_seat.py); this module only
adds the situations. FACEDOWN_HYPOTHESIS=long runs more and longer sequences.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from app.rules.families import ACTION_TYPES
from tests.conftest import LONG_RUN
from tests.security.test_hostile_seat import (
    BOB_SIDE,
    TALLY,
    Twin,
    _resolved,
    compare,
    compare_all,
    hostile_action,
    payload,
)
from tests.security.test_leak_harness import APP
from tests.web.pages_support import buttons

EXAMPLES = 30 if LONG_RUN else 2
STEPS = 8 if LONG_RUN else 3
WATCHERS = ("Bob", "spectator")
# Ending the game reveals every hidden card (104, 708.9): a legitimate difference.
REVEALING = {"concede", "end_game"}
BOB_TYPES = tuple(t for t in ACTION_TYPES if t not in REVEALING)


@dataclass
class MaySituation:
    """Alice's cards in each twin, the judge's steps (as Alice) up to her ability or effect,
    and her final choice in each twin (actions built from the judge's view of that twin)."""

    cards: tuple[list[dict[str, Any]], list[dict[str, Any]]]
    prefix: list[dict[str, Any]]
    resolve: bool  # an ability on the stack to resolve (hideaway); else already waiting
    choices: tuple[dict[str, Any], dict[str, Any]]


def _hideaway(hidden: str) -> list[dict[str, Any]]:
    return [
        {"owner": "Alice", "zone": "hand", "card": "Shelldock Isle"},
        {"owner": "Alice", "zone": "library", "card": hidden},
        {"owner": "Alice", "zone": "library", "card": "Grizzly Bears"},
        {"owner": "Alice", "zone": "library", "card": "Divination"},
    ]


def _dread(top: str) -> list[dict[str, Any]]:
    return [
        {"owner": "Alice", "zone": "library", "card": top},
        {"owner": "Alice", "zone": "library", "card": "Forest"},
    ]


SITUATIONS = {
    # 702.75: a hidden Lightning Bolt, or a Forest that can't be played on Bob's turn.
    "hideaway": MaySituation(
        (_hideaway("Lightning Bolt"), _hideaway("Forest")),
        [
            {"type": "play_land", "object": "@Shelldock Isle"},
            {"type": "hideaway_exile", "object": "@hidden"},
            {"type": "next_turn"},
            {"type": "untap", "object": "@Shelldock Isle", "judge": True},
            {"type": "hideaway_play", "source": "@Shelldock Isle"},
        ],
        resolve=True,
        # "No" to the Bolt reads as "yes" to a land that can't be played now.
        choices=({"type": "hideaway_decline"}, {"type": "hideaway_accept"}),
    ),
    # 702.75 (the trigger): Alice looks at the top four and must exile one face down, the
    # rest to the bottom in a random order: her choice, whatever Bob presses meanwhile.
    "hideaway look": MaySituation(
        (_hideaway("Lightning Bolt"), _hideaway("Forest")),
        [{"type": "play_land", "object": "@Shelldock Isle"}],
        resolve=False,
        choices=(
            {"type": "hideaway_exile", "object": "@Lightning Bolt"},
            {"type": "hideaway_exile", "object": "@Forest"},
        ),
    ),
    # 701.62a: Alice looks at the top two; she manifests the first, the Forest is binned.
    "manifest dread": MaySituation(
        (_dread("Lightning Bolt"), _dread("Serra Angel")),
        [{"type": "manifest_dread", "player": "Alice"}],
        resolve=False,
        choices=(
            {"type": "manifest_dread_choose", "object": "@Lightning Bolt"},
            {"type": "manifest_dread_choose", "object": "@Serra Angel"},
        ),
    ),
}


class _Cards:
    """A Deck-shaped setup for `Twin`: Alice's cards and Bob's side (BOB_SIDE)."""

    def __init__(self, cards: list[dict[str, Any]]) -> None:
        self.cards = cards
        self.twin_map: dict[str, str] = {}

    def setup(self, _names: Any) -> dict[str, Any]:
        return {"ruleset": "mtg", "players": ["Alice", "Bob"], "setup": self.cards + BOB_SIDE}


@pytest.fixture(scope="module")
def client():
    with TestClient(APP) as test_client:
        yield test_client


def _judge(twin: Twin, action: dict[str, Any], hidden: str) -> Any:
    """The judge's step: as Alice unless it says it is the judge's own."""
    action = dict(action)
    own = action.pop("judge", False)
    if action.get("object") == "@hidden":
        action["object"] = f"@{hidden}"
    body = _resolved(twin, action) | ({} if own else {"as": "Alice"})
    return twin.api_act("judge", body)


def _top_ability(twin: Twin) -> str | None:
    view = twin.client.get(f"/api/games/{twin.table.id}/view", headers=twin.bearer("judge"))
    abilities = view.json().get("abilities", [])
    return abilities[-1]["id"] if abilities else None


def _bob_ids(twin: Twin) -> list[str]:
    view = twin.client.get(f"/api/games/{twin.table.id}/view", headers=twin.bearer("Bob"))
    return [o["id"] for o in view.json().get("objects", [])]


def _compare_watchers(a: Twin, b: Twin) -> None:
    for who in WATCHERS:
        compare_all(a.seat_channels(who), b.seat_channels(who), who, a, b, set())


def _bob_moves(a: Twin, b: Twin, data: st.DataObject, steps: int, label: str) -> None:
    """Bob presses what he can, over the API (any action type, filled from what he was
    sent) or through his page's buttons; each answer must match between the twins."""
    names = ["Alice", "Bob", "spectator", "judge"]
    for step in range(steps):
        how = data.draw(st.sampled_from(["api", "page"]), label=f"{label} {step}")
        if how == "api":
            action = data.draw(hostile_action(BOB_TYPES, _bob_ids(a), names))
            results = (payload(a.api_act("Bob", action)), payload(b.api_act("Bob", action)))
        else:
            page = a.table.browsers["Bob"].get(f"/g/{a.table.id}").text
            offered = [o for o in buttons(page) if o.get("type") not in REVEALING]
            if not offered:
                continue
            action = data.draw(st.sampled_from(offered))
            results = (payload(a.page_act("Bob", action)), payload(b.page_act("Bob", action)))
        compare(f"Bob {label} {step} {how}", results[0], results[1], a, b, set())
        _compare_watchers(a, b)


def play_may(client, monkeypatch, situation: MaySituation, data: st.DataObject) -> None:
    a = Twin(client, _Cards(situation.cards[0]), [], monkeypatch)  # type: ignore[arg-type]
    b = Twin(client, _Cards(situation.cards[1]), [], monkeypatch)  # type: ignore[arg-type]
    hidden = (situation.cards[0][1]["card"], situation.cards[1][1]["card"])
    for step in situation.prefix:
        got = (_judge(a, step, hidden[0]), _judge(b, step, hidden[1]))
        assert got[0].status_code == got[1].status_code == 200, got[0].text
    _compare_watchers(a, b)
    _bob_moves(a, b, data, data.draw(st.integers(0, STEPS)), "before")
    if situation.resolve and _top_ability(a) is not None:
        resolver = data.draw(st.sampled_from(["Bob api", "Bob page", "judge"]), label="resolver")
        if resolver == "judge":
            got = (a.api_act("judge", {"type": "resolve"}), b.api_act("judge", {"type": "resolve"}))
        elif resolver == "Bob api":
            got = (a.api_act("Bob", {"type": "resolve"}), b.api_act("Bob", {"type": "resolve"}))
        else:
            got = (a.page_act("Bob", {"type": "resolve"}), b.page_act("Bob", {"type": "resolve"}))
        compare(f"{resolver} resolves", payload(got[0]), payload(got[1]), a, b, set())
        _compare_watchers(a, b)
        _bob_moves(a, b, data, data.draw(st.integers(1, STEPS)), "while she chooses")
    # Alice's choice, where it tells the others nothing: still waiting, and for hideaway's
    # play still Bob's turn (on hers, the land could be played: it would be public).
    state = a.table.state()
    waiting = (
        any(x.choosing for x in state.abilities)
        or state.dread_pending is not None
        or state.hideaway_pending is not None
    )
    bobs_turn = state.active_player == "Bob" or not situation.resolve
    if waiting and bobs_turn and not state.finished:
        ability = _top_ability(a)
        choices = [
            _resolved(twin, dict(choice) | ({"ability": ability_id} if ability_id else {}))
            for twin, choice, ability_id in (
                (a, situation.choices[0], ability),
                (b, situation.choices[1], _top_ability(b)),
            )
        ]
        got = (a.api_act("Alice", choices[0]), b.api_act("Alice", choices[1]))
        assert got[0].status_code == got[1].status_code == 200, got[0].text
        _compare_watchers(a, b)
    TALLY.sequences += 1


@pytest.mark.parametrize("key", list(SITUATIONS))
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    phases=list(Phase) if LONG_RUN else [Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_608_2d_a_may_resolved_by_anyone_reaches_bob_the_same_way_whatever_the_card(
    client, monkeypatch, key, data
):
    play_may(client, monkeypatch, SITUATIONS[key], data)
