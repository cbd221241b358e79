"""The cached-tile twin test: the twin games of the hidden-information harness
(tests/security/test_leak_harness.py), played over HTTP through one tile cache shared by
both twins and every viewer, warm, and with the tiles' keys remembered by identity
(app/web/tile_cache.py).

At every step, for Alice, Bob and a spectator, every page that draws tiles (the page, its
htmx fragment, the out-of-band patch since the version before, every card's sheet page, the
past) must be byte for byte what the same request
renders with no cache at all; no name hidden from the viewer may appear in it; and Alice's
and the spectator's bytes must be identical in both twins (up to the names of Bob's cards
once one was legitimately shown), exactly as without the cache."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.lru import LRU
from app.rules.families import parse_action
from app.web import tile_cache
from tests.security.test_leak_harness import (
    APP,
    DECKS,
    Deck,
    Table,
    _as_original,
    _first_difference,
)

EXAMPLES = 1
STEPS = 6
VIEWERS = ("Alice", "Bob", "spectator")


@pytest.fixture(scope="module")
def client():
    with TestClient(APP) as test_client:
        yield test_client


def pages(table: Table, who: str) -> str:
    """Every page that draws tiles, as `who` gets it."""
    browser = table.browsers[who]
    game = f"/g/{table.id}"
    view = table.client.get(
        f"/api/games/{table.id}/view", headers={"Authorization": f"Bearer {table.tokens[who]}"}
    ).json()
    responses = [
        browser.get(game),
        browser.get(game, headers={"HX-Request": "true"}),
        # Only what changed since the version before (live_patch.py), as a page asks.
        browser.get(f"{game}?since={max(0, view['version'] - 1)}", headers={"HX-Request": "true"}),
        browser.get(f"{game}/at?v={max(0, view['version'] - 1)}"),
    ]
    for obj in view["objects"]:
        responses.append(browser.get(f"{game}/objects/{obj['id']}"))
    return table.normalise("\n".join(f"{r.status_code}\n{r.text}" for r in responses))


def uncached(table: Table, who: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """No tile kept, and no tile's key remembered by identity."""
    with monkeypatch.context() as m:
        m.setattr(tile_cache, "TILES", LRU(0))
        m.setattr(tile_cache, "_KNOWN", LRU(0))
        return pages(table, who)


@pytest.mark.parametrize("deck", DECKS, ids=[d.name for d in DECKS])
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_twin_games_through_one_warm_tile_cache(client, monkeypatch, deck: Deck, data) -> None:
    a = Table(client, deck.setup(deck.bob), monkeypatch)
    b = Table(client, deck.setup(deck.twins), monkeypatch)
    witnesses = {who: deck.witness(None if who == "spectator" else who) for who in VIEWERS}
    shown = {"Alice": False, "spectator": False}
    for step in range(STEPS + 1):
        if step:
            actor, action = data.draw(deck.draw_action(a.state()))
            parse_action(action)
            assert a.act(actor, action) == b.act(actor, action)
        state = a.state()
        # Warm: every viewer of both twins renders through the shared cache first...
        seen_a = {who: pages(a, who) for who in VIEWERS}
        seen_b = {who: pages(b, who) for who in VIEWERS}
        assert len(tile_cache.TILES) > 0
        for who in VIEWERS:
            # ...then what each got is what a render with no cache gives,
            assert seen_a[who] == uncached(a, who, monkeypatch), f"{who} (game A): cached != fresh"
            assert seen_b[who] == uncached(b, who, monkeypatch), f"{who} (game B): cached != fresh"
            # nothing hidden from them reached them,
            witnesses[who].check_bytes(state, seen_a[who])
        # and the twins still look the same to whoever can't see Bob's cards.
        for who in ("Alice", "spectator"):
            mine, twin = seen_a[who], seen_b[who]
            shown[who] = shown[who] or any(n in mine for n in deck.twin_map.values())
            expected = _as_original(twin, deck.twin_map) if shown[who] else twin
            assert mine == expected, f"{who}: " + _first_difference(mine, expected)
