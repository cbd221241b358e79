"""The "Table" panel's forms rendered once per what they show (app/web/table_items.py): pages
are byte for byte what the panel drew with its forms inline, and each page gets its own form
fields (its CSRF token, its version, the judge's viewpoint) in every form.

tests/web/pages/inline_table/ keeps partials/table_actions.html as it was, each form written
in its loop; an environment that prefers it renders the game page and its past for every
shipped scenario, state and viewer, in both languages, twice (the second time from the kept
forms).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from app.scenarios.library import all_scenarios
from app.scenarios.model import Scenario
from app.web import table_items
from app.web.templating import ENV
from tests.rules.conformance.button_equivalence import viewpoints
from tests.rules.core.scenario_states import scenario_states
from tests.web.pages.test_board_zones import _pages
from tests.web.pages_support import environment_preferring

INLINE = environment_preferring(Path(__file__).parent / "inline_table")
SCENARIOS = all_scenarios()


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.key for s in SCENARIOS])
def test_every_page_draws_its_table_panel_as_the_inline_forms_did(scenario: Scenario) -> None:
    panels = 0
    for state in scenario_states(scenario, "table-items"):
        for lang in ("en", "fr"):
            for viewer, acting_as in viewpoints(state.player_names()):
                for template, context in _pages(state, viewer, acting_as, lang):
                    for _ in range(2):  # drawn, then from the kept forms
                        new = ENV.get_template(template).render(**context)
                        assert new == INLINE.get_template(template).render(**context)
                    panels += 'class="table-action"' in new
    assert panels or scenario.key.startswith("riftbound"), "no table panel drawn"


def test_each_page_gets_its_own_form_fields_in_every_kept_form(monkeypatch) -> None:
    monkeypatch.setattr(table_items, "ITEMS", table_items.LRU(64))
    (scenario,) = [s for s in SCENARIOS if not s.key.startswith("riftbound")][:1]
    state = scenario_states(scenario, "table-items")[0]
    viewer, acting_as = next(iter(viewpoints(state.player_names())))
    _, context = _pages(state, viewer, acting_as, "en")[0]
    first = ENV.get_template("partials/table_actions.html").render(**context)
    kept = len(table_items.ITEMS)
    other = context | {"csrf": "another-seats-token", "view": context["view"]}
    second = ENV.get_template("partials/table_actions.html").render(**other)
    assert kept and len(table_items.ITEMS) == kept  # the second page drew from the kept forms
    forms = second.count('class="table-action"')
    assert forms and second.count('value="another-seats-token"') == forms
    assert "another-seats-token" not in first and first.count('value="csrf"') == forms
    # In French, the labels are drawn afresh: a form kept in one language never serves another.
    _, french = _pages(state, viewer, acting_as, "fr")[0]
    drawn = ENV.get_template("partials/table_actions.html").render(**french)
    assert drawn == INLINE.get_template("partials/table_actions.html").render(**french)
    assert len(table_items.ITEMS) == 2 * kept


def test_a_forms_key_is_its_actions_exact_json() -> None:
    from app.web.table_items import _posted_key

    draw = {"type": "draw", "player": "Alice", "count": 1}
    assert _posted_key(draw) == _posted_key(dict(draw))
    assert _posted_key(draw) != _posted_key({**draw, "player": "Bob"})
    assert _posted_key(draw) != _posted_key({**draw, "count": 2})
    # What orjson won't write (an integer past 64 bits) is keyed by the form's own text.
    huge = {"type": "life", "player": "Alice", "amount": 2**70}
    assert _posted_key(huge) == '{"type":"life","player":"Alice","amount":1180591620717411303424}'
