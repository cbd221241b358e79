"""The pages, through TestClient: links and cookies, headers, CSRF, errors in the page's
language, and — above all — an opponent's pages never carry a hidden card's name."""

from __future__ import annotations

import json
import re

import pytest

from tests.web.pages_support import (
    HTMX,
    LEAK_SETUP,
    SAME_ORIGIN,
    SECRET,
    SECRET_WORDS,
    act,
    buttons,
    csrf_of,
    option,
    seat_client,
    tile_id,
    version_of,
)

pytestmark = pytest.mark.engine


@pytest.fixture
def game(client, make_game):
    return make_game(client, setup=LEAK_SETUP)


@pytest.fixture
def seats(client, game):
    """One browser per seat: Alice, Bob, the judge and a spectator."""
    _, tokens = game
    return {
        who: seat_client(client.app, tokens[who]) for who in ("Alice", "Bob", "judge", "spectator")
    }


def page(browser, game_id: str, *, htmx: bool = False, lang: str = "en", query: str = "") -> str:
    headers = {"Accept-Language": lang, **(HTMX if htmx else {})}
    response = browser.get(f"/g/{game_id}{query}", headers=headers)
    assert response.status_code == 200, response.text
    return response.text


def assert_no_secret(text: str) -> None:
    for word in SECRET_WORDS:
        assert word not in text, f"{word!r} leaked"


def sheet(browser, game_id: str, object_id: str) -> str:
    response = browser.get(f"/g/{game_id}/objects/{object_id}", headers=HTMX)
    assert response.status_code == 200, response.text
    return response.text


def cast_secret_face_down(seats, game_id: str) -> str:
    """Alice taps her secret card, then its "Cast face down (morph)" button."""
    alice = seats["Alice"]
    before = page(alice, game_id)
    card = sheet(alice, game_id, tile_id(before, SECRET))
    response = act(alice, game_id, option(card, "cast_face_down", via="morph"), card)
    assert response.status_code == 200, response.text
    return response.text


# -- home, new games, links ------------------------------------------------------------------


def test_home_offers_both_magic_rulesets_and_a_players_form(client):
    response = client.get("/", headers={"Accept-Language": "en"})
    assert response.status_code == 200
    assert 'value="mtg"' in response.text and 'value="mtg-2004"' in response.text
    new_game = response.text.split('id="new-game"', 1)[1]  # "Build a table" has its own
    assert new_game.count('name="player"') == 4
    assert "Vary" in response.headers and "Accept-Language" in response.headers["Vary"]


def test_new_game_shows_one_link_and_qr_code_per_seat_judge_and_spectator(client):
    response = client.post(
        "/games", data={"ruleset": "mtg", "player": ["Ann", "Ben", "Cy", ""]}, headers=SAME_ORIGIN
    )
    assert response.status_code == 200, response.text
    # POST -> 303 -> GET: Back and reload show the links again (issue 17, item 1).
    assert [r.status_code for r in response.history] == [303]
    assert response.headers["Cache-Control"] == "private, no-store"
    links = re.findall(r'href="(/join/[A-Za-z0-9_-]+)"', response.text)
    assert len(links) == 5  # judge, three seats, spectators
    assert response.text.count("<svg") == 5
    for path in links:
        assert f'value="http://testserver{path}"' in response.text
    # The token is shown here only: it is not in the game page the links lead to.
    judge = seat_client(client.app, links[0].removeprefix("/join/"))
    game_page = judge.get(judge.get(links[0], follow_redirects=False).headers["location"])
    assert links[0].removeprefix("/join/") not in game_page.text


def test_new_game_refuses_two_players_with_the_same_name(client):
    response = client.post("/games", data={"player": ["Ann", "ann"]}, headers=SAME_ORIGIN)
    assert response.status_code == 422
    assert "different names" in response.text


