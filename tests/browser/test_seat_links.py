"""Seat links that survive (issue 17, item 1) on a phone (360×800, touch): create a game, open
a seat, press Back, and the links page is there again with Copy (a GET: nothing resubmitted);
the judge reopens the links from the game; a seat reopens its own link. Without JavaScript
the Copy and Share buttons stay hidden (`[hidden]` wins over `button {display:inline-flex}`)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE
from tests.browser.test_morph_game import check_layout, shoot

pytestmark = pytest.mark.browser

LINKS_URL = re.compile(r"/g/[A-Za-z0-9_-]+/links$")
GAME_URL = re.compile(r"/g/[A-Za-z0-9_-]+$")


def _tokens(page) -> list[str]:
    return [
        h.removeprefix("/join/")
        for h in page.locator("a[href^='/join/']").evaluate_all(
            "links => links.map(a => a.getAttribute('href'))"
        )
    ]


def test_back_from_a_seat_shows_the_links_again_and_the_judge_reopens_them(server, phone):
    context = phone()
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server)
    page = context.new_page()
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    page.goto(server + "/")
    page.get_by_role("button", name="Create the game").tap()
    page.wait_for_url(LINKS_URL)
    page.get_by_role("heading", name="Links for this game").wait_for()
    links_url = page.url
    tokens = _tokens(page)
    assert len(tokens) == 4  # judge, two seats, spectators
    copies = page.locator("button.copy")
    # copy.js and share.js are deferred: they show their buttons a moment after the heading.
    assert copies.count() == 4
    for i in range(4):
        expect(copies.nth(i)).to_be_visible()
    has_share = page.evaluate("() => typeof navigator.share === 'function'")
    expect(page.locator("button.share-link:visible")).to_have_count(4 if has_share else 0)
    check_layout(page)
    shoot(page, "links")

    # Copy puts the link itself on the clipboard.
    seat = page.locator("section.link-card").nth(1)
    seat.get_by_role("button", name="Copy").tap()
    seat.get_by_role("button", name="Copied").wait_for()
    copied = page.evaluate("() => navigator.clipboard.readText()")
    assert copied == seat.locator("input.url").input_value()
    assert copied.endswith(f"/join/{tokens[1]}")

    # Open the seat, then Back: the same links, with Copy, and no form sent again.
    seat.get_by_role("link", name="Open").tap()
    page.wait_for_url(GAME_URL)
    assert f'href="/g/{page.url.rsplit("/", 1)[1]}/my-link"' in page.content()
    page.go_back()
    page.wait_for_url(links_url)
    page.get_by_role("heading", name="Links for this game").wait_for()
    assert _tokens(page) == tokens
    expect(page.locator("button.copy").first).to_be_visible()
    assert len(posts) == 1, posts  # only the form that created the game
    page.reload()
    assert _tokens(page) == tokens and len(posts) == 1

    # The judge, on another phone, reopens the links from the game's judge tools.
    judge = phone().new_page()
    judge.goto(f"{server}/join/{tokens[0]}")
    judge.wait_for_url(GAME_URL)
    judge.get_by_role("link", name="Seat links & QR codes").tap()
    judge.wait_for_url(LINKS_URL)
    assert _tokens(judge) == tokens
    check_layout(judge)


def test_a_seat_reopens_its_own_link_and_qr_code(server, phone):
    page = phone().new_page()
    page.goto(server + "/")
    page.get_by_role("button", name="Create the game").tap()
    page.wait_for_url(LINKS_URL)
    tokens = _tokens(page)
    player = phone().new_page()
    player.goto(f"{server}/join/{tokens[2]}")
    player.wait_for_url(GAME_URL)
    player.get_by_role("link", name=re.compile("Your link")).tap()
    player.get_by_role("heading", name="Your link").wait_for()
    assert _tokens(player) == [tokens[2]]
    assert player.locator("figure.qr svg").count() == 1
    expect(player.locator("button.copy")).to_be_visible()  # once the deferred copy.js runs
    check_layout(player)
    shoot(player, "my-link")


def test_without_javascript_no_copy_or_share_button_shows(server, browser, phone):
    page = phone().new_page()
    page.goto(server + "/")
    page.get_by_role("button", name="Create the game").tap()
    page.wait_for_url(LINKS_URL)
    links_url = page.url
    cookies = page.context.cookies()
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, java_script_enabled=False
    )
    try:
        context.add_cookies(cookies)
        no_js = context.new_page()
        no_js.goto(links_url)
        no_js.get_by_role("heading", name="Links for this game").wait_for()
        assert no_js.locator("button.copy").count() == 4
        assert no_js.locator("button.copy:visible, button.share-link:visible").count() == 0
        assert no_js.locator("input.url:visible").count() == 4
    finally:
        context.close()
