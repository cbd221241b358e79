"""Issue 29 on a phone (360×800, touch), in English and French: "Build a table" on the home
page's first screen (with and without JavaScript); a published ruling opening on the player
the question names, and switching viewpoint keeping the reader on the board; a scenario's
question at the top of the judge's page; a take-back asked from the live page."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import PHONE
from tests.browser.home_support import start_question
from tests.browser.test_morph_game import Recorder, check_layout, shoot

pytestmark = pytest.mark.browser

DEMO = "look-at-opponents-face-down"
HIDDEN = "Exalted Angel"  # Alice's face-down card in that scenario


def _within_first_screen(locator) -> bool:
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]


@pytest.mark.parametrize(
    ("locale", "button"), [("en-GB", "Build a table"), ("fr-FR", "Construire la table")]
)
def test_build_a_table_is_on_the_home_pages_first_screen(server, phone, locale, button):
    context = phone(locale)
    page = context.new_page()
    recorder = Recorder(context, page)
    page.goto(server + "/")
    build = page.get_by_role("button", name=button, exact=True)
    assert _within_first_screen(build), build.bounding_box()
    check_layout(page)
    shoot(page, f"home-first-screen-{locale}")
    # The questions: one line per group, every group closed; the page is a few screens.
    assert page.locator("details.question-group[open]").count() == 0
    height = page.evaluate("() => document.documentElement.scrollHeight")
    assert height < 4 * PHONE["height"], height
    build.tap()
    page.get_by_role(
        "heading", name=re.compile("Links for this game|Liens de cette partie")
    ).wait_for()
    assert recorder.csp_errors == []


def test_build_a_table_without_javascript(server, browser):
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, java_script_enabled=False
    )
    try:
        page = context.new_page()
        page.goto(server + "/")
        build = page.get_by_role("button", name="Build a table", exact=True)
        assert _within_first_screen(build)
        # The question search is a plain GET: the hits' group opens.
        page.locator("#question-q").fill("riftbound")
        page.get_by_role("button", name="Find", exact=True).tap()
        page.wait_for_url(re.compile(r"\?q=riftbound"))
        assert page.locator("details.question-group[open]").count() == 1
        build.tap()
        page.get_by_role("heading", name="Links for this game").wait_for()
    finally:
        context.close()


def _open_demo_as_judge(server: str, page) -> None:
    page.goto(server + "/")
    start_question(page, DEMO)
    page.get_by_role("link", name=re.compile("Open as judge|Ouvrir en arbitre")).click()
    page.wait_for_url(re.compile(r"/g/[A-Za-z0-9_-]+$"))


def test_the_ruling_opens_on_bob_and_switching_viewpoint_keeps_the_place(server, phone):
    context = phone()
    judge = context.new_page()
    recorder = Recorder(context, judge)
    _open_demo_as_judge(server, judge)
    # The scenario's question and answer: on the first screen of the judge's page.
    assert _within_first_screen(judge.locator("section.scenario-brief h3"))
    judge.locator("details.publish > summary").tap()
    question = judge.get_by_label("The question")
    question.fill("Can Bob look at Alice's face-down creature?")
    # Alice is ticked first; the question is about Bob.
    assert judge.get_by_role("checkbox", name="Alice", exact=True).is_checked()
    judge.get_by_role("button", name="Publish the ruling").tap()
    judge.get_by_role("heading", name="Ruling published").wait_for()
    url = judge.locator("#ruling-url").input_value()

    reader = context.new_page()
    reader.goto(url)
    heading = reader.locator("#board-title")
    assert heading.inner_text() == "The board, as Bob saw it"
    assert HIDDEN not in reader.locator("#viewpoint-board").inner_text()
    # Switch to Alice: the page comes back on the board, not at its top.
    reader.locator("nav.viewpoints").get_by_role("link", name="Alice").tap()
    reader.wait_for_url(re.compile(r"\?vp=\d#viewpoint-board$"))
    reader.locator("#board-title", has_text="Alice").wait_for()
    assert reader.evaluate("() => window.scrollY") > 0
    assert _within_first_screen(reader.locator("#board-title"))
    check_layout(reader)
    shoot(reader, "ruling-switched-viewpoint")
    assert recorder.csp_errors == []


@pytest.mark.parametrize(
    ("locale", "summary", "before"),
    [
        ("en-GB", "Take back a recent action", "Before v"),
        ("fr-FR", "Revenir sur une action récente", "Avant v"),
    ],
)
def test_bob_asks_for_a_take_back_from_his_live_page(server, phone, locale, summary, before):
    context = phone(locale)
    home = context.new_page()
    home.goto(server + "/")
    start_question(home, DEMO)
    bob_link = home.locator("section.link-card", has_text="Bob").get_by_role("link").first
    href = bob_link.get_attribute("href")
    bob_context = phone(locale)
    bob = bob_context.new_page()
    recorder = Recorder(bob_context, bob)
    bob.goto(server + href)
    offer = bob.locator("#take-back-offer")
    offer.locator("summary", has_text=summary).tap()
    choice = offer.get_by_role("button").first
    assert choice.inner_text().startswith(before)
    assert HIDDEN not in offer.inner_text()
    check_layout(bob)
    shoot(bob, f"take-back-offer-{locale}")
    choice.tap()
    bob.locator(".take-back-request").wait_for()
    assert HIDDEN not in bob.locator("main").inner_text()
    recorder.assert_never_saw(HIDDEN)
    assert recorder.csp_errors == []
