"""Every FastAPI dependency of the web layer, as `Annotated` aliases: a route's signature
says what it needs (the store, the catalog, who is asking, a checked form).

Two ways in. The JSON API reads `Authorization: Bearer <token>`: a missing or malformed
token is 401; a well-formed token that is not valid for this game is 403 with the same words
whether the game exists or not, so a refusal tells a guesser nothing. The pages read the seat
cookie set at `/join/<token>` (app/web/seat_cookie.py); their forms are checked here, CSRF
first (app/web/csrf.py), then "no spectators", before a route reads them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Form, Path, Query, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData

from app.catalog import Catalog
from app.catalog.stored import CardCatalogs
from app.rules.redact import Viewer
from app.store.repository import GameRepository, hash_token
from app.web.csrf import CSRF_FIELD, CSRF_HEADER, csrf_matches, same_site, seat_csrf
from app.web.errors import ApiError
from app.web.form_numbers import MalformedNumber, optional_number
from app.web.page_refusal import PageRefusal
from app.web.seat_cookie import COOKIE_NAMES, PRECEDENCE, NoSeat, PageSeat
from app.web.viewer_memo import ViewerCache

# Tokens are secrets.token_urlsafe(24): 32 url-safe characters. Accept a little slack.
_TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{16,128}")
# A pending choice looks at a few cards (hideaway N is 4 or 5); its form stays bounded anyway.
MAX_LOOKED = 12

# A game id's shape, also matched by the lanes (api_lane.py, pages/page_lane.py) before
# they take a request the route would: one definition, so the two can't drift apart.
GAME_ID_CHARS = "[A-Za-z0-9_-]"
GAME_ID_MAX = 32
GAME_ID_SHAPE = f"{GAME_ID_CHARS}{{1,{GAME_ID_MAX}}}"
GameId = Annotated[
    str,
    Path(
        min_length=1, max_length=GAME_ID_MAX, pattern=f"^{GAME_ID_CHARS}+$", description="Game id"
    ),
]
# A judge's page keeps its viewpoint (a player's name, or "spectator") in ?seat=.
SEAT_PARAM_MAX = 40
SeatParam = Annotated[str | None, Query(alias="seat", max_length=SEAT_PARAM_MAX)]

bearer = HTTPBearer(
    auto_error=False,
    description="The seat, judge or spectator token returned once by POST /api/games.",
)


# -- the app's parts ---------------------------------------------------------------------------
# Dependencies that do no I/O are `async def`: FastAPI runs a plain `def` one in the
# threadpool, a thread hop per dependency per request (seen in bench/'s profile).


async def get_repository(request: Request) -> GameRepository:
    """The store for this request: FastAPI gives every dependency of one request the same
    copy, which reads a game's head (its ruleset, title, version) once however many helpers
    ask (app/store/request_heads.py)."""
    return request.app.state.repository.for_request()


RepositoryDep = Annotated[GameRepository, Depends(get_repository)]


def catalog_of(request: Request) -> Catalog:
    """Magic's catalog (imported cards over the shipped ones); `catalog_for(ruleset, it)` or
    `it.for_ruleset(ruleset)` gives another family's."""
    return request.app.state.catalog


async def get_catalog(request: Request) -> Catalog:
    return catalog_of(request)


CatalogDep = Annotated[Catalog, Depends(get_catalog)]


async def get_catalogs(request: Request) -> CardCatalogs:
    """Every family's catalog: `.for_ruleset(ruleset)`."""
    return request.app.state.catalogs


CatalogsDep = Annotated[CardCatalogs, Depends(get_catalogs)]


async def get_viewer_cache(request: Request) -> ViewerCache:
    return request.app.state.viewer_cache


ViewerCacheDep = Annotated[ViewerCache, Depends(get_viewer_cache)]


# -- who is asking: the JSON API ---------------------------------------------------------------


async def game_seats(game_id: str, repository: GameRepository) -> Mapping[str, Viewer]:
    """The game's seats by token hash (app/store/seat_directory.py): from memory on the event
    loop, else one read in the threadpool (a network round trip on PostgreSQL must not block
    the loop). A token is checked against its own game's seats only, so a token of game A
    never opens game B, and a made-up token costs no more than a real one."""
    directory = repository.seat_directory
    seats = directory.remembered(game_id)
    if seats is None:
        seats = await run_in_threadpool(directory.load, game_id)
    return seats


async def current_viewer(
    game_id: GameId,
    repository: RepositoryDep,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
) -> Viewer:
    """Who is asking, as this game sees them."""
    token = credentials.credentials if credentials is not None else ""
    if not _TOKEN_SHAPE.fullmatch(token):
        raise ApiError(
            401,
            "unauthorized",
            "A seat token is required: send the header 'Authorization: Bearer <token>'.",
            headers={"WWW-Authenticate": "Bearer"},
        )
    viewer = (await game_seats(game_id, repository)).get(hash_token(token))
    if viewer is None:
        raise ApiError(403, "forbidden", "This token does not open this game.")
    return viewer


ViewerDep = Annotated[Viewer, Depends(current_viewer)]


@dataclass(frozen=True)
class ApiSeat:
    """A hot JSON API request (an action, a view): who is asking, this request's store,
    Magic's catalog."""

    viewer: Viewer
    repository: GameRepository
    catalog: Catalog


