"""Each partial, rendered for each kind of viewer, against a golden file.

One game, built through the engine with a fixed seed (so ids are stable): Alice's
Akroma was cast face down, resolved, got a +1/+1 counter and attacked (by the judge: it is
summoning sick, 302.6, so the log says so); her Grizzly Bears is
on the stack; Bob has Serra Angel out, Llanowar Elves in hand and Lightning Bolt in his
graveyard. The viewers: Alice (the player who controls the hidden card), Bob (her
opponent), the judge and a spectator. Templates get only what `view_for`, `log_for`,
`events_for`, `error_for` and `actions_for` return.

Regenerate after an intended change with FACEDOWN_REGEN_GOLDEN=1, and read the diff.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from app.catalog import load_catalog
from app.rules import engine
from app.rules.core.errors import RuleError
from app.rules.core.events import Event
from app.rules.core.state import GameState
from app.rules.families import parse_action
from app.rules.mtg.setup import MtgSetup as GameSetup
from app.rules.mtg.setup import MtgSetupCard as SetupCard
from app.rules.redact import Viewer, actions_for, error_for, events_for, log_for, view_for
from app.web.game_service import Looking, options_for, table_of
from app.web.pages.table_page import Shown, table_page
from app.web.seat_cookie import PageSeat
from app.web.templating import render

GOLDEN = Path(__file__).parent / "golden"
REGENERATE = os.environ.get("FACEDOWN_REGEN_GOLDEN") == "1"

VIEWERS = {
    "player": Viewer.seat("Alice"),
    "opponent": Viewer.seat("Bob"),
    "judge": Viewer.judge(),
    "spectator": Viewer.spectator(),
}
PARTIALS = (
    "status",
    "actionbar",
    "stack",
    "board",
    "hand",
    "sheet",
    "log",
    "notice",
    "error",
)


def template_of(partial: str) -> str:
    """A partial's template: Magic's stack is its family's own."""
    return "families/mtg/stack.html" if partial == "stack" else f"partials/{partial}.html"


SETUP = (
    ("Alice", "hand", "Akroma, Angel of Fury"),
    ("Alice", "hand", "Grizzly Bears"),
    ("Alice", "library", "Island"),
    ("Bob", "battlefield", "Serra Angel"),
    ("Bob", "hand", "Llanowar Elves"),
    ("Bob", "graveyard", "Lightning Bolt"),
)


def _find(state: GameState, name: str, face_down: bool = False) -> str:
    for obj in state.objects:
        if obj.card.name == name and obj.face_down == face_down:
            return obj.id
    raise LookupError(name)


def _build() -> tuple[GameState, list[tuple[int, str | None, list[Event]]], RuleError]:
    catalog = load_catalog()
    setup = GameSetup(
        ruleset="mtg",
        players=["Alice", "Bob"],
        cards=[
            SetupCard(owner=owner, zone=zone, card=catalog.get(name))  # type: ignore[arg-type]
            for owner, zone, name in SETUP
        ],
    )
    outcome = engine.new_game(setup, seed="golden-seed")
    state = outcome.state
    log: list[tuple[int, str | None, list[Event]]] = [(0, None, list(outcome.events))]

    def step(actor: str | None, action: dict[str, Any]) -> None:
        nonlocal state
        result = engine.apply(state, parse_action(action), actor)
        state = result.state
        log.append((state.version, actor, list(result.events)))

    step("Alice", {"type": "cast_face_down", "object": _find(state, SETUP[0][2]), "via": "morph"})
    step("Alice", {"type": "resolve"})
    hidden = _find(state, SETUP[0][2], face_down=True)
    step(None, {"type": "add_counter", "object": hidden})
    # 302.6: it entered this turn, so only the judge has it attack, warned.
    step(None, {"type": "attack", "objects": [hidden]})
    step("Alice", {"type": "cast", "object": _find(state, "Grizzly Bears")})
    try:
        engine.apply(state, parse_action({"type": "next_turn"}), "Bob")
    except RuleError as err:
        refused = err
    else:  # pragma: no cover
        raise AssertionError("Bob ended Alice's turn")
    return state, log, refused


STATE, LOG, REFUSED = _build()
HIDDEN = _find(STATE, SETUP[0][2], face_down=True)


def context(kind: str, lang: str = "en") -> dict[str, Any]:
    viewer = VIEWERS[kind]
    seat = PageSeat(game_id="G4m3", token="t" * 32, viewer=viewer)
    who = Looking(seat=seat, viewer=viewer, acting_as=None, seat_param=None)
    view = view_for(STATE, viewer)
    table = table_of(
        STATE, who, log_for(LOG, viewer, STATE.ruleset), "Golden game", options_for(STATE, who)
    )
    ctx = table_page(
        table,
        lang,
        None if kind == "spectator" else "csrf-token-for-tests",
        Shown(
            selected=HIDDEN,
            error=error_for(REFUSED, STATE.ruleset),
            done=events_for(LOG[-1][2], viewer, STATE.ruleset),
        ),
    ).variables()
    # The hand partial is rendered for one player: Alice.
    ctx["p"] = next(p for p in view.players if p.name == "Alice")
    ctx["message"] = "A readable refusal."
    return ctx


def check_golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if REGENERATE or not path.exists():
        if not REGENERATE:
            pytest.fail(f"missing golden file {path}: run with FACEDOWN_REGEN_GOLDEN=1")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), (
        f"{name} differs from its golden file; if intended, regenerate with "
        "FACEDOWN_REGEN_GOLDEN=1 and review the diff"
    )


@pytest.mark.parametrize("kind", list(VIEWERS))
@pytest.mark.parametrize("partial", PARTIALS)
def test_partial_matches_golden(partial, kind):
    text = render(template_of(partial), context(kind))
    check_golden(f"{partial}.{kind}.html", text)


@pytest.mark.parametrize("kind", ["judge", "opponent"])
@pytest.mark.parametrize("partial", ["board", "error"])
def test_partial_matches_golden_in_french(partial, kind):
    text = render(template_of(partial), context(kind, "fr"))
    check_golden(f"{partial}.{kind}.fr.html", text)


@pytest.mark.parametrize("kind", ["opponent", "spectator"])
def test_no_partial_shows_the_hidden_card_to_those_who_may_not_see_it(kind):
    for partial in PARTIALS:
        for lang in ("en", "fr"):
            text = render(template_of(partial), context(kind, lang))
            assert "Akroma" not in text, (partial, lang)


def test_the_controller_and_the_judge_see_the_hidden_card_marked_as_such():
    mine = render("partials/board.html", context("player"))
    assert "Only you see this" in mine and "Akroma" in mine
    judge = render("partials/board.html", context("judge"))
    assert "Hidden — seen by Alice" in judge and "Akroma" in judge


def test_options_are_the_ones_the_rules_give_each_viewer():
    assert context("spectator")["bar_options"] == []
    assert [o.type for o in context("opponent")["sheet_options"]] == [
        o.type for o in actions_for(STATE, Viewer.seat("Bob")) if o.object == HIDDEN
    ]