def test_new_game_refuses_a_post_from_another_site(client):
    response = client.post(
        "/games", data={"player": ["Ann", "Ben"]}, headers={"Sec-Fetch-Site": "cross-site"}
    )
    assert response.status_code == 403
    assert "/join/" not in response.text


# -- joining -----------------------------------------------------------------------------------


def test_join_sets_an_httponly_lax_cookie_for_the_game_and_redirects(client, game):
    game_id, tokens = game
    response = client.get(f"/join/{tokens['Alice']}", follow_redirects=False)
    assert response.status_code == 303
    assert response.headers["location"] == f"/g/{game_id}"
    cookie = response.headers["set-cookie"]
    assert f"fd_seat={tokens['Alice']}" in cookie
    assert "HttpOnly" in cookie
    assert "SameSite=lax" in cookie
    assert f"Path=/g/{game_id}" in cookie
    assert "Secure" not in cookie  # plain http here
    assert response.headers["Cache-Control"] == "no-store"
    assert response.headers["Referrer-Policy"] == "no-referrer"


def test_join_over_https_marks_the_cookie_secure(client, game):
    _, tokens = game
    browser = seat_client(client.app, tokens["Bob"], base_url="https://testserver")
    response = browser.get(f"/join/{tokens['Bob']}", follow_redirects=False)
    assert "Secure" in response.headers["set-cookie"]


def test_join_with_an_unknown_token_is_a_readable_404(client):
    response = client.get("/join/" + "x" * 32)
    assert response.status_code == 404
    assert "not valid" in response.text


def test_a_game_page_without_its_cookie_is_refused(client, game):
    game_id, _ = game
    for path in (f"/g/{game_id}", f"/g/{game_id}/live", f"/g/{game_id}/log"):
        response = client.get(path)
        assert response.status_code == 403, path
        assert "seat link" in response.text
    response = client.post(f"/g/{game_id}/act", data={"action": '{"type":"next_turn"}'})
    assert response.status_code == 403


def test_a_judge_phone_that_opens_a_seat_link_stays_the_judge(seats, game):
    game_id, tokens = game
    judge = seats["judge"]
    response = judge.get(f"/join/{tokens['Alice']}", follow_redirects=False)
    assert response.headers["location"] == f"/g/{game_id}"
    text = judge.get(response.headers["location"]).text
    assert "Judge view" in text
    assert f'href="/g/{game_id}?seat=Alice"' in text  # one tap to see as Alice


# -- headers -----------------------------------------------------------------------------------


def test_seat_pages_and_fragments_carry_strict_security_headers(seats, game):
    game_id, _ = game
    alice = seats["Alice"]
    for path, headers in (
        (f"/g/{game_id}", {}),
        (f"/g/{game_id}", HTMX),
        (f"/g/{game_id}/log", {}),
    ):
        response = alice.get(path, headers=headers)
        assert response.status_code == 200
        csp = response.headers["Content-Security-Policy"]
        assert "script-src 'self'" in csp
        assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
        assert "frame-ancestors 'none'" in csp
        assert "style-src 'self'" in csp
        assert response.headers["Referrer-Policy"] == "no-referrer"
        assert response.headers["Cache-Control"] == "private, no-store"
        assert "HX-Request" in response.headers["Vary"]
        assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_pages_have_no_inline_script_style_or_handler(client, seats, game):
    game_id, _ = game
    pages = [client.get("/").text, page(seats["judge"], game_id), page(seats["Alice"], game_id)]
    for text in pages:
        for tag in re.findall(r"<script[^>]*>", text):
            assert 'src="/static/' in tag
        assert "</script>" not in text.replace("></script>", "")
        assert not re.search(r"\sstyle=", text)
        assert not re.search(r"\son[a-z]+=", text)
        assert not re.search(r"\shx-on", text)
        assert "<style" not in text


