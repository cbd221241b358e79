"""Rulings at the venue on a phone (issue 17, items 2 and 3), in real Chromium at 360×800 with
touch: a scenario's judge page shows its question and answer and the publish form starts
with them, every viewpoint but the judge's ticked (ticking the judge's shows, before
publishing, that everyone with the link will see every hidden card); publishing with nothing
ticked is refused inline, on the judge's page, with what was typed kept."""

from __future__ import annotations

import re

import pytest

from app.scenarios.library import get_scenario
from tests.browser.home_support import start_question
from tests.browser.test_morph_game import check_axe, check_layout, shoot

pytestmark = pytest.mark.browser

DEMO = "look-at-opponents-face-down"


def open_scenario_as_judge(server: str, page) -> None:
    page.goto(server + "/")
    start_question(page, DEMO)
    page.get_by_role("link", name="Open as judge").click()
    page.wait_for_url(re.compile(r"/g/[A-Za-z0-9_-]+$"))


def test_a_scenarios_judge_page_shows_question_and_answer_and_prefills_the_form(server, phone):
    scenario = get_scenario(DEMO)
    judge = phone().new_page()
    open_scenario_as_judge(server, judge)
    brief = judge.locator("section.scenario-brief")
    assert brief.locator(".brief-question").inner_text() == scenario.question
    assert brief.locator(".brief-answer").inner_text() == scenario.answer
    judge.locator("details.publish summary").tap()
    assert judge.get_by_label("The question").input_value() == scenario.title
    assert judge.get_by_label("The answer").input_value() == scenario.answer
    boxes = judge.locator('input[name="viewpoint"]')
    assert boxes.count() == 4
    assert [boxes.nth(i).is_checked() for i in range(4)] == [True, True, True, False]
    # The judge's viewpoint: unticked, its warning shown once it is ticked (CSS, no script).
    judge_box = judge.get_by_role("checkbox", name="Judge", exact=True)
    warning = judge.locator("#publish-judge-warning")
    assert not judge_box.is_checked() and not warning.is_visible()
    judge_box.tap()
    warning.wait_for(state="visible")
    assert "everyone with the link will see every hidden card" in warning.inner_text()
    check_layout(judge)
    shoot(judge, "publish-judge-viewpoint-warning")
    judge_box.tap()
    warning.wait_for(state="hidden")
    # The refused look the scenario asks about is in the log.
    assert "Bob tried an action the rules refuse." in judge.locator("#live").inner_text()
    check_layout(judge)
    check_axe(judge, "scenario judge page")
    shoot(judge, "scenario-judge-brief")


@pytest.mark.console_allows(r"status of 422")  # the refusal, shown inline
def test_publishing_with_nothing_ticked_is_refused_inline_keeping_the_typed_text(server, phone):
    judge = phone().new_page()
    open_scenario_as_judge(server, judge)
    game_url = judge.url
    judge.locator("details.publish summary").tap()
    boxes = judge.locator('input[name="viewpoint"]')
    for i in range(boxes.count()):
        if boxes.nth(i).is_checked():
            boxes.nth(i).tap()  # untick every viewpoint, by touch
    judge.get_by_label("The question").fill("Peut-on regarder ?")
    judge.get_by_label("The answer").fill("Typed on the phone, kept after the refusal.")
    with judge.expect_response(re.compile(r"/rulings$")) as posted:
        judge.get_by_role("button", name="Publish the ruling").tap()
    assert posted.value.status == 422
    error = judge.locator("#publish-viewpoint-error")
    error.wait_for()
    assert "Choose at least one viewpoint" in error.inner_text()
    # Scrolled to the form (not to the top of the board): the refusal is on the screen.
    top = error.evaluate("el => el.getBoundingClientRect().top")
    assert 0 <= top < judge.viewport_size["height"], top
    assert "Something is wrong" not in judge.locator("main").inner_text()
    # The judge's own page again, the form open, with what was typed.
    assert judge.locator("#judge-tools-title").is_visible()
    assert judge.get_by_label("The question").input_value() == "Peut-on regarder ?"
    assert (
        judge.get_by_label("The answer").input_value()
        == "Typed on the phone, kept after the refusal."
    )
    assert not any(boxes.nth(i).is_checked() for i in range(boxes.count()))
    check_layout(judge)
    check_axe(judge, "publish refused inline")
    shoot(judge, "publish-refused-inline")
    # Tick one and publish: it goes through.
    judge.get_by_role("checkbox", name="Bob", exact=True).tap()
    judge.get_by_role("button", name="Publish the ruling").tap()
    judge.get_by_role("heading", name="Ruling published").wait_for()
    assert game_url.startswith(server)
