"""Issue 26: imported cards' halves and faces are found by their own names, in English and
French, through `GET /api/cards?q=` (the stored catalog's name index)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from app.catalog.card_import import card_row, read_rows
from app.rules.mtg.cards import FlipFace, MtgCard, OtherFace
from app.store.card_store import CardStore
from tests.catalog.test_importer_card_facts import FIRE_ICE, atomic

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


def test_a_split_card_imported_from_mtgjson_is_stored_with_both_french_halves_and_found(
    client: TestClient, tmp_path
):
    rows = read_rows(atomic(tmp_path, {"Fire // Ice": FIRE_ICE}))
    assert [(r.name, r.name_fr) for r in rows] == [("Fire // Ice", "Feu // Glace")]
    CardStore(client.app.state.engine).upsert(rows)
    client.app.state.catalogs.refresh()
    for typed, matched in (("Glace", "Glace"), ("Feu", "Feu"), ("ice", "Ice")):
        first = client.get("/api/cards", params={"q": typed}).json()[0]
        assert (first["name"], first["name_fr"], first["matched"]) == (
            "Fire // Ice",
            "Feu // Glace",
            matched,
        ), typed
