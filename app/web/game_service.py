"""The one web module that holds a GameState: it loads games from the repository and hands
the routes what a viewer may see and do there — views, logs, events and offers (app.rules.views,
app/web/page_buttons.py) — so pages, fragments and JSON never receive a GameState.

Routes call these functions, never each other's. Acting goes through here too: the API and
the pages split a posted body and apply it the same way.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from app.catalog import Catalog
from app.catalog.loader import catalog_for
from app.rules.core.events import Event, Text
from app.rules.core.state import GameState
from app.rules.redact import (
    ActionOption,
    EventView,
    LogEntryView,
    View,
    Viewer,
    events_for,
    fork_state,
    log_for,
    view_for,
    visibility_table,
)
from app.store.repository import ActResult, CreatedGame, GameRepository, RulingRecord
from app.web.action_body import (
    actor_for,
    names_a_card,
    refuse_spectators,
    resolve_card_name,
    split_action_body,
)
from app.web.errors import ApiError
from app.web.models import RulingPublic, Viewpoint
from app.web.page_buttons import FixedButtons, PageButtons
from app.web.seat_cookie import PageSeat
from app.web.take_back_models import TakeBackPending
from app.web.viewer_memo import ViewerCache, ViewerMemo

# A seat page shows this many log entries, newest first; the full log is its own page.
LOG_LIMIT = 30


# -- who is looking ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Looking:
    """The seat a page belongs to, and whose eyes it shows: a judge may look as a player
    (and then acts for that player) or as a spectator."""

    seat: PageSeat
    viewer: Viewer
    acting_as: str | None  # the judge acting for this player
    seat_param: str | None  # the ?seat= value that keeps the viewpoint in links

    @property
    def judge(self) -> bool:
        return self.seat.viewer.kind == "judge"


def looking(seat: PageSeat, seat_param: str | None, players: list[str]) -> Looking:
    if seat.viewer.kind == "judge" and seat_param:
        if seat_param in players:
            return Looking(seat, Viewer.seat(seat_param), seat_param, seat_param)
        if seat_param == "spectator":
            return Looking(seat, Viewer.spectator(), None, seat_param)
    return Looking(seat, seat.viewer, None, None)


def memo_for(state: GameState, who: Looking, cache: ViewerCache | None = None) -> ViewerMemo:
    """What `who` is shown at this version (app/web/viewer_memo.py); with a cache,
    remembered per game version and viewer."""
    if cache is None:
        return ViewerMemo(state, who.viewer)
    return cache.memo(who.seat.game_id, state, who.viewer)


def options_for(state: GameState, who: Looking, cache: ViewerCache | None = None) -> PageButtons:
    """What `who` may do now, computed as far as the page shows it (app/web/page_buttons.py)."""
    return PageButtons(memo_for(state, who, cache), who.acting_as)


# -- a seat's table ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """One viewer's look at a game at one version: the view, what may be done there, and the
    log oldest first (as `log_for` returns it)."""

    who: Looking
    view: View
    offer: PageButtons
    entries: list[LogEntryView]
    title: str
    # A seat's pending request to take the game back (public facts only).
    take_back: TakeBackPending | None = None


def table_of(
    state: GameState,
    who: Looking,
    entries: list[LogEntryView],
    title: str,
    offer: PageButtons | list[ActionOption],
    view: View | None = None,
) -> Table:
    """A table from a state already loaded (the golden tests build theirs in memory); `view`,
    when given, is `view_for(state, who.viewer)` worked out already."""
    if not isinstance(offer, PageButtons):
        offer = FixedButtons(offer)
    return Table(
        who=who,
        view=view if view is not None else view_for(state, who.viewer),
        offer=offer,
        entries=entries,
        title=title,
        take_back=pending_take_back(state),
    )


def seat_table(
    repository: GameRepository,
    cache: ViewerCache,
    seat: PageSeat,
    seat_param: str | None,
    full_log: bool = False,
) -> Table:
    """The game now, for this seat (and viewpoint): the state as kept, only read here."""
    state = repository.load_shared(seat.game_id)
    who = looking(seat, seat_param, state.player_names())
    memo = memo_for(state, who, cache)
    if full_log:
        entries = log_for(
            repository.log(seat.game_id, up_to=state.version), who.viewer, state.ruleset
        )
    else:
        # The newest LOG_LIMIT + 1 entries tell the page all it shows (and whether there is
        # more): its cost stays flat however long the game (bench/, README "Performance").
        entries = memo.page_log(
            lambda up_to, after: repository.log(
                seat.game_id, up_to=up_to, last=LOG_LIMIT + 1, after=after
            ),
            LOG_LIMIT + 1,
        )
    return table_of(
        state,
        who,
        entries,
        repository.info(seat.game_id).title,
        options_for(state, who, cache),
        memo.view(),
    )


def past_table(
    repository: GameRepository, seat: PageSeat, seat_param: str | None, version: int
) -> Table:
    """The game at a past `version`, as this seat saw it then: nothing can be done there."""
    state = repository.load(seat.game_id, version)
    who = looking(seat, seat_param, state.player_names())
    raw_log = repository.log(seat.game_id, up_to=version, last=LOG_LIMIT + 1)
    entries = log_for(raw_log, who.viewer, state.ruleset)
    return table_of(state, who, entries, repository.info(seat.game_id).title, [])


# -- one game, for the JSON API ----------------------------------------------------------------


def game_view(
    repository: GameRepository, game_id: str, viewer: Viewer, version: int | None = None
) -> View:
    return view_for(repository.load_shared(game_id, version), viewer)


def game_log(
    repository: GameRepository, game_id: str, viewer: Viewer, up_to: int | None = None
) -> tuple[int, list[LogEntryView]]:
    """The log up to a version, redacted for `viewer`, and the version it ends at."""
    ruleset = repository.info(game_id).ruleset
    entries = repository.log(game_id, up_to)
    version = entries[-1][0] if entries else 0
    return version, log_for(entries, viewer, ruleset)


def game_options(repository: GameRepository, game_id: str) -> dict[str, Any]:
    """The game's options (where its family's rules editions differ), as it was created."""
    return repository.load(game_id).game_options()


# -- acting ------------------------------------------------------------------------------------


def perform(
    repository: GameRepository,
    game_id: str,
    viewer: Viewer,
    body: dict[str, object],
    catalog: Catalog | None = None,
) -> ActResult:
    """Apply one posted action (envelope and action) for `viewer`: the API's and the pages'.
    A card sent by name (the judge adding a card) is looked up in the game's catalog."""
    if catalog is not None and names_a_card(body):
        ruleset = repository.info(game_id).ruleset
        body = resolve_card_name(body, catalog_for(ruleset, catalog))
    envelope, action = split_action_body(body)
    actor = actor_for(viewer, envelope)
    # The judge acting as a player acts directly; a seat proposes what touches another's.
    return repository.act(
        game_id,
        action,
        actor,
        envelope.expected_version,
        envelope.request_id,
        consent=viewer.kind == "judge",
    )