def test_an_htmx_request_gets_the_live_block_and_a_plain_one_the_page(seats, game):
    game_id, _ = game
    fragment = page(seats["Alice"], game_id, htmx=True)
    full = page(seats["Alice"], game_id)
    assert "<html" not in fragment and 'id="live"' not in fragment
    assert 'class="status"' in fragment and 'class="board"' in fragment
    assert "<html" in full and 'id="live"' in full


def test_pages_are_gzip_compressed(seats, game):
    game_id, _ = game
    response = seats["Alice"].get(f"/g/{game_id}", headers={"Accept-Encoding": "gzip"})
    assert response.headers["Content-Encoding"] == "gzip"


# -- acting, CSRF ------------------------------------------------------------------------------


def test_a_button_posted_by_htmx_applies_the_action_and_answers_the_new_board(seats, game):
    game_id, _ = game
    fragment = cast_secret_face_down(seats, game_id)
    assert "<html" not in fragment
    assert "Face-down 2/2 (Alice)" in fragment
    assert 'hx-swap-oob="innerHTML"' in fragment  # closes the sheet, shows what happened


def test_a_plain_form_post_works_without_javascript(seats, game):
    game_id, _ = game
    alice = seats["Alice"]
    before = page(alice, game_id)
    response = act(alice, game_id, option(before, "next_turn"), before, htmx=False)
    assert response.status_code == 303
    assert response.headers["location"] == f"/g/{game_id}"
    assert "Turn 2" in page(alice, game_id)


@pytest.mark.parametrize(
    "case",
    [
        "no token",
        "wrong token",
        "other seat's token",
        "cross-site",
        "foreign origin",
        "null origin",
    ],
)
def test_csrf_refusals_change_nothing(case, seats, game, settings, game_rows):
    game_id, _ = game
    alice = seats["Alice"]
    before = page(alice, game_id)
    rows = game_rows(settings.database_url, game_id)
    headers: dict[str, str] = {}
    csrf = csrf_of(before)
    if case == "no token":
        csrf = ""
    elif case == "wrong token":
        csrf = csrf[:-2] + ("AA" if not csrf.endswith("AA") else "BB")
    elif case == "other seat's token":
        csrf = csrf_of(page(seats["Bob"], game_id))
    elif case == "cross-site":
        headers = {"Sec-Fetch-Site": "cross-site"}
    elif case == "foreign origin":
        headers = {"Sec-Fetch-Site": "same-site", "Origin": "https://evil.example"}
    elif case == "null origin":
        headers = {"Sec-Fetch-Site": "", "Origin": "null"}
    for htmx in (True, False):
        response = act(
            alice,
            game_id,
            option(before, "next_turn"),
            before,
            htmx=htmx,
            headers=headers,
            csrf=csrf,
        )
        assert response.status_code == 403, (case, htmx, response.text)
        assert "out of date" in response.text
    assert game_rows(settings.database_url, game_id) == rows


def test_a_null_origin_without_sec_fetch_site_is_refused_when_all_else_is_right(
    seats, game, settings, game_rows
):
    """`Origin: null` is accepted only when Sec-Fetch-Site vouches for it (app/web/csrf.py).
    The same request without the Origin header is accepted: nothing else refuses it first."""
    game_id, _ = game
    alice = seats["Alice"]
    before = page(alice, game_id)
    rows = game_rows(settings.database_url, game_id)
    token = csrf_of(before)
    data = {
        "action": json.dumps(option(before, "next_turn")),
        "expected_version": str(version_of(before)),
        "csrf": token,
    }
    checked = {"X-CSRF-Token": token}

    def post(headers: dict[str, str]):
        assert "Sec-Fetch-Site" not in headers
        return alice.post(f"/g/{game_id}/act", data=data, headers=headers, follow_redirects=False)

    for htmx in (True, False):
        sent = {"Origin": "null", **(checked | HTMX if htmx else {})}
        response = post(sent)
        assert response.status_code == 403, (htmx, response.text)
        assert "out of date" in response.text
    assert game_rows(settings.database_url, game_id) == rows
    accepted = post(checked | HTMX)
    assert accepted.status_code == 200, accepted.text
    assert game_rows(settings.database_url, game_id) != rows


