"""Only what changed (app/web/live_patch.py): out-of-band swaps addressed by position under
#live, the log's new lines prepended, and no patch where a browser would read the HTML
differently."""

from __future__ import annotations

import itertools
import re

from app.lru import LRU
from app.web.live_parts import Region
from app.web.live_patch import live_patch as live_patch_of

BOARD = """<section class="status" data-version="{v}"><p>version {v}</p></section>
<div class="board">
  <ul class="tiles">
    <li class="tile"><a class="tile-main" href="/g/G/objects/aaaa">Island</a></li>
    <li class="tile{tapped}"><a class="tile-main" href="/g/G/objects/bbbb">Grizzly Bears</a></li>
  </ul>
</div>
<section class="log"><ol class="entries" reversed>{entries}</ol></section>"""


def live_patch(old: str, new: str) -> str | None:
    """A region of one part (the parts' own tests are below)."""
    return live_patch_of(Region((old,)), Region((new,)))


def board(v: int, tapped: bool, entries: list[str]) -> str:
    lines = "".join(f'<li class="entry">{e}</li>' for e in entries)
    return BOARD.format(v=v, tapped=" is-tapped" if tapped else "", entries=lines)


def test_a_tap_swaps_its_tile_the_status_and_adds_the_new_log_line() -> None:
    old = board(1, False, ["v1 Bears untaps"])
    new = board(2, True, ["v2 Bears taps", "v1 Bears untaps"])
    patch = live_patch(old, new)
    assert patch is not None
    targets = re.findall(r'hx-swap-oob="([^"]+)"', patch)
    assert targets == [
        "outerHTML:#live &gt; :nth-child(1)",
        "outerHTML:#live &gt; :nth-child(2) &gt; :nth-child(1) &gt; :nth-child(2)",
        "afterbegin:#live &gt; :nth-child(3) &gt; :nth-child(1)",
    ]
    # The untouched tile is not sent; the new log line is, the old one is not.
    assert "Island" not in patch and "v1 Bears untaps" not in patch
    assert "v2 Bears taps" in patch and "is-tapped" in patch


def test_a_full_log_drops_its_oldest_line_as_it_gains_one() -> None:
    # Lines as long as real ones (the rules cited, the links): the list whole is larger.
    line = " and its rules, linked".ljust(200, ".")
    old = board(2, False, ["v2" + line, "v1" + line])
    new = board(3, False, ["v3" + line, "v2" + line])
    patch = live_patch(old, new) or ""
    assert (
        'hx-swap-oob="delete:#live &gt; :nth-child(3) &gt; :nth-child(1) &gt; :nth-child(2)"'
        in patch
    )
    assert patch.index("delete:") < patch.index("afterbegin:")


def test_the_same_region_needs_no_swap() -> None:
    region = board(1, False, ["v1"])
    assert live_patch(region, region) == ""


def test_a_new_part_of_the_region_sends_the_region_whole() -> None:
    old = board(1, False, ["v1"])
    new = '<nav class="timetravel"></nav>\n' + board(2, False, ["v2", "v1"])
    assert live_patch(old, new) is None


def test_html_a_browser_would_nest_otherwise_sends_the_region_whole() -> None:
    old = "<section><p>one <div>block</div></p></section>"
    new = "<section><p>two <div>block</div></p></section>"
    assert live_patch(old, new) is None
    assert live_patch("<div><span>a</div>", "<div><span>b</div>") is None


def test_a_patch_names_no_card_the_viewer_does_not_see_in_the_new_region() -> None:
    # Everything a patch holds is cut from the new region itself (and positions).
    old = board(1, False, ["v1"])
    new = board(2, True, ["v2", "v1"])
    patch = live_patch(old, new) or ""
    words = set(re.findall(r"[A-Za-z]{4,}", re.sub(r'hx-swap-oob="[^"]+"', "", patch)))
    assert words <= set(re.findall(r"[A-Za-z]{4,}", new))


FORM = (
    '<form method="post" action="/g/G/act">'
    '<input type="hidden" name="expected_version" value="{v}">'
    '<button type="submit" name="action" value="{action}">{label}</button></form>'
)


def _region(v: int, tapped: bool, action: str = "next_turn") -> Region:
    """Parts as the app's region has them: the status, the action bar, the board and log."""
    status = f'<section class="status" data-version="{v}"><p>version {v}</p></section>'
    bar = f'<section class="actionbar">{FORM.format(v=v, action=action, label=action)}</section>'
    table = (
        '<section class="table">'
        + "".join(FORM.format(v=v, action=f"draw{i}", label=f"Draw {i}") for i in range(3))
        + "</section>"
    )
    # The board and the log (the board's own status line left out: it is the first part).
    rest = board(v, tapped, [f"v{n}" for n in range(v, 0, -1)]).split("\n", 1)[1]
    return Region((status, "", bar, table, rest))


def test_a_form_that_changed_only_its_version_is_not_sent() -> None:
    # Every form carries the version its page shows; static/js/live.js sets it on the forms
    # a patch leaves in place, so a form that changed nowhere else is not resent.
    patch = live_patch_of(_region(4, False), _region(5, True)) or ""
    targets = re.findall(r'hx-swap-oob="([^"]+)"', patch)
    assert targets == [
        "outerHTML:#live &gt; :nth-child(1)",
        # The board's part is the fourth element: the empty part counts for nothing.
        "outerHTML:#live &gt; :nth-child(4) &gt; :nth-child(1) &gt; :nth-child(2)",
        "afterbegin:#live &gt; :nth-child(5) &gt; :nth-child(1)",
    ]
    assert "expected_version" not in patch and "Draw" not in patch


