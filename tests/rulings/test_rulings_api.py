"""Rulings: immutable, published from chosen viewpoints only, unguessable; export/import
round-trips; editions compared step by step."""

from __future__ import annotations

import math
import re

import pytest

from app.scenarios.library import all_scenarios
from app.store.tables import new_ruling_slug
from tests.conftest import bearer

SCENARIOS = all_scenarios()


def _scenario_game(client, key: str) -> dict:
    response = client.post(f"/api/scenarios/{key}/games")
    assert response.status_code == 201, response.text
    return response.json()


def _act(client, game: dict, body: dict) -> dict:
    response = client.post(
        f"/api/games/{game['id']}/actions", json=body, headers=bearer(game["judge"]["token"])
    )
    assert response.status_code == 200, response.text
    return response.json()


def test_a_ruling_is_immutable_after_its_game_moves_on(client):
    game = _scenario_game(client, "look-at-opponents-face-down")
    judge = bearer(game["judge"]["token"])
    created = client.post(
        f"/api/games/{game['id']}/rulings",
        json={"viewpoint": "Bob", "title": "Can Bob look?", "note": "No: 708.5."},
        headers=judge,
    )
    assert created.status_code == 201, created.text
    slug = created.json()["slug"]
    before = client.get(f"/api/rulings/{slug}").json()
    _act(client, game, {"type": "end_game"})  # reveals everything in the game...
    after = client.get(f"/api/rulings/{slug}").json()
    assert after == before  # ...but not in the ruling
    assert after["version"] == created.json()["version"]
    assert "Exalted Angel" not in str(after)


def test_a_ruling_shows_only_its_viewpoints(client):
    game = _scenario_game(client, "look-at-opponents-face-down")
    judge = bearer(game["judge"]["token"])
    slug = client.post(
        f"/api/games/{game['id']}/rulings",
        json={"viewpoint": ["Bob", "spectator"], "title": "What Bob sees"},
        headers=judge,
    ).json()["slug"]
    ruling = client.get(f"/api/rulings/{slug}")
    assert ruling.headers["cache-control"].startswith("public")
    body = ruling.json()
    assert [v["viewer"]["kind"] for v in body["viewpoints"]] == ["player", "spectator"]
    assert "Exalted Angel" not in ruling.text
    row = next(r for r in body["visibility"] if r["zone"] == "battlefield")
    assert row["seen_by"] == {"Alice": True, "Bob": False}
    assert "Face-down 2/2" in row["label"]
    # Published for the judge's viewpoint, the same moment names the card.
    slug_judge = client.post(
        f"/api/games/{game['id']}/rulings",
        json={"viewpoint": "judge", "title": "All of it"},
        headers=judge,
    ).json()["slug"]
    assert "Exalted Angel" in client.get(f"/api/rulings/{slug_judge}").text


def test_only_the_judge_publishes_and_viewpoints_are_checked(client):
    game = _scenario_game(client, "bounced-face-down")
    body = {"viewpoint": "Alice", "title": "t"}
    seat = bearer(game["seats"][0]["token"])
    assert (
        client.post(f"/api/games/{game['id']}/rulings", json=body, headers=seat).status_code == 403
    )
    judge = bearer(game["judge"]["token"])
    bad = {"viewpoint": "Mallory", "title": "t"}
    assert (
        client.post(f"/api/games/{game['id']}/rulings", json=bad, headers=judge).status_code == 422
    )
    future = {"viewpoint": "Alice", "title": "t", "version": 99}
    assert (
        client.post(f"/api/games/{game['id']}/rulings", json=future, headers=judge).status_code
        == 404
    )


def test_slugs_have_at_least_96_random_bits_and_unknown_ones_are_404(client):
    slugs = {new_ruling_slug() for _ in range(200)}
    assert len(slugs) == 200
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{16,}", s) for s in slugs)
    assert math.log2(64) * min(len(s) for s in slugs) >= 96
    assert client.get("/api/rulings/AAAAAAAAAAAAAAAA").status_code == 404


