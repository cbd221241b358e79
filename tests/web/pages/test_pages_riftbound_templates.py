"""The Riftbound partials, rendered for each kind of viewer, against golden files.

The table of tests/web/riftbound_support.py (built through the engine with a fixed seed):
Alice hid Blastcone Fae at Zaun Warrens on turn 1; on turn 2 Bob's Fight or Flight is on the
chain. The viewers: Alice (who controls the hidden card), Bob (her opponent), the judge and a
spectator. Templates get only what `view_for`, `log_for`, `events_for`, `error_for` and
`actions_for` return.

Regenerate after an intended change with FACEDOWN_REGEN_GOLDEN=1, and read the diff.
"""

from __future__ import annotations

from typing import Any

import pytest
from test_pages_templates import VIEWERS, check_golden

from app.rules.redact import error_for, events_for, log_for, view_for
from app.web.game_service import Looking, options_for, table_of
from app.web.pages.table_page import Shown, table_page
from app.web.seat_cookie import PageSeat
from app.web.templating import render
from tests.web.riftbound_support import RB_SECRET, RB_SECRET_WORDS, build_riftbound, find

STATE, LOG, REFUSED = build_riftbound()
HIDDEN = find(STATE, RB_SECRET)
PARTIALS = ("rb_board", "rb_turn", "rb_battlefields", "rb_player", "sheet", "actionbar")
# The family's own templates (templates/families/riftbound/); the golden files keep their names.
FAMILY = "families/riftbound/"
TEMPLATES = {
    "rb_board": FAMILY + "board.html",
    "rb_turn": FAMILY + "turn.html",
    "rb_battlefields": FAMILY + "battlefields.html",
    "rb_player": FAMILY + "player.html",
}


def template(partial: str) -> str:
    return TEMPLATES.get(partial, f"partials/{partial}.html")


def context(kind: str, lang: str = "en", selected: str | None = HIDDEN) -> dict[str, Any]:
    viewer = VIEWERS[kind]
    seat = PageSeat(game_id="R1ft", token="t" * 32, viewer=viewer)
    who = Looking(seat=seat, viewer=viewer, acting_as=None, seat_param=None)
    view = view_for(STATE, viewer)
    table = table_of(
        STATE,
        who,
        log_for(LOG, viewer, STATE.ruleset),
        "Riftbound golden game",
        options_for(STATE, who),
    )
    ctx = table_page(
        table,
        lang,
        None if kind == "spectator" else "csrf-token-for-tests",
        Shown(
            selected=selected,
            # Alice's own refusal (playing it the turn she hid it) reaches only her.
            error=error_for(REFUSED, STATE.ruleset) if kind == "player" else None,
            done=events_for(LOG[-1][2], viewer, STATE.ruleset),
        ),
    ).variables()
    # rb_player (and the hand inside it) is rendered for one player: Alice.
    ctx["p"] = next(p for p in view.players if p.name == "Alice")
    ctx["pid"] = "p1"
    return ctx


@pytest.mark.parametrize("kind", list(VIEWERS))
@pytest.mark.parametrize("partial", PARTIALS)
def test_riftbound_partial_matches_golden(partial, kind):
    text = render(template(partial), context(kind))
    check_golden(f"riftbound/{partial}.{kind}.html", text)


@pytest.mark.parametrize("kind", list(VIEWERS))
def test_the_shared_board_partial_renders_the_riftbound_board(kind):
    # One golden file per region: board.html hands a Riftbound game to rb_board.html.
    ctx = context(kind)
    assert render("partials/board.html", ctx) == render(template("rb_board"), ctx)


@pytest.mark.parametrize("kind", ["judge", "opponent", "player"])
def test_riftbound_board_matches_golden_in_french(kind):
    text = render(template("rb_board"), context(kind, "fr"))
    check_golden(f"riftbound/rb_board.{kind}.fr.html", text)


@pytest.mark.parametrize("kind", ["opponent", "spectator"])
def test_811_6_a_no_riftbound_partial_shows_the_hidden_card_to_others(kind):
    for partial in (*PARTIALS, "board", "log", "notice", "status"):
        for lang in ("en", "fr"):
            text = render(template(partial), context(kind, lang))
            for word in RB_SECRET_WORDS:
                assert word not in text, (partial, lang, word)
            assert HIDDEN in text or partial not in ("rb_board", "rb_battlefields")


def test_811_6_a_the_controller_sees_only_you_see_this_and_the_judge_a_badge():
    mine = render(template("rb_battlefields"), context("player"))
    assert "Only you see this" in mine and RB_SECRET in mine
    judge = render(template("rb_battlefields"), context("judge"))
    assert "Hidden — seen by Alice" in judge and "811.6.a" in judge and RB_SECRET in judge
    theirs = render(template("rb_battlefields"), context("opponent"))
    assert "Facedown card at Zaun Warrens (Alice), hidden on turn 1" in theirs


def test_each_battlefield_says_who_controls_it_to_each_viewer():
    mine = render(template("rb_battlefields"), context("player"))
    assert mine.count("You control it") == 1 and "Controlled by Bob" in mine
    assert "Uncontrolled" in mine
    spectator = render(template("rb_battlefields"), context("spectator"))
    assert "Controlled by Alice" in spectator and "You control it" not in spectator


def test_811_1_d_2_the_hidden_cards_sheet_offers_only_targets_at_its_battlefield():
    sheet = render("partials/sheet.html", context("player"))
    assert "choosing Noxus Saboteur" in sheet
    assert "Watchful Sentry" not in sheet and "Ember Monk" not in sheet
    assert "Reaction (face down, 811.6)" in sheet
    opponent = render("partials/sheet.html", context("opponent"))
    assert "What can be done now" in opponent and "Play" not in opponent


def test_the_judge_sets_control_on_the_battlefield_card_not_behind_more():
    ctx = context("judge")
    assert all(o.type != "set_control" for o in ctx["more_options"])
    assert {o.action["battlefield"] for o in ctx["field_options"]} == {"bf1", "bf2", "bf3"}
    assert "Judge: who controls it" in render(template("rb_battlefields"), ctx)
    assert "Judge: who controls it" not in render(template("rb_battlefields"), context("player"))


def test_every_riftbound_label_has_english_and_french():
    from app.web.i18n import FAMILY_MESSAGE_FILES
    from app.web.i18n.loader import load_messages

    RB_MESSAGES = load_messages(FAMILY_MESSAGE_FILES).texts
    for key, (en, fr) in RB_MESSAGES.items():
        assert en and fr, key
    for lang in ("en", "fr"):
        for kind in VIEWERS:
            text = render(template("rb_board"), context(kind, lang))
            assert "rb." not in text.replace('class="rb-', "").replace(" rb-", ""), (kind, lang)
