"""The HTML pages and their htmx fragments.

Every URL that serves both answers an htmx request (`HX-Request: true`) with one block of the
same template and a plain request with the whole page (`Vary: HX-Request`). Seat pages are
opened by the seat cookie set at `/join/<token>`; what they show is built by `view_for`,
`log_for`, `events_for` and `error_for`, and the buttons by `actions_for`: templates never get
a GameState. Without JavaScript the pages still render, and the forms still post.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import Annotated, Any
from urllib.parse import quote, urlencode

from fastapi import APIRouter, FastAPI, Form, Query, Request
from fastapi.responses import RedirectResponse, Response
from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool

from app.rules.core.errors import RuleError
from app.rules.core.state import GameState
from app.rules.families import family_of
from app.rules.redact import (
    ActionOption,
    ErrorView,
    EventView,
    LogEntryView,
    View,
    Viewer,
    citations_for,
    error_for,
    events_for,
    log_for,
    numbers_for_ruleset,
    view_for,
)
from app.store.repository import (
    CreatedGame,
    GameRepository,
    StaleVersion,
    StoreBusy,
    UnknownActor,
)
from app.web.api import GameCreate, actor_for, build_setup, split_action_body
from app.web.csrf import CSRF_FIELD, CSRF_HEADER, csrf_matches, csrf_token, same_site
from app.web.errors import ApiError
from app.web.headers import NO_STORE, PRIVATE, PUBLIC_PAGE
from app.web.hideaway_pages import hideaway_context
from app.web.i18n import LANG_COOKIE, LANGS, Lang, pick_language, translator
from app.web.page_options import FixedOffer, Offer, OptionsCache, OptionsMemo
from app.web.qr import qr_svg
from app.web.riftbound_pages import riftbound_context
from app.web.seat_cookie import (
    COOKIE_NAMES,
    NoSeat,
    PageSeat,
    PageSeatDep,
    set_seat_cookie,
)
from app.web.starter import starter_setup
from app.web.starter_riftbound import riftbound_starter_setup
from app.web.templating import html, render

log = logging.getLogger(__name__)

router = APIRouter(include_in_schema=False)

LOG_LIMIT = 30
RULESETS = ("mtg", "mtg-2004", "riftbound")
MAX_PLAYERS = 4
HIDEAWAY_EDITIONS = ("current", "lorwyn")
# Game-wide actions always in sight; the others (manifest, cloak, concede, end the game) wait
# behind "More", so the board stays near the top and a stray tap can't end the game.
PRIMARY_ACTIONS = ("resolve", "next_turn")


# -- small helpers -----------------------------------------------------------------------------


def is_htmx(request: Request) -> bool:
    return request.headers.get("hx-request") == "true"


def page_secret(request: Request) -> bytes | None:
    return request.app.state.page_secret


def repo_of(request: Request) -> GameRepository:
    return request.app.state.repository


def chrome_context(lang: Lang, path: str) -> dict[str, Any]:
    """What the layout needs on every page: the language and the way to switch it."""
    return {
        "lang": lang,
        "t": translator(lang),
        "path": path,
        "other_lang": "fr" if lang == "en" else "en",
    }


def base_context(request: Request) -> dict[str, Any]:
    # The language toggle comes back here with a GET: after a POST, go home instead.
    path = request.url.path + (f"?{request.url.query}" if request.url.query else "")
    if request.method != "GET":
        path = "/"
    return chrome_context(pick_language(request), path)


def problem(
    request: Request, status: int, message: str, headers: dict[str, str] | None = None
) -> Response:
    """A refusal a person can read: the whole page, or for htmx a notice swapped into
    #notice — and nothing else (no board, no card)."""
    ctx = base_context(request)
    ctx["message"] = message
    all_headers = {**PRIVATE, **(headers or {})}
    if is_htmx(request):
        all_headers |= {"HX-Retarget": "#notice", "HX-Reswap": "innerHTML"}
        return html(render("partials/problem.html", ctx), status, all_headers)
    return html(render("pages/problem.html", ctx), status, all_headers)


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


def options_for(state: GameState, who: Looking, cache: OptionsCache | None = None) -> Offer:
    """What `who` may do now, computed as far as the page shows it (app/web/page_options.py);
    with a cache, remembered per game version and viewer."""
    if cache is None:
        memo = OptionsMemo(state, who.viewer)
    else:
        memo = cache.memo(who.seat.game_id, state, who.viewer)
    return Offer(memo, who.acting_as)


