"""Scenario files and editions side by side, for the pages.

- `GET /g/<game>/export.json` (judge): the game as a facedown-scenario/1 file to download.
- `GET /import`, `POST /import`: build a new game from a scenario file (an upload or pasted
  JSON); a refusal says why and keeps the pasted text.
- `GET /g/<game>/editions?other=<edition>` (judge): every step judged again under another
  edition, either another ruleset of the game's family or another value of one of its game
  options (as its new-game form offers them), differences highlighted with their rules.
"""

from __future__ import annotations

from typing import Annotated, Any

import orjson
from fastapi import APIRouter, Query, Request
from fastapi.responses import Response
from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool

from app.rules.core.errors import RuleError
from app.rules.families import family_of
from app.scenarios.editions import EditionComparison, compare_editions, compare_option_editions
from app.scenarios.export import TakenBack, export_game
from app.scenarios.model import Scenario
from app.scenarios.runner import ScenarioError, create_scenario_game
from app.web import game_service
from app.web.deps import JudgeSeatDep, RepositoryDep, SameSiteDep
from app.web.i18n import pick_language, translator
from app.web.pages.cache_policy import PRIVATE, PUBLIC_PAGE
from app.web.pages.chrome import base_context, refused
from app.web.pages.family_pages import has_editions, other_ruleset
from app.web.pages.links import links_after_creation
from app.web.templating import html, render

router = APIRouter(include_in_schema=False)

MAX_FILE = 256 * 1024


@router.get("/g/{game_id}/export.json")
def export_file(
    request: Request,
    seat: JudgeSeatDep,
    repository: RepositoryDep,
    up_to: Annotated[int | None, Query(ge=0)] = None,
) -> Response:
    """The scenario file of this game (up to a version), as a download."""
    latest = repository.info(seat.game_id).version
    upper = None if up_to is None or up_to >= latest else up_to
    try:
        scenario = export_game(repository, seat.game_id, upper)
    except TakenBack as err:
        return _taken_back(request, err)
    body = orjson.dumps(scenario.model_dump(by_alias=True, mode="json"), option=orjson.OPT_INDENT_2)
    name = f"facedown-{seat.game_id}" + (f"-v{upper}" if upper is not None else "") + ".json"
    headers = {**PRIVATE, "Content-Disposition": f'attachment; filename="{name}"'}
    return Response(body, media_type="application/json", headers=headers)


def _taken_back(request: Request, err: TakenBack) -> Response:
    """A game taken back replays as a scenario only up to the version before: its ids and seed were renewed there."""
    return refused(
        request,
        "take_back.export_refused",
        409,
        PRIVATE,
        version=str(err.version),
        last=str(err.last_exportable),
    )


def _import_page(request: Request, status: int = 200, **extra: Any) -> Response:
    ctx = base_context(request) | {"import_error": None, "pasted": ""} | extra
    ctx["path"] = "/import"
    return html(render("pages/import.html", ctx), status, PUBLIC_PAGE)


@router.get("/import")
def import_form(request: Request) -> Response:
    return _import_page(request)


def _errors(err: ValidationError) -> str:
    parts = []
    for e in err.errors()[:5]:
        where = ".".join(str(p) for p in e["loc"]) or "file"
        parts.append(f"{where}: {e['msg']}")
    return "; ".join(parts)


@router.post("/import")
async def import_file(
    request: Request, same_site: SameSiteDep, repository: RepositoryDep
) -> Response:
    """Build a new game from a scenario file and show its links (once)."""
    t = translator(pick_language(request))
    form = await request.form(max_files=1, max_fields=5)
    upload = form.get("file")
    pasted = str(form.get("json") or "")[:MAX_FILE]
    raw = b""
    if upload is not None and not isinstance(upload, str):
        raw = await upload.read(MAX_FILE + 1)
        if len(raw) > MAX_FILE:
            return _import_page(request, 413, import_error=t("import.too_big"), pasted=pasted)
    if not raw.strip():
        raw = pasted.encode()
    if not raw.strip():
        return _import_page(request, 422, import_error=t("import.empty"), pasted=pasted)
    text = raw.decode("utf-8", "replace")
    try:
        scenario = Scenario.model_validate_json(raw)
    except ValidationError as err:
        message = t("import.invalid", detail=_errors(err))
        return _import_page(request, 422, import_error=message, pasted=text)

    def build() -> Any:
        return create_scenario_game(repository, scenario)

    try:
        created = await run_in_threadpool(build)
    except (ScenarioError, ValueError) as err:
        message = t("import.cannot_build", detail=str(err))
        return _import_page(request, 422, import_error=message, pasted=text)
    except RuleError as err:
        message = t("import.cannot_build", detail=err.message_en)
        return _import_page(request, 422, import_error=message, pasted=text)
    return links_after_creation(request, created)


@router.get("/g/{game_id}/editions")
def editions_page(
    request: Request,
    seat: JudgeSeatDep,
    repository: RepositoryDep,
    other: Annotated[str, Query(max_length=20)] = "",
) -> Response:
    """Judge this game again under another edition, side by side (judge only)."""
    info = repository.info(seat.game_id)
    # A game option's other value (the family's form choices), else another ruleset.
    options = game_service.game_options(repository, seat.game_id)
    choices = family_of(info.ruleset).pages.form_choices.items()
    option = next((o for o, values in choices if other in values and other != options.get(o)), None)
    if option is None and not has_editions(info.ruleset):
        return refused(request, "editions.none", 404)
    comparison: EditionComparison
    try:
        if option is not None:
            # The same steps with the option's other value, in memory.
            comparison = compare_option_editions(repository, seat.game_id, option, other)
        else:
            ruleset = other_ruleset(info.ruleset, other)
            comparison = compare_editions(repository, seat.game_id, ruleset)
    except TakenBack as err:
        return _taken_back(request, err)
    ctx = base_context(request) | {
        "comparison": comparison,
        "title": info.title,
        "game_url": f"/g/{seat.game_id}",
        "rules_base": f"/rules/{family_of(info.ruleset).rulesets[0]}/",
    }
    return html(render("pages/editions.html", ctx), headers=PRIVATE)
