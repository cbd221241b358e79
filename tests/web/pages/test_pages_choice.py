"""The pages' one pending-choice sheet (app/web/pages/pending_choice.py, choice.py) for a choice
other than hideaway's: manifest dread (701.62a). Alice picks on her own page and the form
posts to /g/<id>/choice; Bob reads who is choosing and never gets the cards or their ids; the
judge acting as Alice gets her sheet; a pick Bob forges is refused and changes nothing."""

from __future__ import annotations

import json
import re
from typing import Any

from tests.conftest import api_act, bearer
from tests.web.pages_support import HTMX, SAME_ORIGIN, buttons, csrf_of, seat_client, version_of

SETUP = [
    {"owner": "Alice", "zone": "battlefield", "card": "Unsettling Twins"},
    {"owner": "Alice", "zone": "library", "card": "Serra Angel"},
    {"owner": "Alice", "zone": "library", "card": "Lightning Bolt"},
    {"owner": "Alice", "zone": "library", "card": "Island"},
]


def _view(client, game_id: str, token: str) -> dict[str, Any]:
    return client.get(f"/api/games/{game_id}/view", headers=bearer(token)).json()


def _choose(browser, game_id: str, page: str, action: dict[str, Any], seat: str | None = None):
    headers = {**SAME_ORIGIN, **HTMX, "X-CSRF-Token": csrf_of(page)}
    data = {"action": json.dumps(action), "expected_version": str(version_of(page))}
    if seat:
        data["seat"] = seat
    return browser.post(f"/g/{game_id}/choice", data=data, headers=headers)


def _dread(client, make_game) -> tuple[str, dict[str, str], list[str]]:
    game_id, tokens = make_game(client, setup=SETUP)
    started = api_act(
        client, game_id, tokens["Alice"], {"type": "manifest_dread", "player": "Alice"}
    )
    assert started.status_code == 200, started.text
    return game_id, tokens, _view(client, game_id, tokens["Alice"])["dread"]["looked"]


def test_701_62a_manifest_dread_is_picked_on_the_choice_sheet_and_posted_to_its_one_route(
    client, make_game
):
    game_id, tokens, looked = _dread(client, make_game)
    alice = seat_client(client.app, tokens["Alice"])
    page = alice.get(f"/g/{game_id}").text
    sheet = page[page.index('class="sheet as-page choice-sheet dread-choice"') :]
    assert f'action="/g/{game_id}/choice"' in sheet
    assert sorted(
        b["object"] for b in buttons(sheet) if b["type"] == "manifest_dread_choose"
    ) == sorted(looked)
    assert "Manifest this one: Serra Angel" in sheet

    bob = seat_client(client.app, tokens["Bob"])
    bob_page = bob.get(f"/g/{game_id}").text
    assert "Alice is looking at the top 2 cards of their library (manifest dread)" in bob_page
    assert "choice-sheet" not in bob_page and "/choice" not in bob_page
    assert not any(i in bob_page for i in looked) and "Serra Angel" not in bob_page

    angel = next(o["id"] for o in _view(client, game_id, tokens["Alice"])["objects"]
                 if o["name"] == "Serra Angel")  # fmt: skip
    # Bob forges Alice's pick: refused (it is her choice, 608.2d), and nothing changes.
    forged = _choose(bob, game_id, bob_page, {"type": "manifest_dread_choose", "object": angel})
    assert forged.status_code == 422
    assert "Serra Angel" not in forged.text and angel not in forged.text
    assert _view(client, game_id, tokens["Alice"])["dread"]["looked"] == looked

    chosen = _choose(alice, game_id, page, {"type": "manifest_dread_choose", "object": angel})
    assert chosen.status_code == 200, chosen.text
    for who in ("Alice", "Bob"):
        body = _view(client, game_id, tokens[who])
        assert body["dread"] is None
        manifested = [o for o in body["objects"] if o.get("face_down_via") == "manifest"]
        assert len(manifested) == 1 and (manifested[0]["name"] == "Serra Angel") is (who == "Alice")
    assert "choice-sheet" not in alice.get(f"/g/{game_id}").text


def test_701_62a_the_judge_acting_as_alice_picks_for_her_on_the_same_sheet(client, make_game):
    game_id, tokens, _ = _dread(client, make_game)
    judge = seat_client(client.app, tokens["judge"])
    page = judge.get(f"/g/{game_id}?seat=Alice").text
    assert "Manifest dread: choose the card to manifest <small>for Alice</small>" in page
    assert re.search(r'name="seat" value="Alice"', page)
    pick = next(b for b in buttons(page) if b["type"] == "manifest_dread_choose")
    assert "as" not in pick  # the route adds the seat the judge acts as
    chosen = _choose(judge, game_id, page, pick, seat="Alice")
    assert chosen.status_code == 200, chosen.text
    assert _view(client, game_id, tokens["judge"])["dread"] is None