def urls_for(game_id: str, who: Looking, version: int) -> dict[str, str]:
    qs = f"?{urlencode({'seat': who.seat_param})}" if who.seat_param else ""
    base = f"/g/{quote(game_id)}"
    return {
        "game": base + qs,
        "base": base,
        "qs": qs,
        "act": f"{base}/act",
        "live": f"{base}/live?v={version}",
        "objects": f"{base}/objects/",
        "log": f"{base}/log{qs}",
    }


# -- the game page -----------------------------------------------------------------------------


def table_context(
    *,
    view: View,
    options: Offer | list[ActionOption],
    entries: list[LogEntryView],
    who: Looking,
    title: str,
    csrf: str | None,
    selected: str | None = None,
    error: ErrorView | None = None,
    done: list[EventView] | None = None,
    stale: bool = False,
    full_log: bool = False,
) -> dict[str, Any]:
    """Everything the game templates get, from public models only. `entries` is the log
    oldest first, as `log_for` returns it. `options`: an Offer, or a list as `actions_for`
    gives (the past offers none)."""
    if not isinstance(options, Offer):
        options = FixedOffer(options)
    newest_first = list(reversed(entries))
    sheet_obj = None
    if selected is not None:
        sheet_obj = next((o for o in view.objects if o.id == selected), None)
    urls = urls_for(who.seat.game_id, who, view.version)
    loose = options.loose()
    return {
        "view": view,
        "title": title,
        "game_id": who.seat.game_id,
        "me": who.viewer.player if who.viewer.kind == "player" else None,
        "seat_kind": who.seat.viewer.kind,
        "judge": who.viewer.kind == "judge",
        "acting_as": who.acting_as,
        "seat_param": who.seat_param,
        "players": [p.name for p in view.players],
        "bar_options": [o for o in loose if o.type in PRIMARY_ACTIONS],
        "more_options": [o for o in loose if o.type not in PRIMARY_ACTIONS],
        "actionable": options.actionable(),
        "sheet": "closed" if selected is None else ("open" if sheet_obj else "gone"),
        "sheet_obj": sheet_obj,
        "sheet_options": options.for_object(selected) if selected is not None else [],
        "log": newest_first if full_log else newest_first[:LOG_LIMIT],
        "log_more": not full_log and len(newest_first) > LOG_LIMIT,
        "error": error,
        "done": done or [],
        "stale": stale,
        "urls": urls,
        "path": urls["game"],
        "csrf": csrf,
        "rules_base": f"/rules/{view.ruleset}/",
    } | {
        # Only a pending hideaway choice lists every option (its cards): a rare, cheap case,
        # the engine refusing anything else before it copies the state.
        **hideaway_context(view, options.all() if getattr(view, "pending", None) is not None else [], who),
        **riftbound_context(view, loose),
    }


def game_context(
    request: Request,
    seat: PageSeat,
    seat_param: str | None,
    *,
    selected: str | None = None,
    error: ErrorView | None = None,
    done: list[EventView] | None = None,
    stale: bool = False,
    full_log: bool = False,
) -> dict[str, Any]:
    """Load the game and build the page for this seat (and viewpoint)."""
    repository = repo_of(request)
    state = repository.load(seat.game_id)
    info = repository.info(seat.game_id)
    who = looking(seat, seat_param, state.player_names())
    csrf = None
    if seat.viewer.kind != "spectator":
        csrf = csrf_token(page_secret(request), seat.game_id, seat.token)
    return base_context(request) | table_context(
        view=view_for(state, who.viewer),
        options=options_for(state, who, request.app.state.options_cache),
        # The newest LOG_LIMIT + 1 entries tell the page all it shows (and whether there is
        # more): its cost stays flat however long the game (bench/, README "Performance").
        entries=log_for(
            repository.log(seat.game_id, last=None if full_log else LOG_LIMIT + 1),
            who.viewer,
            state.ruleset,
        ),
        who=who,
        title=info.title,
        csrf=csrf,
        selected=selected,
        error=error,
        done=done,
        stale=stale,
        full_log=full_log,
    )


SeatParam = Annotated[str | None, Query(alias="seat", max_length=40)]


@router.get("/g/{game_id}")
def game_page(request: Request, seat: PageSeatDep, seat_param: SeatParam = None) -> Response:
    """The board for whoever the cookie says; for htmx, only the live region."""
    ctx = game_context(request, seat, seat_param)
    blocks = ["live"] if is_htmx(request) else None
    return html(render("pages/game.html", ctx, blocks), headers=PRIVATE)


