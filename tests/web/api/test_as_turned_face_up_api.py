"""Issue 26, through the JSON API: an imported Aquamorph Entity, cast face down, turned face
up by its controller's stated choice (614.1e, 613.4b): what Alice, Bob, the spectator and the
judge see, and no viewer's log calling it a trigger."""

from __future__ import annotations

from typing import Any

from app.catalog.card_import import card_row
from app.rules.mtg.card_formats.printed import PrintedFace, build_card
from app.store.card_store import CardStore
from tests.conftest import api_act as act
from tests.conftest import bearer

VIEWERS = ("Alice", "Bob", "spectator", "judge")
AQUAMORPH = PrintedFace(
    name="Aquamorph Entity",
    mana_cost="{2}{U}{U}",
    type_line="Creature — Shapeshifter",
    power="*",
    toughness="*",
    text="As Aquamorph Entity enters the battlefield or is turned face up, it becomes your "
    "choice of 5/1 or 1/5.\nMorph {2}{U} (You may cast this card face down as a 2/2 creature "
    "for {3}. Turn it face up any time for its morph cost.)",
    keywords=("Morph",),
)


def view(client, game_id: str, token: str) -> dict[str, Any]:
    response = client.get(f"/api/games/{game_id}/view", headers=bearer(token))
    assert response.status_code == 200, response.text
    return response.json()


def test_614_1e_an_imported_aquamorph_entity_turns_up_as_its_controller_chooses(client, make_game):
    card = build_card("normal", [AQUAMORPH], AQUAMORPH.name, None, "MTGJSON")
    CardStore(client.app.state.engine).upsert([card_row("mtg", card, "mtgjson")])
    client.app.state.catalogs.refresh()
    game_id, tokens = make_game(
        client, setup=[{"owner": "Alice", "zone": "hand", "card": "Aquamorph Entity"}]
    )
    (entity,) = [o["id"] for o in view(client, game_id, tokens["Alice"])["objects"]]
    cast = {"type": "cast_face_down", "object": entity, "via": "morph"}
    assert act(client, game_id, tokens["Alice"], cast).status_code == 200
    assert act(client, game_id, tokens["judge"], {"type": "resolve"}).status_code == 200
    (entity,) = [o["id"] for o in view(client, game_id, tokens["judge"])["objects"]]
    # Its choice is its controller's, and one of the two.
    turn = {"type": "turn_face_up", "object": entity}
    refused = act(client, game_id, tokens["Alice"], turn)
    assert refused.status_code == 422 and "5/1 or 1/5" in refused.json()["message"]
    assert act(client, game_id, tokens["Bob"], {**turn, "stated_choice": "5/1"}).status_code in (
        403,
        422,
    )
    done = act(client, game_id, tokens["Alice"], {**turn, "stated_choice": "5/1"})
    assert done.status_code == 200, done.text
    for who in VIEWERS:
        seen = next(o for o in view(client, game_id, tokens[who])["objects"] if o["id"] == entity)
        assert (seen["name"], seen["power"], seen["toughness"]) == ("Aquamorph Entity", 5, 1)
        log = client.get(f"/api/games/{game_id}/log", headers=bearer(tokens[who])).text
        assert "chooses 5/1" in log and "trigger" not in log, who
