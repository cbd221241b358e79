"""(9) The floor under a live action: the data each open page needs before any HTML.

Row 6's live action (Alice taps her face-down creature; her page, Bob's, the judge's and a
spectator's each get what changed on them) is at the very least: the action applied and
stored (`game_service.perform`, the same call the JSON API and the pages make), then for each
of the four viewers what their page reads at the new version (app/web/viewer_memo.py, as
`game_service.seat_table` asks it): the redacted view (`view_for`), the game-wide buttons
(`loose_options`) and the page's log (its newest entries, worked out from the ones the
viewer was shown at the version before). No request, no HTML, no patch, no stream: every
one of those comes on top.

Measured here in this process, on a SQLite file of its own, thread CPU, the median over
`taps` taps (and untaps) after a warm-up, each viewer's part on its own. Set against one bare
insert (the bare app's server CPU per request, measured in the same run by row 8), it says
how much of row 6's target (a live action under 8 bare inserts) and of the page mix's (a page
action at most 4 bare requests under load: ÷ bare ≥ 0.25) the data alone already takes.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from app.catalog.stored import CardCatalogs
from app.rules.core.viewer import Viewer
from app.rules.families import DEFAULT_RULESET, family_of
from app.store.db import make_engine
from app.store.migrate import upgrade
from app.store.repository import GameRepository
from app.web import game_service
from app.web.game_service import LOG_LIMIT
from app.web.models import GameCreate
from app.web.setup_builder import build_setup
from app.web.viewer_memo import ViewerCache
from bench.load import MORPH_CARD
from bench.throughput import PLAYERS

VIEWERS: tuple[tuple[str, Viewer], ...] = (
    ("Alice (taps)", Viewer.seat("Alice")),
    ("Bob", Viewer.seat("Bob")),
    ("judge", Viewer.judge()),
    ("spectator", Viewer.spectator()),
)
WARM_UP = 30


def _timed(run: Callable[..., Any], *args: Any) -> tuple[float, Any]:
    """Thread CPU of `run(*args)` in ms, and what it returned."""
    started = time.thread_time()
    value = run(*args)
    return (time.thread_time() - started) * 1000, value


def _creature(repository: GameRepository, game_id: str) -> str:
    """Alice's morph card cast face down and resolved: the face-down creature's id."""
    alice = Viewer.seat("Alice")
    view = game_service.game_view(repository, game_id, alice)
    card = next(
        o.id
        for o in view.objects
        if o.zone == "hand" and o.owner == "Alice" and o.name == MORPH_CARD
    )
    game_service.perform(
        repository, game_id, alice, {"type": "cast_face_down", "object": card, "via": "morph"}
    )
    game_service.perform(repository, game_id, alice, {"type": "resolve"})
    view = game_service.game_view(repository, game_id, alice)
    return next(o.id for o in view.objects if o.zone == "battlefield" and o.face_down)


def measure(taps: int = 200) -> dict[str, Any]:
    """Medians (ms) of the write and of each viewer's view, buttons and log, per tap."""
    with tempfile.TemporaryDirectory(prefix="facedown-floor-") as folder:
        url = f"sqlite:///{Path(folder) / 'floor.db'}"
        upgrade(url)
        engine = make_engine(url)
        try:
            return _measure(engine, taps)
        finally:
            engine.dispose()


