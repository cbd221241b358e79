"""The judge's table builder on the pages: "Build a table", the search box, the "Add a card"
panel and a sheet's "Move / edit" — plain forms and htmx, in English and French."""

from __future__ import annotations

import json
import re

import pytest

from tests.conftest import bearer
from tests.web.pages_support import HTMX, SAME_ORIGIN, csrf_of, seat_client


def _links(page: str) -> dict[str, str]:
    return dict(re.findall(r'data-kind="(\w+)"[^>]*href="(/join/[^"]+)"', page))


def build_table(client, ruleset: str = "mtg", players=("Alice", "Bob")):
    response = client.post(
        "/tables", data={"ruleset": ruleset, "player": list(players)}, headers=SAME_ORIGIN
    )
    assert response.status_code == 200, response.text
    tokens = re.findall(r"/join/([A-Za-z0-9_-]{16,})", response.text)
    return response.text, list(dict.fromkeys(tokens))


def test_home_page_offers_build_a_table_and_a_decklist_per_seat(client):
    page = client.get("/").text
    assert 'action="/tables"' in page and "Build a table" in page
    assert page.count('name="deck"') == 4
    french = client.get("/", headers={"Accept-Language": "fr"}).text
    assert "Construire la table" in french and "Listes de deck" in french


def test_build_a_table_makes_an_empty_game_whose_judge_page_has_the_add_panel(client):
    links, tokens = build_table(client)
    assert "Links for this game" in links
    judge = seat_client(client.app, tokens[0])
    page = judge.get(links_game(judge, tokens[0])).text
    assert 'id="add-card"' in page
    assert 'action="/g/' in page and '/judge/add"' in page
    assert re.findall(r'class="tile', page) == []  # nothing on the table


def links_game(client, token: str) -> str:
    response = client.get(f"/join/{token}", follow_redirects=False)
    return response.headers["location"]


def test_the_search_box_answers_add_buttons_in_english_and_french(client):
    fragment = client.get("/cards/search", params={"q": "exalt"}, headers=HTMX).text
    assert 'name="card" value="Exalted Angel"' in fragment
    french = client.get(
        "/cards/search", params={"q": "hauts de vent"}, headers={**HTMX, "Accept-Language": "fr"}
    ).text
    assert 'value="Windbrisk Heights"' in french and "Hauts de Ventabrupt" in french
    assert "Ajouter" in french
    none = client.get("/cards/search", params={"q": "zzqqxx"}, headers=HTMX).text
    assert "No card by that name" in none


@pytest.mark.parametrize(
    ("lang", "q", "value", "label"),
    [
        ("en", "exalt", "morph Exalted Angel", "Face down (Morph)"),
        ("fr", "exalt", "morph Exalted Angel", "Face cachée (Mue)"),
        ("en", "saw it", "exile:foretell Saw It Coming", "Foretold"),
        ("fr", "saw it", "exile:foretell Saw It Coming", "Prédite"),
    ],
)
def test_a_hit_offers_its_own_way_of_being_hidden_as_one_button(client, lang, q, value, label):
    fragment = client.get(
        "/cards/search", params={"q": q}, headers={**HTMX, "Accept-Language": lang}
    ).text
    assert f'name="card_as" value="{value}"' in fragment
    assert f">{label}</button>" in fragment
    # The hit's type line in the page's language too.
    type_line = {
        "exalt": ("Creature — Angel", "Créature — Ange"),
        "saw it": ("Instant", "Éphémère"),
    }
    assert type_line[q][lang == "fr"] in fragment
    # A card with no such way offers none (Serra Angel: no morph, no foretell).
    plain = client.get("/cards/search", params={"q": "serra angel"}, headers=HTMX).text
    assert (
        'value="Serra Angel"' in plain and 'name="card_as" value="morph Serra Angel"' not in plain
    )


