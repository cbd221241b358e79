"""Issue 17, item 8: a French page shows no English card name or keyword where a French one
exists. A game holds shipped catalog cards (some with French names, some still without) and an
imported card whose French name comes from MTGJSON; Alice's French page and every card's
sheet are scanned for the English name of each card that has a French one, every glossary
keyword whose French differs, and, in type lines, every English subtype the glossary knows.

Exceptions, deliberately allowed:
- a card whose data has no French name shows its English name (nothing French exists);
- the catalog's card texts are English prose (marked lang="en"): their keywords and the names
  they repeat are French, but a subtype naming a token inside that prose ("a 1/1 green Snake
  token") stays, so subtypes are checked in type lines only.
"""

from __future__ import annotations

import html
import json
import re
from collections import Counter
from pathlib import Path

import pytest

from app.catalog.card_import import card_row
from app.catalog.importers import read_cards
from app.store.card_store import CardStore
from app.web.i18n import KEYWORDS_FR, TYPE_WORDS_FR
from tests.conftest import bearer
from tests.web.pages_support import HTMX, seat_client

pytestmark = pytest.mark.engine

CATALOG = Path(__file__).parents[3] / "app" / "rules" / "mtg" / "catalog.json"
MTGJSON = Path(__file__).parents[2] / "fixtures" / "cards" / "AtomicCards.sample.json"
# Shipped cards on Alice's battlefield: with French names, without, keywords in their text,
# a flip card, a hideaway land, a creature type in the text.
SHIPPED = (
    "Exalted Angel",
    "Serra Angel",
    "Akroma, Angel of Fury",
    "Grizzly Bears",
    "Skinthinner",
    "Silumgar Assassin",
    "Whisperwood Elemental",
    "Llanowar Elves",
    "Island",
    "Akki Lavarunner",
    "Windbrisk Heights",
    "Icefeather Aven",
    "Hooded Hydra",
    "Fugitive Codebreaker",
    "Cryptic Coat",
    "Behold the Multiverse",
)
IMPORTED = "Dog Walker"  # its French name, "Promeneuse de chiens", is MTGJSON's (the fixture)


@pytest.fixture
def french_game(client, make_game):
    imported = next(c for c in read_cards(MTGJSON) if c.card.name == IMPORTED)
    assert imported.card.name_fr  # the importer keeps MTGJSON's French name
    CardStore(client.app.state.engine).upsert([card_row("mtg", imported.card, "mtgjson")])
    client.app.state.catalogs.refresh()
    setup = [{"owner": "Alice", "zone": "battlefield", "card": n} for n in (*SHIPPED, IMPORTED)]
    setup.append({"owner": "Alice", "zone": "hand", "card": "Den Protector"})
    game_id, tokens = make_game(client, setup=setup)
    return game_id, seat_client(client.app, tokens["Alice"])


def _text(page: str) -> str:
    """What a reader sees: the text outside tags, attributes that are read out included."""
    said = " ".join(re.findall(r'(?:aria-label|title|alt)="([^"]*)"', page))
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", body) + " " + said)


def _type_lines(page: str) -> list[str]:
    found = re.findall(r'<(?:span|p|small) class="(?:tile|half)-type">(.*?)</', page, flags=re.S)
    return [html.unescape(t) for t in found] + re.findall(r"— ([^<·]+)", page)


def _english_names_with_french() -> dict[str, str]:
    """Every shipped card name (and flip half) with a different French one, and the imported
    card's."""
    pairs: dict[str, str] = {}
    for card in json.loads(CATALOG.read_text(encoding="utf-8")):
        for face in (card, card.get("flip") or {}):
            if face.get("name_fr") and face["name_fr"] != face["name"]:
                pairs[face["name"]] = face["name_fr"]
    imported = next(c for c in read_cards(MTGJSON) if c.card.name == IMPORTED)
    pairs[IMPORTED] = imported.card.name_fr or IMPORTED
    return pairs


