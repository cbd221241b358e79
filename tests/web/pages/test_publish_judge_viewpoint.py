"""The publish form's Judge viewpoint (issue 25, finding 7): it starts unticked, so publishing
with the defaults never puts a hidden card into a shareable link, and the box says plainly,
before publishing and without JavaScript, in both languages, that everyone with the link will
see every hidden card."""

from __future__ import annotations

import re

import pytest
from test_ruling_pages import publish, slug_of
from test_rulings_venue import _form, _ticked

from app.web.assets import STATIC_DIR
from tests.web.pages_support import LEAK_SETUP, seat_client

pytestmark = pytest.mark.engine

WARNING = {
    "en": "everyone with the link will see every hidden card",
    "fr": "toute personne ayant le lien verra toutes les cartes cachées",
}


@pytest.fixture
def table(client, make_game):
    game_id, tokens = make_game(client, setup=list(LEAK_SETUP))
    return game_id, seat_client(client.app, tokens["judge"])


def _judge_box(form: str) -> str:
    found = re.search(r'<input type="checkbox" name="viewpoint" value="role:judge"[^>]*>', form)
    assert found, "no judge viewpoint box"
    return found.group(0)


def unprefix(viewpoint: str) -> str:
    return viewpoint.split(":", 1)[1]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_judge_viewpoint_starts_unticked_and_says_what_ticking_it_shows(table, lang) -> None:
    game_id, judge = table
    judge.cookies.set("lang", lang)
    form = _form(judge.get(f"/g/{game_id}").text)
    box = _judge_box(form)
    assert "checked" not in box
    assert "role:judge" not in _ticked(form)
    # The warning is in the page itself (no script needed), and the box points at it.
    warning = re.search(r'<p id="publish-judge-warning"[^>]*>([^<]+)</p>', form)
    assert warning and WARNING[lang] in warning.group(1), form
    assert 'aria-describedby="publish-judge-warning"' in box


def test_publishing_with_the_defaults_publishes_no_judges_viewpoint(table, client) -> None:
    """What the form sends untouched: the ticked boxes. The published ruling holds every
    player's and the spectator's viewpoint, not the judge's (every hidden card)."""
    game_id, judge = table
    ticked = _ticked(_form(judge.get(f"/g/{game_id}").text))
    published = client.get(
        f"/api/rulings/{slug_of(publish(judge, game_id, [unprefix(v) for v in ticked]))}"
    ).json()
    kinds = [v["viewer"]["kind"] for v in published["viewpoints"]]
    assert kinds and "judge" not in kinds, kinds
    # Ticked, it is published: the check above can tell.
    with_judge = client.get(f"/api/rulings/{slug_of(publish(judge, game_id, ['judge']))}").json()
    assert [v["viewer"]["kind"] for v in with_judge["viewpoints"]] == ["judge"]


def test_a_refused_form_keeps_the_judge_viewpoint_the_judge_ticked(table) -> None:
    game_id, judge = table
    response = publish(judge, game_id, ["judge"], title="")
    assert response.status_code == 422
    assert "checked" in _judge_box(_form(response.text))


def test_the_stylesheet_shows_the_warning_once_the_box_is_ticked() -> None:
    """Without :has() (or without CSS) the warning always shows; with it, it shows when ticked."""
    css = (STATIC_DIR / "css" / "facedown.css").read_text()
    rule = ".judge-viewpoint:not(:has(input:checked)) + .judge-viewpoint-warning { display: none; }"
    assert "@supports selector(:has(a))" in css and rule in css
