"""The bound on pending proposals (app/rules/core/proposal_bound.py) through the JSON API."""

from __future__ import annotations

from app.rules.core.proposal_bound import MAX_PENDING_PER_SEAT
from tests.conftest import api_act, bearer


def test_the_api_refuses_the_proposal_beyond_the_bound_with_both_languages(client) -> None:
    """Through the JSON API: a 422 naming the bound in English and French, the game's version
    unchanged, and every viewer still shown only MAX_PENDING_PER_SEAT proposals."""
    created = client.post(
        "/api/games",
        json={
            "players": ["Alice", "Bob"],
            "setup": [{"owner": "Alice", "zone": "battlefield", "card": "Grizzly Bears"}],
        },
    ).json()
    game_id = created["id"]
    tokens = {s["player"]: s["token"] for s in created["seats"]}
    tokens["spectator"] = created["spectator"]["token"]
    bob = bearer(tokens["Bob"])
    bears = client.get(f"/api/games/{game_id}/view", headers=bob).json()["objects"][0]["id"]
    propose = {"type": "propose", "action": {"type": "tap", "object": bears}, "source": "Pin"}
    for _ in range(MAX_PENDING_PER_SEAT):
        assert api_act(client, game_id, tokens["Bob"], propose).status_code == 200
    version = client.get(f"/api/games/{game_id}/view", headers=bob).json()["version"]
    refused = api_act(client, game_id, tokens["Bob"], propose)
    assert refused.status_code == 422
    body = refused.json()
    assert "proposals waiting for an answer" in body["message"]
    assert "propositions en attente" in body["message_fr"]
    for who in ("Alice", "Bob", "spectator"):
        view = client.get(f"/api/games/{game_id}/view", headers=bearer(tokens[who])).json()
        assert view["version"] == version
        assert len(view["proposals"]) == MAX_PENDING_PER_SEAT, who
