"""Triggered abilities on the game page (issue 27): each appears in the stack region with the
buttons the rules allow this viewer (its controller chooses targets: 603.3d; counter: 701.6;
copy: 707.10), and what the engine doesn't apply waits for the judge, whose page alone has its
"Done: applied by hand" button. A face-down source is named by its public label on every page
that can't see its face."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.pages_support import act, buttons, seat_client

pytestmark = pytest.mark.engine

HIDDEN = "Skinthinner"
SETUP = [
    {"owner": "Alice", "zone": "battlefield", "card": HIDDEN, "face_down": "morph"},
    {"owner": "Alice", "zone": "battlefield", "card": "Ashcloud Phoenix", "face_down": "morph"},
    {"owner": "Bob", "zone": "battlefield", "card": "Grizzly Bears"},
]
GRANT = {
    "event": "attacks",
    "text": "Put a +1/+1 counter on target creature.",
    "effect": {"kind": "counters"},
}


def _game(client) -> tuple[str, dict[str, str]]:
    response = client.post(
        "/api/games", json={"ruleset": "mtg", "players": ["Alice", "Bob"], "setup": SETUP}
    )
    assert response.status_code == 201, response.text
    body = response.json()
    tokens = {seat["player"]: seat["token"] for seat in body["seats"]}
    tokens |= {"judge": body["judge"]["token"], "spectator": body["spectator"]["token"]}
    return body["id"], tokens


def _api(client, game_id: str, token: str, action: dict[str, Any]) -> dict[str, Any]:
    response = client.post(
        f"/api/games/{game_id}/actions",
        json=action,
        headers={"Authorization": f"Bearer {token}"},
    )
    assert response.status_code == 200, response.text
    return response.json()


def _view(client, game_id: str, token: str) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {token}"}
    return client.get(f"/api/games/{game_id}/view", headers=headers).json()


def _stack(page: str) -> str:
    found = re.search(r'<section class="zone zone-stack".*?</section>', page, re.S)
    return found.group(0) if found else ""


@pytest.fixture
def table(client):
    game_id, tokens = _game(client)
    seats = {w: seat_client(client.app, tokens[w]) for w in ("Alice", "Bob", "judge", "spectator")}
    return client, game_id, tokens, seats


def test_603_3d_the_trigger_on_the_stack_region_with_its_controllers_target_buttons(table):
    client, game_id, tokens, seats = table
    hidden = next(
        o["id"] for o in _view(client, game_id, tokens["judge"])["objects"] if o["name"] == HIDDEN
    )
    _api(client, game_id, tokens["Alice"], {"type": "apply_effect", "object": hidden,
                                            "source": "Tiptoe Banner", "grant_trigger": GRANT})  # fmt: skip
    _api(client, game_id, tokens["Alice"], {"type": "attack", "objects": [hidden]})
    pages = {who: seats[who].get(f"/g/{game_id}").text for who in seats}
    for who, page in pages.items():
        stack = _stack(page)
        assert "Put a +1/+1 counter on target creature." in stack, who
        assert "Controlled by Alice" in stack and "Alice chooses its targets" in stack, who
        if who in ("Bob", "spectator"):
            assert HIDDEN not in page, who
            assert "Ability of Face-down 2/2" in stack, who
    assert f"Ability of {HIDDEN}" in _stack(pages["Alice"])
    # Only its controller has target buttons; Bob and the spectator none.
    ability = _view(client, game_id, tokens["Bob"])["abilities"][0]["id"]
    targets = [b for b in buttons(_stack(pages["Alice"])) if b["type"] == "choose_targets"]
    assert targets and all(b["ability"] == ability for b in targets)
    assert not [b for b in buttons(pages["Bob"]) if b["type"] == "choose_targets"]
    assert not buttons(_stack(pages["spectator"]))
    bears = next(
        o["id"]
        for o in _view(client, game_id, tokens["Alice"])["objects"]
        if o["name"] == "Grizzly Bears"
    )
    target = next(b for b in targets if b.get("objects") == [bears])
    assert act(seats["Alice"], game_id, target, pages["Alice"]).status_code == 200
    bob = seats["Bob"].get(f"/g/{game_id}").text
    assert "Targets: Grizzly Bears" in _stack(bob) and HIDDEN not in bob
    # The French page says it in French.
    fr = seats["Bob"].get(f"/g/{game_id}", headers={"Accept-Language": "fr"}).text
    assert "Cibles : Grizzlis" in _stack(fr) or "Cibles : Grizzly Bears" in _stack(fr)
    _api(client, game_id, tokens["Bob"], {"type": "resolve"})
    view = _view(client, game_id, tokens["Bob"])
    assert view["abilities"] == []
    assert next(o for o in view["objects"] if o["id"] == bears)["counters"] == {"+1/+1": 1}


def test_608_2_apply_by_hand_waits_on_the_judges_page_with_its_done_button(table):
    client, game_id, tokens, seats = table
    phoenix = next(
        o["id"]
        for o in _view(client, game_id, tokens["judge"])["objects"]
        if o["name"] == "Ashcloud Phoenix"
    )
    _api(client, game_id, tokens["Alice"], {"type": "turn_face_up", "object": phoenix})
    _api(client, game_id, tokens["Bob"], {"type": "resolve"})
    judge = seats["judge"].get(f"/g/{game_id}").text
    assert "For the judge to apply by hand" in judge
    (done,) = [b for b in buttons(judge) if b["type"] == "judge_done_by_hand"]
    for who in ("Alice", "Bob", "spectator"):
        page = seats[who].get(f"/g/{game_id}").text
        assert "For the judge to apply by hand" in page, who
        assert "It deals 2 damage to each player." in page, who
        assert not [b for b in buttons(page) if b["type"] == "judge_done_by_hand"], who
    assert act(seats["judge"], game_id, done, judge).status_code == 200
    for who in seats:
        page = seats[who].get(f"/g/{game_id}").text
        assert "For the judge to apply by hand" not in page, who
    log = seats["Bob"].get(f"/g/{game_id}/log").text
    assert "Judge: applied by hand (Ashcloud Phoenix)" in log


def test_608_1_resolve_beside_the_trigger_only_while_it_is_the_top_of_the_stack(table):
    client, game_id, tokens, seats = table
    phoenix = next(
        o["id"]
        for o in _view(client, game_id, tokens["judge"])["objects"]
        if o["name"] == "Ashcloud Phoenix"
    )
    _api(client, game_id, tokens["Alice"], {"type": "turn_face_up", "object": phoenix})
    page = seats["Bob"].get(f"/g/{game_id}").text
    assert {"type": "resolve"} in buttons(_stack(page))
    assert _view(client, game_id, tokens["Bob"])["abilities"][0]["on_top"]
    # A spell cast after it sits above it: "Resolve" is no longer beside the ability.
    _api(client, game_id, tokens["judge"], {"type": "judge_add_card", "owner": "Bob",
                                            "zone": "hand", "card": {"name": "Shock",
                                            "types": ["Instant"], "mana_cost": "{R}"}})  # fmt: skip
    shock = next(
        o["id"] for o in _view(client, game_id, tokens["Bob"])["objects"] if o["name"] == "Shock"
    )
    _api(client, game_id, tokens["Bob"], {"type": "cast", "object": shock})
    page = seats["Bob"].get(f"/g/{game_id}").text
    assert not _view(client, game_id, tokens["Bob"])["abilities"][0]["on_top"]
    assert {"type": "resolve"} not in buttons(_stack(page))
