"""The flip and hideaway bits of the partials, for each kind of viewer, against golden files.

One game under the Lorwyn hideaway edition, built through the engine with a fixed seed: Alice
plays Windbrisk Heights (the choice is pending: `hideaway_choice`), hides Akroma with it
(choosing the bottom order), flips and taps Akki Lavarunner; the land then goes to Bob, who
activates it (an ability on the stack). Viewers: Alice, Bob, the judge and a spectator.

Regenerate after an intended change with FACEDOWN_REGEN_GOLDEN=1, and read the diff.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_pages_templates import VIEWERS, check_golden

from app.catalog import load_catalog
from app.rules import engine
from app.rules.core.events import Event
from app.rules.core.state import GameState
from app.rules.families import parse_action
from app.rules.mtg.setup import MtgOptions as GameOptions
from app.rules.mtg.setup import MtgSetup as GameSetup
from app.rules.mtg.setup import MtgSetupCard as SetupCard
from app.rules.redact import log_for
from app.web.game_service import Looking, options_for, table_of
from app.web.pages.table_page import Shown, table_page
from app.web.seat_cookie import PageSeat
from app.web.templating import render

HIDDEN = "Akroma, Angel of Fury"
SETUP = (
    ("Alice", "hand", "Windbrisk Heights"),
    ("Alice", "library", HIDDEN),
    ("Alice", "library", "Island"),
    ("Alice", "library", "Forest"),
    ("Alice", "battlefield", "Akki Lavarunner"),
    ("Bob", "hand", "Llanowar Elves"),
)


def _find(state: GameState, name: str, zone: str | None = None) -> str:
    for obj in state.objects:
        if obj.card.name == name and (zone is None or obj.zone.value == zone):
            return obj.id
    raise LookupError(name)


def _build() -> tuple[GameState, GameState, list[tuple[int, str | None, list[Event]]]]:
    catalog = load_catalog()
    setup = GameSetup(
        ruleset="mtg",
        players=["Alice", "Bob"],
        cards=[
            SetupCard(owner=owner, zone=zone, card=catalog.get(name))  # type: ignore[arg-type]
            for owner, zone, name in SETUP
        ],
        options=GameOptions(hideaway_edition="lorwyn"),
    )
    outcome = engine.new_game(setup, seed="golden-hideaway")
    state = outcome.state
    log: list[tuple[int, str | None, list[Event]]] = [(0, None, list(outcome.events))]

    def step(actor: str | None, action: dict[str, Any]) -> None:
        nonlocal state
        result = engine.apply(state, parse_action(action), actor)
        state = result.state
        log.append((state.version, actor, list(result.events)))

    step("Alice", {"type": "play_land", "object": _find(state, "Windbrisk Heights")})
    pending = state
    forest, island = _find(state, "Forest"), _find(state, "Island")
    step(
        "Alice",
        {
            "type": "hideaway_exile",
            "object": _find(state, HIDDEN),
            "bottom_order": [forest, island],
        },
    )
    akki = _find(state, "Akki Lavarunner")
    step("Alice", {"type": "flip", "object": akki})
    step("Alice", {"type": "tap", "object": akki})
    land = _find(state, "Windbrisk Heights")
    step(None, {"type": "gain_control", "object": land, "player": "Bob"})
    step(None, {"type": "untap", "object": land})
    step(None, {"type": "hideaway_play", "source": land})
    return pending, state, log


PENDING, STATE, LOG = _build()
EXILED = _find(STATE, HIDDEN, "exile")
AKKI = _find(STATE, "Akki Lavarunner")


def context(state: GameState, kind: str, selected: str | None, lang: str = "en") -> dict[str, Any]:
    viewer = VIEWERS[kind]
    seat = PageSeat(game_id="G4m3", token="t" * 32, viewer=viewer)
    who = Looking(seat=seat, viewer=viewer, acting_as=None, seat_param=None)
    log = [entry for entry in LOG if entry[0] <= state.version]
    table = table_of(
        state, who, log_for(log, viewer, state.ruleset), "Golden hideaway", options_for(state, who)
    )
    return table_page(
        table,
        lang,
        None if kind == "spectator" else "csrf-token-for-tests",
        Shown(
            selected=selected,
        ),
    ).variables()


@pytest.mark.parametrize("kind", list(VIEWERS))
def test_hideaway_choice_matches_golden(kind):
    text = render("partials/pending_choice.html", context(PENDING, kind, None))
    check_golden(f"hideaway_choice.{kind}.html", text)
    assert ("choice-sheet" in text) == (kind in ("player", "judge"))
    assert (HIDDEN in text) == (kind in ("player", "judge"))


@pytest.mark.parametrize("kind", list(VIEWERS))
@pytest.mark.parametrize(
    ("partial", "selected"), [("board", None), ("stack", None), ("sheet", EXILED)]
)
def test_hideaway_partials_match_golden(partial, selected, kind):
    # Magic's stack is its family's own template.
    folder = "families/mtg" if partial == "stack" else "partials"
    text = render(f"{folder}/{partial}.html", context(STATE, kind, selected))
    check_golden(f"hideaway.{partial}.{kind}.html", text)
    if kind == "spectator":
        assert HIDDEN not in text


@pytest.mark.parametrize("kind", list(VIEWERS))
def test_flip_sheet_matches_golden(kind):
    text = render("partials/sheet.html", context(STATE, kind, AKKI))
    check_golden(f"flip.sheet.{kind}.html", text)
    assert "Normal half" in text and "Flipped half" in text


@pytest.mark.parametrize("kind", ["judge", "opponent"])
def test_hideaway_board_matches_golden_in_french(kind):
    text = render("partials/board.html", context(STATE, kind, None, "fr"))
    check_golden(f"hideaway.board.{kind}.fr.html", text)
    assert "inversé depuis" in text
