"""The button-equivalence check, written once: the buttons a page offers as it asks for them
(the game-wide ones by their moves' declared preconditions, each object's when its sheet
opens: app/web/page_buttons.py) are exactly the candidates the engine accepts
(`actions_for`), for one viewer at one state."""

from __future__ import annotations

from app.rules.core.state import GameState
from app.rules.redact import ActionOption, Viewer, actions_for, view_for
from app.web.page_buttons import PageButtons
from app.web.viewer_memo import ViewerMemo
from tests.rules.conformance.kit import sheet_ids_in


def viewpoints(players: list[str]) -> list[tuple[Viewer, str | None]]:
    """Every viewer a page has: each seat, the judge, the judge acting as each seat (that
    seat's viewer, its actions posted "as" it), and the spectator."""
    return [
        *((Viewer.seat(p), None) for p in players),
        (Viewer.judge(), None),
        *((Viewer.seat(p), p) for p in players),
        (Viewer.spectator(), None),
    ]


def _as(options: list[ActionOption], acting_as: str | None) -> list[ActionOption]:
    if acting_as is None:
        return options
    return [o.model_copy(update={"action": {**o.action, "as": acting_as}}) for o in options]


def sheet_ids(state: GameState, viewer: Viewer) -> list[str]:
    """What `viewer`'s page can open a sheet on (kit.sheet_ids_in)."""
    return sheet_ids_in(view_for(state, viewer))


def mismatches(state: GameState, viewer: Viewer, acting_as: str | None) -> list[str]:
    """How the page's buttons differ from the engine's list (empty: they are the same)."""
    full = _as(actions_for(state, viewer), acting_as)
    page = PageButtons(ViewerMemo(state, viewer), acting_as)
    found: list[str] = []
    want_loose = [o for o in full if o.object is None]
    if page.loose() != want_loose:
        found.append(f"game-wide: page {_short(page.loose())} != engine {_short(want_loose)}")
    ids = sheet_ids(state, viewer)
    for object_id in ids:
        want = [o for o in full if o.object == object_id]
        got = page.for_object(object_id)
        if got != want:
            found.append(f"sheet {object_id}: page {_short(got)} != engine {_short(want)}")
    unreachable = {o.object for o in full if o.object is not None} - set(ids)
    if unreachable:
        found.append(f"buttons on objects no sheet opens: {sorted(unreachable)}")
    if page.all() != full:
        found.append("all(): not actions_for's list")
    return found


def _short(options: list[ActionOption]) -> list[tuple[str, str, str | None]]:
    return [(o.type, o.label, o.warning) for o in options]
