"""A seat page's live region rendered once per version for every page of that seat link
(app/web/pages/live_region.py): a second tab costs a lookup, another seat never gets it."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from app.web.pages import live_region
from app.web.templating import render
from tests.conftest import api_act
from tests.web.pages_support import (
    HTMX,
    LEAK_SETUP,
    SAME_ORIGIN,
    SECRET_WORDS,
    csrf_of,
    seat_client,
)

pytestmark = pytest.mark.engine


@pytest.fixture
def game(client, make_game):
    return make_game(client, setup=LEAK_SETUP)


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The seats whose page was built (each build is a render of the region)."""
    built: list[str] = []
    real = live_region.seat_page

    def counting(request: Any, at: Any, *args: Any, **kwargs: Any) -> Any:
        built.append(at.seat.viewer.player or at.seat.viewer.kind)
        return real(request, at, *args, **kwargs)

    monkeypatch.setattr(live_region, "seat_page", counting)
    return built


def test_400_2_a_seats_second_page_shares_its_region_and_no_other_seat_gets_it(
    client, game, renders
) -> None:
    game_id, tokens = game
    alice, alice_tab = (
        seat_client(client.app, tokens["Alice"]),
        seat_client(client.app, tokens["Alice"]),
    )
    bob = seat_client(client.app, tokens["Bob"])
    mine = alice.get(f"/g/{game_id}", headers=HTMX).text
    # Alice may look at her own hand (400.2: a hidden zone's cards are seen by its owner)...
    assert all(word in mine for word in SECRET_WORDS)
    assert alice_tab.get(f"/g/{game_id}", headers=HTMX).text == mine
    assert renders == ["Alice"]
    # ...Bob, asking for the same version, gets his own render, without her cards' names.
    theirs = bob.get(f"/g/{game_id}", headers=HTMX).text
    assert renders == ["Alice", "Bob"]
    assert not any(word in theirs for word in SECRET_WORDS)
    assert theirs != mine


def test_a_new_version_and_another_language_are_rendered_anew(client, game, renders) -> None:
    game_id, tokens = game
    spectator = seat_client(client.app, tokens["spectator"])
    first = spectator.get(f"/g/{game_id}", headers=HTMX).text
    french = spectator.get(f"/g/{game_id}", headers=HTMX | {"Accept-Language": "fr"}).text
    assert french != first
    assert renders == ["spectator", "spectator"]
    roll = {"type": "roll_die", "sides": 6}
    assert api_act(client, game_id, tokens["Alice"], roll).status_code == 200
    after = spectator.get(f"/g/{game_id}", headers=HTMX).text
    assert renders == ["spectator", "spectator", "spectator"]
    assert 'data-version="1"' in after and 'data-version="0"' in first


def test_the_judges_viewpoints_are_kept_apart(client, game, renders) -> None:
    game_id, tokens = game
    judge = seat_client(client.app, tokens["judge"])
    own = judge.get(f"/g/{game_id}", headers=HTMX).text
    assert judge.get(f"/g/{game_id}", headers=HTMX).text == own
    as_bob = judge.get(f"/g/{game_id}?seat=Bob", headers=HTMX).text
    assert renders == ["judge", "judge"]
    # The judge sees every card; from Bob's seat, not Alice's hand.
    assert all(word in own for word in SECRET_WORDS)
    assert not any(word in as_bob for word in SECRET_WORDS)


