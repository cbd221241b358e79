"""Card search (GET /api/cards) and decklists when creating a game (POST /api/games, decks)."""

from __future__ import annotations

from collections import Counter

from tests.conftest import bearer


def test_card_search_finds_a_card_by_its_first_letters(client):
    response = client.get("/api/cards", params={"q": "exalt"})
    assert response.status_code == 200
    hits = response.json()
    assert hits[0]["name"] == "Exalted Angel"
    assert set(hits[0]) >= {"name", "name_fr", "types", "subtypes", "matched", "score"}


def test_card_search_forgives_typos_and_reads_french_names(client):
    assert client.get("/api/cards", params={"q": "Ixidorn"}).json()[0]["name"] == "Ixidron"
    hit = client.get("/api/cards", params={"q": "hauts de vent"}).json()[0]
    assert (hit["name"], hit["matched"]) == ("Windbrisk Heights", "Hauts de Ventabrupt")


def test_card_search_is_per_game_and_bounded(client):
    riftbound = client.get("/api/cards", params={"q": "a", "ruleset": "riftbound", "limit": 3})
    assert riftbound.status_code == 200
    assert len(riftbound.json()) <= 3
    names = {
        h["name"]
        for h in client.get(
            "/api/cards", params={"q": "Exalted Angel", "ruleset": "riftbound"}
        ).json()
    }
    assert "Exalted Angel" not in names
    assert client.get("/api/cards", params={"q": "x", "limit": 51}).status_code == 422
    assert client.get("/api/cards", params={"q": "x", "ruleset": "chess"}).status_code == 422
    assert client.get("/api/cards", params={"q": ""}).json() == []


def test_an_unknown_setup_card_is_refused_with_suggestions(client):
    response = client.post(
        "/api/games",
        json={
            "players": ["Alice", "Bob"],
            "setup": [{"owner": "Alice", "zone": "hand", "card": "Exalted Angle"}],
        },
    )
    assert response.status_code == 422
    body = response.json()
    assert "Exalted Angel" in body["details"][0]["suggestions"]
    assert "Did you mean" in body["message"]


def test_a_game_accepts_a_cards_french_name(client):
    response = client.post(
        "/api/games",
        json={
            "players": ["Alice", "Bob"],
            "setup": [{"owner": "Alice", "zone": "hand", "card": "Akki coureur des laves"}],
        },
    )
    assert response.status_code == 201, response.text
    created = response.json()
    view = client.get(
        f"/api/games/{created['id']}/view", headers=bearer(created["judge"]["token"])
    ).json()
    assert [o["name"] for o in view["objects"]] == ["Akki Lavarunner"]


DECK_ALICE = "Deck\n4 Exalted Angel\n4x Forest (ONS) 350\n\nSideboard\n2 Ixidron\n"
DECK_BOB = "3 Ixidron\n// islands\n5 Island\n"


def test_103_4_decklists_become_each_seats_library_and_hands_are_dealt(client):
    response = client.post(
        "/api/games",
        json={"players": ["Alice", "Bob"], "decks": {"Alice": DECK_ALICE, "Bob": DECK_BOB}},
    )
    assert response.status_code == 201, response.text
    created = response.json()
    view = client.get(
        f"/api/games/{created['id']}/view", headers=bearer(created["judge"]["token"])
    ).json()
    owned = Counter((o["owner"], o["name"]) for o in view["objects"])
    # Each seat holds its main deck only (the sideboard stays out).
    assert owned == Counter(
        {
            ("Alice", "Exalted Angel"): 4,
            ("Alice", "Forest"): 4,
            ("Bob", "Ixidron"): 3,
            ("Bob", "Island"): 5,
        }
    )
    # 103.3, 103.5: each library shuffled with the server's seed, then seven cards drawn.
    in_hand = Counter(o["owner"] for o in view["objects"] if o["zone"] == "hand")
    assert in_hand == Counter({"Alice": 7, "Bob": 7})
    assert {o["zone"] for o in view["objects"]} == {"library", "hand"}


def test_every_unknown_decklist_line_of_every_seat_is_reported_at_once(client):
    response = client.post(
        "/api/games",
        json={
            "players": ["Alice", "Bob"],
            "decks": {"Alice": "4 Exalted Angle\n4 Forest", "Bob": "1 Island\n2 Ixidorn\n0 Island"},
        },
    )
    assert response.status_code == 422
    body = response.json()
    locs = [d["loc"] for d in body["details"]]
    assert locs == [["decks", "Alice", 1], ["decks", "Bob", 2], ["decks", "Bob", 3]]
    assert "Exalted Angel" in body["details"][0]["suggestions"]
    assert "Ixidron" in body["details"][1]["suggestions"]
    assert "ligne 1" in body["message_fr"]


def test_a_deck_for_someone_not_playing_is_refused(client):
    response = client.post(
        "/api/games", json={"players": ["Alice", "Bob"], "decks": {"Carol": "1 Island"}}
    )
    assert response.status_code == 422
    assert response.json()["details"][0]["loc"] == ["decks", "Carol"]


def test_rb_setup_deal_a_riftbound_decklist_puts_runes_and_a_battlefield_where_they_start(client):
    """A Riftbound list: runes make the rune deck, the first battlefield listed goes on the table
    (uncontrolled), a second one stays out; the rest is the main deck, four cards dealt."""
    response = client.post(
        "/api/games",
        json={
            "ruleset": "riftbound",
            "players": ["Alice", "Bob"],
            "decks": {
                "Alice": "12 Fury Rune\n30 Ember Monk\n1 Bandle Tree\n1 Star Spring",
                "Bob": "40 Blastcone Fae\n1 Zaun Warrens",
            },
        },
    )
    assert response.status_code == 201, response.text
    created = response.json()
    view = client.get(
        f"/api/games/{created['id']}/view", headers=bearer(created["judge"]["token"])
    ).json()
    placed = Counter((o["owner"], o["zone"], o["name"]) for o in view["objects"])
    assert placed == Counter(
        {
            ("Alice", "rune_deck", "Fury Rune"): 12,
            ("Alice", "main_deck", "Ember Monk"): 26,
            ("Alice", "hand", "Ember Monk"): 4,
            ("Bob", "main_deck", "Blastcone Fae"): 36,
            ("Bob", "hand", "Blastcone Fae"): 4,
        }
    )
    battlefields = [(b["name"], b["controller"]) for b in view["riftbound"]["battlefields"]]
    assert battlefields == [("Bandle Tree", None), ("Zaun Warrens", None)]
