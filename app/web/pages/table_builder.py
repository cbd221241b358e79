"""The judge's table builder: "Build a table" from the home page (a game with an empty table),
the card search box (an htmx fragment of "add" buttons), and the judge's forms on a game's
page — "Add a card", a sheet's "Move / edit" and "Remove", "Turn and step", "Set life /
points" — each posted as one judge edit (app/web/judge_forms.py) through the same door as
every action.

Without JavaScript every form still posts and the page comes back (the placement the judge
chose kept in its URL); with htmx, the board is swapped and the panel stays as it was.
A refused form comes back as it was typed, the reason beside the field it is about (issue
27): 422 with the whole page, or for htmx the form's own region.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Annotated, Any, Literal
from urllib.parse import urlencode

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from app.catalog.loader import catalog_for
from app.rules.core.errors import RuleError
from app.rules.families import DEFAULT_RULESET, Ruleset
from app.rules.redact import ErrorView, Viewer
from app.web import game_service
from app.web.deps import CatalogDep, FormCheck, RepositoryDep, SameSiteDep, SeatAt, SeatForm
from app.web.i18n import pick_language, translator
from app.web.judge_forms import (
    FormProblem,
    JudgeSpec,
    Placed,
    add_card_action,
    edit_action,
    exile_facts,
    face_of,
    set_score_action,
    set_turn_action,
)
from app.web.models import GameCreate
from app.web.page_refusal import PageRefusal
from app.web.pages.acting import act_for_page
from app.web.pages.builder_panel import HITS, PLACEMENT_FIELDS, FormRefusal, own_ways
from app.web.pages.cache_policy import PRIVATE, PUBLIC_PAGE
from app.web.pages.chrome import base_context, is_htmx, refused
from app.web.pages.family_pages import (
    judge_spec,
)
from app.web.pages.links import links_after_creation
from app.web.pages.new_game_form import NewGameFormDep
from app.web.pages.seat_page import seat_page
from app.web.pages.table_page import Shown
from app.web.setup_builder import build_setup
from app.web.templating import html, render

router = APIRouter(include_in_schema=False)

# The "Add a card" form: placement, an inline definition, the envelope.
JudgeFormDep = Annotated[SeatForm, Depends(FormCheck(max_fields=40))]


# -- "Build a table": a game with an empty table ---------------------------------------------


@router.post("/tables")
def build_table(
    request: Request,
    same_site: SameSiteDep,
    repository: RepositoryDep,
    catalog: CatalogDep,
    form: NewGameFormDep,
) -> Response:
    """A game of `ruleset` for these players with nothing on the table, and its links: the
    judge's link opens the page where the cards are added. (The home page's new-game form
    posts here from its "Build a table" button.)"""
    problem = form.players_problem()
    if problem is not None:
        return refused(request, problem[0], 422, None, **problem[1])
    body = GameCreate(ruleset=form.ruleset, players=form.names, options=form.options or None)
    title = " · ".join(form.names)
    created = repository.create_game(build_setup(body, catalog), title)
    return links_after_creation(request, created)


# -- the search box ---------------------------------------------------------------------------


@router.get("/cards/search")
def card_search(
    request: Request,
    catalog: CatalogDep,
    q: Annotated[str, Query(max_length=120)] = "",
    ruleset: Annotated[Ruleset, Query()] = DEFAULT_RULESET,
) -> Response:
    """The search box's hits: one "add" button per card (they submit the form around them),
    and beside it one per way the card has of being hidden."""
    found = catalog_for(ruleset, catalog)
    hits = found.search(q, HITS)
    ctx = base_context(request)
    ways = own_ways(found, hits, judge_spec(ruleset), ctx["t"]) if hits else {}
    ctx |= {"hits": hits, "ways": ways, "query": q.strip(), "searched": bool(q.strip())}
    return html(render("partials/card_hits.html", ctx), headers=PUBLIC_PAGE)


# -- the judge's forms on a game's page --------------------------------------------------------


def _judge_only(checked: SeatForm) -> None:
    if checked.seat.viewer.kind != "judge":
        raise PageRefusal(403, "ruling.judge_only")


def _judge_view(at: SeatAt) -> Any:
    return game_service.game_view(at.repository, at.seat.game_id, Viewer.judge())


FormKind = Literal["add", "edit", "turn"]
# An edit's field as the form names it (Riftbound's deck position is the form's position).
_FORM_FIELD = {"deck_position": "library_position"}


async def _act(
    request: Request,
    checked: SeatForm,
    repository: RepositoryDep,
    make: Any,
    form: FormKind,
    keep_placement: bool = False,
) -> Response:
    """Build the action from the form (with the judge's view of the game), apply it, answer
    like any action; a plain form comes back to the page with the placement kept. A refusal
    comes back in the form, beside its field."""
    _judge_only(checked)
    at = SeatAt(checked.seat, checked.seat_param, repository, request.app.state.viewer_cache)
    view = await run_in_threadpool(_judge_view, at)
    htmx = is_htmx(request)
    try:
        body = make(view)
    except FormProblem as problem:
        message = translator(pick_language(request))(problem.key)
        refusal = _refusal(checked, form, problem.field, message, ())
        return await run_in_threadpool(_refused_form, request, at, refusal, htmx)
    if checked.expected_version is not None:
        body["expected_version"] = checked.expected_version

    def on_refusal(err: RuleError, error: ErrorView) -> Response:
        message = error.message_fr if pick_language(request) == "fr" else error.message
        field = _FORM_FIELD.get(err.field or "", err.field)
        refusal = _refusal(checked, form, field, message, tuple(error.rules))
        return _refused_form(request, at, refusal, htmx)

    response = await run_in_threadpool(
        act_for_page, request, at, body, htmx, on_refusal, keep_placement
    )
    if keep_placement and not htmx and response.status_code == 303:
        # The page says "card added" beside the form.
        response.headers["location"] = _page_with_placement(checked, added="1")
    return response


def _page_with_placement(checked: SeatForm, **more: str) -> str:
    """The judge's page again, at the "Add a card" form, with the placement the judge chose
    kept in its address (a plain form's way of keeping it between two cards)."""
    kept = {k: str(checked.form.get(k) or "") for k in PLACEMENT_FIELDS}
    kept = {k: v[:120] for k, v in kept.items() if v}
    if checked.seat_param:
        kept = {"seat": checked.seat_param, **kept}
    kept |= {k: v for k, v in more.items() if v}
    return f"/g/{checked.seat.game_id}?{urlencode(kept)}#add-card"


# Never typed by the judge: not shown again.
_ENVELOPE = ("csrf", "expected_version", "seat", "do")


def _refusal(
    checked: SeatForm, form: FormKind, field: str | None, message: str, rules: tuple[str, ...]
) -> FormRefusal:
    typed = {
        str(k)[:40]: str(checked.form.get(k) or "")[:200]
        for k in list(checked.form.keys())[:60]
        if k not in _ENVELOPE
    }
    return FormRefusal(form=form, field=field, message=message, typed=typed, rules=rules)


def _refused_form(request: Request, at: SeatAt, refusal: FormRefusal, htmx: bool) -> Response:
    """422: the judge's page with the refused form as it was typed and the reason beside its
    field; for htmx only that form's region (the sheet, or the builder panel)."""
    selected = refusal.typed.get("object") if refusal.form == "edit" else None
    page = seat_page(request, at, Shown(selected=selected or None))
    if page.builder is not None:
        page = replace(page, builder=replace(page.builder, refusal=refusal))
    variables = page.variables()
    if not htmx:
        return html(render("pages/game.html", variables), 422, PRIVATE)
    if refusal.form == "edit":
        headers = {**PRIVATE, "HX-Retarget": "#sheet", "HX-Reswap": "innerHTML"}
        return html(render("pages/game.html", variables, ["sheet"]), 422, headers)
    headers = {**PRIVATE, "HX-Retarget": "#add-card", "HX-Reswap": "outerHTML"}
    return html(render("partials/table_builder.html", variables), 422, headers)


@router.post("/g/{game_id}/judge/add")
async def add_card(request: Request, checked: JudgeFormDep, repository: RepositoryDep) -> Response:
    """The "Add a card" panel: a search hit's button (`card`) or the inline definition."""
    make = _for_players(checked, add_card_action)
    return await _act(request, checked, repository, make, "add", keep_placement=True)


# A form's action from the form, the family's judge edits and the game's players.
PlayersForm = Callable[[Mapping[str, Any], JudgeSpec, list[str]], dict[str, Any]]


def _for_players(checked: SeatForm, build: PlayersForm) -> Callable[[Any], dict[str, Any]]:
    """The action a form makes, from the judge's view of the game: its family and players."""
    return lambda view: build(
        checked.form, judge_spec(view.ruleset), [p.name for p in view.players]
    )


@router.post("/g/{game_id}/judge/search")
def search_in_form(checked: JudgeFormDep) -> Response:
    """The search button without JavaScript: the judge's page with the hits for what was
    typed and everything chosen above the box (owner, zone, face down...) kept."""
    _judge_only(checked)
    query = str(checked.form.get("q") or "").strip()[:120]
    return RedirectResponse(_page_with_placement(checked, q=query), 303, headers=PRIVATE)


@router.post("/g/{game_id}/judge/edit")
async def edit_card(request: Request, checked: JudgeFormDep, repository: RepositoryDep) -> Response:
    """A card sheet's "Move / edit" (only what changed) or "Remove"."""
    wanted = str(checked.form.get("object") or "")[:64]

    def make(view: Any) -> dict[str, Any]:
        obj = next((o for o in view.objects if o.id == wanted), None)
        if obj is None:
            raise FormProblem("sheet.gone", "object")
        spec = judge_spec(view.ruleset)
        placed = Placed(
            id=obj.id,
            zone=spec.form_zone(obj.zone),
            controller=obj.controller,
            face_down_via=getattr(obj, "face_down_via", None),
            counters=obj.counters,
            status=spec.boxes_of(view, obj),
            face=face_of(obj, spec),
            exile=exile_facts(obj),
            attached_to=getattr(obj, "attached_to", None) or "",
        )
        return edit_action(checked.form, spec, placed)

    return await _act(request, checked, repository, make, "edit")


@router.post("/g/{game_id}/judge/turn")
async def set_turn(request: Request, checked: JudgeFormDep, repository: RepositoryDep) -> Response:
    """ "Turn and step": a built table starts on any player's turn, number and step."""
    return await _act(request, checked, repository, _for_players(checked, set_turn_action), "turn")


@router.post("/g/{game_id}/judge/score")
async def set_score(request: Request, checked: JudgeFormDep, repository: RepositoryDep) -> Response:
    """ "Set life / points"."""
    return await _act(request, checked, repository, _for_players(checked, set_score_action), "add")
