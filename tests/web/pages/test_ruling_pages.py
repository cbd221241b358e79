"""Issue 6's pages: time travel, publishing a ruling, the ruling page and its preview, the
rules reference (every paragraph, search, stable URLs), scenario files and editions."""

from __future__ import annotations

import re

import pytest

from app.rules.families import CITATIONS
from app.web.pages.rules import paragraph
from tests.conftest import bearer
from tests.web.pages_support import HTMX, SAME_ORIGIN, seat_client

pytestmark = pytest.mark.engine

HIDDEN = "Exalted Angel"  # face down on Alice's side in the demos below


def scenario_game(client, key: str) -> dict:
    response = client.post(f"/api/scenarios/{key}/games")
    assert response.status_code == 201, response.text
    return response.json()


def browsers(client, game: dict) -> dict:
    tokens = {s["player"]: s["token"] for s in game["seats"]}
    tokens["judge"] = game["judge"]["token"]
    tokens["spectator"] = game["spectator"]["token"]
    return {who: seat_client(client.app, token) for who, token in tokens.items()}


def typed(who: str) -> str:
    """The publish form's checkbox value for a viewpoint (a player, the spectator, the judge)."""
    return f"role:{who}" if who in ("judge", "spectator") else f"seat:{who}"


def publish(judge, game_id: str, viewpoints: list[str], version: int | None = None, **form):
    page = judge.get(f"/g/{game_id}").text
    csrf = re.search(r'name="csrf" value="([^"]*)"', page).group(1)
    data = {"csrf": csrf, "title": "Can Bob look?", "note": "No: only Alice may (708.5).\n\nMore."}
    data |= {"viewpoint": [typed(v) for v in viewpoints]} | form
    if version is not None:
        data["version"] = str(version)
    return judge.post(f"/g/{game_id}/rulings", data=data, headers=SAME_ORIGIN)


def slug_of(response) -> str:
    assert response.status_code == 201, response.text
    return re.search(r'href="/r/([A-Za-z0-9_-]+)"', response.text).group(1)


@pytest.fixture
def looked(client):
    game = scenario_game(client, "look-at-opponents-face-down")
    return game, browsers(client, game)


# -- time travel -------------------------------------------------------------------------------


def test_time_travel_never_shows_a_seat_a_card_it_could_not_see_then(client):
    game = scenario_game(client, "bounced-face-down")  # v1: the bounce reveals the card
    seats = browsers(client, game)
    now = seats["Bob"].get(f"/g/{game['id']}").text
    assert HIDDEN in now  # revealed as it left the battlefield (708.9)
    past = seats["Bob"].get(f"/g/{game['id']}/at?v=0")
    assert past.status_code == 200
    assert HIDDEN not in past.text
    assert "Viewing version 0 of 1" in past.text and "Back to now" in past.text
    for who in ("spectator",):
        assert HIDDEN not in seats[who].get(f"/g/{game['id']}/at?v=0").text
    # Alice controlled it face down: she could look at it then.
    assert HIDDEN in seats["Alice"].get(f"/g/{game['id']}/at?v=0").text