def _measure(engine: Any, taps: int) -> dict[str, Any]:
    repository = GameRepository(engine)
    catalog = CardCatalogs(engine).for_ruleset(DEFAULT_RULESET)
    body = GameCreate.model_validate(
        {"ruleset": "mtg", "players": PLAYERS, "setup": family_of("mtg").pages.starter(PLAYERS)}
    )
    game_id = repository.create_game(build_setup(body, catalog), "floor").id
    creature = _creature(repository, game_id)
    alice = Viewer.seat("Alice")
    cache = ViewerCache()

    def read(up_to: int, after: int | None) -> Any:
        return repository.log(game_id, up_to=up_to, last=LOG_LIMIT + 1, after=after)

    def one_viewer(state: Any, viewer: Viewer) -> None:
        memo = cache.memo(game_id, state, viewer)
        memo.view()
        memo.loose()
        memo.page_log(read, LOG_LIMIT + 1)

    # Each viewer's page at the version before, as the open pages have it.
    state = repository.load_shared(game_id)
    for _name, viewer in VIEWERS:
        one_viewer(state, viewer)

    samples: dict[str, list[float]] = {"write": [], "state": []}
    samples.update({name: [] for name, _ in VIEWERS})
    totals: list[float] = []
    for i in range(WARM_UP + taps):
        action = {"type": "tap" if i % 2 == 0 else "untap", "object": creature}
        parts: dict[str, float] = {}
        parts["write"], _ = _timed(game_service.perform, repository, game_id, alice, action)
        parts["state"], state = _timed(repository.load_shared, game_id)
        for name, viewer in VIEWERS:
            parts[name], _ = _timed(one_viewer, state, viewer)
        if i >= WARM_UP:
            for name, ms in parts.items():
                samples[name].append(ms)
            totals.append(sum(parts.values()))
    medians = {name: round(statistics.median(values), 3) for name, values in samples.items()}
    return {
        "taps": taps,
        "ms": medians,
        # The tapping page's own data: the write, the state read, Alice's part.
        "page_action_ms": round(
            statistics.median(
                w + s + a
                for w, s, a in zip(
                    samples["write"], samples["state"], samples["Alice (taps)"], strict=True
                )
            ),
            3,
        ),
        "live_action_ms": round(statistics.median(totals), 3),
    }


def against_bare(floor: dict[str, Any], bare_ms: float | None) -> dict[str, Any]:
    """The floor in bare inserts (the bare app's server CPU per request in this run)."""
    if not bare_ms:
        return {**floor, "bare_ms": None}
    return {
        **floor,
        "bare_ms": round(bare_ms, 3),
        "live_action_x": round(floor["live_action_ms"] / bare_ms, 2),
        "page_action_x": round(floor["page_action_ms"] / bare_ms, 2),
    }


def rows(result: dict[str, Any], page_budget_ms: float | None = None) -> list[Any]:
    """The table's rows (bench/report.py's Row): the floor against row 6's target, and the
    page action's floor against what the page mix's target leaves a page action
    (`page_budget_ms`: the bare app's server CPU per request under load ÷ that target)."""
    from bench.fanout import TARGET as LIVE_TARGET
    from bench.report import Row

    section = "9 floor"
    if "skipped" in result:
        return [Row(section, "the data under a live action", result["skipped"], "-", "skipped")]
    ms = result["ms"]
    parts = ", ".join(f"{name} {ms[name]:.2f}" for name, _ in VIEWERS)
    live = (
        f"{result['live_action_x']}× ({result['live_action_ms']:.2f} / {result['bare_ms']:.2f} "
        f"ms: the write {ms['write']:.2f}, the state {ms['state']:.2f}, {parts})"
        if result.get("bare_ms")
        else f"{result['live_action_ms']:.2f} ms"
    )
    out = [
        Row(
            section,
            "a live action's data alone, 4 open pages (the write, then each viewer's view, "
            "buttons and log; no request, HTML or patch) ÷ one bare insert, thread CPU "
            "in-process",
            live,
            f"row 6: < {LIVE_TARGET:g}× for all of it",
            "info",
        )
    ]
    page = f"{result['page_action_ms']:.2f} ms"
    if page_budget_ms:
        page += f" of the {page_budget_ms:.2f} ms the page mix's target leaves a page action"
    out.append(
        Row(
            section,
            "a page action's data alone (the write, the state, the seat's view, buttons and "
            "log), thread CPU in-process",
            page,
            "row 1: ÷ bare ≥ 0.25 for all of it",
            "info",
        )
    )
    return out


def markdown(result: dict[str, Any]) -> str:
    if "skipped" in result:
        return f"## 9. The floor under a live action\n\nSkipped: {result['skipped']}\n"
    ms = result["ms"]
    lines = [
        "## 9. The floor under a live action",
        "",
        f"In process (bench/floor.py), thread CPU, the median of {result['taps']} taps: what "
        "a live action with four open pages needs before any request, HTML, patch or stream.",
        "",
        "| part | ms |",
        "|---|---|",
        f"| the write (`game_service.perform`) | {ms['write']} |",
        f"| the new state read (`load_shared`) | {ms['state']} |",
    ]
    lines += [f"| {name}: view, buttons, log | {ms[name]} |" for name, _ in VIEWERS]
    lines.append(f"| **all** (median of the sums) | {result['live_action_ms']} |")
    if result.get("bare_ms"):
        lines.append(f"| one bare insert (server CPU, row 8) | {result['bare_ms']} |")
    return "\n".join(lines) + "\n"