def events_seen(result: ActResult, viewer: Viewer) -> list[EventView]:
    """What an action did, as `viewer` may see it."""
    return events_for(result.events, viewer, result.ruleset)


# -- taking back -------------------------------------------------------------------------------


def pending_take_back(state: GameState) -> TakeBackPending | None:
    """The pending request to take the game back, as anyone may know it."""
    pending = state.take_back
    if pending is None:
        return None
    return TakeBackPending(
        by=pending.by,
        to=pending.to,
        agreed=list(pending.agreed),
        waiting_for=pending.waiting_for(state),
    )


def take_back_status(
    repository: GameRepository, game_id: str
) -> tuple[int, TakeBackPending | None]:
    state = repository.load(game_id)
    return state.version, pending_take_back(state)


def take_back(
    repository: GameRepository,
    game_id: str,
    viewer: Viewer,
    *,
    to: int | None = None,
    agree: bool | None = None,
    expected_version: int | None = None,
) -> ActResult:
    """With `to`: the judge takes the game back to that version, a player asks to. With
    `agree`: a player's (or the judge's) word on the pending request. Spectators watch."""
    refuse_spectators(viewer)
    actor = viewer.player if viewer.kind == "player" else None
    if to is not None:
        kind = "take_back" if actor is None else "take_back_request"
        return repository.take_back(game_id, kind, actor, to=to, expected_version=expected_version)
    if agree is None:
        raise ApiError(422, "invalid", "Say which version to go back to, or agree or decline.")
    return repository.take_back(
        game_id, "take_back_answer", actor, agree=agree, expected_version=expected_version
    )