def test_time_travel_shows_a_card_on_the_board_as_it_was_at_that_version(client, make_game):
    """The same creature is on the board at every version, different each time: each past
    page must show the version asked for, never the present."""
    game_id, tokens = make_game(
        client,
        setup=[
            {"owner": "Bob", "zone": "battlefield", "card": "Serra Angel"},
            {"owner": "Alice", "zone": "hand", "card": "Island"},
        ],
    )
    judge = bearer(tokens["judge"])
    view = client.get(f"/api/games/{game_id}/view", headers=judge).json()
    serra = next(o["id"] for o in view["objects"] if o["name"] == "Serra Angel")
    for action in (
        {"type": "pump", "object": serra, "power": 1, "toughness": 1},
        {"type": "tap", "object": serra},
        {"type": "add_counter", "object": serra, "amount": 2},
    ):
        response = client.post(f"/api/games/{game_id}/actions", json=action, headers=judge)
        assert response.status_code == 200, response.text
    bob = seat_client(client.app, tokens["Bob"])
    expected = {  # version: (power/toughness, tapped, counter pills)
        0: (["4/4"], 0, 0),
        1: (["5/5"], 0, 0),
        2: (["5/5"], 1, 0),
    }
    for version, (pt, tapped, counters) in expected.items():
        for headers in ({}, HTMX):
            page = bob.get(f"/g/{game_id}/at?v={version}", headers=headers)
            assert page.status_code == 200, page.text
            text = page.text
            assert re.findall(r'class="tile-pt">([^<]*)<', text) == pt, (version, headers)
            assert text.count('class="pill pill-tapped"') == tapped, (version, headers)
            assert text.count('class="pill pill-counter"') == counters, (version, headers)
    now = bob.get(f"/g/{game_id}").text
    assert re.findall(r'class="tile-pt">([^<]*)<', now) == ["7/7"]
    assert now.count('class="pill pill-counter"') == 1


def test_the_past_is_read_only_and_the_present_redirects_to_the_live_page(looked):
    game, seats = looked
    past = seats["Alice"].get(f"/g/{game['id']}/at?v=0").text
    assert 'name="action"' not in past  # no action buttons
    assert f"/g/{game['id']}/objects/" not in past  # no card sheets
    assert "sse-connect" not in past  # no live updates
    latest = client_version(seats["judge"], game["id"])
    now = seats["Alice"].get(f"/g/{game['id']}/at?v={latest}", follow_redirects=False)
    assert now.status_code == 303 and now.headers["location"] == f"/g/{game['id']}"


def client_version(browser, game_id: str) -> int:
    page = browser.get(f"/g/{game_id}").text
    back = re.search(r'at\?v=(\d+)[^"]*" rel="prev"', page)
    return int(back.group(1)) + 1


def test_time_travel_steps_with_htmx_and_keeps_the_judges_viewpoint(looked):
    game, seats = looked
    live = seats["judge"].get(f"/g/{game['id']}?seat=Bob").text
    assert f"/g/{game['id']}/at?v=" in live and "seat=Bob" in live
    fragment = seats["judge"].get(f"/g/{game['id']}/at?v=1&seat=Bob", headers=HTMX)
    assert fragment.status_code == 200
    assert "<html" not in fragment.text and 'class="travel is-past"' in fragment.text
    assert HIDDEN not in fragment.text  # seen as Bob
    assert "seat=Bob" in fragment.text


def test_a_seat_cannot_travel_into_another_game(client, looked):
    _, seats = looked
    other = scenario_game(client, "bounced-face-down")
    response = seats["Bob"].get(f"/g/{other['id']}/at?v=0")
    assert response.status_code == 403 and HIDDEN not in response.text


# -- publishing --------------------------------------------------------------------------------


def test_the_judge_publishes_a_ruling_at_a_past_version_with_a_link_qr_and_copy(looked):
    game, seats = looked
    response = publish(seats["judge"], game["id"], ["Bob"], version=1)
    slug = slug_of(response)
    assert len(slug) >= 16
    assert "<svg" in response.text and "data-copy=" in response.text
    assert f"http://testserver/r/{slug}" in response.text
    assert "copy.js" in response.text
    ruling = seats["judge"].get(f"/api/rulings/{slug}").json()
    assert ruling["version"] == 1
    assert [v["viewer"] for v in ruling["viewpoints"]] == [{"kind": "player", "player": "Bob"}]


