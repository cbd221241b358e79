"""Timing on the pages (issue 29, item 5): Bob's Ixidron on Alice's turn. Bob's page offers no
"Cast" and a hostile post is refused with the rule; the judge's page says why beside the
button before the tap, and the notice after the tap names the rule, in both languages."""

from __future__ import annotations

import html

import pytest

from tests.web.pages_support import act, buttons, seat_client

pytestmark = pytest.mark.engine

SETUP = [
    {"owner": "Bob", "zone": "hand", "card": "Ixidron"},
    {"owner": "Alice", "zone": "battlefield", "card": "Serra Angel"},
]
WARNING = "Not at sorcery speed now — 302.1, 117.1a: a creature spell is cast only"
WARNING_FR = "Pas en vitesse de rituel maintenant — 302.1, 117.1a : un sort de créature"


def _ixidron(client, tokens, game_id) -> str:
    view = client.get(
        f"/api/games/{game_id}/view", headers={"Authorization": f"Bearer {tokens['judge']}"}
    ).json()
    return next(o["id"] for o in view["objects"] if o["card"]["name"] == "Ixidron")


def _sheet(browser, game_id: str, object_id: str) -> str:
    response = browser.get(f"/g/{game_id}/objects/{object_id}", headers={"HX-Request": "true"})
    assert response.status_code == 200
    return response.text


def test_302_1_bobs_page_offers_no_cast_on_alices_turn_and_a_hostile_post_changes_nothing(
    client, make_game
):
    game_id, tokens = make_game(client, setup=SETUP)
    ixidron = _ixidron(client, tokens, game_id)
    bob = seat_client(client.app, tokens["Bob"])
    sheet = _sheet(bob, game_id, ixidron)
    assert "Ixidron" in sheet  # his own card: its sheet opens
    assert {"type": "cast", "object": ixidron} not in buttons(sheet)
    assert "sorcery speed" not in sheet  # a seat isn't told of buttons it doesn't have
    page = bob.get(f"/g/{game_id}").text
    before = client.get(
        f"/api/games/{game_id}/log", headers={"Authorization": f"Bearer {tokens['judge']}"}
    ).text
    response = act(bob, game_id, {"type": "cast", "object": ixidron}, page)
    assert response.status_code == 422
    assert "302.1" in response.text and "Not at sorcery speed now" in html.unescape(response.text)
    after = client.get(
        f"/api/games/{game_id}/log", headers={"Authorization": f"Bearer {tokens['judge']}"}
    ).text
    assert after == before
    api = client.post(
        f"/api/games/{game_id}/actions",
        json={"type": "cast", "object": ixidron},
        headers={"Authorization": f"Bearer {tokens['Bob']}"},
    )
    assert api.status_code == 422 and api.json()["rules"] == ["302.1", "117.1a"]


def test_302_1_the_judges_page_warns_beside_the_button_and_the_notice_names_the_rule(
    client, make_game
):
    game_id, tokens = make_game(client, setup=SETUP)
    ixidron = _ixidron(client, tokens, game_id)
    judge = seat_client(client.app, tokens["judge"])
    raw = _sheet(judge, game_id, ixidron)
    assert {"type": "cast", "object": ixidron} in buttons(raw)
    sheet = html.unescape(raw)
    assert WARNING in sheet and "it is Alice's turn" in sheet
    # Beside its own button, tied to it for screen readers.
    assert 'aria-describedby="off-timing-' in sheet
    french_judge = seat_client(client.app, tokens["judge"])
    french_judge.get("/lang/fr?next=/")
    french = html.unescape(_sheet(french_judge, game_id, ixidron))
    assert WARNING_FR in french and "c'est le tour d'Alice" in french
    page = judge.get(f"/g/{game_id}").text
    response = act(judge, game_id, {"type": "cast", "object": ixidron}, page)
    assert response.status_code == 200
    done = html.unescape(response.text)
    assert (
        "The rules wouldn't allow this now; the judge went on. <small>(302.1, 117.1a)</small>"
        in done
    )
    log = client.get(
        f"/api/games/{game_id}/log", headers={"Authorization": f"Bearer {tokens['Alice']}"}
    ).json()
    kinds = [e["kind"] for entry in log["entries"] for e in entry["events"]]
    assert kinds[-2:] == ["cast", "off_timing"]


def test_302_6_a_creature_cast_this_turn_has_no_attack_button_on_its_seat_page(client, make_game):
    game_id, tokens = make_game(
        client, setup=[{"owner": "Alice", "zone": "hand", "card": "Grizzly Bears"}]
    )
    api = {"Authorization": f"Bearer {tokens['Alice']}"}
    bears = client.get(f"/api/games/{game_id}/view", headers=api).json()["objects"][0]["id"]
    assert client.post(f"/api/games/{game_id}/actions", json={"type": "cast", "object": bears},
                       headers=api).status_code == 200  # fmt: skip
    client.post(f"/api/games/{game_id}/actions", json={"type": "resolve"}, headers=api)
    view = client.get(f"/api/games/{game_id}/view", headers=api).json()
    permanent = next(o["id"] for o in view["objects"] if o["zone"] == "battlefield")
    alice = seat_client(client.app, tokens["Alice"])
    assert {"type": "attack", "objects": [permanent]} not in buttons(
        _sheet(alice, game_id, permanent)
    )
    judge = seat_client(client.app, tokens["judge"])
    raw = _sheet(judge, game_id, permanent)
    assert {"type": "attack", "objects": [permanent]} in buttons(raw)
    assert "Summoning sick — 302.6, 508.1a, 702.10: " in html.unescape(raw)
