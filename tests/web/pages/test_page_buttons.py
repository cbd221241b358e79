"""A seat page's buttons, computed only as far as the page shows them (app/web/page_buttons.py),
are exactly the ones `actions_for` gives, for every viewer: the same game-wide buttons in the
same order, the same sheet per card. And the cache
that keeps them per (game, version, viewer) never hands one viewer's options to another."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from app.catalog import load_catalog
from app.rules import engine
from app.rules.core.state import GameState
from app.rules.families import family_of, parse_action
from app.rules.mtg.setup import MtgSetup as GameSetup
from app.rules.mtg.setup import MtgSetupCard as SetupCard
from app.rules.mtg.state import Zone
from app.rules.redact import ActionOption, Viewer, actions_for
from app.web.page_buttons import FixedButtons, PageButtons
from app.web.viewer_memo import ViewerCache, ViewerMemo
from tests.web.riftbound_support import build_riftbound

VIEWERS = [Viewer.seat("Alice"), Viewer.seat("Bob"), Viewer.judge(), Viewer.spectator()]


def _find(state: GameState, owner: str, name: str, zone: Zone | None = None) -> str:
    for obj in sorted(state.objects, key=lambda o: o.position):
        if obj.owner == owner and obj.card.name == name and (zone is None or obj.zone == zone):
            return obj.id
    raise LookupError(name)


def _played() -> list[GameState]:
    """Every state of a starter game (the bench's table) along a turn of each player: a card
    cast face down, a hideaway land waiting for its choice, flips, taps, counters."""
    catalog = load_catalog()
    cards = [
        SetupCard(owner=e["owner"], zone=e["zone"], card=catalog.get(e["card"]))  # type: ignore[arg-type]
        for e in family_of("mtg").pages.starter(["Alice", "Bob"])
    ]
    state = engine.new_game(
        GameSetup(ruleset="mtg", players=["Alice", "Bob"], cards=cards), seed="page-options"
    ).state
    states = [state]

    def step(actor: str | None, action: dict[str, Any]) -> None:
        nonlocal state
        state = engine.apply(state, parse_action(action), actor).state
        states.append(state)

    angel = _find(state, "Alice", "Exalted Angel")
    step("Alice", {"type": "cast_face_down", "object": angel, "via": "morph"})
    step("Alice", {"type": "resolve"})
    hidden = next(o.id for o in state.objects if o.face_down and o.zone == Zone.BATTLEFIELD)
    step("Alice", {"type": "tap", "object": hidden})
    step(None, {"type": "add_counter", "object": hidden})
    step("Alice", {"type": "play_land", "object": _find(state, "Alice", "Windbrisk Heights")})
    assert state.hideaway_pending is not None
    looked = state.hideaway_pending.looked
    step("Alice", {"type": "hideaway_exile", "object": looked[0]})
    step("Alice", {"type": "next_turn"})
    step("Bob", {"type": "cast", "object": _find(state, "Bob", "Akki Lavarunner")})
    step("Bob", {"type": "resolve"})
    step("Bob", {"type": "flip", "object": _find(state, "Bob", "Akki Lavarunner")})
    return states


STATES = _played()
RIFTBOUND = build_riftbound()[0]


def _expected(full: list[ActionOption]) -> dict[str, Any]:
    return {
        "loose": [o for o in full if o.object is None],
        "by_object": {t: [o for o in full if o.object == t] for t in {o.object for o in full} if t},
    }


def _check(state: GameState, viewer: Viewer) -> None:
    full = actions_for(state, viewer)
    want = _expected(full)
    # Asked in a page's order: the bar (by declared preconditions), then each card's sheet.
    memo = ViewerMemo(state, viewer)
    assert memo.loose() == want["loose"]
    for obj in state.objects:
        assert memo.for_object(obj.id) == want["by_object"].get(obj.id, [])
    assert memo.all() == full
    # And from a fresh memo, the other way round.
    memo = ViewerMemo(state, viewer)
    assert memo.all() == full
    assert memo.loose() == want["loose"]
    assert FixedButtons(full).loose() == want["loose"]


@pytest.mark.parametrize("version", range(len(STATES)))
def test_a_page_offers_what_actions_for_gives_at_every_step(version):
    for viewer in VIEWERS:
        _check(STATES[version], viewer)


def test_a_riftbound_page_offers_what_actions_for_gives():
    for viewer in VIEWERS:
        _check(RIFTBOUND, viewer)


def test_a_finished_game_and_a_spectator_offer_nothing():
    state = engine.apply(STATES[-1], parse_action({"type": "end_game"}), None).state
    for viewer in VIEWERS:
        offer = PageButtons(ViewerMemo(state, viewer))
        assert (offer.loose(), offer.all()) == ([], [])
    spectator = PageButtons(ViewerMemo(STATES[-1], Viewer.spectator()))
    objects = [o.id for o in STATES[-1].objects]
    assert (spectator.loose(), [spectator.for_object(i) for i in objects]) == (
        [],
        [[] for _ in objects],
    )


def test_the_judge_acting_as_a_player_gets_that_players_options_with_as():
    state = STATES[3]
    alice = actions_for(state, Viewer.seat("Alice"))
    offer = PageButtons(ViewerMemo(state, Viewer.seat("Alice")), acting_as="Alice")
    assert [o.action for o in offer.all()] == [{**o.action, "as": "Alice"} for o in alice]
    # ... without changing the memo's own options, which another page may share.
    assert all(
        "as" not in o.action for o in PageButtons(ViewerMemo(state, Viewer.seat("Alice"))).all()
    )


def test_the_cache_is_keyed_by_game_version_and_viewer():
    cache = ViewerCache(maxsize=8)
    state = STATES[3]
    alice = cache.memo("G1", state, Viewer.seat("Alice"))
    assert cache.memo("G1", state, Viewer.seat("Alice")) is alice
    assert cache.memo("G1", state, Viewer.seat("Bob")) is not alice
    assert cache.memo("G1", state, Viewer.judge()) is not alice
    assert cache.memo("G2", state, Viewer.seat("Alice")) is not alice
    assert cache.memo("G1", STATES[4], Viewer.seat("Alice")) is not alice
    # Alice's face-down Angel: the judge's buttons name it ("Become a copy of Exalted
    # Angel"), Bob's never do, whoever asked first.
    last = STATES[-1]
    judge = cache.memo("G1", last, Viewer.judge())
    bob = cache.memo("G1", last, Viewer.seat("Bob"))
    assert "Exalted Angel" in "".join(o.model_dump_json() for o in judge.all())
    assert "Exalted Angel" not in "".join(o.model_dump_json() for o in bob.all())
    assert bob.all() == actions_for(last, Viewer.seat("Bob"))


def test_a_memo_holds_its_own_viewers_view_and_log_and_reads_the_log_once_up_to_its_version():
    """The view and the page log a memo keeps are that viewer's (view_for, log_for), whoever
    asked first at that version; the log is read once, up to the memo's own version."""
    from app.rules.core.events import Event, Text
    from app.rules.redact import log_for, view_for

    cache = ViewerCache(maxsize=8)
    last = STATES[-1]
    judge = cache.memo("G1", last, Viewer.judge())
    bob = cache.memo("G1", last, Viewer.seat("Bob"))
    assert judge.view() == view_for(last, Viewer.judge())
    assert bob.view() == view_for(last, Viewer.seat("Bob"))
    assert bob.view() != judge.view()  # the face-down Angel has no name in Bob's
    assert bob.view() is bob.view()  # worked out once

    secret = Event(
        kind="look",
        public=Text(en="Alice looks at a card.", fr="Alice regarde une carte."),
        private=Text(en="It is Hidden Secret.", fr="C'est Hidden Secret."),
        private_to=("Alice",),
    )
    reads: list[int] = []

    def read(version: int, after: int | None) -> list[tuple[int, str | None, list[Event]]]:
        assert after is None  # no earlier version of these viewers was shown
        reads.append(version)
        return [(version, "Alice", [secret])]

    alice = cache.memo("G1", last, Viewer.seat("Alice"))
    assert "Hidden Secret" in str(alice.page_log(read, 31))
    assert "Hidden Secret" not in str(bob.page_log(read, 31))
    whole = log_for(read(last.version, None), Viewer.seat("Bob"), last.ruleset)
    assert bob.page_log(read, 31) == whole
    assert reads == [last.version] * 3  # Alice's read, Bob's read, and the one just above


def _entry(version: int) -> tuple[int, str | None, list[Any]]:
    """Log entry `version`: public words for all, and a card only Alice may know of."""
    from app.rules.core.events import Event, Text

    secret = Event(
        kind="look",
        public=Text(en=f"Alice looks at card {version}.", fr=f"Alice regarde la carte {version}."),
        private=Text(en=f"It is Secret {version}.", fr=f"C'est Secret {version}."),
        private_to=("Alice",),
    )
    return (version, "Alice", [secret])


@pytest.mark.parametrize("viewer", VIEWERS, ids=lambda v: f"{v.kind}-{v.player}")
def test_a_page_log_after_a_tap_is_the_one_before_plus_the_new_entry_read_alone(viewer):
    """Version by version, each memo's page log equals the whole log read and redacted afresh
    (the newest `last`, oldest dropped), for every viewer; only the first version reads the
    page's whole length, every later one reads only the entries from the version before on
    (that one again: a refusal may have been noted in it)."""
    from app.rules.redact import log_for

    last = 4
    cache = ViewerCache(maxsize=64)
    reads: list[tuple[int, int | None]] = []

    def read(up_to: int, after: int | None) -> list[tuple[int, str | None, list[Any]]]:
        reads.append((up_to, after))
        low = after + 1 if after is not None else 0
        return [_entry(v) for v in range(low, up_to + 1)][-last:]

    for state in STATES:
        memo = cache.memo("G2", state, viewer)
        v = state.version
        whole = log_for([_entry(u) for u in range(0, v + 1)][-last:], viewer, state.ruleset)
        assert memo.page_log(read, last) == whole
        assert ("Secret" in str(whole)) == (viewer.player == "Alice" or viewer.kind == "judge")
    first = STATES[0].version
    assert reads == [(first, None)] + [(s.version, s.version - 2) for s in STATES[1:]]


def test_a_refusal_noted_in_the_head_entry_after_a_page_showed_it_reaches_the_next_version():
    """app/store/refusals.py adds a refused attempt to the entry of the version it happened at
    (the head's, the version unchanged): the next version's page log reads that entry again."""
    from app.rules.core.events import Event, Text

    cache = ViewerCache(maxsize=64)
    viewer = Viewer.seat("Bob")
    log = {v: _entry(v) for v in range(0, STATES[-1].version + 1)}

    def read(up_to: int, after: int | None) -> list[tuple[int, str | None, list[Any]]]:
        low = after + 1 if after is not None else 0
        return [log[v] for v in range(low, up_to + 1)]

    before, after = STATES[2], STATES[3]
    shown = cache.memo("G4", before, viewer).page_log(read, 31)
    assert "refused" not in str(shown)
    refusal = Event(
        kind="refused",
        public=Text(en="Bob's attempt was refused.", fr="La tentative de Bob est refusée."),
    )
    version, actor, events = log[before.version]
    log[before.version] = (version, actor, [*events, refusal])  # noted at the head, v unchanged
    later = cache.memo("G4", after, viewer).page_log(read, 31)
    assert "Bob's attempt was refused." in str(later)
    assert [e.version for e in later] == list(range(0, after.version + 1))


def test_a_page_log_is_read_whole_when_the_version_before_was_never_shown():
    """A memo extends only the log of the version just before, worked out already; else (a
    page opened after a gap, a cache that forgot it) it reads the page's whole length."""
    cache = ViewerCache(maxsize=64)
    viewer = Viewer.seat("Bob")
    reads: list[tuple[int, int | None]] = []

    def read(up_to: int, after: int | None) -> list[tuple[int, str | None, list[Any]]]:
        reads.append((up_to, after))
        return [_entry(up_to)]

    cache.memo("G3", STATES[0], viewer).page_log(read, 31)
    cache.memo("G3", STATES[1], viewer)  # made, but its log never asked for
    cache.memo("G3", STATES[2], viewer).page_log(read, 31)
    cache.memo("G3", STATES[4], viewer).page_log(read, 31)  # a gap: version 3 never shown
    v0, v2, v4 = STATES[0].version, STATES[2].version, STATES[4].version
    assert reads == [(v0, None), (v2, None), (v4, None)]


def test_the_cache_is_bounded_and_forgets_the_least_recently_used():
    cache = ViewerCache(maxsize=3)
    first = cache.memo("G", STATES[0], Viewer.judge())
    for state in STATES[1:4]:
        cache.memo("G", state, Viewer.judge())
    assert len(cache) == 3
    assert cache.memo("G", STATES[0], Viewer.judge()) is not first


def test_threads_sharing_a_memo_get_the_same_answers():
    state = STATES[2]
    want = actions_for(state, Viewer.judge())
    cache = ViewerCache()
    seen: list[Any] = []

    def ask() -> None:
        memo = cache.memo("G", state, Viewer.judge())
        seen.append((memo.loose(), memo.all()))

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(cache) == 1
    assert all(s == (_expected(want)["loose"], want) for s in seen)


def test_seat_pages_through_the_cache_are_the_pages_the_full_list_gives(
    client, make_game, monkeypatch
):
    """Each seat's page, twice (the second from the cache), and the judge's as each player,
    against the same page built from `actions_for`'s whole list."""
    from app.web import game_service
    from tests.web.pages_support import HTMX, seat_client

    game_id, tokens = make_game(client, setup=family_of("mtg").pages.starter(["Alice", "Bob"]))
    cache = client.app.state.viewer_cache

    def from_full_list(state: GameState, who: game_service.Looking, _cache: Any = None) -> Any:
        options = actions_for(state, who.viewer)
        if who.acting_as is not None:
            options = [
                o.model_copy(update={"action": {**o.action, "as": who.acting_as}}) for o in options
            ]
        return options

    browsers = {who: seat_client(client.app, tokens[who]) for who in ("Alice", "Bob", "judge")}
    pairs = [(who, "") for who in browsers] + [("judge", "?seat=Alice"), ("judge", "?seat=Bob")]
    for who, query in pairs:
        for headers in ({}, HTMX):
            url = f"/g/{game_id}{query}"
            cached = [browsers[who].get(url, headers=headers).text for _ in range(2)]
            with monkeypatch.context() as patched:
                patched.setattr(game_service, "options_for", from_full_list)
                listed = browsers[who].get(url, headers=headers).text
            assert 'name="action"' in listed
            assert cached[0] == cached[1] == listed, (who, query, headers)
    assert len(cache) == 3  # Alice, Bob and the judge at version 0: judge-as-Alice is Alice's