def test_a_form_that_changed_is_sent_with_the_new_version() -> None:
    new = _region(5, False)
    # The action bar's form gains a button: the form is sent whole, with its new version.
    bar = new.parts[2].replace("</form>", '<button name="action" value="x">x</button></form>')
    patch = live_patch_of(_region(4, False), Region((*new.parts[:2], bar, *new.parts[3:]))) or ""
    assert 'hx-swap-oob="outerHTML:#live &gt; :nth-child(2) &gt; :nth-child(1)"' in patch
    assert '<input type="hidden" name="expected_version" value="5">' in patch
    assert 'value="4"' not in patch and 'value=""' not in patch


def test_a_part_whose_own_elements_changed_sends_the_region_whole() -> None:
    old, new = _region(4, False), _region(5, False)
    grown = Region((*new.parts[:1], "<nav>back</nav>", *new.parts[2:]))
    assert live_patch_of(old, grown) is None
    assert live_patch_of(old, Region(new.parts[:-1])) is None


# -- the log's lines, compared without parsing them ---------------------------------------------


def _scenario_regions(window: int) -> list[list[Region]]:
    """For every shipped scenario and viewer, its live region at each version (the page's
    newest `window` log entries), rendered by parts as the app renders them."""
    from app.rules.redact import log_for
    from app.scenarios.library import all_scenarios
    from app.web.pages.region_parts import render_region
    from tests.rules.conformance.button_equivalence import viewpoints
    from tests.rules.core.scenario_states import scenario_outcomes
    from tests.web.pages.test_board_zones import _pages

    runs: list[list[Region]] = []
    for scenario in all_scenarios():
        setup, steps = scenario_outcomes(scenario, "log-lines-patch")
        states = [setup.state] + [out.state for _, out in steps]
        entries = [(0, None, list(setup.events))]
        entries += [(out.state.version, step.as_, list(out.events)) for step, out in steps]
        for viewer, acting_as in viewpoints(states[-1].player_names()):
            run = []
            for k, state in enumerate(states):
                log = log_for(entries[: k + 1], viewer, state.ruleset)[::-1][:window]
                _, variables = _pages(state, viewer, acting_as, "en")[0]
                run.append(render_region(variables | {"log": log}))
            runs.append(run)
    return runs


def test_log_lines_compared_without_parsing_give_the_very_swaps_of_the_whole_way(monkeypatch):
    import app.web.live_patch as patching

    def whole_way(old: Region, new: Region) -> object:
        with monkeypatch.context() as m:
            m.setattr(patching, "_lines_of", lambda _text: None)
            # Shapes are kept per text with their lines: none kept here, or the whole way
            # would find the lines the other way cut.
            m.setattr(patching, "SHAPES", LRU(0))
            try:
                return patching._parts_walk(old, new, "#live")
            except patching.Unfollowed:
                return "unfollowed"

    def by_lines(old: Region, new: Region) -> object:
        try:
            return patching._parts_walk(old, new, "#live")
        except patching.Unfollowed:
            return "unfollowed"

    pairs = by_line = 0
    for window in (3, 30):  # a short window: the oldest lines drop off the end
        for run in _scenario_regions(window):
            for old, new in itertools.pairwise(run):
                assert by_lines(old, new) == whole_way(old, new)
                pairs += 1
                old_lines = patching._lines_of(patching._normal(old.parts[-1]))
                new_lines = patching._lines_of(patching._normal(new.parts[-1]))
                if old_lines and new_lines and old_lines.before == new_lines.before:
                    by_line += 1
    # The comparison means something only if the log's own way was taken, often.
    assert pairs > 300 and by_line > pairs / 2, (pairs, by_line)


def test_a_log_line_a_browser_would_read_otherwise_goes_the_whole_way() -> None:
    head = '<section class="log"><h2>Log</h2><ol class="entries">\n'
    tail = "</ol></section>"
    line = '<li class="entry"><p>v{v}</p></li>\n'
    quirky = '<li class="entry"><p>v3 <div>block</div></p></li>\n'
    old = Region((head + line.format(v=2) + line.format(v=1) + tail,))
    good = Region((head + line.format(v=3) + line.format(v=2) + line.format(v=1) + tail,))
    bad = Region((head + quirky + line.format(v=2) + line.format(v=1) + tail,))
    assert "afterbegin" in (live_patch_of(old, good) or "")
    assert live_patch_of(old, bad) is None


def test_a_log_shorter_whole_than_its_swaps_is_sent_whole_as_the_whole_way_does(monkeypatch):
    import app.web.live_patch as patching

    head = '<section class="log"><ol class="entries">\n'
    tail = "</ol></section>"
    line = '<li class="entry">v{v}</li>\n'
    # A window of two lines: v3 comes, v1 drops off (a deletion and an insertion).
    old = Region((head + line.format(v=2) + line.format(v=1) + tail,))
    new = Region((head + line.format(v=3) + line.format(v=2) + tail,))
    by_lines = patching._parts_walk(old, new, "#live")
    monkeypatch.setattr(patching, "_lines_of", lambda _text: None)
    monkeypatch.setattr(patching, "SHAPES", LRU(0))  # no shape kept with its lines
    assert by_lines == patching._parts_walk(old, new, "#live")
    # The section whole: its two swaps say more than the section itself.
    assert by_lines == [
        patching._with_oob(new.html, patching._tree(new.html).children[0], "#live > :nth-child(1)")
    ]