@router.get("/g/{game_id}/objects/{object_id}")
def object_sheet(
    request: Request, seat: PageSeatDep, object_id: str, seat_param: SeatParam = None
) -> Response:
    """The bottom sheet of one card: what it is (as this viewer may see it) and the actions
    allowed now. A card this viewer can't reach answers like one that doesn't exist."""
    ctx = game_context(request, seat, seat_param, selected=object_id[:64])
    status = 404 if ctx["sheet"] == "gone" else 200
    blocks = ["sheet"] if is_htmx(request) else None
    return html(render("pages/game.html", ctx, blocks), status, PRIVATE)


@router.get("/close")
def close(request: Request) -> Response:
    """Empties the bottom sheet or a notice (htmx); without htmx, there is nothing to close."""
    if is_htmx(request):
        return html("", headers=PRIVATE)
    return RedirectResponse("/", 303)


@router.get("/g/{game_id}/log")
def full_log(request: Request, seat: PageSeatDep, seat_param: SeatParam = None) -> Response:
    ctx = game_context(request, seat, seat_param, full_log=True)
    return html(render("pages/log.html", ctx), headers=PRIVATE)


def _parse_action_field(raw: str | None) -> dict[str, Any] | None:
    if not raw or len(raw) > 4000:
        return None
    try:
        body = json.loads(raw)
    except ValueError:
        return None
    return body if isinstance(body, dict) else None


def _perform(
    request: Request,
    seat: PageSeat,
    body: dict[str, Any],
    seat_param: str | None,
    htmx: bool,
) -> Response:
    """Apply one action for a page, then answer with the new live region (htmx), a redirect
    (plain form), or the error alone."""
    t = translator(pick_language(request))
    repository = repo_of(request)
    try:
        envelope, action = split_action_body(body)
        actor = actor_for(seat.viewer, envelope)
        result = repository.act(
            seat.game_id, action, actor, envelope.expected_version, envelope.request_id
        )
    except RuleError as err:
        ruleset = getattr(err, "ruleset", repository.info(seat.game_id).ruleset)
        return _refused(request, seat, seat_param, error_for(err, ruleset), htmx)
    except StaleVersion:
        ctx = game_context(request, seat, seat_param, stale=True)
        if htmx:
            return html(render("pages/game.html", ctx, ["live", "oob_after_action"]), 409, PRIVATE)
        return html(render("pages/game.html", ctx), 409, PRIVATE)
    except ApiError as err:
        return problem(request, err.status, t("error.invalid", message=err.message))
    except UnknownActor:
        return problem(request, 422, t("error.invalid", message="as"))
    except StoreBusy:
        return problem(request, 503, t("error.busy"), {"Retry-After": "1"})
    if not htmx:
        qs = f"?{urlencode({'seat': seat_param})}" if seat_param else ""
        return RedirectResponse(f"/g/{quote(seat.game_id)}{qs}", 303, headers=PRIVATE)
    ctx = game_context(request, seat, seat_param)
    who = looking(seat, seat_param, ctx["players"])
    ctx["done"] = events_for(result.events, who.viewer, ctx["view"].ruleset)
    return html(render("pages/game.html", ctx, ["live", "oob_after_action"]), headers=PRIVATE)


def _refused(
    request: Request, seat: PageSeat, seat_param: str | None, error: ErrorView, htmx: bool
) -> Response:
    """422: the rule and the reason, in the page's language; nothing changed."""
    if htmx:
        ruleset = repo_of(request).info(seat.game_id).ruleset
        ctx = base_context(request) | {"error": error, "rules_base": f"/rules/{ruleset}/"}
        headers = {**PRIVATE, "HX-Retarget": "#notice", "HX-Reswap": "innerHTML"}
        return html(render("partials/error.html", ctx), 422, headers)
    ctx = game_context(request, seat, seat_param, error=error)
    return html(render("pages/game.html", ctx), 422, PRIVATE)


