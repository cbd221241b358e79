"""Flip cards and Hideaway on the pages: the choice sheet of the player who looked (and no one
else), the exiled card's look rights as each rules edition gives them, the judge's two
answers side by side, a flipped tile and both halves of a flip card, the new-game option."""

from __future__ import annotations

import html
import json
import re

import pytest

from tests.web.pages_support import (
    HTMX,
    SAME_ORIGIN,
    act,
    buttons,
    csrf_of,
    option,
    seat_client,
    tile_id,
    version_of,
)

pytestmark = pytest.mark.engine

# Alice's library, top first: the card she hides has a name found nowhere else in the game.
HIDDEN = "Akroma, Angel of Fury"
HIDDEN_WORDS = ("Akroma", "Fury")
LOOKED = (HIDDEN, "Island", "Forest", "Grizzly Bears")
SETUP = [
    {"owner": "Alice", "zone": "hand", "card": "Windbrisk Heights"},
    *({"owner": "Alice", "zone": "library", "card": name} for name in LOOKED),
    {"owner": "Alice", "zone": "library", "card": "Llanowar Elves"},
    {"owner": "Alice", "zone": "battlefield", "card": "Akki Lavarunner"},
]
LABEL = "Face-down card hidden by Windbrisk Heights"


def new_game(client, edition: str) -> tuple[str, dict[str, str]]:
    response = client.post(
        "/api/games",
        json={
            "ruleset": "mtg",
            "players": ["Alice", "Bob"],
            "setup": SETUP,
            "options": {"hideaway_edition": edition},
        },
    )
    assert response.status_code == 201, response.text
    body = response.json()
    tokens = {seat["player"]: seat["token"] for seat in body["seats"]}
    tokens["judge"] = body["judge"]["token"]
    tokens["spectator"] = body["spectator"]["token"]
    return body["id"], tokens


def get(browser, url: str, *, htmx: bool = False, lang: str = "en", status: int = 200) -> str:
    headers = {"Accept-Language": lang, **(HTMX if htmx else {})}
    response = browser.get(url, headers=headers)
    assert response.status_code == status, response.text
    return response.text


def assert_hidden(text: str) -> None:
    for word in HIDDEN_WORDS:
        assert word not in text, f"{word!r} leaked"


def everything_seen(browser, game_id: str) -> list[str]:
    """Every page, fragment, sheet and log this browser can open."""
    board = get(browser, f"/g/{game_id}")
    texts = [
        board,
        get(browser, f"/g/{game_id}", htmx=True),
        get(browser, f"/g/{game_id}", lang="fr"),
        get(browser, f"/g/{game_id}/log"),
    ]
    for object_id in set(re.findall(r"/objects/([0-9a-f]+)", board)):
        texts.append(get(browser, f"/g/{game_id}/objects/{object_id}", htmx=True))
        texts.append(get(browser, f"/g/{game_id}/objects/{object_id}", lang="fr"))
    return texts


@pytest.fixture(params=["current", "lorwyn"])
def edition(request) -> str:
    return request.param


@pytest.fixture
def table(client, edition):
    game_id, tokens = new_game(client, edition)
    seats = {w: seat_client(client.app, tokens[w]) for w in ("Alice", "Bob", "judge", "spectator")}
    return game_id, seats, tokens


def play_windbrisk(game_id: str, seats) -> str:
    alice = seats["Alice"]
    board = get(alice, f"/g/{game_id}")
    card = get(alice, f"/g/{game_id}/objects/{tile_id(board, 'Windbrisk Heights')}", htmx=True)
    response = act(alice, game_id, option(card, "play_land"), card)
    assert response.status_code == 200, response.text
    return get(alice, f"/g/{game_id}")


