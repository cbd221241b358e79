"""The judge's ruling flow on a phone, in real Chromium at 360×800.

The judge builds a scenario from a demo, steps back two versions through the log, publishes
a ruling for Bob's viewpoint, and the link, opened in a fresh browser with no cookie, shows
exactly that moment as Bob saw it: never the face-down card's name, which Bob couldn't see.
The ruling page, the rules index and a rule page pass axe and fit the phone; screenshots of
the ruling page and a rule page go to tests/browser/screenshots/.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.home_support import start_question
from tests.browser.test_morph_game import Recorder, check_axe, check_layout, shoot

pytestmark = pytest.mark.browser

DEMO = "look-at-opponents-face-down"  # v1 cast face down, v2 resolve, v3-v4 looks
HIDDEN = "Exalted Angel"


def test_the_judge_publishes_a_past_moment_for_one_seat_and_a_stranger_sees_exactly_that(
    server, phone
):
    judge = phone().new_page()
    judge.goto(server + "/")
    start_question(judge, DEMO)
    judge.get_by_role("heading", name="Links for this game").wait_for()
    judge.get_by_role("link", name="Open as judge").click()
    judge.wait_for_url(re.compile(r"/g/[A-Za-z0-9_-]+$"))
    assert HIDDEN in judge.locator("#live").inner_text()  # the judge sees everything

    # Two steps back through the log.
    back = judge.get_by_role("link", name="Step back").get_attribute("href")
    latest = int(re.search(r"v=(\d+)", back).group(1)) + 1
    assert latest >= 3
    judge.get_by_role("link", name="Step back").click()
    judge.get_by_text(f"Viewing version {latest - 1} of {latest}").wait_for()
    judge.get_by_role("link", name="Step back").click()
    judge.get_by_text(f"Viewing version {latest - 2} of {latest}").wait_for()
    pinned = latest - 2
    assert judge.locator('button[name="action"]').count() == 0  # nothing to do in the past
    check_layout(judge)

    # Publish that version for Bob's viewpoint (all but the judge's start ticked: untick them).
    for other in ("Alice", "Spectator", "Judge"):
        judge.get_by_role("checkbox", name=other, exact=True).uncheck()
    judge.get_by_role("checkbox", name="Bob", exact=True).check()
    judge.get_by_label("The question").fill("Can Bob look at Alice's face-down creature?")
    judge.get_by_label("The answer").fill("No. Only its controller may look at it (708.5).")
    judge.get_by_role("button", name="Publish the ruling").click()
    judge.get_by_role("heading", name="Ruling published").wait_for()
    url = judge.locator("#ruling-url").input_value()
    assert re.fullmatch(re.escape(server) + r"/r/[A-Za-z0-9_-]{16,}", url), url
    assert judge.locator("figure.qr svg").count() == 1
    expect(judge.get_by_role("button", name="Copy the link")).to_be_visible()  # copy.js ran
    check_axe(judge, "ruling published")

    # A stranger: a fresh browser, no cookie.
    context = phone()
    stranger = context.new_page()
    recorder = Recorder(context, stranger)
    stranger.goto(url)
    stranger.get_by_role("heading", name="Can Bob look at Alice's face-down creature?").wait_for()
    assert context.cookies() == []
    text = stranger.locator("main").inner_text()
    assert "No. Only its controller may look at it (708.5)." in text
    assert "The board, as Bob saw it" in text
    assert f"version {pinned}" in text
    assert "Face-down 2/2" in text  # Bob sees a face-down creature...
    recorder.assert_never_saw(HIDDEN)  # ...and never its name, in any response
    assert stranger.locator("nav.viewpoints").count() == 0  # one viewpoint published
    og = stranger.locator('meta[property="og:image"]').get_attribute("content")
    assert og == url + "/preview.png"  # chat apps draw no SVG (issue 17)
    assert recorder.csp_errors == []
    check_layout(stranger)
    check_axe(stranger, "ruling page")
    shoot(stranger, "ruling")

    # Each rule number links to its stable rule page.
    stranger.locator("main a.rule", has_text="708.5").first.click()
    stranger.wait_for_url(re.compile(r"/rules/mtg/708\.5$"))
    check_layout(stranger)
    check_axe(stranger, "rule page")
    shoot(stranger, "rule")
    recorder.assert_never_saw(HIDDEN)


def test_the_rules_reference_searches_on_a_phone(server, phone):
    page = phone().new_page()
    page.goto(server + "/rules")
    check_axe(page, "rules index")
    check_layout(page)
    page.get_by_label("Search the rules").fill("hideaway")
    page.get_by_text(re.compile(r"\d+ found for .hideaway.")).wait_for()
    assert "Who may look at a face-down object" not in page.locator("#results").inner_text()
    shoot(page, "rules-index")