def test_a_plain_search_reloads_the_judge_page_with_hits_and_keeps_the_placement(client):
    _, tokens = build_table(client)
    judge = seat_client(client.app, tokens[0])
    url = links_game(judge, tokens[0])
    page = judge.get(url, params={"q": "ixidr", "owner": "Bob", "face_down": "morph"}).text
    assert 'name="card" value="Ixidron"' in page
    exalted = judge.get(url, params={"q": "exalted"}).text
    assert 'name="card_as" value="morph Exalted Angel"' in exalted  # without JavaScript too
    assert re.search(r'name="owner" value="Bob" checked', page)
    assert re.search(r'<option value="morph" selected>', page)


@pytest.mark.parametrize("ruleset", ["mtg", "riftbound"])
def test_the_search_button_without_script_keeps_what_was_chosen_above_it(client, ruleset):
    """The judge reads the form top to bottom: owner, zone, face down, then the search. Its
    button posts the whole form, and the page comes back with the hits and those choices."""
    _, tokens = build_table(client, ruleset)
    judge = seat_client(client.app, tokens[0])
    url = links_game(judge, tokens[0])
    page = judge.get(url).text
    form = re.search(r'<form class="add-card".*?</form>', page, re.S)
    assert form is not None and 'id="card-q"' in form.group(0)  # one form, the box in it
    names = set(re.findall(r'name="([a-z_]+)"', form.group(0)))
    assert len(names) < 40  # the judge's forms read at most 40 fields (FormCheck)
    chosen = {"owner": "Bob", "zone": "exile", "q": "exalt" if ruleset == "mtg" else "a"}
    if ruleset == "mtg":
        chosen["face_down"] = "exile:effect"
    response = post_form(judge, f"{url}/judge/search", page, chosen, htmx=False)
    assert response.status_code == 303
    location = response.headers["location"]
    assert location.endswith("#add-card") and "added" not in location
    for key, value in chosen.items():
        assert f"{key}={value}".replace(":", "%3A") in location, location
    again = judge.get(location).text
    assert re.search(r'name="owner" value="Bob" checked', again)
    assert re.search(r'<option value="exile" selected>', again)
    assert 'class="hit"' in again


def test_a_seat_page_has_no_builder_and_a_seat_cannot_post_the_judges_forms(client):
    _, tokens = build_table(client)
    alice = seat_client(client.app, tokens[1])
    url = links_game(alice, tokens[1])
    page = alice.get(url).text
    assert 'id="add-card"' not in page
    response = alice.post(
        f"{url}/judge/add",
        data={"csrf": csrf_of(page), "card": "Exalted Angel", "owner": "Alice"},
        headers=SAME_ORIGIN,
    )
    assert response.status_code == 403
    search = alice.post(
        f"{url}/judge/search", data={"csrf": csrf_of(page), "q": "exalt"}, headers=SAME_ORIGIN
    )
    assert search.status_code == 403


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_wrong_decklist_on_the_home_form_lists_every_unknown_line(client, lang):
    response = client.post(
        "/games",
        data={
            "player": ["Alice", "Bob", "", ""],
            "deck": ["4 Exalted Angle\n4 Forest", "2 Ixidorn", "", ""],
        },
        headers={**SAME_ORIGIN, "Accept-Language": lang},
    )
    assert response.status_code == 422
    text = response.text
    assert "Exalted Angel" in text and "Ixidron" in text  # the suggestions
    assert ("line 1" in text) if lang == "en" else ("ligne 1" in text)
    assert "4 Exalted Angle" in text  # the lists stay in their fields