def choose(client, game_id: str, page: str, pick: str, ranks: dict[str, int] | None = None,
           *, htmx: bool = True, seat: str | None = None, csrf: str | None = None):  # fmt: skip
    """Post the choice sheet as the browser would (htmx, or a plain form with JS off); `csrf`
    replaces the page's token (empty: none is sent)."""
    looked = re.findall(r'name="looked" value="([0-9a-f]+)"', page)
    picks = re.findall(r'name="action" value="([^"]+)" required> <span><strong>([^<]+)<', page)
    actions = {name: html.unescape(action) for action, name in picks}
    ids = {name: json.loads(action)["object"] for name, action in actions.items()}
    data: list[tuple[str, str]] = [("looked", i) for i in looked]
    data += [("action", actions[pick]), ("expected_version", str(version_of(page)))]
    if ranks is not None:
        data.append(("order", "bottom_order"))
        data += [(f"rank-{ids[name]}", str(n)) for name, n in ranks.items()]
    if seat:
        data.append(("seat", seat))
    headers = dict(SAME_ORIGIN)
    token = csrf_of(page) if csrf is None else csrf
    if htmx:
        headers |= HTMX | ({"X-CSRF-Token": token} if token else {})
    elif token:
        data.append(("csrf", token))
    form: dict[str, str | list[str]] = {}
    for key, value in data:
        form[key] = (
            [*form[key], value]
            if key == "looked" and key in form
            # type: ignore[misc]
            else ([value] if key == "looked" else value)
        )
    return client.post(f"/g/{game_id}/choice", data=form, headers=headers, follow_redirects=False)


def judge_library(client, game_id: str, tokens) -> list[str]:
    view = client.get(
        f"/api/games/{game_id}/view", headers={"Authorization": f"Bearer {tokens['judge']}"}
    ).json()
    return [o["name"] for o in view["objects"] if o["zone"] == "library"]


# -- the choice --------------------------------------------------------------------------


def test_702_75_only_the_player_who_looks_gets_the_choice_sheet(table, edition):
    game_id, seats, _ = table
    alice = play_windbrisk(game_id, seats)
    assert 'class="sheet as-page choice-sheet hideaway-choice"' in alice
    for name in LOOKED:
        assert name in alice
    assert "Llanowar Elves" not in alice  # the fifth card is not looked at
    if edition == "lorwyn":
        assert alice.count('<select id="rank-') == 4 and "you choose" in alice
    else:
        assert "<select" not in alice and "in a random order" in alice

    for who in ("Bob", "spectator"):
        seen = everything_seen(seats[who], game_id)
        assert "is looking at the top 4 cards of their library" in seen[0]
        assert "choice-sheet" not in seen[0] and "/choice" not in seen[0]
        for text in seen:
            assert_hidden(text)
            for name in ("Island", "Forest", "Grizzly Bears"):
                assert name not in text
    fr = get(seats["Bob"], f"/g/{game_id}", lang="fr")
    assert "regarde les 4 cartes du dessus de sa bibliothèque" in fr


def test_the_judge_sees_the_choice_and_as_bob_only_the_notice(table):
    game_id, seats, _ = table
    play_windbrisk(game_id, seats)
    judge = get(seats["judge"], f"/g/{game_id}")
    assert "choice-sheet" in judge and HIDDEN in judge and "for Alice" in judge
    as_bob = get(seats["judge"], f"/g/{game_id}?seat=Bob")
    assert "choice-sheet" not in as_bob and "is looking at the top 4" in as_bob
    assert_hidden(as_bob)


def test_lorwyn_the_choice_sheet_works_as_a_plain_form_with_the_chosen_order(
    client, table, edition
):
    game_id, seats, tokens = table
    alice_page = play_windbrisk(game_id, seats)
    ranks = {"Island": 3, "Forest": 1, "Grizzly Bears": 2}
    response = choose(
        seats["Alice"], game_id, alice_page, HIDDEN, ranks if edition == "lorwyn" else None,
        htmx=False,
    )  # fmt: skip
    assert response.status_code == 303, response.text
    library = judge_library(client, game_id, tokens)
    assert library[0] == "Llanowar Elves"
    if edition == "lorwyn":
        assert library[1:] == ["Forest", "Grizzly Bears", "Island"]
    else:
        assert sorted(library[1:]) == ["Forest", "Grizzly Bears", "Island"]
    board = get(seats["Alice"], f"/g/{game_id}")
    assert "choice-sheet" not in board and "is looking at" not in board