def test_forking_a_ruling_never_reveals_what_its_viewpoints_could_not_see(client):
    game = _scenario_game(client, "look-at-opponents-face-down")
    judge = bearer(game["judge"]["token"])
    slug = client.post(
        f"/api/games/{game['id']}/rulings",
        json={"viewpoint": "Bob", "title": "Bob's side"},
        headers=judge,
    ).json()["slug"]
    original_ids = {
        o["id"]
        for o in client.get(f"/api/games/{game['id']}/view", headers=judge).json()["objects"]
    }
    fork = client.post(f"/api/rulings/{slug}/fork")
    assert fork.status_code == 201, fork.text
    fork_view = client.get(
        f"/api/games/{fork.json()['id']}/view", headers=bearer(fork.json()["judge"]["token"])
    )
    assert "Exalted Angel" not in fork_view.text  # even the fork's judge can't see it
    assert "Hidden card" in fork_view.text and "Grizzly Bears" in fork_view.text
    assert not original_ids & {o["id"] for o in fork_view.json()["objects"]}


def _normalised_judge_state(client, game: dict) -> str:
    """The judge's view with each id replaced by its creation order (seeds differ)."""
    view = client.get(
        f"/api/games/{game['id']}/view", headers=bearer(game["judge"]["token"])
    ).json()
    exported = client.get(
        f"/api/games/{game['id']}/export", headers=bearer(game["judge"]["token"])
    ).json()
    text = str(view["objects"])
    for i, obj in enumerate(view["objects"]):
        text = text.replace(obj["id"], f"<{i}>")
    return text + str(view["version"]) + str(len(exported["steps"]))


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.key for s in SCENARIOS])
def test_export_then_import_rebuilds_the_same_state(client, scenario):
    game = _scenario_game(client, scenario.key)
    judge = bearer(game["judge"]["token"])
    exported = client.get(f"/api/games/{game['id']}/export", headers=judge)
    assert exported.status_code == 200
    assert "attachment" in exported.headers["content-disposition"]
    body = exported.json()
    assert body["format"] == "facedown-scenario/1"
    imported = client.post("/api/games/import", json=body)
    assert imported.status_code == 201, imported.text
    assert _normalised_judge_state(client, game) == _normalised_judge_state(client, imported.json())
    # The export names objects by creation order, never by the secret-seeded ids.
    view = client.get(f"/api/games/{game['id']}/view", headers=judge).json()
    assert not any(o["id"] in exported.text for o in view["objects"])


def test_only_the_judge_exports_and_a_broken_file_is_a_clear_422(client):
    game = _scenario_game(client, "bounced-face-down")
    seat = bearer(game["seats"][0]["token"])
    assert client.get(f"/api/games/{game['id']}/export", headers=seat).status_code == 403
    broken = {
        "key": "x",
        "title": "x",
        "setup": [{"owner": "Zed", "zone": "hand", "card": "Clone"}],
    }
    response = client.post("/api/games/import", json=broken)
    assert response.status_code == 422 and response.json()["error"] == "invalid"
    unknown_card = {
        "key": "x",
        "title": "x",
        "setup": [{"owner": "Alice", "zone": "hand", "card": "Nope Nope"}],
    }
    assert client.post("/api/games/import", json=unknown_card).status_code == 422


def test_editions_side_by_side_flag_the_2004_phased_out_zone(client):
    game = _scenario_game(client, "look-at-opponents-face-down")
    _act(client, game, {"type": "phase_out", "object": _face_down_id(client, game)})
    _act(client, game, {"type": "look", "object": _face_down_id(client, game), "as": "Alice"})
    judge = bearer(game["judge"]["token"])
    compared = client.get(
        f"/api/games/{game['id']}/editions", params={"ruleset": "mtg-2004"}, headers=judge
    ).json()
    last = compared["steps"][-1]
    assert last["this_edition"]["accepted"] is True
    assert last["other_edition"]["accepted"] is False
    assert "504.3" in last["other_edition"]["rules"] and last["differs"]
    assert compared["differences"] >= 1
    # Same game against its own edition: nothing differs.
    same = client.get(
        f"/api/games/{game['id']}/editions", params={"ruleset": "mtg"}, headers=judge
    ).json()
    assert same["differences"] == 0


def _face_down_id(client, game: dict) -> str:
    view = client.get(
        f"/api/games/{game['id']}/view", headers=bearer(game["judge"]["token"])
    ).json()
    return next(o["id"] for o in view["objects"] if o["face_down"])