def test_only_the_judge_publishes_and_the_form_needs_its_csrf_and_a_viewpoint(looked):
    game, seats = looked
    assert publish(seats["judge"], game["id"], []).status_code == 422
    assert publish(seats["judge"], game["id"], ["Zed"]).status_code == 422
    alice_page = seats["Alice"].get(f"/g/{game['id']}").text
    csrf = re.search(r'name="csrf" value="([^"]*)"', alice_page).group(1)
    refused = seats["Alice"].post(
        f"/g/{game['id']}/rulings",
        data={"csrf": csrf, "title": "t", "viewpoint": "seat:Alice"},
        headers=SAME_ORIGIN,
    )
    assert refused.status_code == 403
    forged = seats["judge"].post(
        f"/g/{game['id']}/rulings",
        data={"csrf": "nope", "title": "t", "viewpoint": "seat:Bob"},
        headers=SAME_ORIGIN,
    )
    assert forged.status_code == 403
    assert "judge-tools" not in alice_page


# -- the ruling page ---------------------------------------------------------------------------


def test_the_ruling_page_shows_exactly_the_published_viewpoints_and_no_hidden_name(client, looked):
    game, seats = looked
    slug = slug_of(publish(seats["judge"], game["id"], ["Bob", "spectator"]))
    stranger = client  # no cookie
    page = stranger.get(f"/r/{slug}")
    assert page.status_code == 200
    assert page.headers["cache-control"].startswith("public")
    text = page.text
    assert HIDDEN not in text
    assert "Can Bob look?" in text and "only Alice may" in text
    assert "The board, as Bob saw it" in text
    nav = re.search(r'<nav class="viewpoints".*?</nav>', text, re.S).group(0)
    assert re.findall(r">([^<]+)</a>", nav) == ["Bob", "Spectator"]
    spectator = stranger.get(f"/r/{slug}?vp=1").text
    assert "The board, as Spectator saw it" in spectator and HIDDEN not in spectator
    # What each player could see: Alice may, Bob may not.
    assert "What each player could see" in text and "may not see it" in text
    # Each rule number links to its rule page, with its summary.
    assert 'href="/rules/mtg/708.5"' in text and "Who may look at a face-down object" in text
    # Nothing on it leads back into the game.
    assert f"/g/{game['id']}" not in text
    # The same moment published for Alice names her card; for the judge too.
    for who in ("Alice", "judge"):
        other = slug_of(publish(seats["judge"], game["id"], [who]))
        assert HIDDEN in stranger.get(f"/r/{other}").text


def _section(text: str, name: str) -> str:
    """A ruling page's part, up to the next part (the board holds sections of its own),
    without the links between viewpoints."""
    after = {"ruling-board": "steps", "steps": "summaries"}[name]
    found = re.search(rf'<section class="{name}".*?<section class="{after}"', text, re.S)
    assert found, f"no {name} section"
    part = re.sub(r'<nav class="viewpoints".*?</nav>', "", found.group(0), flags=re.S)
    return re.sub(r"\s+", " ", part)


def test_each_viewpoint_of_a_ruling_shows_its_own_board_and_log(client, looked):
    """Alice and Bob see different boards (her face-down card): in a ruling published for
    both, each viewpoint's board and log are exactly those of a ruling for that viewer alone."""
    game, seats = looked
    # Opened on Alice by choice (the title "Can Bob look?" would open it on Bob).
    both = slug_of(publish(seats["judge"], game["id"], ["Alice", "Bob"], open_on="seat:Alice"))
    alone = {who: slug_of(publish(seats["judge"], game["id"], [who])) for who in ("Alice", "Bob")}
    published = client.get(f"/api/rulings/{both}").json()["viewpoints"]
    pages = [client.get(f"/r/{both}?vp={i}").text for i in (0, 1)]
    assert HIDDEN in _section(pages[0], "ruling-board")
    assert HIDDEN not in _section(pages[1], "ruling-board")
    for i, who in enumerate(("Alice", "Bob")):
        single = client.get(f"/api/rulings/{alone[who]}").json()["viewpoints"][0]
        assert published[i] == single, who
        page = client.get(f"/r/{alone[who]}").text
        for name in ("ruling-board", "steps"):
            assert _section(pages[i], name) == _section(page, name), (who, name)


