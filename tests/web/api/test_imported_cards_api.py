"""A game created through the API resolves names in the imported cards (English or French),
and the shipped cards still answer beside them."""

from __future__ import annotations

from fastapi.testclient import TestClient

from app.catalog.card_import import card_row
from app.rules.mtg.cards import MtgCard
from app.store.card_store import CardStore

TARMOGOYF = MtgCard(
    name="Tarmogoyf", name_fr="Tarmogoyf (fr)", types=("Creature",), power="*", toughness="1+*"
)


def test_a_game_accepts_an_imported_card_by_its_french_name(client: TestClient):
    CardStore(client.app.state.engine).upsert([card_row("mtg", TARMOGOYF, "mtgjson")])
    client.app.state.catalogs.refresh()
    response = client.post(
        "/api/games",
        json={
            "players": ["Alice", "Bob"],
            "setup": [
                {"owner": "Alice", "zone": "battlefield", "card": "tarmogoyf (FR)"},
                {"owner": "Bob", "zone": "hand", "card": "Ixidron"},
            ],
        },
    )
    assert response.status_code == 201, response.text


def test_an_unknown_name_still_suggests_imported_near_misses(client: TestClient):
    CardStore(client.app.state.engine).upsert([card_row("mtg", TARMOGOYF, "mtgjson")])
    client.app.state.catalogs.refresh()
    response = client.post(
        "/api/games",
        json={
            "players": ["Alice", "Bob"],
            "setup": [{"owner": "Alice", "zone": "hand", "card": "Tarmogof"}],
        },
    )
    assert response.status_code == 422
    assert "Tarmogoyf" in response.text