def test_the_judges_region_reads_neither_the_builder_nor_the_publish_form(
    client, game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What was typed in them is not the game at a version: the region must not show it. A
    catch-up therefore builds neither (the publish form reads the saved draft): the region
    it renders is byte for byte the one of the judge's page built whole, with both."""
    calls: list[tuple[Any, Any, dict[str, Any]]] = []
    real = live_region.seat_page

    def keeping(request: Any, at: Any, *args: Any, **kwargs: Any) -> Any:
        calls.append((request, at, kwargs))
        return real(request, at, *args, **kwargs)

    monkeypatch.setattr(live_region, "seat_page", keeping)
    game_id, tokens = game
    judge = seat_client(client.app, tokens["judge"])
    shown = judge.get(f"/g/{game_id}?card=Serra", headers=HTMX).text
    request, at, kwargs = calls[-1]
    assert kwargs == {"with_publish": False, "with_builder": False}
    whole = real(request, at).variables()  # the judge's page as a plain load builds it
    assert "builder" in whole and "publish" in whole
    assert render("pages/game.html", whole, ["live"]) == shown


def _roll(client, game_id: str, token: str) -> None:
    assert api_act(client, game_id, token, {"type": "roll_die", "sides": 6}).status_code == 200


def test_a_page_that_shows_a_known_version_gets_only_what_changed(client, game) -> None:
    game_id, tokens = game
    bob = seat_client(client.app, tokens["Bob"])
    _roll(client, game_id, tokens["Alice"])
    bob.get(f"/g/{game_id}")  # the whole page, at version 1: its region is kept
    _roll(client, game_id, tokens["Alice"])
    patch = bob.get(f"/g/{game_id}?since=1", headers=HTMX)
    whole = bob.get(f"/g/{game_id}", headers=HTMX)
    assert patch.headers["HX-Reswap"] == "none"
    assert "HX-Reswap" not in whole.headers
    assert 'hx-swap-oob="outerHTML:#live' in patch.text
    assert 'data-version="2"' in patch.text and len(patch.text) < len(whole.text) / 2
    # Nothing of Alice's hand, which Bob's region never shows (400.2).
    assert not any(word in patch.text for word in SECRET_WORDS)
    # A page already at this version gets nothing to swap.
    same = bob.get(f"/g/{game_id}?since=2", headers=HTMX)
    assert same.headers["HX-Reswap"] == "none" and same.text == ""


@pytest.mark.parametrize("since", ["0", "7", "", "x1", "-1", "99999999999999"])
def test_a_page_that_missed_versions_it_cant_be_diffed_from_gets_the_whole_region(
    client, game, since: str
) -> None:
    """Version 0 was never rendered for this seat here (a reconnect after a restart, a
    version gone from the cache); 7 is not yet; the others are not versions."""
    game_id, tokens = game
    bob = seat_client(client.app, tokens["Bob"])
    _roll(client, game_id, tokens["Alice"])
    answer = bob.get(f"/g/{game_id}?since={since}", headers=HTMX)
    assert answer.status_code == 200
    assert "HX-Reswap" not in answer.headers
    assert answer.text == bob.get(f"/g/{game_id}", headers=HTMX).text
    assert 'data-version="1"' in answer.text


def _live(page: str) -> str:
    return page[page.index('<div id="live"') : page.index('<div id="sheet"')]


def test_a_sheet_page_without_scripts_shows_the_board_pages_live_region(client, make_game):
    """The whole page of an open sheet (no htmx) reuses the board page's kept region: which
    card's sheet is open must change nothing in it. Rendered from a cold cache each time, the
    sheet page's region is the board page's, for every viewer and every card it may open."""
    from app.rules.families import family_of

    game_id, tokens = make_game(client, setup=family_of("mtg").pages.starter(["Alice", "Bob"]))
    opened = 0
    for who in ("Alice", "Bob", "judge"):
        browser = seat_client(client.app, tokens[who])
        live_region.REGIONS.clear()
        board = browser.get(f"/g/{game_id}").text
        ids = sorted(set(re.findall(r"/objects/([0-9a-f]{16})", board)))
        assert ids
        for object_id in ids:
            live_region.REGIONS.clear()
            sheet = browser.get(f"/g/{game_id}/objects/{object_id}")
            assert sheet.status_code == 200
            assert '<aside class="sheet"' in sheet.text  # it is open
            assert _live(sheet.text) == _live(board), (who, object_id)
            opened += 1
    assert opened >= 20


@pytest.mark.parametrize(
    ("told", "patched"),
    [("1", True), (None, False), ("0", False), ("9", False), ("x", False), ("-1", False)],
)
def test_the_tapping_page_gets_only_what_changed_when_it_says_a_version_kept_here(
    client, game, told: str | None, patched: bool
) -> None:
    """The page that taps says which version its #live shows (X-Live-Version, static/js/
    live.js); when it is the version just before, its answer is only what changed for its
    viewer, as another page's catch-up would be. Said by no page (no scripts), a version
    further back (a page that missed versions gets the whole region once), one never shown
    to this seat here, or not a number: the whole region, as before."""
    game_id, tokens = game
    alice = seat_client(client.app, tokens["Alice"])
    _roll(client, game_id, tokens["Bob"])
    page = alice.get(f"/g/{game_id}").text  # at version 1: its region is kept
    headers = {**SAME_ORIGIN, **HTMX} | ({"X-Live-Version": told} if told is not None else {})
    answer = alice.post(
        f"/g/{game_id}/act",
        data={
            "csrf": csrf_of(page),
            "expected_version": "1",
            "action": json.dumps({"type": "roll_die", "sides": 6}),
        },
        headers=headers,
    )
    assert answer.status_code == 200, answer.text
    whole = alice.get(f"/g/{game_id}", headers=HTMX).text
    assert 'data-version="2"' in answer.text
    if patched:
        assert answer.headers["HX-Reswap"] == "none"
        assert 'hx-swap-oob="outerHTML:#live' in answer.text
        assert len(answer.text) < len(whole) / 2
    else:
        assert "HX-Reswap" not in answer.headers
        assert answer.text.startswith(whole)
    # Either way, what else the action changed (the sheet, the notice) comes with it.
    assert '<div id="sheet" hx-swap-oob="innerHTML">' in answer.text


def test_a_tapping_page_that_missed_versions_gets_the_whole_region_once(client, game) -> None:
    game_id, tokens = game
    alice = seat_client(client.app, tokens["Alice"])
    page = alice.get(f"/g/{game_id}").text  # version 0, kept
    _roll(client, game_id, tokens["Bob"])  # version 1: Alice's page never caught up
    answer = alice.post(
        f"/g/{game_id}/act",
        data={"csrf": csrf_of(page), "action": json.dumps({"type": "roll_die", "sides": 6})},
        headers={**SAME_ORIGIN, **HTMX, "X-Live-Version": "0"},
    )
    assert answer.status_code == 200, answer.text
    assert "HX-Reswap" not in answer.headers and 'data-version="2"' in answer.text
    assert answer.text.startswith(alice.get(f"/g/{game_id}", headers=HTMX).text)