def test_a_spectator_sees_no_buttons_and_cannot_act(seats, game):
    game_id, _ = game
    watcher = seats["spectator"]
    text = page(watcher, game_id)
    assert buttons(text) == []
    assert "<form" not in text
    response = watcher.post(
        f"/g/{game_id}/act", data={"action": '{"type":"next_turn"}'}, headers=SAME_ORIGIN
    )
    assert response.status_code == 403


def test_illegal_action_shows_rule_and_reason_in_french_and_changes_nothing(
    seats, game, settings, game_rows
):
    game_id, _ = game
    bob = seats["Bob"]
    before = page(bob, game_id, lang="fr")
    serra = tile_id(before, "Ange de Serra")  # a French page names cards in French
    rows = game_rows(settings.database_url, game_id)
    # Not Bob's turn: no attack button is offered; post one anyway.
    response = act(
        bob,
        game_id,
        {"type": "attack", "objects": [serra]},
        before,
        headers={"Accept-Language": "fr"},
    )
    assert response.status_code == 422
    assert response.headers["HX-Retarget"] == "#notice"
    assert "Seul le joueur actif" in response.text
    assert "508.1" in response.text and 'href="/rules/mtg/508.1"' in response.text
    # The error fragment carries nothing but the error.
    assert 'class="board"' not in response.text and "tile" not in response.text
    assert "<html" not in response.text
    assert game_rows(settings.database_url, game_id) == rows

    plain = act(
        bob,
        game_id,
        {"type": "attack", "objects": [serra]},
        before,
        htmx=False,
        headers={"Accept-Language": "fr"},
    )
    assert plain.status_code == 422
    assert "Seul le joueur actif" in plain.text and 'class="board"' in plain.text
    assert game_rows(settings.database_url, game_id) == rows


def test_a_stale_button_is_refused_and_the_page_shows_the_game_as_it_is(seats, game):
    game_id, _ = game
    alice = seats["Alice"]
    old = page(alice, game_id)
    act(alice, game_id, option(old, "next_turn"), old)
    response = act(alice, game_id, option(old, "next_turn"), old)
    assert response.status_code == 409
    assert "Nothing was done" in response.text
    assert "Turn 2" in response.text


def test_a_player_cannot_act_as_another_player(seats, game):
    game_id, _ = game
    alice = seats["Alice"]
    before = page(alice, game_id)
    response = act(alice, game_id, {"type": "next_turn", "as": "Bob"}, before)
    assert response.status_code == 403


# -- what each seat sees -----------------------------------------------------------------------


def test_opponent_pages_fragments_sheets_and_log_never_carry_the_hidden_name(seats, game):
    game_id, _ = game
    alice_hand = page(seats["Alice"], game_id)
    grizzly_in_hand = tile_id(alice_hand, "Grizzly Bears")
    cast_secret_face_down(seats, game_id)
    alice = page(seats["Alice"], game_id)
    spell = tile_id(alice, "Face-down 2/2 (Alice)")
    assert "Only you see this" in alice and SECRET in alice

    bob = seats["Bob"]
    seen = [
        page(bob, game_id),
        page(bob, game_id, htmx=True),
        page(bob, game_id, lang="fr"),
        bob.get(f"/g/{game_id}/objects/{spell}", headers=HTMX).text,
        bob.get(f"/g/{game_id}/objects/{spell}").text,
        bob.get(f"/g/{game_id}/log").text,
        page(seats["spectator"], game_id),
    ]
    for text in seen:
        assert_no_secret(text)
        assert grizzly_in_hand not in text  # a hidden hand card's id does not reach Bob
    assert "Face-down 2/2 (Alice)" in seen[0]

    # Bob's sheet for an object he can't reach answers like one that doesn't exist.
    gone = bob.get(f"/g/{game_id}/objects/{grizzly_in_hand}", headers=HTMX)
    nothing = bob.get(f"/g/{game_id}/objects/0123456789abcdef", headers=HTMX)
    assert gone.status_code == nothing.status_code == 404
    assert gone.text == nothing.text