def test_a_choice_without_a_card_or_from_bob_is_refused_and_changes_nothing(client, table):
    game_id, seats, _ = table
    alice_page = play_windbrisk(game_id, seats)
    headers = {**SAME_ORIGIN, **HTMX, "X-CSRF-Token": csrf_of(alice_page)}
    empty = seats["Alice"].post(f"/g/{game_id}/choice", data={"looked": "x"}, headers=headers)
    assert empty.status_code == 422 and "Choose one of the cards" in empty.text
    bob_page = get(seats["Bob"], f"/g/{game_id}")
    forged = alice_page.replace(csrf_of(alice_page), csrf_of(bob_page))
    refused = choose(seats["Bob"], game_id, forged, HIDDEN)
    assert refused.status_code == 422
    assert_hidden(refused.text)
    spectator = choose(seats["spectator"], game_id, alice_page, HIDDEN)
    assert spectator.status_code == 403
    assert "choice-sheet" in get(seats["Alice"], f"/g/{game_id}")


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "plain form"])
@pytest.mark.parametrize("token", ["missing", "forged", "Bob's"])
def test_the_choice_form_refuses_a_missing_or_forged_csrf_token(
    client, table, settings, game_rows, token, htmx
):
    """The choice is Alice's move: another site must not make it for her (CSRF, like any
    button). The genuine token is accepted afterwards: nothing else refused the others."""
    game_id, seats, _ = table
    alice_page = play_windbrisk(game_id, seats)
    genuine = csrf_of(alice_page)
    sent = {
        "missing": "",
        "forged": genuine[:-2] + ("AA" if not genuine.endswith("AA") else "BB"),
        "Bob's": csrf_of(get(seats["Bob"], f"/g/{game_id}")),
    }[token]
    rows = game_rows(settings.database_url, game_id)
    refused = choose(seats["Alice"], game_id, alice_page, HIDDEN, htmx=htmx, csrf=sent)
    assert refused.status_code == 403, refused.text
    assert "out of date" in refused.text
    assert game_rows(settings.database_url, game_id) == rows
    assert "choice-sheet" in get(seats["Alice"], f"/g/{game_id}")
    accepted = choose(seats["Alice"], game_id, alice_page, HIDDEN, htmx=htmx)
    assert accepted.status_code == (200 if htmx else 303), accepted.text
    assert game_rows(settings.database_url, game_id) != rows


# -- the exiled card: who may look, as each edition says ----------------------------------


def hide_and_give_the_land_to_bob(client, game_id, seats, tokens) -> str:
    alice_page = play_windbrisk(game_id, seats)
    assert choose(seats["Alice"], game_id, alice_page, HIDDEN).status_code == 200
    judge = get(seats["judge"], f"/g/{game_id}")
    land = tile_id(judge, "Windbrisk Heights")
    sheet = get(seats["judge"], f"/g/{game_id}/objects/{land}", htmx=True)
    response = act(seats["judge"], game_id, option(sheet, "gain_control", player="Bob"), sheet)
    assert response.status_code == 200, response.text
    return land


