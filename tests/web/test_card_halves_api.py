"""Issue 26: imported cards' halves and faces are found by their own names, in English and
French, through `GET /api/cards?q=` (the stored catalog's name index)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from app.catalog.card_import import card_row
from app.rules.mtg.cards import FlipFace, MtgCard, OtherFace
from app.store.card_store import CardStore

CARDS = [
    MtgCard(name="Fire // Ice", name_fr="Feu // Glace", types=("Instant",)),
    MtgCard(
        name="Akki Lavarunner",
        name_fr="Akki coureur des laves",
        types=("Creature",),
        flip=FlipFace(name="Tok-Tok, Volcano Born", name_fr="Tok-Tok, né du volcan"),
    ),
    MtgCard(
        name="Delver of Secrets",
        name_fr="Guetteur des secrets",
        types=("Creature",),
        other_faces=(OtherFace(name="Insectile Aberration", name_fr="Aberration insectoïde"),),
    ),
]


@pytest.mark.parametrize(
    ("typed", "card", "matched"),
    [
        ("Ice", "Fire // Ice", "Ice"),
        ("glace", "Fire // Ice", "Glace"),
        ("Tok-Tok, Volcano", "Akki Lavarunner", "Tok-Tok, Volcano Born"),
        ("tok-tok, ne du", "Akki Lavarunner", "Tok-Tok, né du volcan"),
        ("Insectile Aberration", "Delver of Secrets", "Insectile Aberration"),
        ("aberration insecto", "Delver of Secrets", "Aberration insectoïde"),
    ],
)
def test_imported_halves_and_faces_are_searched_in_both_languages(
    client: TestClient, typed: str, card: str, matched: str
):
    CardStore(client.app.state.engine).upsert([card_row("mtg", c, "mtgjson") for c in CARDS])
    client.app.state.catalogs.refresh()
    response = client.get("/api/cards", params={"q": typed})
    assert response.status_code == 200, response.text
    first = response.json()[0]
    assert (first["name"], first["matched"]) == (card, matched)