@router.post("/g/{game_id}/act")
async def act(request: Request, seat: PageSeatDep) -> Response:
    """A button of the action bar or of a sheet. CSRF: same-site request and the seat's token."""
    t = translator(pick_language(request))
    form = await request.form(max_files=0, max_fields=20)
    expected = csrf_token(page_secret(request), seat.game_id, seat.token)
    sent = request.headers.get(CSRF_HEADER) or str(form.get(CSRF_FIELD) or "")
    if not same_site(request) or not csrf_matches(expected, sent):
        return problem(request, 403, t("error.csrf"))
    if seat.viewer.kind == "spectator":
        return problem(request, 403, t("error.spectator"))
    body = _parse_action_field(str(form.get("action") or ""))
    if body is None:
        return problem(request, 422, t("error.invalid", message="action"))
    version = str(form.get("expected_version") or "")
    if version.isdigit() and len(version) < 10:
        body["expected_version"] = int(version)
    seat_param = str(form.get("seat") or "")[:40] or None
    return await run_in_threadpool(_perform, request, seat, body, seat_param, is_htmx(request))


# -- joining -----------------------------------------------------------------------------------


@router.get("/join/{token}")
def join(request: Request, token: str) -> Response:
    """A seat link: remember the token in a cookie for that game, then leave this URL."""
    found = repo_of(request).resolve_token(token[:128]) if len(token) <= 128 else None
    if found is None:
        t = translator(pick_language(request))
        return problem(request, 404, t("error.bad_link"))
    game_id, viewer = found
    target = f"/g/{quote(game_id)}"
    response = RedirectResponse(target, 303, headers=NO_STORE)
    set_seat_cookie(response, request, game_id, viewer.kind, token)
    # The judge cookie, if any, stays and wins (the judge sees as a player with ?seat=);
    # a player link replaces a spectator one and the other way round.
    for kind, name in COOKIE_NAMES.items():
        if kind not in (viewer.kind, "judge"):
            response.delete_cookie(name, path=f"/g/{game_id}")
    return response


# -- home and new games ------------------------------------------------------------------------


def _scenarios() -> list[Any]:
    try:
        from app.demo import SCENARIOS
    except ImportError:  # pragma: no cover - app.demo is part of the app
        return []
    return list(SCENARIOS)


def home_context(request: Request, **extra: Any) -> dict[str, Any]:
    ctx = base_context(request)
    ctx |= {
        "scenarios": _scenarios(),
        "rulesets": RULESETS,
        "max_players": MAX_PLAYERS,
        "form_players": ["Alice", "Bob"],
        "form_ruleset": "mtg",
        "hideaway_editions": HIDEAWAY_EDITIONS,
        "form_hideaway": "current",
        "form_error": None,
        "path": "/",
    }
    ctx |= extra
    return ctx


@router.get("/")
def home(request: Request) -> Response:
    return html(render("pages/home.html", home_context(request)), headers=PUBLIC_PAGE)


def _create(
    request: Request,
    ruleset: str,
    players: list[str],
    scenario: str | None,
    hideaway_edition: str = "current",
) -> tuple[CreatedGame, str]:
    repository = repo_of(request)
    if scenario:
        from app.demo import create_scenario_game

        found = next((s for s in _scenarios() if s.key == scenario), None)
        if found is None:
            raise KeyError(scenario)
        created = create_scenario_game(repository, scenario, players or None)
        return created, found.title
    body = GameCreate(
        ruleset=ruleset,  # type: ignore[arg-type]
        players=players,
        setup=(  # type: ignore[arg-type]
            riftbound_starter_setup(players) if ruleset == "riftbound" else starter_setup(players)
        ),
        options={"hideaway_edition": hideaway_edition},  # type: ignore[arg-type]
    )
    setup = build_setup(body, request.app.state.catalog)
    title = " · ".join(players)
    return repository.create_game(setup, title), title


@router.post("/games")
def create_game(
    request: Request,
    ruleset: Annotated[str, Form(max_length=20)] = "mtg",
    player: Annotated[list[str] | None, Form(max_length=MAX_PLAYERS)] = None,
    scenario: Annotated[str | None, Form(max_length=60)] = None,
    hideaway_edition: Annotated[str, Form(max_length=20)] = "current",
) -> Response:
    """Create a game (or a judge scenario) and show its links, once: they carry the tokens."""
    t = translator(pick_language(request))
    if not same_site(request):
        return problem(request, 403, t("error.csrf"))
    names = [p.strip()[:40] for p in (player or []) if p.strip()]
    if ruleset not in RULESETS:
        ruleset = "mtg"
    if hideaway_edition not in HIDEAWAY_EDITIONS or ruleset != "mtg":
        hideaway_edition = "current"

    def refuse(message: str) -> Response:
        ctx = home_context(
            request,
            form_players=names or ["", ""],
            form_ruleset=ruleset,
            form_hideaway=hideaway_edition,
            form_error=message,
        )
        return html(render("pages/home.html", ctx), 422, PUBLIC_PAGE)

    if not scenario and (len(names) < 2 or len({n.casefold() for n in names}) != len(names)):
        return refuse(t("error.players"))
    if not scenario and ruleset == "riftbound" and len(names) != 2:
        return refuse(t("rb.error.two_players"))
    try:
        created, title = _create(request, ruleset, names, scenario or None, hideaway_edition)
    except KeyError:
        return refuse(t("error.scenario"))
    except (ValidationError, ApiError, RuleError):
        return refuse(t("error.players"))
    return links_page(request, created, title)


