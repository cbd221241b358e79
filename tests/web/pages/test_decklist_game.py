"""A casual game from pasted decklists, end to end (issue 15): both seats' decks from the home
page's form, a draw from the page's Table panel, a London mulligan, a card cast face down, and
at every step each seat reads only what it may (the judge reads everything)."""

from __future__ import annotations

import json
import re
from collections import Counter

from tests.conftest import bearer
from tests.web.pages_support import HTMX, SAME_ORIGIN, buttons, csrf_of, seat_client

# Names found in one deck only: a name in the other seat's bytes is a leak.
ALICE_DECK = "40 Exalted Angel\n20 Island\n\nSideboard\n2 Ixidron\n"
BOB_DECK = "40 Willbender\n20x Forest (ONS) 350\n"
ALICE_SECRET, BOB_SECRET = "Exalted Angel", "Willbender"


def _tokens(links_page: str) -> dict[str, str]:
    """Seat and role tokens from the links page: judge, each seat by name, spectator."""
    cards = re.findall(
        r'<h2 id="link-([\w-]+)">([^<]*)</h2>.*?href="/join/([^"]+)"', links_page, re.S
    )
    return {
        (who.split("&#39;")[0] if key.startswith("seat-") else key): token
        for key, who, token in cards
    }


def _api(client, game_id: str, token: str) -> str:
    """Every byte the JSON API gives this token: its view and its log."""
    view = client.get(f"/api/games/{game_id}/view", headers=bearer(token))
    log = client.get(f"/api/games/{game_id}/log", headers=bearer(token))
    assert view.status_code == log.status_code == 200
    return view.text + log.text


def _act(client, game_id: str, token: str, action: dict):
    return client.post(f"/api/games/{game_id}/actions", json=action, headers=bearer(token))


def _view(client, game_id: str, token: str) -> dict:
    return client.get(f"/api/games/{game_id}/view", headers=bearer(token)).json()


