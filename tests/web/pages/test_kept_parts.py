"""Live parts kept from one version to the next (app/web/pages/kept_parts.py): every part a
region gets is the part drawn afresh, for every shipped scenario, every viewer (the judge
acting as each seat too), at every version in turn, in both languages; and the kept parts are
used, or the comparison would mean nothing."""

from __future__ import annotations

from typing import Any

import pytest

from app.rules.core.viewer import Viewer
from app.scenarios.library import all_scenarios
from app.scenarios.model import Scenario
from app.web.i18n import translator
from app.web.live_parts import LIVE_PARTS
from app.web.pages import kept_parts
from app.web.pages.region_parts import render_region
from app.web.templating import ENV
from tests.rules.conformance.button_equivalence import viewpoints
from tests.rules.conformance.test_button_equivalence import states_of
from tests.web.pages.test_board_zones import _pages

SCENARIOS = all_scenarios()


def _fresh(variables: dict[str, Any]) -> tuple[str, ...]:
    return tuple(ENV.get_template(name).render(**variables) for name in LIVE_PARTS)


def _variables(state: Any, viewer: Viewer, acting_as: str | None, lang: str) -> dict[str, Any]:
    _, variables = _pages(state, viewer, acting_as, lang)[0]
    # Each viewpoint its own CSRF token, as each seat has: a part kept for one never serves
    # another.
    return variables | {"csrf": f"csrf-{viewer.kind}-{viewer.player}-{acting_as}"}


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.key for s in SCENARIOS])
def test_708_2_a_kept_part_is_the_part_drawn_afresh(scenario: Scenario, monkeypatch) -> None:
    used: list[int] = []
    real = kept_parts.at_version

    def counted(blank: str, version: int) -> str:
        used.append(version)
        return real(blank, version)

    monkeypatch.setattr(kept_parts, "at_version", counted)
    states = states_of(scenario)
    for lang in ("en", "fr"):
        for viewer, acting_as in viewpoints(states[-1].player_names()):
            for number, state in enumerate(states):
                variables = _variables(state, viewer, acting_as, lang)
                assert render_region(variables).parts == _fresh(variables), (
                    lang,
                    viewer,
                    acting_as,
                    number,
                )
    # A scenario whose seats have buttons keeps some of its parts from one version to the
    # next (the spectator's empty bar is kept too).
    assert used


@pytest.mark.parametrize(
    "change",
    [
        {"csrf": "another-token"},
        {"seat_param": "Bob"},
        {"acting_as": "Bob"},
        {"lang": "fr"},
        {"t": "fr"},
        {"urls": "elsewhere"},
    ],
    ids=["csrf", "seat_param", "acting_as", "lang", "words", "urls"],
)
def test_a_part_kept_for_one_page_never_serves_a_page_that_differs(change: dict[str, Any]) -> None:
    """The same buttons (the very objects) on a page that differs in anything else the parts
    read: drawn for that page, not found."""
    scenario = SCENARIOS[0]
    state = states_of(scenario)[-1]
    variables = _variables(state, Viewer.seat(state.player_names()[0]), None, "en")
    render_region(variables)  # kept
    if change.get("urls") == "elsewhere":
        change = {"urls": variables["urls"] | {"act": "/g/Other/act"}}
    if change.get("t") == "fr":
        change = {"t": translator("fr")}
    other = variables | change
    assert render_region(other).parts == _fresh(other)
    assert render_region(variables).parts == _fresh(variables)


def test_a_stock_translator_says_which_language_it_speaks() -> None:
    from app.web.i18n import stock_language

    assert stock_language(translator("fr")) == "fr"
    assert stock_language(translator("en")) == "en"
    # A page's own wording (a ruling's third person) is no stock translator: never kept.
    assert stock_language(lambda key, **values: key) is None
