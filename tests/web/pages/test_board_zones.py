"""The board's zones grouped once in Python (app/web/board_zones.py) draw exactly what the
Jinja filter chains drew.

tests/web/pages/filter_chain/ keeps the family templates as they were, filtering
`view.objects` per zone and player; an environment that prefers them renders every page kind
(the game page, its past) for every shipped scenario, every state of its log and every viewer
a page has, and must give the same bytes as the app's templates.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from app.rules.redact import Viewer, view_for
from app.scenarios.library import all_scenarios
from app.scenarios.model import Scenario
from app.web.board_zones import BoardZones, board_zones
from app.web.game_service import Looking, options_for, table_of
from app.web.pages.table_page import Travel, table_page
from app.web.seat_cookie import PageSeat
from app.web.templating import ENV
from tests.rules.conformance.button_equivalence import viewpoints
from tests.rules.conformance.test_button_equivalence import states_of
from tests.web.pages_support import environment_preferring

FILTER_CHAIN = Path(__file__).parent / "filter_chain"
SCENARIOS = all_scenarios()


OLD = environment_preferring(FILTER_CHAIN)


def _obj(id_: str, zone: str, owner: str, controller: str) -> SimpleNamespace:
    return SimpleNamespace(id=id_, zone=zone, owner=owner, controller=controller)


def test_groups_keep_the_views_order_and_say_whose_by_controller_or_owner() -> None:
    objects = [
        _obj("k1", "battlefield", "Alice", "Bob"),  # Alice's, stolen by Bob
        _obj("k2", "graveyard", "Bob", "Bob"),
        _obj("k3", "battlefield", "Bob", "Bob"),
        _obj("k4", "graveyard", "Bob", "Alice"),
        _obj("k5", "stack", "Alice", "Alice"),
        _obj("k6", "battlefield", "Alice", "Bob"),
    ]
    zones = BoardZones.of(objects)
    assert [o.id for o in zones.controlled("battlefield", "Bob")] == ["k1", "k3", "k6"]
    assert zones.controlled("battlefield", "Alice") == []
    assert [o.id for o in zones.owned("battlefield", "Alice")] == ["k1", "k6"]
    assert [o.id for o in zones.owned("graveyard", "Bob")] == ["k2", "k4"]
    assert [o.id for o in zones.in_zone("stack")] == ["k5"]
    assert zones.in_zone("exile") == []
    # The view's order, not the ids' order; an id named twice or unknown adds nothing.
    assert [o.id for o in zones.with_ids(["k6", "k1", "k6", "nope"])] == ["k1", "k6"]
    # A template may add one group to another or keep it: each call is its own list.
    mine = zones.owned("graveyard", "Bob")
    mine.append(objects[0])
    assert len(zones.owned("graveyard", "Bob")) == 2


def test_grouped_once_per_view() -> None:
    first = SimpleNamespace(objects=[_obj("k1", "hand", "Alice", "Alice")])
    second = SimpleNamespace(objects=[_obj("k2", "hand", "Alice", "Alice")])
    assert board_zones(first) is board_zones(first)
    assert [o.id for o in board_zones(second).owned("hand", "Alice")] == ["k2"]
    assert [o.id for o in board_zones(first).owned("hand", "Alice")] == ["k1"]


def _pages(state: Any, viewer: Viewer, acting_as: str | None, lang: str) -> list[tuple[str, Any]]:
    seat = PageSeat(game_id="G4m3", token="t" * 32, viewer=Viewer.judge() if acting_as else viewer)
    who = Looking(seat=seat, viewer=viewer, acting_as=acting_as, seat_param=acting_as)
    table = table_of(state, who, [], "Scenario", options_for(state, who))
    game = table_page(table, lang, "csrf").variables()  # type: ignore[arg-type]
    travel = Travel(
        version=state.version,
        latest=state.version + 1,
        past=True,
        first=None,
        back=None,
        forward=None,
        now="/g/G4m3",
        form="/g/G4m3/at",
        seat_param=acting_as,
    )
    past = table_page(table, lang, "csrf", travel=travel).variables()  # type: ignore[arg-type]
    return [("pages/game.html", game), ("pages/past.html", past)]


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.key for s in SCENARIOS])
def test_every_page_is_byte_identical_to_the_filter_chains(scenario: Scenario) -> None:
    for number, state in enumerate(states_of(scenario)):
        lang = ("en", "fr")[number % 2]
        for viewer, acting_as in viewpoints(state.player_names()):
            for template, context in _pages(state, viewer, acting_as, lang):
                new = ENV.get_template(template).render(**context)
                old = OLD.get_template(template).render(**context)
                assert new == old, (number, viewer, acting_as, template)


def test_the_scenarios_fill_every_grouped_zone() -> None:
    """The comparison above means something only if the scenarios put objects in the zones
    the templates group, for more than one player, and in Riftbound's places."""
    seen: set[tuple[str, str]] = set()
    for scenario in SCENARIOS:
        for state in states_of(scenario):
            view = view_for(state, Viewer.judge())
            seen |= {(view.ruleset.split("-")[0], o.zone) for o in view.objects}
            if view.ruleset == "riftbound":
                fields = view.riftbound.battlefields  # type: ignore[attr-defined]
                if any(bf.facedown for bf in fields):
                    seen.add(("riftbound", "facedown slot"))
                if any(bf.units for bf in fields):
                    seen.add(("riftbound", "units at a battlefield"))
                if view.riftbound.chain:  # type: ignore[attr-defined]
                    seen.add(("riftbound", "chain"))
    wanted = {
        ("mtg", "battlefield"),
        ("mtg", "hand"),
        ("mtg", "graveyard"),
        ("mtg", "exile"),
        ("mtg", "stack"),
        ("riftbound", "base"),
        ("riftbound", "hand"),
        ("riftbound", "facedown slot"),
        ("riftbound", "chain"),
    }
    assert wanted <= seen, wanted - seen