def test_a_decklist_game_through_the_pages_and_the_api_leaks_nothing(client):
    created = client.post(
        "/games",
        data={"player": ["Alice", "Bob", "", ""], "deck": [ALICE_DECK, BOB_DECK, "", ""]},
        headers=SAME_ORIGIN,
    )
    assert created.status_code == 200, created.text
    tokens = _tokens(created.text)
    assert {"Alice", "Bob", "judge", "spectator"} <= set(tokens), tokens
    alice, bob = seat_client(client.app, tokens["Alice"]), seat_client(client.app, tokens["Bob"])
    game_url = alice.get(f"/join/{tokens['Alice']}", follow_redirects=False).headers["location"]
    game_id = game_url.rsplit("/", 1)[-1]
    judge = tokens["judge"]

    # 103.3, 103.5: sixty cards each (the sideboard stays out), shuffled, seven in each hand.
    everything = _view(client, game_id, judge)["objects"]
    assert Counter((o["owner"], o["name"]) for o in everything) == Counter(
        {("Alice", ALICE_SECRET): 40, ("Alice", "Island"): 20,
         ("Bob", BOB_SECRET): 40, ("Bob", "Forest"): 20}
    )  # fmt: skip
    assert Counter(o["owner"] for o in everything if o["zone"] == "hand") == {"Alice": 7, "Bob": 7}

    def check_no_leak(step: str) -> None:
        for seat, other_secret in (("Alice", BOB_SECRET), ("Bob", ALICE_SECRET)):
            page = (alice if seat == "Alice" else bob).get(game_url).text
            assert other_secret not in page, f"{step}: {seat}'s page names {other_secret}"
            assert other_secret not in _api(client, game_id, tokens[seat]), step
        spectator = _api(client, game_id, tokens["spectator"])
        assert ALICE_SECRET not in spectator and BOB_SECRET not in spectator, step

    check_no_leak("dealt")
    # Each seat reads its own hand by name.
    alice_page = alice.get(game_url).text
    assert ALICE_SECRET in alice_page or "Island" in alice_page
    mine = [o for o in _view(client, game_id, tokens["Alice"])["objects"] if o["zone"] == "hand"]
    assert len(mine) == 7 and all(o["name"] in (ALICE_SECRET, "Island") for o in mine)
    theirs = [o for o in _view(client, game_id, tokens["Bob"])["objects"] if o["owner"] == "Alice"]
    assert all(o["name"] is None for o in theirs)

    # 103.5: a London mulligan — seven new cards, then keeping puts one on the bottom. Bob can
    # neither mulligan for Alice nor choose her bottom card.
    assert (
        _act(client, game_id, tokens["Bob"], {"type": "mulligan", "player": "Alice"}).status_code
        == 403
    )
    before = {o["id"] for o in _view(client, game_id, tokens["Alice"])["objects"]}
    assert (
        _act(client, game_id, tokens["Alice"], {"type": "mulligan", "player": "Alice"}).status_code
        == 200
    )
    hand = [o for o in _view(client, game_id, tokens["Alice"])["objects"] if o["zone"] == "hand"]
    assert len(hand) == 7
    assert not {o["id"] for o in hand} & before  # a shuffled library renews every id
    bottom = {"type": "mulligan_bottom", "player": "Alice", "objects": [hand[0]["id"]]}
    assert _act(client, game_id, tokens["Bob"], bottom).status_code == 403
    assert _act(client, game_id, tokens["Alice"], bottom).status_code == 200
    # That was the keep: the hand is kept once, and no more mulligans follow it.
    assert (
        _act(client, game_id, tokens["Alice"], {"type": "keep", "player": "Alice"}).status_code
        == 422
    )
    assert (
        _act(client, game_id, tokens["Alice"], {"type": "mulligan", "player": "Alice"}).status_code
        == 422
    )
    library = [o for o in _view(client, game_id, judge)["objects"] if o["zone"] == "library"]
    assert len(library) == (60 - 7 + 1) + (60 - 7)  # both libraries, as the judge sees them
    assert hand[0]["id"] not in {o["id"] for o in library}  # new id at the bottom (400.7)
    check_no_leak("mulligan")

    # 121.1: Alice draws from her page's Table panel; Bob's log says a card was drawn, no name.
    page = alice.get(game_url).text
    (draw,) = [b for b in buttons(page) if b["type"] == "draw" and b.get("player") == "Alice"]
    drawn = alice.post(
        f"{game_url}/act",
        data={"csrf": csrf_of(page), "action": json.dumps(draw), "count": "1"},
        headers={**SAME_ORIGIN, **HTMX},
    )
    assert drawn.status_code == 200, drawn.text
    hand = [o for o in _view(client, game_id, tokens["Alice"])["objects"] if o["zone"] == "hand"]
    assert len(hand) == 7  # six kept, one drawn
    assert "Alice draws" in bob.get(f"{game_url}/log").text
    check_no_leak("draw")

    # 702.37 / 708: Alice casts an Exalted Angel face down; it resolves. Bob sees a face-down
    # 2/2 with a new id and no name; Alice may look at it (708.5).
    angel = next(o for o in hand if o["name"] == ALICE_SECRET)
    cast = {"type": "cast_face_down", "object": angel["id"], "via": "morph"}
    assert _act(client, game_id, tokens["Alice"], cast).status_code == 200
    assert _act(client, game_id, tokens["Alice"], {"type": "resolve"}).status_code == 200
    (hidden,) = [
        o for o in _view(client, game_id, tokens["Bob"])["objects"] if o["zone"] == "battlefield"
    ]
    assert hidden["face_down"] and hidden["name"] is None and hidden["id"] != angel["id"]
    assert (hidden["power"], hidden["toughness"]) == (2, 2)
    (own,) = [
        o for o in _view(client, game_id, tokens["Alice"])["objects"] if o["zone"] == "battlefield"
    ]
    assert own["id"] == hidden["id"] and own["name"] == ALICE_SECRET
    check_no_leak("cast face down")