def test_bouncing_the_face_down_creature_reveals_it_to_everyone(seats, game):
    game_id, _ = game
    cast_secret_face_down(seats, game_id)
    alice = seats["Alice"]
    text = page(alice, game_id)
    act(alice, game_id, option(text, "resolve"), text)
    text = page(alice, game_id)
    creature = tile_id(text, "Face-down 2/2 (Alice)")
    assert_no_secret(page(seats["Bob"], game_id))
    card = sheet(alice, game_id, creature)
    response = act(alice, game_id, option(card, "move", to="hand"), card)
    assert response.status_code == 200
    bob = page(seats["Bob"], game_id)
    assert SECRET in bob  # revealed as it moved (708.9), in the log
    assert "708.9" in bob


def test_the_judge_sees_every_hidden_thing_with_who_may_see_it_and_why(seats, game):
    game_id, _ = game
    cast_secret_face_down(seats, game_id)
    judge = page(seats["judge"], game_id)
    assert SECRET in judge
    assert "Hidden — seen by Alice" in judge
    assert 'href="/rules/mtg/708.5"' in judge  # the face-down spell: its controller only
    assert 'href="/rules/mtg/402.3"' in judge  # hand cards: their owner only
    assert "Llanowar Elves" in judge and "Hidden — seen by Bob" in judge


def test_the_judge_can_see_and_act_as_a_player(seats, game):
    game_id, _ = game
    judge = seats["judge"]
    as_bob = page(judge, game_id, query="?seat=Bob")
    assert "seeing what Bob sees" in as_bob
    assert "Grizzly Bears" not in as_bob  # Alice's hand, as Bob sees it
    as_alice = page(judge, game_id, query="?seat=Alice")
    end_turn = option(as_alice, "next_turn")
    assert end_turn["as"] == "Alice"
    response = judge.post(
        f"/g/{game_id}/act",
        data={
            "action": json.dumps(end_turn),
            "expected_version": "0",
            "seat": "Alice",
        },
        headers={**SAME_ORIGIN, **HTMX, "X-CSRF-Token": csrf_of(as_alice)},
    )
    assert response.status_code == 200, response.text
    assert "seeing what Alice sees" in response.text
    log = page(judge, game_id)
    assert "v1 · Alice" in log


def test_only_the_judge_can_see_as_someone_else(seats, game):
    game_id, _ = game
    bob_as_alice = page(seats["Bob"], game_id, query="?seat=Alice")
    assert "You are Bob" in bob_as_alice
    assert "Grizzly Bears" not in bob_as_alice  # Alice's hand stays hidden
    assert "Llanowar Elves" in bob_as_alice


def test_the_links_page_language_toggle_comes_back_to_the_links(client):
    # The links page is a GET now (issue 17, item 1): switching language no longer loses them.
    response = client.post("/games", data={"player": ["Ann", "Ben"]}, headers=SAME_ORIGIN)
    path = response.url.path
    assert f'href="/lang/fr?next={path}"' in response.text
    french = client.get(f"/lang/fr?next={path}")
    assert french.url.path == path and "Liens de cette partie" in french.text


# -- language and rules ------------------------------------------------------------------------