def _field_error(page: str, n: int) -> tuple[str, str]:
    """The error block shown inside decklist field n's <details>, and that field's textarea."""
    details = re.findall(r'<details class="deck".*?</details>', page, re.S)[n - 1]
    block = re.search(r'<div id="([\w-]+)" class="field-error deck-error".*?</div>', details, re.S)
    textarea = re.search(r"<textarea[^>]*>.*?</textarea>", details, re.S)
    assert textarea is not None
    return (block.group(0) if block else ""), textarea.group(0)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_decklist_error_sits_beside_its_own_field_with_the_page_anchored_there(client, lang):
    response = client.post(
        "/games",
        data={
            "player": ["Alice", "Bob", "", ""],
            "deck": ["4 Plains\n4 Exalted Angel", "1 Island\n2 Ixidorn\n0 Island", "", ""],
        },
        headers={**SAME_ORIGIN, "Accept-Language": lang},
    )
    assert response.status_code == 422
    page = response.text
    # No script: the refused page puts #form-error on the first field that has an error
    # (Bob's, the second field), not at the top of the form, and focuses that field so the
    # browser opens there; the form's action has no fragment (a created game's redirect
    # would inherit it).
    assert 'action="/games"' in page
    assert page.count("autofocus") == 1
    assert page.count('id="form-error"') == 1
    alice_error, alice_field = _field_error(page, 1)
    bob_error, bob_field = _field_error(page, 2)
    assert alice_error == "" and "aria-invalid" not in alice_field
    assert 'id="form-error"' in bob_error and 'role="alert"' in bob_error
    assert "Ixidron" in bob_error  # the suggestion, beside the line that needs it
    assert (
        ("line 2" in bob_error and "line 3" in bob_error)
        if lang == "en"
        else ("ligne 2" in bob_error and "ligne 3" in bob_error)
    )
    assert ("player 2" in bob_error) if lang == "en" else ("joueur 2" in bob_error)
    assert 'aria-invalid="true" aria-describedby="form-error" autofocus' in bob_field
    # Everything typed is kept, each list in its own field, each player in theirs.
    assert ">4 Plains\n4 Exalted Angel</textarea>" in alice_field
    assert ">1 Island\n2 Ixidorn\n0 Island</textarea>" in bob_field
    assert 'id="player-1" name="player" maxlength="40" autocomplete="off" value="Alice"' in page
    assert 'id="player-2" name="player" maxlength="40" autocomplete="off" value="Bob"' in page
    # Not repeated far up the form.
    assert 'class="notice notice-bad"' not in page


def test_a_decklist_error_stays_beside_the_third_players_field(client):
    response = client.post(
        "/games",
        data={
            "player": ["Alice", "Bob", "Carol", ""],
            "deck": ["4 Plains", "", "3 Forrest", ""],
        },
        headers=SAME_ORIGIN,
    )
    assert response.status_code == 422
    third_error, third_field = _field_error(response.text, 3)
    assert 'id="form-error"' in third_error and "Forest" in third_error
    assert ">3 Forrest</textarea>" in third_field
    assert _field_error(response.text, 1)[0] == "" and _field_error(response.text, 2)[0] == ""


def test_a_game_from_decklists_with_basic_lands_is_created(client):
    response = client.post(
        "/games",
        data={
            "player": ["Alice", "Bob", "", ""],
            "deck": [
                "4 Exalted Angel\n4 Plains\n\nSideboard\n2 Ixidron",
                "20 Island\n10 Snow-Covered Swamp\n1 Wastes\n4 Montagne",
                "",
                "",
            ],
        },
        headers=SAME_ORIGIN,
    )
    assert response.status_code == 200, response.text
    assert "Links for this game" in response.text


def test_decklists_on_the_home_form_make_each_seats_library(client):
    response = client.post(
        "/games",
        data={"player": ["Alice", "Bob", "", ""], "deck": ["4 Exalted Angel", "", "", ""]},
        headers=SAME_ORIGIN,
    )
    assert response.status_code == 200, response.text
    assert "Links for this game" in response.text


# -- with the judge's edits in the rules (judge_add_card, judge_move...) ----------------------


def judge_page(client):
    _, tokens = build_table(client)
    judge = seat_client(client.app, tokens[0])
    url = links_game(judge, tokens[0])
    return judge, url, tokens


def post_form(client, url: str, page: str, data: dict, htmx: bool = True):
    headers = {**SAME_ORIGIN, **(HTMX if htmx else {})}
    return client.post(
        url, data={"csrf": csrf_of(page), **data}, headers=headers, follow_redirects=False
    )