# -- rulings -----------------------------------------------------------------------------------


# Typed viewpoint identifiers: no player name can be mistaken for a role.
SEAT_PREFIX = "seat:"
ROLES = {"role:judge": Viewer.judge, "role:spectator": Viewer.spectator}


def _viewer_of(spec: str, players: list[str], typed_only: bool) -> Viewer:
    if spec in ROLES:
        return ROLES[spec]()
    if spec.startswith(SEAT_PREFIX) and spec.removeprefix(SEAT_PREFIX) in players:
        return Viewer.seat(spec.removeprefix(SEAT_PREFIX))
    if not typed_only:
        # The API's plain words: a role's name, unless a player (of an older game, before such
        # names were refused) bears it; then only the typed form says which is meant.
        role = f"role:{spec}" in ROLES
        if role and spec in players:
            raise ApiError(
                422,
                "invalid",
                f"'{spec}' is both a role and a player of this game: "
                f"say 'role:{spec}' or 'seat:{spec}'.",
            )
        if role:
            return ROLES[f"role:{spec}"]()
        if spec in players:
            return Viewer.seat(spec)
    raise ApiError(
        422,
        "invalid",
        "A viewpoint is 'seat:<a player of this game>', 'role:spectator' or 'role:judge'.",
    )


def viewers_for(
    spec: str | list[str], players: list[str], *, typed_only: bool = False
) -> list[Viewer]:
    """A ruling's viewpoints, one to six: typed ("seat:Alice", "role:spectator",
    "role:judge"), or for the API also plain words ("Alice", "spectator", "judge")."""
    names = [spec] if isinstance(spec, str) else spec
    if not names or len(names) > 6:
        raise ApiError(422, "invalid", "Give one to six viewpoints.")
    viewers: list[Viewer] = []
    for name in dict.fromkeys(names):
        viewer = _viewer_of(name, players, typed_only)
        if viewer not in viewers:
            viewers.append(viewer)
    return viewers


def publish_ruling(
    repository: GameRepository,
    game_id: str,
    version: int,
    viewpoints: str | list[str],
    title: str,
    note: str,
    *,
    typed_only: bool = False,
) -> RulingRecord:
    """Pin the game at `version` as a ruling seen from `viewpoints` (the API and the judge's
    page, which sends typed identifiers only). VersionNotFound if the game has no such
    version; ApiError for a bad viewpoint."""
    players = repository.load(game_id, version).player_names()
    viewers = viewers_for(viewpoints, players, typed_only=typed_only)
    return repository.create_ruling(game_id, version, viewers, title, note)


def ruling_public(record: RulingRecord) -> RulingPublic:
    """The one place a ruling's content is built: every part goes through view_for/log_for."""
    return RulingPublic(
        slug=record.slug,
        url=f"/r/{record.slug}",
        title=record.title,
        note=record.note,
        version=record.version,
        ruleset=record.ruleset,
        created_at=record.created_at,
        viewpoints=[
            Viewpoint(
                viewer=viewer,
                view=view_for(record.state, viewer),
                log=log_for(record.log, viewer, record.ruleset),
            )
            for viewer in record.viewpoints
        ],
        visibility=visibility_table(record.state, record.viewpoints),
    )


def fork_record(repository: GameRepository, record: RulingRecord) -> CreatedGame:
    """The ruling's moment as a new game (the API and the ruling page's button)."""
    state = fork_state(record.state, record.viewpoints, seed=secrets.token_hex(16))
    event = Event(
        kind="fork",
        rules=(),
        public=Text(
            en=f"Opened from the ruling \u201c{record.title}\u201d (version {record.version}).",
            fr=f"Ouverte depuis la décision \u00ab {record.title} \u00bb (version {record.version}).",
        ),
    )
    return repository.create_game_from_state(
        state, [event], origin=f'{{"forked_from": "{record.slug}"}}', title=record.title
    )
