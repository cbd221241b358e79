"""A log entry's line rendered once (app/web/log_lines.py): pages are byte for byte what the
log drew with its lines inline, every time, and a line kept for one eye never reaches another.

tests/web/pages/inline_log/ keeps partials/log.html as it was, each entry's line written in
its loop; an environment that prefers it renders the game page and its past for every shipped
scenario with its whole log, every viewer and both languages, twice (the second time from the
kept lines).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from app.rules.core.events import Event
from app.rules.core.view import EventView, LogEntryView
from app.rules.redact import log_for
from app.scenarios.library import all_scenarios
from app.scenarios.model import Scenario
from app.web import log_lines
from app.web.templating import ENV
from tests.rules.conformance.button_equivalence import viewpoints
from tests.rules.core.scenario_states import scenario_outcomes
from tests.web.pages.test_board_zones import _pages
from tests.web.pages_support import environment_preferring

INLINE = environment_preferring(Path(__file__).parent / "inline_log")
SCENARIOS = all_scenarios()


def _played(scenario: Scenario) -> tuple[Any, list[tuple[int, str | None, list[Event]]]]:
    """The scenario's last state and its log's raw entries."""
    setup, steps = scenario_outcomes(scenario, "log-lines")
    entries = [(0, None, list(setup.events))]
    entries += [(out.state.version, step.as_, list(out.events)) for step, out in steps]
    return (steps[-1][1].state if steps else setup.state), entries


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.key for s in SCENARIOS])
def test_every_page_draws_its_log_as_the_inline_lines_did(scenario: Scenario) -> None:
    state, entries = _played(scenario)
    for viewer, acting_as in viewpoints(state.player_names()):
        log = log_for(entries, viewer, state.ruleset)[::-1]
        for lang in ("en", "fr"):
            for template, context in _pages(state, viewer, acting_as, lang):
                context = context | {"log": log}
                for _ in range(2):  # drawn, then from the kept lines
                    new = ENV.get_template(template).render(**context)
                    assert new == INLINE.get_template(template).render(**context)
                    assert new.count('<li class="entry">') == len(log)


def _entry() -> LogEntryView:
    private = EventView(
        kind="look",
        text="Alice looks: Exalted Angel.",
        text_fr="Alice regarde : Ange exalté.",
        detailed=True,
        rules=["707.5"],
        objects=[],
    )
    return LogEntryView(version=3, actor="Alice", events=[private])


def _line(e: LogEntryView, *, judge: bool, lang: str = "en") -> str:
    page = ENV.from_string("{{ log_lines([e]) }}")
    return page.render(e=e, lang=lang, judge=judge, rules_base="/rules/mtg/", t=_stock(lang))


def _stock(lang: str) -> Any:
    from app.web.i18n import translator

    return translator(lang)  # type: ignore[arg-type]


def test_a_line_is_kept_for_its_entry_language_and_eye_and_for_nothing_else(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(log_lines, "LINES", log_lines.LRU(64))
    e = _entry()
    seat = _line(e, judge=False)
    # The seat is told the details are theirs alone; the judge, who sees everything, is not.
    assert "pill-private" in seat
    assert "pill-private" not in _line(e, judge=True)
    assert _line(e, judge=False) == seat
    assert "Ange exalté" in _line(e, judge=False, lang="fr")
    # Another entry with other words is drawn for itself, never from this one's line.
    other = LogEntryView(version=3, actor="Alice", events=[])
    assert "Exalted Angel" not in _line(other, judge=False)
    assert len(log_lines.LINES) == 4


def test_an_entry_cannot_change_under_its_kept_line() -> None:
    e = _entry()
    with pytest.raises(Exception, match="frozen"):
        e.version = 4  # type: ignore[misc]
    with pytest.raises(Exception, match="frozen"):
        e.events[0].text = "changed"  # type: ignore[misc]
