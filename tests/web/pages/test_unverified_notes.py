"""Issue 26: what the card data importer was unsure of reaches the judge (the card sheet,
the judge's JSON view, a ruling page published for the judge's viewpoint) and no seat or
spectator, even for a card they may see."""

from __future__ import annotations

import pytest
from test_ruling_pages import publish, slug_of

from tests.conftest import bearer
from tests.web.pages_support import seat_client, tile_id

pytestmark = pytest.mark.engine

NOTE = "Imported from MTGJSON; unsure: morph cost is not mana (Reveal a blue card in your hand)."
SAVANTS = {
    "name": "Dragon's Eye Savants",
    "name_fr": "Savants de l'Œil du dragon",
    "types": ["Creature"],
    "subtypes": ["Human", "Wizard"],
    "power": 0,
    "toughness": 6,
    "morph": "Reveal a blue card in your hand",
    "unverified": NOTE,
}
# A card Bob may see (face up in Alice's hand is not; on the battlefield face up it is).
OPEN = {**SAVANTS, "name": "Open Savants", "name_fr": "Savants ouverts"}


@pytest.fixture
def game(client):
    response = client.post(
        "/api/games",
        json={
            "players": ["Alice", "Bob"],
            "setup": [
                {"owner": "Alice", "zone": "battlefield", "card": SAVANTS, "face_down": "morph"},
                {"owner": "Alice", "zone": "battlefield", "card": OPEN},
            ],
        },
    )
    assert response.status_code == 201, response.text
    return response.json()


def tokens(game: dict) -> dict[str, str]:
    found = {s["player"]: s["token"] for s in game["seats"]}
    return found | {"judge": game["judge"]["token"], "spectator": game["spectator"]["token"]}


def test_the_judge_s_view_has_the_note_no_seat_s_or_spectator_s_does(client, game):
    for who, token in tokens(game).items():
        view = client.get(f"/api/games/{game['id']}/view", headers=bearer(token))
        assert view.status_code == 200, view.text
        notes = {o["name"]: o.get("unverified") for o in view.json()["objects"]}
        if who == "judge":
            assert notes == {"Dragon's Eye Savants": NOTE, "Open Savants": NOTE}
        else:
            # Alice sees her face-down card, everyone the face-up one: no note either way.
            assert set(notes.values()) == {None}, who
            assert "unsure" not in view.text, who


def test_the_judge_s_card_sheet_shows_the_note_in_both_languages(client, game):
    judge = seat_client(client.app, tokens(game)["judge"])
    page = judge.get(f"/g/{game['id']}").text
    sheet = judge.get(f"/g/{game['id']}/objects/{tile_id(page, 'Open Savants')}").text
    assert "Card data unsure" in sheet and "Reveal a blue card in your hand)." in sheet
    french = judge.get(
        f"/g/{game['id']}/objects/{tile_id(page, 'Open Savants')}",
        headers={"Accept-Language": "fr"},
    ).text
    assert "Données de carte incertaines" in french


@pytest.mark.parametrize("who", ["Alice", "Bob", "spectator"])
def test_no_seat_s_page_or_sheet_shows_the_note(client, game, who):
    browser = seat_client(client.app, tokens(game)[who])
    page = browser.get(f"/g/{game['id']}").text
    sheet = browser.get(f"/g/{game['id']}/objects/{tile_id(page, 'Open Savants')}").text
    for html in (page, sheet):
        assert "unsure" not in html and "Card data unsure" not in html, who


def test_a_ruling_page_for_the_judge_shows_the_note_one_for_bob_does_not(client, game):
    judge = seat_client(client.app, tokens(game)["judge"])
    for viewpoint, shown in (("judge", True), ("Bob", False)):
        slug = slug_of(publish(judge, game["id"], [viewpoint]))
        page = client.get(f"/r/{slug}").text
        assert ("Card data unsure" in page) is shown, viewpoint
        assert ("Reveal a blue card in your hand)." in page) is shown, viewpoint
