"""702.75 "you may play" on the pages (608.2d): once anyone resolves Alice's hideaway ability,
her page (and the judge's) offers her choice, Bob's offers nothing that would make it, and
every page says the game waits for her."""

from __future__ import annotations

import pytest

from tests.web.pages_support import act, buttons, seat_client

pytestmark = pytest.mark.engine

SETUP = [
    {"owner": "Alice", "zone": "hand", "card": "Shelldock Isle"},
    {"owner": "Alice", "zone": "library", "card": "Lightning Bolt"},
    {"owner": "Alice", "zone": "library", "card": "Grizzly Bears"},
    {"owner": "Bob", "zone": "battlefield", "card": "Serra Angel"},
]
CHOICES = {"hideaway_accept", "hideaway_decline"}


def _resolved_by_bob(client) -> tuple[str, dict]:
    body = client.post(
        "/api/games", json={"ruleset": "mtg", "players": ["Alice", "Bob"], "setup": SETUP}
    ).json()
    game_id = body["id"]
    tokens = {s["player"]: s["token"] for s in body["seats"]} | {
        "judge": body["judge"]["token"],
        "spectator": body["spectator"]["token"],
    }
    judge = {"Authorization": f"Bearer {tokens['judge']}"}

    def ids() -> dict[str, str]:
        view = client.get(f"/api/games/{game_id}/view", headers=judge).json()
        return {o["name"]: o["id"] for o in view["objects"] if o["name"]}

    def do(action: dict, as_: str | None = "Alice") -> None:
        sent = action | ({"as": as_} if as_ else {})
        response = client.post(f"/api/games/{game_id}/actions", json=sent, headers=judge)
        assert response.status_code == 200, response.text

    do({"type": "play_land", "object": ids()["Shelldock Isle"]})
    do({"type": "hideaway_exile", "object": ids()["Lightning Bolt"]})
    do({"type": "next_turn"})
    do({"type": "untap", "object": ids()["Shelldock Isle"]}, as_=None)
    do({"type": "hideaway_play", "source": ids()["Shelldock Isle"]})
    seats = {w: seat_client(client.app, tokens[w]) for w in ("Alice", "Bob", "judge", "spectator")}
    page = seats["Bob"].get(f"/g/{game_id}").text
    resolve = next(b for b in buttons(page) if b["type"] == "resolve")
    assert act(seats["Bob"], game_id, resolve, page).status_code == 200
    return game_id, seats


def test_608_2d_only_alices_page_and_the_judges_offer_her_choice(client):
    game_id, seats = _resolved_by_bob(client)
    pages = {who: browser.get(f"/g/{game_id}").text for who, browser in seats.items()}
    offered = {who: {b["type"] for b in buttons(page)} & CHOICES for who, page in pages.items()}
    assert offered["Alice"] == CHOICES
    assert offered["Bob"] == offered["spectator"] == set()
    judge_as_alice = seats["judge"].get(f"/g/{game_id}?seat=Alice").text
    assert {b["type"] for b in buttons(judge_as_alice)} & CHOICES == CHOICES
    for who, page in pages.items():
        assert "waits for Alice to choose" in page, who
        assert "Lightning Bolt" not in page or who in ("Alice", "judge"), who
    # Nothing else is offered while she chooses (608.2d): not even resolving again.
    assert "resolve" not in {b["type"] for b in buttons(pages["Bob"])}


def test_702_75_alice_chooses_on_her_page_and_casts_the_bolt(client):
    game_id, seats = _resolved_by_bob(client)
    page = seats["Alice"].get(f"/g/{game_id}").text
    accept = next(b for b in buttons(page) if b["type"] == "hideaway_accept")
    assert act(seats["Alice"], game_id, accept, page).status_code == 200
    bob = seats["Bob"].get(f"/g/{game_id}").text
    assert "Alice casts Lightning Bolt from exile" in bob
    assert "waits for Alice to choose" not in bob
