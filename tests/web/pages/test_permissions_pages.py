"""Gonti, Lord of Luxury through the JSON API and the pages (601.3, 702.37c, 708.4): the
permission is shown on the card's sheet to every seat, never naming the hidden card; Alice's
sheet offers "Cast face down (morph)" and the face-down spell reaches Bob as a nameless 2/2.
Every page, fragment, sheet and log Bob and the spectator can open stays free of its name."""

from __future__ import annotations

import html
import re

import pytest

from tests.conftest import api_act, bearer
from tests.web.pages_support import HTMX, act, option, seat_client

pytestmark = pytest.mark.engine

SETUP = [
    {"owner": "Alice", "zone": "battlefield", "card": "Gonti, Lord of Luxury"},
    {"owner": "Bob", "zone": "library", "card": "Exalted Angel"},
    {"owner": "Bob", "zone": "library", "card": "Llanowar Elves"},
]
HIDDEN = ("Exalted Angel", "Ange exalté", "{2}{W}{W}", "Whenever it deals damage")
SAYS = "Alice may cast / cast face down this card, for as long as it stays there"


def get(browser, url: str, *, htmx: bool = False, lang: str = "en", status: int = 200) -> str:
    response = browser.get(url, headers={"Accept-Language": lang, **(HTMX if htmx else {})})
    assert response.status_code == status, response.text
    return response.text


def read(text: str) -> str:
    """What a reader sees of a page: entities decoded (an apostrophe is &#39; in the HTML)."""
    return html.unescape(text)


def everything_seen(browser, game_id: str) -> list[str]:
    """Every page, fragment, sheet and log this browser can open, in both languages."""
    board = get(browser, f"/g/{game_id}")
    texts = [board, get(browser, f"/g/{game_id}", lang="fr"), get(browser, f"/g/{game_id}/log")]
    texts = [read(t) for t in texts]
    for object_id in set(re.findall(r"/objects/([0-9a-f]+)", board)):
        texts.append(read(get(browser, f"/g/{game_id}/objects/{object_id}", htmx=True)))
        texts.append(read(get(browser, f"/g/{game_id}/objects/{object_id}", lang="fr")))
    return texts


def test_601_3_gonti_the_permission_on_the_sheet_and_the_face_down_cast(client, make_game):
    game_id, tokens = make_game(client, setup=SETUP)
    judge = tokens["judge"]
    view = client.get(f"/api/games/{game_id}/view", headers=bearer(judge)).json()
    top = next(o["id"] for o in view["objects"] if o["name"] == "Exalted Angel")
    # Gonti's trigger, run by the judge (it reaches Bob's library), then its permission.
    exiled = api_act(client, game_id, judge, {"type": "exile_face_down", "object": top,
                     "look": "exiler", "by": "Alice", "source": "Gonti, Lord of Luxury"})  # fmt: skip
    assert exiled.status_code == 200, exiled.text
    view = client.get(f"/api/games/{game_id}/view", headers=bearer(judge)).json()
    card = next(o["id"] for o in view["objects"] if o["zone"] == "exile")
    granted = api_act(client, game_id, judge, {"type": "grant_permission", "player": "Alice",
                      "object": card, "allows": ["cast", "cast_face_down"],
                      "until": "while_it_stays", "source": "Gonti, Lord of Luxury"})  # fmt: skip
    assert granted.status_code == 200, granted.text

    seats = {w: seat_client(client.app, tokens[w]) for w in ("Alice", "Bob", "spectator")}
    for who, seat in seats.items():
        sheet = read(get(seat, f"/g/{game_id}/objects/{card}", htmx=True))
        assert "What an effect allows" in sheet and SAYS in sheet, who
        french = read(get(seat, f"/g/{game_id}/objects/{card}", lang="fr"))
        assert "Ce qu'un effet permet" in french
        assert "Alice peut lancer / lancer face cachée cette carte" in french
    for who in ("Bob", "spectator"):
        for text in everything_seen(seats[who], game_id):
            assert not any(word in text for word in HIDDEN), who

    alice_sheet = get(seats["Alice"], f"/g/{game_id}/objects/{card}", htmx=True)
    assert "Exalted Angel" in alice_sheet
    cast = act(seats["Alice"], game_id, option(alice_sheet, "cast_face_down", via="morph"),
               alice_sheet)  # fmt: skip
    assert cast.status_code == 200, cast.text
    bob_sheet = get(seats["Bob"], f"/g/{game_id}/objects/{card}", htmx=True, status=404)
    assert "no longer there" in bob_sheet
    for who in ("Bob", "spectator"):
        for text in everything_seen(seats[who], game_id):
            assert not any(word in text for word in HIDDEN), who
        log = read(get(seats[who], f"/g/{game_id}/log"))
        assert "Alice casts a face-down creature spell from exile (Bob's card), as Gonti" in log


def test_702_143c_the_foretold_count_is_on_the_board_for_everyone(client, make_game):
    setup = [{"owner": "Alice", "zone": "hand", "card": "Saw It Coming"}]
    game_id, tokens = make_game(client, setup=setup)
    view = client.get(f"/api/games/{game_id}/view", headers=bearer(tokens["Alice"])).json()
    card = next(o["id"] for o in view["objects"] if o["name"] == "Saw It Coming")
    assert (
        api_act(client, game_id, tokens["Alice"], {"type": "foretell", "object": card}).status_code
        == 200
    )
    for who in ("Alice", "Bob", "spectator"):
        seat = seat_client(client.app, tokens[who])
        assert "foretold 1" in read(get(seat, f"/g/{game_id}")), who
        assert "prédites 1" in read(get(seat, f"/g/{game_id}", lang="fr")), who