def test_702_75a_the_exiled_card_shows_its_label_and_only_allowed_players_may_look(
    client, table, edition
):
    game_id, seats, _ = table
    alice_page = play_windbrisk(game_id, seats)
    choose(seats["Alice"], game_id, alice_page, HIDDEN)
    alice = get(seats["Alice"], f"/g/{game_id}")
    exiled = tile_id(alice, LABEL)
    assert "Only you see this" in alice and HIDDEN in alice
    alice_sheet = get(seats["Alice"], f"/g/{game_id}/objects/{exiled}", htmx=True)
    assert option(alice_sheet, "look", object=exiled)
    for who in ("Bob", "spectator"):
        for text in everything_seen(seats[who], game_id):
            assert_hidden(text)
    bob_sheet = get(seats["Bob"], f"/g/{game_id}/objects/{exiled}", htmx=True)
    assert LABEL in bob_sheet
    assert not [b for b in buttons(bob_sheet) if b["type"] == "look"]

    # Alice looks: the log tells her (only her) which card it is.
    response = act(seats["Alice"], game_id, option(alice_sheet, "look"), alice_sheet)
    assert response.status_code == 200 and f"It is {HIDDEN}." in response.text
    assert "Alice looks at " + LABEL in get(seats["Bob"], f"/g/{game_id}")
    assert_hidden(get(seats["Bob"], f"/g/{game_id}/log"))


def test_control_changes_hands_then_the_land_leaves_and_the_editions_part(client, table, edition):
    game_id, seats, tokens = table
    land = hide_and_give_the_land_to_bob(client, game_id, seats, tokens)
    # Both editions, while the land stays: Bob now, and Alice still (502.75 / 406.3).
    for who in ("Alice", "Bob"):
        board = get(seats[who], f"/g/{game_id}")
        assert HIDDEN in board, who
        exiled = tile_id(board, LABEL)
        sheet = get(seats[who], f"/g/{game_id}/objects/{exiled}", htmx=True)
        assert option(sheet, "look", object=exiled)
    for text in everything_seen(seats["spectator"], game_id):
        assert_hidden(text)
    judge = get(seats["judge"], f"/g/{game_id}")
    assert "Both editions agree." in judge

    # The land goes to the graveyard: Lorwyn, nobody may look; today, both still may.
    sheet = get(seats["judge"], f"/g/{game_id}/objects/{land}", htmx=True)
    act(seats["judge"], game_id, option(sheet, "move", to="graveyard"), sheet)
    for who in ("Alice", "Bob"):
        # What they saw stays in their log (perfect recall); the card itself is another matter.
        board = get(seats[who], f"/g/{game_id}")
        exiled = tile_id(board, "Face-down exiled card")  # its source gone, its label says so
        tile = re.search(r'<li class="tile[^>]*>\s*<a class="tile-main" href="[^"]*' + exiled
                         + r'.*?</li>', board, re.S)  # fmt: skip
        assert tile is not None
        sheet = get(seats[who], f"/g/{game_id}/objects/{exiled}", htmx=True)
        looks = [b for b in buttons(sheet) if b["type"] == "look"]
        if edition == "lorwyn":
            assert_hidden(tile.group(0))
            assert_hidden(sheet.split('id="sheet-title"')[1])
            assert looks == []
        else:
            assert HIDDEN in tile.group(0) and looks
    judge = get(seats["judge"], f"/g/{game_id}")
    assert "The editions differ." in judge
    editions = re.search(r'<div class="editions".*?class="edition-same">.*?</p>', judge, re.S)
    assert editions is not None
    block = editions.group(0)
    assert "Today&#39;s rules" in block and "Lorwyn rules" in block and "this game" in block
    assert 'href="/rules/mtg/406.3"' in block and "Hidden — seen by nobody" in block
    assert "Hidden — seen by Alice, Bob" in block


def test_the_lands_sheet_offers_to_play_the_hidden_card_and_the_ability_shows_on_the_stack(
    table,
):
    game_id, seats, _ = table
    alice_page = play_windbrisk(game_id, seats)
    choose(seats["Alice"], game_id, alice_page, HIDDEN)
    board = get(seats["Alice"], f"/g/{game_id}")
    land = tile_id(board, "Windbrisk Heights")
    sheet = get(seats["Alice"], f"/g/{game_id}/objects/{land}", htmx=True)
    act(seats["Alice"], game_id, option(sheet, "untap"), sheet)
    sheet = get(seats["Alice"], f"/g/{game_id}/objects/{land}", htmx=True)
    play = option(sheet, "hideaway_play", source=land)
    assert "Play the hidden card" in sheet
    response = act(seats["Alice"], game_id, play, sheet)
    assert response.status_code == 200, response.text
    bob = get(seats["Bob"], f"/g/{game_id}")
    assert "Ability of Windbrisk Heights" in bob and "is-ability" in bob
    assert_hidden(bob)