def links_page(request: Request, created: CreatedGame, title: str) -> Response:
    origin = str(request.base_url).rstrip("/")
    ctx = base_context(request)
    t = ctx["t"]

    def link(kind: str, who: str, token: str, help_text: str | None = None) -> dict[str, Any]:
        url = f"{origin}/join/{token}"
        return {"kind": kind, "who": who, "url": url, "path": f"/join/{token}",
                "qr": qr_svg(url), "help": help_text}  # fmt: skip

    ctx |= {
        "title": title,
        "judge_link": link("judge", t("links.judge"), created.judge_token, t("links.judge.help")),
        "seat_links": [
            link("player", t("links.seat", player=s.player), s.token) for s in created.seats
        ],
        "spectator_link": link(
            "spectator", t("links.spectator"), created.spectator_token, t("links.spectator.help")
        ),
    }
    return html(render("pages/links.html", ctx), 200, NO_STORE)


# -- language ----------------------------------------------------------------------------------


def _local_path(target: str | None) -> str:
    if not target or not target.startswith("/") or target.startswith(("//", "/\\")):
        return "/"
    if any(c in target for c in "\r\n\\"):
        return "/"
    return target[:500]


@router.get("/lang/{code}")
def set_language(
    request: Request, code: str, next: Annotated[str | None, Query(max_length=500)] = None
) -> Response:
    """The language toggle: a cookie, then back to the page (a local path only)."""
    response = RedirectResponse(_local_path(next), 303, headers={"Cache-Control": "no-store"})
    if code in LANGS:
        response.set_cookie(
            LANG_COOKIE,
            code,
            max_age=60 * 60 * 24 * 365,
            path="/",
            httponly=True,
            samesite="lax",
            secure=request.url.scheme == "https",
        )
    return response


# -- rules -------------------------------------------------------------------------------------


def citation_keys(ruleset: str, number: str) -> list[str]:
    """The keys of the ruleset's own rules that show as `number` there."""
    keys = family_of(ruleset).citations.book.citations
    return [key for key in keys if number in numbers_for_ruleset([key], ruleset)]


@router.get("/rules/{ruleset}/{number}")
def rule_page(request: Request, ruleset: str, number: str) -> Response:
    """What a rule number says, in our words, in both languages, with its number in each
    edition. For htmx, it opens in the bottom sheet."""
    if ruleset not in ("mtg", "mtg-2004", "riftbound") or len(number) > 80:
        return problem(request, 404, translator(pick_language(request))("error.not_found"))
    keys = citation_keys(ruleset, number)
    ctx = base_context(request) | {
        "number": number,
        "ruleset": ruleset,
        "citations": citations_for(keys, ruleset),
        "title": number,
        "htmx": is_htmx(request),
    }
    status = 200 if keys else 404
    headers = {"Cache-Control": "private, max-age=300", "Vary": PRIVATE["Vary"]}
    if is_htmx(request):
        return html(render("pages/rule.html", ctx, ["sheet"]), status, headers)
    return html(render("pages/rule.html", ctx), status, headers)


# -- wiring ------------------------------------------------------------------------------------


def _no_seat(request: Request, exc: Exception) -> Response:
    t = translator(pick_language(request))
    return problem(request, 403, t("error.no_seat"))


def install_pages(app: FastAPI, secret: bytes | None = None) -> None:
    """Mount the page routes, the live stream and their error pages on `app`."""
    from app.web.hideaway_pages import router as hideaway_router
    from app.web.live import router as live_router
    from app.web.ruling_pages import install as install_ruling_pages

    app.state.page_secret = secret or None
    app.state.options_cache = OptionsCache()
    app.add_exception_handler(NoSeat, _no_seat)
    install_ruling_pages(app)  # rulings, time travel, /rules, scenario files, editions
    app.include_router(router)
    app.include_router(hideaway_router)
    app.include_router(live_router)