def test_the_api_adds_a_card_by_its_french_name_and_stores_its_definition(client, make_game):
    game_id, tokens = make_game(client, setup=[])
    response = client.post(
        f"/api/games/{game_id}/actions",
        headers=bearer(tokens["judge"]),
        json={"type": "judge_add_card", "card": "Akki coureur des laves", "owner": "Alice"},
    )
    assert response.status_code == 200, response.text
    view = client.get(f"/api/games/{game_id}/view", headers=bearer(tokens["judge"])).json()
    assert [o["name"] for o in view["objects"]] == ["Akki Lavarunner"]
    # The stored action holds the definition itself: a replay never needs the card data.
    stored = [json.loads(a) for _, _, a in client.app.state.repository.actions(game_id)]
    added = [a for a in stored if a["type"] == "judge_add_card"]
    assert added and added[0]["card"]["name"] == "Akki Lavarunner"
    assert added[0]["card"]["flip"]["name"] == "Tok-Tok, Volcano Born"


def test_the_api_refuses_an_unknown_card_name_with_suggestions(client, make_game):
    game_id, tokens = make_game(client, setup=[])
    response = client.post(
        f"/api/games/{game_id}/actions",
        headers=bearer(tokens["judge"]),
        json={"type": "judge_add_card", "card": "Exalted Angle", "owner": "Alice"},
    )
    assert response.status_code == 422
    assert "Exalted Angel" in response.json()["details"][0]["suggestions"]


def test_the_panel_adds_a_face_down_card_that_the_other_seat_cannot_name(client):
    judge, url, tokens = judge_page(client)
    page = judge.get(url).text
    response = post_form(
        judge,
        f"{url}/judge/add",
        page,
        {"card": "Exalted Angel", "owner": "Alice", "zone": "battlefield", "face_down": "morph"},
    )
    assert response.status_code == 200, response.text
    assert "Exalted Angel" in response.text  # the judge sees it
    assert 'id="card-search" hx-swap-oob="innerHTML"' in response.text  # the box is emptied
    bob = seat_client(client.app, tokens[2])
    bob_page = bob.get(links_game(bob, tokens[2])).text
    assert "is-facedown" in bob_page
    assert "Exalted Angel" not in bob_page


@pytest.mark.parametrize("htmx", [True, False])
def test_702_37_and_702_143a_a_hits_own_way_adds_it_hidden_and_keeps_the_forms_choices(
    client, htmx
):
    """One tap on a hit's "Face down (Morph)" or "Foretold": the card is hidden so, whatever
    the form's face choice says; the form's own choices are what is kept for the next card.
    Bob may never name either card (708.5, 702.143a)."""
    judge, url, tokens = judge_page(client)
    page = judge.get(url).text
    placement = {"owner": "Alice", "zone": "battlefield", "face_down": ""}
    for value in ("morph Exalted Angel", "exile:foretell Saw It Coming"):
        response = post_form(
            judge, f"{url}/judge/add", page, {**placement, "card_as": value}, htmx=htmx
        )
        assert response.status_code == (200 if htmx else 303), response.text
        if not htmx:
            location = response.headers["location"]
            assert "face_down" not in location and "zone=battlefield" in location
    view = judge.get(f"/api/games/{url.rsplit('/', 1)[-1]}/view", headers=bearer(tokens[0]))
    placed = {o["name"]: o for o in view.json()["objects"]}
    assert placed["Exalted Angel"]["zone"] == "battlefield"
    assert placed["Exalted Angel"]["face_down"] is True
    assert placed["Saw It Coming"]["zone"] == "exile"
    assert placed["Saw It Coming"]["face_down"] is True
    bob = seat_client(client.app, tokens[2])
    bob_page = bob.get(links_game(bob, tokens[2])).text
    assert bob_page.count("is-facedown") >= 1
    for name in ("Exalted Angel", "Saw It Coming", "Ange exalté", "Je t&#39;ai vu"):
        assert name not in bob_page