# -- flip cards ----------------------------------------------------------------------------


def test_710_3_a_flipped_tile_says_so_tapped_or_not_and_the_sheet_shows_both_halves(table):
    game_id, seats, _ = table
    alice = get(seats["Alice"], f"/g/{game_id}")
    akki = tile_id(alice, "Akki Lavarunner")
    sheet = get(seats["Alice"], f"/g/{game_id}/objects/{akki}", htmx=True)
    assert "Normal half" in sheet and "Flipped half" in sheet and "Tok-Tok" in sheet
    act(seats["Alice"], game_id, option(sheet, "flip"), sheet)
    for tapped in (False, True):
        for who in ("Alice", "Bob", "spectator", "judge"):
            board = get(seats[who], f"/g/{game_id}")
            tile = re.search(
                r'<li class="tile[^"]*is-flipped[^"]*">.*?</li>', board, re.S
            )  # fmt: skip
            assert tile is not None, who
            text = tile.group(0)
            assert "Tok-Tok, Volcano Born" in text and "flipped from Akki Lavarunner" in text
            assert "pill-flipped" in text and ("pill-tapped" in text) == tapped
        if not tapped:
            flipped = tile_id(get(seats["Alice"], f"/g/{game_id}"), "Tok-Tok")
            sheet = get(seats["Alice"], f"/g/{game_id}/objects/{flipped}", htmx=True)
            act(seats["Alice"], game_id, option(sheet, "tap"), sheet)
    bob_sheet = get(seats["Bob"], f"/g/{game_id}/objects/{flipped}", htmx=True)
    assert "Normal half" in bob_sheet and "Akki Lavarunner" in bob_sheet
    assert re.search(r'class="half half-flip is-now"', bob_sheet)
    fr = get(seats["Bob"], f"/g/{game_id}", lang="fr")
    assert "inversé depuis" in fr


# -- the new-game form ---------------------------------------------------------------------


def test_the_new_game_form_offers_the_hideaway_edition_and_the_game_keeps_it(client):
    home = client.get("/", headers={"Accept-Language": "en"}).text
    new_game = home.split('id="new-game"', 1)[1]  # the build form has its own (a select)
    assert new_game.count('name="hideaway_edition"') == 2 and "Hideaway rules" in home
    assert 'value="current" checked' in home
    fr = client.get("/", headers={"Accept-Language": "fr"}).text
    assert "Règles de la cachette" in fr
    for chosen, ruleset, kept in (
        ("lorwyn", "mtg", "lorwyn"),
        ("current", "mtg", "current"),
        ("lorwyn", "mtg-2004", "current"),
    ):
        links = client.post(
            "/games",
            data={"ruleset": ruleset, "player": ["Ann", "Ben"], "hideaway_edition": chosen},
            headers=SAME_ORIGIN,
        )
        assert links.status_code == 200, links.text
        judge_token = re.search(r"/join/([A-Za-z0-9_-]+)", links.text.split("Judge", 1)[1])
        assert judge_token
        game = re.search(r"/g/([A-Za-z0-9_-]+)", client.get(
            f"/join/{judge_token.group(1)}", follow_redirects=False).headers["location"])  # fmt: skip
        assert game
        view = client.get(
            f"/api/games/{game.group(1)}/view",
            headers={"Authorization": f"Bearer {judge_token.group(1)}"},
        ).json()
        assert view["hideaway_edition"] == kept
        assert any(o["name"] == "Windbrisk Heights" for o in view["objects"])