def test_the_ruling_page_has_opengraph_and_twitter_tags_and_a_preview_image(client, looked):
    game, seats = looked
    slug = slug_of(publish(seats["judge"], game["id"], ["Bob"]))
    text = client.get(f"/r/{slug}").text
    assert '<meta property="og:title" content="Can Bob look?">' in text
    assert '<meta property="og:description" content="No: only Alice may (708.5).">' in text
    image = re.search(r'<meta property="og:image" content="([^"]+)">', text).group(1)
    # A PNG since issue 17 (chat apps draw no SVG: tests/web/pages/test_ruling_image.py); the SVG
    # it is drawn from is still served.
    assert image == f"http://testserver/r/{slug}/preview.png"
    assert 'name="twitter:card" content="summary_large_image"' in text
    assert f'name="twitter:image" content="{image}"' in text
    preview = client.get(image.removesuffix(".png") + ".svg")
    assert preview.status_code == 200
    assert preview.headers["content-type"].startswith("image/svg+xml")
    assert preview.headers["cache-control"].startswith("public")
    assert preview.text.startswith("<svg") and "Can Bob look?" in preview.text
    assert HIDDEN not in preview.text
    assert "<script" not in preview.text


def test_a_ruling_page_does_not_change_when_the_game_moves_on(client, looked):
    game, seats = looked
    slug = slug_of(publish(seats["judge"], game["id"], ["Bob"]))
    before = client.get(f"/r/{slug}").text
    client.post(
        f"/api/games/{game['id']}/actions",
        json={"type": "end_game"},
        headers=bearer(game["judge"]["token"]),
    )
    after = client.get(f"/r/{slug}").text
    assert after == before and HIDDEN not in after


def test_an_unknown_ruling_is_a_404_page(client):
    assert client.get("/r/AAAAAAAAAAAAAAAAAAAAAA").status_code == 404
    assert client.get("/r/bad%20slug").status_code == 404
    assert client.get("/r/AAAAAAAAAAAAAAAAAAAAAA/preview.svg").status_code == 404


def test_open_as_a_new_scenario_forks_the_ruling_into_a_new_game(client, looked):
    game, seats = looked
    slug = slug_of(publish(seats["judge"], game["id"], ["Bob"]))
    response = client.post(f"/r/{slug}/fork", headers=SAME_ORIGIN)
    assert response.status_code == 200
    links = re.findall(r'href="/join/([A-Za-z0-9_-]+)"', response.text)
    assert len(links) == 4  # judge, Alice, Bob, spectators
    judge = seat_client(client.app, links[0])
    forked = judge.get(judge.get(f"/join/{links[0]}", follow_redirects=False).headers["location"])
    assert forked.status_code == 200 and HIDDEN not in forked.text  # a placeholder now
    assert (
        client.post(f"/r/{slug}/fork", headers={"Sec-Fetch-Site": "cross-site"}).status_code == 403
    )


# -- the rules reference -----------------------------------------------------------------------


def test_the_rules_index_lists_every_citation_with_its_numbers_and_links(client):
    text = client.get("/rules", headers={"Accept-Language": "en"}).text
    for key, citation in CITATIONS.items():
        p = paragraph(citation)
        assert f'id="{p.anchor}"' in text, key
        assert f'href="{p.url}"' in text, key
    assert "<b>708.5</b>" in text and "<b>707.5</b>" in text and "<b>504.3</b>" in text
    assert "<b>710.3</b>" in text and "<b>502.75</b>" in text and "<b>811.6.a</b>" in text
    # Show me: a demo scenario citing the paragraph, one tap away.
    assert 'name="scenario" value="look-at-opponents-face-down"' in text
    # Links between rules that cite each other.
    assert text.count('class="see-also"') > 20