def test_language_follows_accept_language_and_the_toggle(seats, game):
    game_id, _ = game
    alice = seats["Alice"]
    assert "Tour 1" in page(alice, game_id, lang="fr-CA,fr;q=0.9,en;q=0.5")
    assert "Turn 1" in page(alice, game_id, lang="de,en;q=0.8")
    response = alice.get(f"/lang/fr?next=/g/{game_id}", follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == f"/g/{game_id}"
    assert "lang=fr" in response.headers["set-cookie"]
    assert "Tour 1" in page(alice, game_id, lang="en")


@pytest.mark.parametrize("target", ["//evil.example/x", "https://evil.example", "/\\evil", None])
def test_the_language_toggle_only_goes_back_to_a_local_page(client, target):
    query = "" if target is None else f"?next={target}"
    response = client.get(f"/lang/en{query}", follow_redirects=False)
    assert response.headers["location"] == "/"


def test_rule_page_gives_summaries_in_both_languages_and_numbers_per_edition(client):
    response = client.get("/rules/mtg/708.5", headers={"Accept-Language": "fr"})
    assert response.status_code == 200
    text = response.text
    assert "Qui peut regarder un objet face cachée" in text
    assert "Who may look at a face-down object" in text  # the other language, folded
    for number in ("708.5", "707.5", "504.3"):
        assert f"<dd>{number}</dd>" in text
    fragment = client.get("/rules/mtg/708.5", headers=HTMX).text
    assert "<html" not in fragment and 'class="sheet"' in fragment
    assert client.get("/rules/mtg/999.9").status_code == 404


def test_every_rule_number_in_a_log_links_to_a_summary(seats, game, client):
    game_id, _ = game
    cast_secret_face_down(seats, game_id)
    text = page(seats["judge"], game_id)
    links = set(re.findall(r'href="(/rules/[^"]+)"', text))
    assert links
    for link in links:
        assert client.get(link).status_code == 200, link


# -- judge scenarios ---------------------------------------------------------------------------


def _scenario_keys() -> list[str]:
    from app.demo import SCENARIOS

    return [s.key for s in SCENARIOS]


def test_home_offers_each_judge_question_as_a_one_tap_button(client):
    text = client.get("/", headers={"Accept-Language": "fr"}).text
    keys = _scenario_keys()
    assert keys, "no demo scenario"
    for key in keys:
        assert f'name="scenario" value="{key}"' in text


@pytest.mark.parametrize("key", _scenario_keys())
def test_each_judge_question_builds_its_table_in_one_tap(key, client):
    response = client.post("/games", data={"scenario": key}, headers=SAME_ORIGIN)
    assert response.status_code == 200, response.text
    links = re.findall(r'href="/join/([A-Za-z0-9_-]+)"', response.text)
    judge_token, *seat_tokens, spectator_token = links
    for token in (judge_token, *seat_tokens, spectator_token):
        browser = seat_client(client.app, token)
        game_path = browser.get(f"/join/{token}", follow_redirects=False).headers["location"]
        for lang in ("en", "fr"):
            page_response = browser.get(game_path, headers={"Accept-Language": lang})
            assert page_response.status_code == 200, (key, lang)


def test_a_page_from_one_worker_can_post_to_another(seats, game, settings):
    """Each worker process has its own app: the CSRF token must not depend on which."""
    from fastapi.testclient import TestClient

    from app.main import create_app

    game_id, tokens = game
    before = page(seats["Alice"], game_id)
    with TestClient(create_app(settings)) as other_worker:
        alice_there = seat_client(other_worker.app, tokens["Alice"])
        response = act(alice_there, game_id, option(before, "next_turn"), before)
        assert response.status_code == 200, response.text


def test_csrf_tokens_depend_on_the_seat_and_the_configured_secret():
    from app.web.csrf import csrf_matches, csrf_token

    plain = csrf_token(None, "g1", "seat-token-a")
    assert plain == csrf_token(None, "g1", "seat-token-a")
    assert plain != csrf_token(None, "g1", "seat-token-b")
    assert plain != csrf_token(None, "g2", "seat-token-a")
    keyed = csrf_token(b"server secret", "g1", "seat-token-a")
    assert keyed != plain and keyed != csrf_token(b"other secret", "g1", "seat-token-a")
    assert csrf_matches(keyed, keyed) and not csrf_matches(keyed, plain)
    assert not csrf_matches(keyed, None) and not csrf_matches(keyed, "")
