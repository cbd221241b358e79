"""The judge's "Add a card" reads in the order it is used (issue 29, item 2): Owner, Zone and
Face down before the search box and its hits (a hit is the button that adds the card); the
card added is told beside the form, not at the top of the page. In English and French."""

from __future__ import annotations

import re

import pytest

from tests.web.pages.test_table_builder_pages import judge_page, post_form

FR = {"Accept-Language": "fr"}


def _french_if(judge, headers: dict[str, str]) -> None:
    if headers:  # the page's language toggle, so the POST answers in French too
        judge.cookies.set("lang", "fr")


def _add_form(page: str) -> str:
    start = page.index('<form class="add-card"')
    return page[start : page.index("</form>", start)]


@pytest.mark.parametrize("headers", [{}, FR])
def test_owner_zone_and_face_down_come_before_the_search_and_its_hits(client, headers):
    judge, url, _ = judge_page(client)
    page = judge.get(url, params={"q": "exalted"}, headers=headers).text
    form = _add_form(page)
    order = [
        form.index('name="owner"'),
        form.index('id="add-zone"'),
        form.index('id="add-face-down"'),
        form.index('id="card-q"'),
        form.index('name="card" value="Exalted Angel"'),  # the hit: the tap that adds it
        form.index('id="add-card-notice"'),
    ]
    assert order == sorted(order)


@pytest.mark.parametrize(
    ("headers", "said"),
    [({}, "Exalted Angel"), (FR, "Ange exalté")],
)
def test_the_card_added_is_told_beside_the_form_not_at_the_top(client, headers, said):
    judge, url, _ = judge_page(client)
    _french_if(judge, headers)
    page = judge.get(url, headers=headers).text
    response = post_form(
        judge,
        f"{url}/judge/add",
        page,
        {"card": "Exalted Angel", "owner": "Alice", "zone": "battlefield", "face_down": "morph"},
    )
    assert response.status_code == 200, response.text
    answer = response.text
    beside = re.search(
        r'<div id="add-card-notice" hx-swap-oob="innerHTML">(.*?)</div>\s*</div>', answer, re.S
    )
    assert beside and 'role="status"' in beside.group(1) and said in beside.group(1)
    top = re.search(r'<div id="notice" hx-swap-oob="innerHTML">(.*?)</div>', answer, re.S)
    assert top is not None and top.group(1).strip() == ""


@pytest.mark.parametrize(("headers", "said"), [({}, "Card added."), (FR, "Carte ajoutée.")])
def test_a_plain_add_lands_on_the_form_with_its_notice(client, headers, said):
    judge, url, _ = judge_page(client)
    _french_if(judge, headers)
    page = judge.get(url, headers=headers).text
    response = post_form(
        judge, f"{url}/judge/add", page, {"card": "Forest", "owner": "Bob"}, htmx=False
    )
    assert response.status_code == 303
    location = response.headers["location"]
    assert "added=1" in location and location.endswith("#add-card")
    again = judge.get(location, headers=headers).text
    notice = again[again.index('id="add-card-notice"') :]
    assert notice.index(said) < notice.index("</div>\n") + 200
    # Not at the top: the page's notice area says nothing of it.
    top = again[again.index('id="notice"') : again.index('id="live"')]
    assert said not in top


def test_another_action_keeps_its_notice_at_the_top(client):
    """Only "Add a card" tells its result beside itself; every other action, at the top."""
    judge, url, _ = judge_page(client)
    page = judge.get(url).text
    post_form(judge, f"{url}/judge/add", page, {"card": "Forest", "owner": "Bob"})
    page = judge.get(url).text
    response = post_form(judge, f"{url}/judge/score", page, {"player": "Alice", "amount": "7"})
    assert response.status_code == 200, response.text
    top = re.search(r'<div id="notice" hx-swap-oob="innerHTML">(.*?)\n</div>', response.text, re.S)
    assert top is not None and "notice-done" in top.group(1)
    beside = re.search(
        r'<div id="add-card-notice" hx-swap-oob="innerHTML">(.*?)</div>', response.text, re.S
    )
    assert beside is not None and "notice" not in beside.group(1)
