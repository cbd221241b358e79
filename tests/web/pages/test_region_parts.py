"""The live region rendered part by part (app/web/pages/region_parts.py) is, byte for byte,
the `live` block of the game page, for every shipped scenario, state and viewer."""

from __future__ import annotations

import pytest

from app.scenarios.library import all_scenarios
from app.scenarios.model import Scenario
from app.web.live_parts import LIVE_PARTS
from app.web.pages.region_parts import render_region
from app.web.templating import ENV, render
from tests.rules.conformance.button_equivalence import viewpoints
from tests.rules.conformance.test_button_equivalence import states_of
from tests.web.pages.test_board_zones import _pages

SCENARIOS = all_scenarios()


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.key for s in SCENARIOS])
def test_the_region_by_parts_is_the_pages_live_block(scenario: Scenario) -> None:
    for number, state in enumerate(states_of(scenario)):
        lang = ("en", "fr")[number % 2]
        for viewer, acting_as in viewpoints(state.player_names()):
            _, variables = _pages(state, viewer, acting_as, lang)[0]
            region = render_region(variables)
            assert region.html == render("pages/game.html", variables, ["live"])
            assert len(region.parts) == len(LIVE_PARTS)


def test_the_page_includes_exactly_the_parts_in_their_order() -> None:
    # The block loops over LIVE_PARTS: a part added to the template by hand, outside the
    # list, would be in the page and never in a catch-up's comparison.
    source = ENV.loader.get_source(ENV, "pages/game.html")[0]  # type: ignore[union-attr]
    block = source[
        source.index("{% block live %}") : source.index(
            "{% endblock %}", source.index("{% block live %}")
        )
    ]
    assert "{% for part in live_parts %}{% include part %}{% endfor %}" in block
    assert block.count("{% include") == 1
