"""A judge on a phone (360×800) rebuilds a real call from the home page (issue 27): "Alice
foretold Saw It Coming on her turn 2; on her turn 4 Bob's spell exiles it". The table starts
on Alice's turn 4 (Turn and step), the card is put in exile foretold on turn 2 (702.143a),
Bob's spell goes on the stack, and the judge's Move / edit, which shows the card as foretold
(not "Face up"), records Bob's spell exiling it. The ruling published for Bob's viewpoint
never names the card, in English or French (406.3: only Alice may look at it).
"""

from __future__ import annotations

import html
import re

import pytest

from tests.browser.test_morph_game import Recorder, check_layout, shoot

pytestmark = pytest.mark.browser

NAMES = ("Saw It Coming", "Je t'ai vu", html.escape("Je t'ai vu"), "Je t&#x27;ai vu")
BOBS_SPELL = "Scour from Existence"


def _answer(page, path: str, tap) -> None:
    """Tap, and wait for the judge form's answer: applied (200), never refused."""
    with page.expect_response(lambda r: r.url.endswith(path)) as answer:
        tap()
    assert answer.value.status == 200, answer.value.text()


def _open_facts(page, form: str) -> None:
    facts = page.locator(f"{form} details.exile-facts")
    if facts.get_attribute("open") is None:
        facts.locator("summary").tap()


def test_702_143a_judge_builds_a_foretold_card_exiled_by_bobs_spell_and_publishes_for_bob(
    server, phone
):
    context = phone()
    judge = context.new_page()
    judge_recorder = Recorder(context, judge)
    judge.goto(server + "/")
    judge.get_by_role("button", name="Build a table").tap()
    judge.get_by_role("heading", name="Links for this game").wait_for()
    judge.get_by_role("link", name="Open as judge").tap()
    judge.wait_for_url(re.compile(r"/g/[A-Za-z0-9_-]+$"))
    judge.locator("#add-card").wait_for()
    judge.wait_for_function("() => !!(window.htmx && htmx.version)")

    # Alice's turn 4, precombat main phase (500.1).
    judge.locator("#turn-active").select_option("Alice")
    judge.locator("#turn-number").fill("4")
    judge.locator("#turn-step").select_option("main1")
    _answer(judge, "/judge/turn", judge.get_by_role("button", name="Set the turn").tap)
    judge.wait_for_function(
        "() => document.querySelector('#status-title').textContent.includes('4')"
    )

    # Saw It Coming, foretold by Alice on her turn 2 (702.143a): in exile face down.
    judge.locator("#add-zone").select_option("exile")
    judge.locator("#add-face-down").select_option("exile:foretell")
    _open_facts(judge, "#add-card")
    judge.locator("#add-exiled-turn").fill("2")
    judge.locator("#card-q").tap()
    judge.locator("#card-q").press_sequentially("saw it")
    hit = judge.locator('#card-hits button[value="Saw It Coming"]')
    hit.wait_for()
    _answer(judge, "/judge/add", hit.tap)
    judge.wait_for_function("() => document.querySelectorAll('#live li.tile').length >= 1")

    # Bob's spell on the stack, defined here (the card data doesn't have it).
    judge.locator('#add-card input[name="owner"][value="Bob"]').check()
    judge.locator("#add-zone").select_option("stack")
    judge.locator("#add-face-down").select_option("")
    judge.locator("#add-card details.inline-card > summary").tap()
    judge.locator("#def-name").fill(BOBS_SPELL)
    judge.locator("#def-types").fill("Instant")
    judge.locator("#def-text").fill("Exile target card.")
    _answer(judge, "/judge/add", judge.get_by_role("button", name="Add this card").tap)
    judge.wait_for_function("() => document.querySelectorAll('#live li.tile').length >= 2")
    assert "Saw It Coming" in judge.locator("#live").inner_text()  # the judge sees it

    # Move / edit on the foretold card shows it foretold, and records Bob's spell exiling
    # it: exiled face down by Bob's effect, which lets nobody look (406.3).
    judge.locator("#live details.zone-exile > summary").first.tap()
    judge.locator("#live li.tile", has_text="Saw It Coming").locator("a").first.tap()
    edit = judge.locator("#judge-edit")
    edit.wait_for()
    edit.locator("summary").first.tap()
    assert edit.locator("#edit-face-down").input_value() == "exile:foretell"
    edit.locator("#edit-face-down").select_option("exile:effect")
    _open_facts(judge, "#judge-edit")
    edit.locator("#edit-exiled-by").select_option("Bob")
    edit.locator("#edit-exiled-turn").fill("4")
    edit.locator("#edit-exiled-look").select_option("nobody")
    edit.locator("#edit-exiled-source").fill(BOBS_SPELL)
    _answer(judge, "/judge/edit", edit.get_by_role("button", name="Apply").tap)
    judge.wait_for_function(
        "() => document.querySelector('#live').textContent.includes('exiled face down by Bob')"
    )
    check_layout(judge)

    # Publish for Bob's viewpoint only.
    judge.locator("details.publish > summary").tap()
    for other in ("Alice", "Spectator", "Judge"):
        judge.get_by_role("checkbox", name=other, exact=True).uncheck()
    assert judge.get_by_role("checkbox", name="Bob", exact=True).is_checked()
    judge.get_by_label("The question").fill(
        "Bob's spell exiles Alice's foretold card: can she cast it?"
    )
    judge.get_by_role("button", name="Publish the ruling").tap()
    judge.get_by_role("heading", name="Ruling published").wait_for()
    ruling_url = judge.locator("#ruling-url").input_value()
    shoot(judge, "foretold-journey-published")
    assert judge_recorder.csp_errors == []

    # Bob's viewpoint, in English and in French: the card is never named.
    for locale in ("en-GB", "fr-FR"):
        bob_context = phone(locale)
        bob = bob_context.new_page()
        recorder = Recorder(bob_context, bob)
        bob.goto(ruling_url)
        bob.locator("main").wait_for()
        page = bob.content()
        # Not vacuous: the ruling shows the card's public history.
        assert "foretold on turn 2" in page or "prédite au tour 2" in page
        for name in NAMES:
            assert name not in page, f"{name!r} in Bob's ruling page ({locale})"
            recorder.assert_never_saw(name)
        check_layout(bob)