def _english_left(text: str, type_lines: list[str]) -> list[str]:
    left = [en for en in _english_names_with_french() if en in text]
    left += [
        en
        for en, fr in KEYWORDS_FR.items()
        if fr.lower() != en and re.search(rf"\b{re.escape(en)}\b", text, re.IGNORECASE)
    ]
    subtypes = {en: fr for en, fr in TYPE_WORDS_FR.items() if fr.lower() != en.lower()}
    for line in type_lines:
        left += [en for en in subtypes if re.search(rf"\b{en}\b", line)]
    return left


def test_a_french_game_page_shows_no_english_card_name_or_keyword_where_french_exists(
    french_game,
):
    game_id, alice = french_game
    page = alice.get(f"/g/{game_id}", headers={"Accept-Language": "fr"}).text
    text = _text(page)
    assert _english_left(text, _type_lines(page)) == []
    # The French the data has is there instead, the imported card's included.
    for french in ("Ange exalté", "Grizzlis", "Akroma, ange de la Fureur", "Promeneuse de chiens"):
        assert french in text
    assert "Créature — Humain et Citoyen" in text  # the imported card's subtypes


def test_every_card_sheet_in_french_has_french_keywords_names_and_type_lines(french_game):
    game_id, alice = french_game
    page = alice.get(f"/g/{game_id}", headers={"Accept-Language": "fr"}).text
    ids = sorted(set(re.findall(r'hx-get="/g/[^/]+/objects/([0-9a-f]+)', page)))
    assert len(ids) == len(SHIPPED) + 2
    sheets = []
    for object_id in ids:
        response = alice.get(
            f"/g/{game_id}/objects/{object_id}", headers={**HTMX, "Accept-Language": "fr"}
        )
        assert response.status_code == 200, response.text
        sheets.append(response.text)
        assert _english_left(_text(response.text), _type_lines(response.text)) == [], _text(
            response.text
        )
    joined = _text("".join(sheets))
    # Keywords inside the card texts read in French: vol, mue, mégamue, déguisement, cachette...
    for french in ("Vol", "Mue {2}{W}{W}", "Mégamue {2}{B}", "Déguisement", "Cachette 4"):
        assert french in joined


def test_the_same_page_in_english_keeps_the_english_names(french_game):
    game_id, alice = french_game
    text = _text(alice.get(f"/g/{game_id}", headers={"Accept-Language": "en"}).text)
    assert "Exalted Angel" in text and "Dog Walker" in text and "Ange exalté" not in text


def test_french_names_are_accepted_wherever_names_are(client):
    """Setups, decklists, the judge's "add a card" and the card search read "Ange exalté"
    (accents and case forgiven) as the one card "Exalted Angel"."""
    created = client.post(
        "/api/games",
        json={
            "players": ["Alice", "Bob"],
            "setup": [{"owner": "Alice", "zone": "battlefield", "card": "Ange exalté"}],
            "decks": {"Bob": "4 Foudre\n2 ange exalte\n20 Île\n"},
        },
    )
    assert created.status_code == 201, created.text
    body = created.json()
    judge = body["judge"]["token"]
    added = client.post(
        f"/api/games/{body['id']}/actions",
        headers=bearer(judge),
        json={"type": "judge_add_card", "card": "GRIZZLIS", "owner": "Alice"},
    )
    assert added.status_code == 200, added.text
    view = client.get(f"/api/games/{body['id']}/view", headers=bearer(judge)).json()
    names = Counter(o["name"] for o in view["objects"])
    assert names == Counter(
        {"Exalted Angel": 3, "Lightning Bolt": 4, "Island": 20, "Grizzly Bears": 1}
    )
    hit = client.get("/api/cards", params={"q": "Ange exalté"}).json()[0]
    assert (hit["name"], hit["matched"]) == ("Exalted Angel", "Ange exalté")


def test_an_unknown_french_name_is_refused_with_french_suggestions(client):
    response = client.post(
        "/api/games",
        json={
            "players": ["Alice", "Bob"],
            "setup": [{"owner": "Alice", "zone": "hand", "card": "Ange exalte de Serra"}],
        },
        headers={"Accept-Language": "fr"},
    )
    assert response.status_code == 422
    assert response.json()["details"][0]["suggestions"]
