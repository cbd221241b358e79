"""Issue 29 items 6 and 7 on a 360×800 touch phone, beyond test_judge_flow_phone.py:

- A scenario's question and its answer open the judge's page: both on its first screen,
  above the board, in English and in French.
- A built table's publish form starts with an empty question (never the game's title,
  "Alice · Bob", to clear first), in English and in French.
- Take-back from the live page: the last three actions, newest first, each in the seat's own
  words (its log's, redacted for it: Alice's face-down card is never named); Bob asks, Alice's
  page shows the request live and she agrees from it; both pages follow live to the version
  before that action."""

from __future__ import annotations

import re

import pytest

from tests.browser.conftest import PHONE
from tests.browser.home_support import start_question
from tests.browser.test_morph_game import (
    LIVE_TIMEOUT_MS,
    Recorder,
    assert_not_reloaded,
    check_layout,
    mark_page,
    shoot,
    wait_connected,
)

pytestmark = pytest.mark.browser

DEMO = "look-at-opponents-face-down"
HIDDEN = ("Exalted Angel", "Ange exalté")  # Alice's face-down creature in that scenario


def _top_on_first_screen(locator) -> bool:
    box = locator.bounding_box()
    return box is not None and 0 <= box["y"] < PHONE["height"]


def _before(page, first: str, second: str) -> bool:
    """Whether `first` comes before `second` in the page."""
    return page.evaluate(
        "([a, b]) => !!(document.querySelector(a).compareDocumentPosition("
        "document.querySelector(b)) & Node.DOCUMENT_POSITION_FOLLOWING)",
        [first, second],
    )


@pytest.mark.parametrize(
    ("locale", "judge_link"), [("en-GB", "Open as judge"), ("fr-FR", "Ouvrir en arbitre")]
)
def test_a_scenarios_question_and_answer_open_the_judges_page(server, phone, locale, judge_link):
    page = phone(locale).new_page()
    page.goto(server + "/")
    start_question(page, DEMO)
    page.get_by_role("link", name=judge_link).click()
    page.wait_for_url(re.compile(r"/g/[A-Za-z0-9_-]+$"))
    brief = page.locator("section.scenario-brief")
    question, answer = brief.locator(".brief-question"), brief.locator(".brief-answer")
    assert question.inner_text().strip() and answer.inner_text().strip()
    assert _top_on_first_screen(question), question.bounding_box()
    assert _top_on_first_screen(answer), answer.bounding_box()
    assert _before(page, "section.scenario-brief", "#live")
    # The publish form holds the scenario's question and answer, ready to publish.
    assert page.locator("#ruling-title").input_value()
    assert page.locator("#ruling-note").input_value().strip() == answer.inner_text().strip()
    check_layout(page)
    shoot(page, f"scenario-brief-{locale}")


@pytest.mark.parametrize(
    ("locale", "build", "judge_link"),
    [
        ("en-GB", "Build a table", "Open as judge"),
        ("fr-FR", "Construire la table", "Ouvrir en arbitre"),
    ],
)
def test_a_built_tables_question_starts_empty(server, phone, locale, build, judge_link):
    page = phone(locale).new_page()
    page.goto(server + "/")
    page.get_by_role("button", name=build, exact=True).tap()
    page.get_by_role("link", name=judge_link).tap()
    page.wait_for_url(re.compile(r"/g/[A-Za-z0-9_-]+$"))
    page.locator("details.publish > summary").tap()
    question = page.locator("#ruling-title")
    question.wait_for()
    assert question.input_value() == ""
    assert "Alice" not in page.locator("form.publish-form").evaluate(
        "f => [...f.elements].filter(e => e.type !== 'checkbox' && e.tagName !== 'SELECT')"
        ".map(e => e.value).join(' ')"
    )


def _seat_page(server: str, phone, href: str, locale: str):
    context = phone(locale)
    page = context.new_page()
    recorder = Recorder(context, page)
    page.goto(server + href)
    page.locator("#live").wait_for()
    wait_connected(page)
    return page, recorder


@pytest.mark.parametrize(
    ("locale", "before", "agree", "taken_back"),
    [
        ("en-GB", "Before v", "Agree", "Taken back to version {n} by Bob"),
        ("fr-FR", "Avant v", "Accepter", "version {n}"),
    ],
)
def test_bob_asks_from_his_live_page_and_alice_agrees_from_hers(
    server, phone, locale, before, agree, taken_back
):
    home = phone(locale).new_page()
    home.goto(server + "/")
    start_question(home, DEMO)
    hrefs = {
        who: home.locator("section.link-card", has_text=who)
        .get_by_role("link")
        .first.get_attribute("href")
        for who in ("Alice", "Bob")
    }
    alice, _ = _seat_page(server, phone, hrefs["Alice"], locale)
    bob, bob_recorder = _seat_page(server, phone, hrefs["Bob"], locale)
    mark_page(alice)
    mark_page(bob)

    offer = bob.locator("#take-back-offer")
    offer.locator("summary").tap()
    choices = offer.get_by_role("button")
    texts = [choices.nth(i).inner_text() for i in range(choices.count())]
    # The last three actions, newest first, each in words (not a bare version number).
    versions = [int(re.match(re.escape(before) + r"(\d+)", t).group(1)) for t in texts]
    assert len(versions) == 3 and versions == sorted(versions, reverse=True), texts
    for text in texts:
        assert len(re.sub(re.escape(before) + r"\d+\s*:\s*", "", text)) > 10, text
        for name in HIDDEN:
            assert name not in text
    check_layout(bob)
    newest = versions[0]
    choices.first.tap()  # a plain form: Bob's own page comes back with his request
    bob.locator("section.take-back-request").wait_for()
    wait_connected(bob)
    mark_page(bob)

    # Alice's live page shows the request, without a reload, and she agrees from it.
    request = alice.locator("section.take-back-request")
    request.wait_for(timeout=LIVE_TIMEOUT_MS)
    assert_not_reloaded(alice)
    shoot(alice, f"take-back-request-live-{locale}")
    request.get_by_role("button", name=agree, exact=True).tap()
    done = taken_back.format(n=newest - 1)
    for page in (alice, bob):
        page.locator("#live .log", has_text=done).wait_for(timeout=LIVE_TIMEOUT_MS)
        assert page.locator("section.take-back-request").count() == 0
    assert_not_reloaded(bob)
    for name in HIDDEN:
        bob_recorder.assert_never_saw(name)
