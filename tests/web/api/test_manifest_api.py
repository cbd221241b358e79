"""Every manifest through the JSON API (issue 16), with what Alice, Bob, the spectator and the
judge are sent at each step: Thieving Amalgam's manifest from Bob's library (701.40a, 708.5,
701.40b) and manifest dread (701.62a), on the pages too."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import api_act as act
from tests.conftest import bearer
from tests.web.pages_support import buttons, seat_client

pytestmark = pytest.mark.engine

WHO = ("Alice", "Bob", "spectator", "judge")


def view(client, game_id: str, token: str) -> dict[str, Any]:
    return client.get(f"/api/games/{game_id}/view", headers=bearer(token)).json()


def seen(client, game_id: str, token: str) -> str:
    """Everything this viewer is sent: the view and the log, as raw text."""
    return (
        client.get(f"/api/games/{game_id}/view", headers=bearer(token)).text
        + client.get(f"/api/games/{game_id}/log", headers=bearer(token)).text
    )


def named(client, game_id: str, tokens: dict[str, str], name: str) -> dict[str, Any]:
    (found,) = [o for o in view(client, game_id, tokens["judge"])["objects"] if o["name"] == name]
    return found


def test_701_40a_708_5_thieving_amalgam_manifests_bobs_card_that_only_alice_may_see(
    client, make_game
):
    game_id, tokens = make_game(
        client,
        setup=[
            {"owner": "Alice", "zone": "battlefield", "card": "Thieving Amalgam"},
            {"owner": "Bob", "zone": "library", "card": "Serra Angel"},
            {"owner": "Bob", "zone": "library", "card": "Island"},
        ],
    )
    manifest = {"type": "manifest", "player": "Alice", "from_player": "Bob"}
    # Step 1: Alice can't reach into Bob's library on her own.
    refused = act(client, game_id, tokens["Alice"], manifest)
    assert refused.status_code == 403 and refused.json()["error"] == "forbidden"
    assert "propose" in refused.json()["message"]
    # Step 2: she proposes it; Bob sees the proposal in public words, nothing hidden.
    proposed = act(
        client,
        game_id,
        tokens["Alice"],
        {"type": "propose", "action": manifest, "source": "Thieving Amalgam"},
    )
    assert proposed.status_code == 200, proposed.text
    (proposal,) = view(client, game_id, tokens["Bob"])["proposals"]
    assert "top card of Bob's library" in proposal["text"]
    # Step 3: Bob accepts; the card is Bob's, under Alice's control, face down.
    accepted = act(
        client, game_id, tokens["Bob"], {"type": "accept_proposal", "proposal": proposal["id"]}
    )
    assert accepted.status_code == 200, accepted.text
    angel = named(client, game_id, tokens, "Serra Angel")
    assert angel["zone"] == "battlefield" and angel["face_down"] is True
    assert (angel["owner"], angel["controller"]) == ("Bob", "Alice")
    assert angel["visible_to"]["players"] == ["Alice"]
    for who in WHO:
        mine = next(
            o for o in view(client, game_id, tokens[who])["objects"] if o["id"] == angel["id"]
        )
        sees = who in ("Alice", "judge")
        assert (mine["name"] == "Serra Angel") is sees, who
        assert ("Serra Angel" in seen(client, game_id, tokens[who])) is sees, who
        assert mine["face_down_via"] == "manifest" and mine["power"] == 2
    # Step 4: Bob, its owner, can't turn it face up; Alice, its controller, can (701.40b).
    bob_try = act(client, game_id, tokens["Bob"], {"type": "turn_face_up", "object": angel["id"]})
    assert bob_try.status_code == 422 and "Serra Angel" not in bob_try.text
    up = act(client, game_id, tokens["Alice"], {"type": "turn_face_up", "object": angel["id"]})
    assert up.status_code == 200, up.text
    for who in WHO:
        mine = next(
            o for o in view(client, game_id, tokens[who])["objects"] if o["id"] == angel["id"]
        )
        assert mine["name"] == "Serra Angel" and mine["face_down"] is False, who
        assert mine["owner"] == "Bob" and mine["controller"] == "Alice"


def test_701_62a_manifest_dread_through_the_api_and_the_pages(client, make_game):
    game_id, tokens = make_game(
        client,
        setup=[
            {"owner": "Alice", "zone": "battlefield", "card": "Unsettling Twins"},
            {"owner": "Alice", "zone": "library", "card": "Serra Angel"},
            {"owner": "Alice", "zone": "library", "card": "Lightning Bolt"},
            {"owner": "Alice", "zone": "library", "card": "Island"},
        ],
    )
    alice_page = seat_client(client.app, tokens["Alice"]).get(f"/g/{game_id}").text
    assert {"type": "manifest_dread", "player": "Alice"} in buttons(alice_page)
    # Step 1: Alice manifests dread: she alone sees the top two.
    started = act(client, game_id, tokens["Alice"], {"type": "manifest_dread", "player": "Alice"})
    assert started.status_code == 200, started.text
    looked = view(client, game_id, tokens["Alice"])["dread"]["looked"]
    assert len(looked) == 2
    for who in WHO:
        body = view(client, game_id, tokens[who])
        raw = seen(client, game_id, tokens[who])
        assert body["dread"]["player"] == "Alice" and body["dread"]["count"] == 2
        sees = who in ("Alice", "judge")
        assert (body["dread"]["looked"] == looked) if sees else body["dread"]["looked"] is None
        assert ("Serra Angel" in raw and "Lightning Bolt" in raw) is sees, who
        assert any(i in raw for i in looked) is sees, who
    # The pages: one "Manifest this one" per looked card for Alice; a notice for Bob.
    page = seat_client(client.app, tokens["Alice"]).get(f"/g/{game_id}").text
    picks = [b for b in buttons(page) if b["type"] == "manifest_dread_choose"]
    assert sorted(p["object"] for p in picks) == sorted(looked)
    assert "Manifest this one: Serra Angel" in page
    bob_page = seat_client(client.app, tokens["Bob"]).get(f"/g/{game_id}").text
    assert "manifest dread" in bob_page and "Serra Angel" not in bob_page
    assert not [b for b in buttons(bob_page) if b["type"] == "manifest_dread_choose"]
    # The game waits for her choice.
    waiting = act(client, game_id, tokens["Bob"], {"type": "next_turn"})
    assert waiting.status_code == 422 and waiting.json()["rules"] == ["701.62a"]
    # Step 2: she manifests Serra Angel; Lightning Bolt goes face up to her graveyard.
    angel_id = next(
        o["id"]
        for o in view(client, game_id, tokens["Alice"])["objects"]
        if o["name"] == "Serra Angel"
    )
    chosen = act(
        client, game_id, tokens["Alice"], {"type": "manifest_dread_choose", "object": angel_id}
    )
    assert chosen.status_code == 200, chosen.text
    angel = named(client, game_id, tokens, "Serra Angel")
    for who in WHO:
        body = view(client, game_id, tokens[who])
        raw = seen(client, game_id, tokens[who])
        assert body["dread"] is None
        (bolt,) = [o for o in body["objects"] if o["zone"] == "graveyard"]
        assert bolt["name"] == "Lightning Bolt"  # public now
        mine = next(o for o in body["objects"] if o["id"] == angel["id"])
        assert mine["face_down_via"] == "manifest"
        assert ("Serra Angel" in raw) is (who in ("Alice", "judge")), who
    # Step 3: 701.40b — its controller turns it face up for its mana cost.
    up = act(client, game_id, tokens["Alice"], {"type": "turn_face_up", "object": angel["id"]})
    assert up.status_code == 200, up.text
    assert "Serra Angel" in seen(client, game_id, tokens["Bob"])