async def api_seat(
    game_id: GameId,
    request: Request,
    credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
) -> ApiSeat:
    """What `ViewerDep`, `RepositoryDep` and `CatalogDep` give, in one dependency: FastAPI's
    work per dependency was a quarter of a JSON action's CPU (bench/). The same checks, by
    the same function (current_viewer)."""
    repository = await get_repository(request)
    viewer = await current_viewer(game_id, repository, credentials)
    return ApiSeat(viewer, repository, catalog_of(request))


ApiSeatDep = Annotated[ApiSeat, Depends(api_seat)]


async def judge_viewer(viewer: ViewerDep) -> Viewer:
    """The judge's token (rulings, exports, editions): any other is refused."""
    if viewer.kind != "judge":
        raise ApiError(403, "forbidden", "Only the judge's link can do this.")
    return viewer


JudgeViewerDep = Annotated[Viewer, Depends(judge_viewer)]


# -- who is asking: the pages ------------------------------------------------------------------


async def page_seat(game_id: GameId, request: Request, repository: RepositoryDep) -> PageSeat:
    """Who this browser is in this game, from its cookies, checked against the game's seats
    (game_seats): a made-up cookie costs what a real one costs."""
    tokens = [
        (kind, token)
        for kind in PRECEDENCE
        if (token := request.cookies.get(COOKIE_NAMES[kind])) and len(token) <= 128
    ]
    if tokens:
        seats = await game_seats(game_id, repository)
        for kind, token in tokens:
            viewer = seats.get(hash_token(token))
            if viewer is not None and viewer.kind == kind:
                return PageSeat(game_id=game_id, token=token, viewer=viewer)
    raise NoSeat(game_id)


SeatDep = Annotated[PageSeat, Depends(page_seat)]


@dataclass(frozen=True)
class SeatAt:
    """A seat page's request: whose cookie, whose eyes (a judge's ?seat=), and where the
    game and its remembered options are."""

    seat: PageSeat
    seat_param: str | None
    repository: GameRepository
    cache: ViewerCache


async def seat_at(
    seat: SeatDep, repository: RepositoryDep, cache: ViewerCacheDep, seat_param: SeatParam = None
) -> SeatAt:
    return SeatAt(seat, seat_param, repository, cache)


SeatAtDep = Annotated[SeatAt, Depends(seat_at)]


async def judge_seat(seat: SeatDep) -> PageSeat:
    """A judge's page (export, editions): anyone else is refused."""
    if seat.viewer.kind != "judge":
        raise PageRefusal(403, "ruling.judge_only")
    return seat


JudgeSeatDep = Annotated[PageSeat, Depends(judge_seat)]


# -- checked forms -----------------------------------------------------------------------------


async def require_same_site(request: Request) -> None:
    """A form that acts without a seat (a new game, an import, a fork): same site only."""
    if not same_site(request):
        raise PageRefusal(403, "error.csrf")


SameSiteDep = Annotated[None, Depends(require_same_site)]


def _check_csrf(request: Request, seat: PageSeat, sent: str | None) -> None:
    if not same_site(request) or not csrf_matches(seat_csrf(request, seat), sent):
        raise PageRefusal(403, "error.csrf")


@dataclass(frozen=True)
class SeatForm:
    """A seat's posted form, checked: same site, the seat's CSRF token, not a spectator."""

    seat: PageSeat
    form: FormData
    seat_param: str | None  # the judge's viewpoint, kept in the page's links
    expected_version: int | None


class FormCheck:
    """Reads a seat's form (at most `max_fields` fields), then checks it: CSRF first, then
    "no spectators" (a spectator can watch the game but not act in it)."""

    def __init__(self, max_fields: int) -> None:
        self.max_fields = max_fields

    async def __call__(self, request: Request, seat: SeatDep) -> SeatForm:
        form = await request.form(max_files=0, max_fields=self.max_fields)
        sent = request.headers.get(CSRF_HEADER) or str(form.get(CSRF_FIELD) or "")
        _check_csrf(request, seat, sent)
        if seat.viewer.kind == "spectator":
            raise PageRefusal(403, "error.spectator")
        try:
            expected = optional_number(str(form.get("expected_version") or ""), max_digits=9)
        except MalformedNumber:
            raise PageRefusal(422, "error.invalid", message="expected_version") from None
        return SeatForm(
            seat=seat,
            form=form,
            seat_param=str(form.get("seat") or "")[:40] or None,
            expected_version=expected,
        )


# A button of the action bar or of a sheet (also checked by a page's lane: pages/page_lane.py).
ACTION_FORM = FormCheck(max_fields=20)
FormCheckDep = Annotated[SeatForm, Depends(ACTION_FORM)]
# A pending choice's sheet: the option picked, the cards looked at, and a rank for each.
ChoiceFormDep = Annotated[SeatForm, Depends(FormCheck(max_fields=4 + 2 * MAX_LOOKED))]


def judge_form(
    request: Request,
    seat: SeatDep,
    csrf: Annotated[str, Form(alias=CSRF_FIELD, max_length=200)] = "",
) -> PageSeat:
    """The judge's own forms (publishing a ruling): CSRF from the form, then judge only."""
    _check_csrf(request, seat, csrf)
    if seat.viewer.kind != "judge":
        raise PageRefusal(403, "ruling.judge_only")
    return seat


JudgeFormDep = Annotated[PageSeat, Depends(judge_form)]