def test_the_rules_search_filters_on_the_server_and_for_htmx(client):
    found = client.get("/rules?q=hideaway").text
    assert "702.75" in found and "Who may look at a face-down object" not in found
    folded = client.get("/rules?q=cachee", headers={"Accept-Language": "fr"}).text
    assert "Qui peut regarder un objet face cachée" in folded
    fragment = client.get("/rules?q=708.5", headers=HTMX).text
    assert "<html" not in fragment and "708.5" in fragment
    assert "No rule matches" in client.get("/rules?q=zzzzqqq").text


@pytest.mark.parametrize(
    ("asked", "canonical"),
    [
        ("/rules/mtg/707.5", "/rules/mtg/708.5"),  # the seed's number
        ("/rules/mtg/707.9", "/rules/mtg/708.9"),
        ("/rules/mtg-2004/504.6", None),  # 504.6 names two paragraphs: shown, not redirected
        ("/rules/mtg/709.3", "/rules/mtg/710.3"),  # flip: seed 709 -> 710
        ("/rules/mtg/502.75a", "/rules/mtg/702.75a"),  # hideaway, Lorwyn number
        ("/rules/mtg-2004/708.5", "/rules/mtg/708.5"),
        ("/rules/riftbound/rb.811.6.a", "/rules/riftbound/811.6.a"),
    ],
)
def test_rule_numbers_of_every_edition_redirect_to_a_stable_url(client, asked, canonical):
    response = client.get(asked, follow_redirects=False)
    if canonical is None:
        assert response.status_code == 200
        return
    assert response.status_code == 308, response.text
    assert response.headers["location"] == canonical
    assert client.get(canonical).status_code == 200


def test_a_stable_rule_page_links_its_cited_rules_and_a_demo(client):
    text = client.get("/rules/mtg/708.5").text
    assert "<dd>708.5</dd>" in text and "<dd>707.5</dd>" in text and "<dd>504.3</dd>" in text
    assert 'href="/rules/mtg/708.9"' in text  # 707.5 cites 707.9
    assert 'name="scenario"' in text
    assert client.get("/rules/mtg/999.9").status_code == 404


# -- scenario files and editions ---------------------------------------------------------------


def test_export_then_import_builds_the_same_game(client, looked):
    game, seats = looked
    exported = seats["judge"].get(f"/g/{game['id']}/export.json")
    assert exported.status_code == 200
    assert "attachment" in exported.headers["content-disposition"]
    assert exported.json()["format"] == "facedown-scenario/1"
    assert seats["Alice"].get(f"/g/{game['id']}/export.json").status_code == 403
    built = client.post(
        "/import",
        files={"file": ("s.json", exported.content, "application/json")},
        headers=SAME_ORIGIN,
    )
    assert built.status_code == 200, built.text
    assert len(re.findall(r'href="/join/', built.text)) == 4


def test_a_bad_scenario_file_says_why_and_keeps_the_pasted_text(client):
    bad = '{"format": "facedown-scenario/1", "key": "k", "title": "T", "setup": [{"owner": 1}]}'
    response = client.post("/import", data={"json": bad}, headers=SAME_ORIGIN)
    assert response.status_code == 422
    assert "not a valid scenario file" in response.text
    assert "facedown-scenario/1" in response.text  # the text is still in the field
    empty = client.post("/import", data={"json": ""}, headers=SAME_ORIGIN)
    assert empty.status_code == 422


def test_editions_side_by_side_flag_the_steps_that_differ(client):
    game = scenario_game(client, "phased-out-zone-2004")
    seats = browsers(client, game)
    page = seats["judge"].get(f"/g/{game['id']}/editions?other=mtg")
    assert page.status_code == 200
    assert "Editions side by side" in page.text and "2004 rules" in page.text
    hide = scenario_game(client, "hideaway-land-leaves-lorwyn")
    judge = browsers(client, hide)["judge"]
    live = judge.get(f"/g/{hide['id']}").text
    assert "editions?other=current" in live
    compared = judge.get(f"/g/{hide['id']}/editions?other=current")
    assert compared.status_code == 200 and "Lorwyn hideaway" in compared.text
    assert seats["Bob"].get(f"/g/{game['id']}/editions").status_code == 403