def test_a_plain_add_comes_back_with_the_placement_kept(client):
    judge, url, _ = judge_page(client)
    page = judge.get(url).text
    response = post_form(
        judge,
        f"{url}/judge/add",
        page,
        {"card": "Forest", "owner": "Bob", "zone": "hand"},
        htmx=False,
    )
    assert response.status_code == 303
    location = response.headers["location"]
    assert "owner=Bob" in location and "zone=hand" in location
    again = judge.get(location).text
    assert re.search(r'name="owner" value="Bob" checked', again)


def test_the_sheet_moves_then_removes_a_card_and_life_is_set(client):
    judge, url, _ = judge_page(client)
    page = judge.get(url).text
    post_form(judge, f"{url}/judge/add", page, {"card": "Serra Angel", "owner": "Alice"})
    page = judge.get(url).text
    object_id = re.search(r"objects/([0-9a-f]+)", page).group(1)
    sheet = judge.get(f"{url}/objects/{object_id}").text
    assert f'{url}/judge/edit"' in sheet and 'value="remove"' in sheet
    moved = post_form(
        judge,
        f"{url}/judge/edit",
        sheet,
        {
            "object": object_id,
            "zone": "hand",
            "controller": "Alice",
            "do": "move",
            "expected_version": re.search(r'name="expected_version" value="(\d+)"', sheet).group(1),
        },
    )
    assert moved.status_code == 200, moved.text
    page = judge.get(url).text
    new_id = re.search(r"objects/([0-9a-f]+)", page).group(1)
    assert new_id != object_id  # 400.7: a new object in the new zone
    sheet = judge.get(f"{url}/objects/{new_id}").text
    removed = post_form(judge, f"{url}/judge/edit", sheet, {"object": new_id, "do": "remove"})
    assert removed.status_code == 200, removed.text
    assert '<li class="tile' not in judge.get(url).text  # nothing left on the table
    life = post_form(judge, f"{url}/judge/score", page, {"player": "Bob", "amount": "7"})
    assert life.status_code == 200, life.text
    assert re.search(r'<span class="life">[^<]*\b7\b', judge.get(url).text)


def test_the_judges_forms_work_in_french(client):
    judge, url, _ = judge_page(client)
    page = judge.get(url, headers={"Accept-Language": "fr"}).text
    assert "Ajouter une carte" in page and "Face cachée" in page and "Mue" in page
    refused = post_form(judge, f"{url}/judge/add", page, {"owner": "Alice"})
    assert refused.status_code == 422


def test_a_riftbound_table_from_nothing_battlefields_then_a_hidden_card(client):
    """Riftbound from "Build a table": the judge adds a battlefield (its controller, by default
    its owner), then a Hidden card face down there (811.1); Bob's page never names it."""
    _, tokens = build_table(client, ruleset="riftbound")
    judge = seat_client(client.app, tokens[0])
    url = links_game(judge, tokens[0])
    page = judge.get(url).text
    assert 'value="battlefields"' in page and 'value="facedown"' in page
    added = post_form(
        judge,
        f"{url}/judge/add",
        page,
        {"card": "Bandle Tree", "owner": "Alice", "zone": "battlefields"},
    )
    assert added.status_code == 200, added.text
    page = judge.get(url).text
    assert re.search(r'<option value="bf1"[^>]*>[^<]*Bandle Tree', page), "no location to pick"
    hidden = post_form(
        judge,
        f"{url}/judge/add",
        page,
        {"card": "Blastcone Fae", "owner": "Alice", "zone": "facedown", "location": "bf1"},
    )
    assert hidden.status_code == 200, hidden.text
    bob = seat_client(client.app, tokens[2])
    bob_page = bob.get(links_game(bob, tokens[2])).text
    assert "Bandle Tree" in bob_page and "Blastcone Fae" not in bob_page
    alice = seat_client(client.app, tokens[1])
    assert "Blastcone Fae" in alice.get(links_game(alice, tokens[1])).text
