"""Ruling pages: publish a ruling from the judge's page, `/r/<slug>` (the ruling itself, its
preview image), and "open as a new scenario".

Everything a ruling page shows comes from `RulingPublic` (each published viewpoint's `View`
and redacted log, and the visibility table): the page never sees the pinned GameState, so it
can hold nothing hidden from the viewpoints it publishes.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Annotated, Any
from xml.sax.saxutils import escape

from fastapi import APIRouter, Form, Query, Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from app.rules.families import family_of
from app.rules.redact import CitationView, Viewer, citations_for, numbers_for_ruleset
from app.store.repository import GameRepository, RulingNotFound, RulingRecord, VersionNotFound
from app.web import game_service
from app.web.deps import JudgeFormDep, RepositoryDep, SameSiteDep, ViewerCacheDep
from app.web.errors import ApiError
from app.web.form_numbers import MalformedNumber, optional_number
from app.web.i18n import Lang, pick_language, translator
from app.web.models import RulingPublic, Viewpoint
from app.web.pages.cache_policy import NO_STORE
from app.web.pages.chrome import base_context, chrome_context, refused
from app.web.pages.links import links_after_creation
from app.web.pages.publish_form import PublishForm, open_first
from app.web.pages.publish_refusal import refused_inline
from app.web.pages.ruling_wording import in_third_person
from app.web.public_url import public_origin
from app.web.qr import qr_svg
from app.web.ruling_image import preview_png
from app.web.templating import html, render

router = APIRouter(include_in_schema=False)

# Immutable content, readable by whoever holds the link; it still differs by language.
RULING_CACHE = {
    "Cache-Control": "public, max-age=86400, immutable",
    "Vary": "Accept-Language, Cookie",
}
# Without FACEDOWN_PUBLIC_BASE_URL the page writes the request's Host into its links: a cache
# must then keep one copy per Host, and the page may change with the deployment's address.
RULING_CACHE_BY_HOST = {
    "Cache-Control": "public, max-age=86400",
    "Vary": "Accept-Language, Cookie, Host",
}
SLUG_OK = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


def _slug_ok(slug: str) -> bool:
    return 8 <= len(slug) <= 24 and set(slug) <= SLUG_OK


def viewpoint_name(viewer: Viewer, t: Any) -> str:
    if viewer.kind == "player":
        return str(viewer.player)
    return t("game.viewpoint.spectator") if viewer.kind == "spectator" else t("links.judge")


def one_line(text: str, limit: int = 200) -> str:
    """The first line of a note, shortened: the answer as a chat preview shows it."""
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    return first if len(first) <= limit else first[: limit - 1].rstrip() + "\u2026"


def citation_keys(ruleset: str, number: str) -> list[str]:
    """The keys of the ruleset's own rules that show as `number` there."""
    keys = family_of(ruleset).rules.citations.book.citations
    return [key for key in keys if number in numbers_for_ruleset([key], ruleset)]


def rule_summaries(numbers: list[str], ruleset: str) -> list[CitationView]:
    """Each cited number's summary, once per rule (a rule shows under several numbers)."""
    cited = set(numbers)
    keys: list[str] = []
    for number in numbers:
        found = citation_keys(ruleset, number)
        # A number two paragraphs share (707.2): keep the one whose every number is cited.
        exact = [k for k in found if set(numbers_for_ruleset([k], ruleset)) <= cited]
        for key in exact or found:
            if key not in keys:
                keys.append(key)
    return citations_for(keys, ruleset)


def ruling_context(public: RulingPublic, chosen: int, lang: Lang) -> dict[str, Any]:
    """What the ruling template gets: public models and plain strings only."""
    t = translator(lang)
    chosen = chosen if 0 <= chosen < len(public.viewpoints) else 0
    vp: Viewpoint = public.viewpoints[chosen]
    view = vp.view
    numbers: list[str] = []
    for entry in vp.log:
        for event in entry.events:
            numbers.extend(r for r in event.rules if r not in numbers)
    for row in public.visibility:
        numbers.extend(r for r in row.rules if r not in numbers)
    me = vp.viewer.player if vp.viewer.kind == "player" else None
    return {
        "ruling": public,
        "view": view,
        "chosen": chosen,
        "viewpoint_names": [viewpoint_name(v.viewer, t) for v in public.viewpoints],
        "steps": vp.log,
        "summaries": rule_summaries(numbers, public.ruleset),
        "me": me,
        "judge": vp.viewer.kind == "judge",
        "players": [p.name for p in view.players],
        "sheet_obj": None,
        "tiles_static": True,
        "urls": {"objects": "", "qs": ""},
        "rules_base": f"/rules/{public.ruleset}/",
        "answer": one_line(public.note) or t("ruling.no_note"),
    }


def render_ruling(public: RulingPublic, chosen: int, lang: Lang, origin: str = "") -> str:
    """The ruling page's HTML: a function of the public model alone (the leak tests use it)."""
    path = f"/r/{public.slug}" + (f"?vp={chosen}" if chosen else "")
    ctx = chrome_context(lang, path) | ruling_context(public, chosen, lang)
    ctx |= {"origin": origin, "page_url": f"{origin}/r/{public.slug}"}
    # "Alice's hand", not "Your hand": a visitor reads the page.
    ctx["t"] = in_third_person(ctx["t"], ctx["me"])
    # The tiles' cache keys their wording (app/web/tile_cache.py).
    ctx["t_wording"] = f"third-person:{ctx['me']}" if ctx["me"] else "second-person"
    return render("pages/ruling.html", ctx)


def _load(repository: GameRepository, slug: str) -> RulingRecord | None:
    if not _slug_ok(slug):
        return None
    try:
        return repository.get_ruling(slug)
    except RulingNotFound:
        return None


def _not_found(request: Request) -> Response:
    return refused(request, "ruling.not_found", 404)


@router.get("/r/{slug}")
def ruling_page(
    request: Request,
    slug: str,
    repository: RepositoryDep,
    vp: Annotated[int, Query(ge=0, le=10)] = 0,
) -> Response:
    """The ruling, as published: readable in two seconds on a phone."""
    record = _load(repository, slug)
    if record is None:
        return _not_found(request)
    public = game_service.ruling_public(record)
    origin = public_origin(request)
    text = render_ruling(public, vp, pick_language(request), origin.url)
    return html(text, headers=RULING_CACHE if origin.configured else RULING_CACHE_BY_HOST)


def _wrap(text: str, width: int, lines: int) -> list[str]:
    words, out, line = text.split(), [], ""
    for word in words:
        if len(line) + len(word) + 1 > width and line:
            out.append(line)
            line = ""
        line = f"{line} {word}".strip()
    if line:
        out.append(line)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = out[-1][: width - 1].rstrip() + "\u2026"
    return out


def preview_svg(public: RulingPublic, lang: Lang) -> str:
    """A 1200×630 card for chat previews, drawn from the public model only: the question,
    the one-line answer, the published viewpoints and the rules cited."""
    t = translator(lang)
    names = ", ".join(viewpoint_name(v.viewer, t) for v in public.viewpoints)
    rules: list[str] = []
    for vp in public.viewpoints:
        for entry in vp.log:
            for event in entry.events:
                rules.extend(r for r in event.rules if r not in rules)
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" '
        'viewBox="0 0 1200 630" font-family="DejaVu Sans, Verdana, sans-serif">',
        '<rect width="1200" height="630" fill="#f6f5f1"/>',
        '<rect width="1200" height="90" fill="#16181d"/>',
        '<text x="60" y="60" font-size="38" font-weight="700" fill="#fff">Facedown</text>',
        f'<text x="1140" y="60" font-size="30" fill="#fff" text-anchor="end">'
        f"{escape(t('ruling.kind'))}</text>",
    ]
    y = 175
    for line in _wrap(public.title, 36, 2):
        parts.append(
            f'<text x="60" y="{y}" font-size="56" font-weight="700" fill="#27408b">'
            f"{escape(line)}</text>"
        )
        y += 68
    y += 20
    for line in _wrap(one_line(public.note, 300) or t("ruling.no_note"), 48, 4):
        parts.append(f'<text x="60" y="{y}" font-size="40" fill="#16181d">{escape(line)}</text>')
        y += 52
    footer = t("ruling.seen_as", who=names) + f" · v{public.version}"
    if rules:
        footer += " · " + ", ".join(rules[:6])
    parts.append(f'<text x="60" y="585" font-size="30" fill="#555b66">{escape(footer[:80])}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


@router.get("/r/{slug}/preview.svg")
def ruling_preview(request: Request, slug: str, repository: RepositoryDep) -> Response:
    record = _load(repository, slug)
    if record is None:
        return Response("Not found", 404, media_type="text/plain")
    svg = preview_svg(game_service.ruling_public(record), pick_language(request))
    return Response(svg, media_type="image/svg+xml", headers=RULING_CACHE)


@router.get("/r/{slug}/preview.png")
def ruling_preview_png(request: Request, slug: str, repository: RepositoryDep) -> Response:
    """The chat preview as a PNG (og:image): WhatsApp and X draw no SVG. The image holds no
    address, so it is immutable whatever the Host (unlike the page without a public base URL)."""
    record = _load(repository, slug)
    if record is None:
        return Response("Not found", 404, media_type="text/plain")
    lang = pick_language(request)
    png = preview_png(
        record.slug, lang, lambda: preview_svg(game_service.ruling_public(record), lang)
    )
    return Response(png, media_type="image/png", headers=RULING_CACHE)


@router.post("/r/{slug}/fork")
def fork_page(
    request: Request, slug: str, same_site: SameSiteDep, repository: RepositoryDep
) -> Response:
    """Open the ruling as a new game (cards no published viewpoint saw are placeholders)
    and show its links once."""
    record = _load(repository, slug)
    if record is None:
        return _not_found(request)
    created = game_service.fork_record(repository, record)
    return links_after_creation(request, created)


# -- publishing, from the judge's page ---------------------------------------------------------


def _publish(
    request: Request,
    repository: GameRepository,
    game_id: str,
    version: int | None,
    names: list[str],
    title: str,
    note: str,
) -> Response:
    target = repository.info(game_id).version if version is None else version
    try:
        record = game_service.publish_ruling(
            repository, game_id, target, names, title, note, typed_only=True
        )
    except VersionNotFound:
        return refused(request, "error.not_found", 404)
    except ApiError:
        return refused(request, "ruling.pick_viewpoint", 422)
    url = f"{public_origin(request).url}/r/{record.slug}"
    ctx = base_context(request) | {
        "slug": record.slug,
        "url": url,
        "path": f"/r/{record.slug}",
        "qr": qr_svg(url),
        "title": record.title,
        "version": record.version,
        "game_url": f"/g/{game_id}",
    }
    return html(render("pages/ruling_created.html", ctx), 201, NO_STORE)


@router.post("/g/{game_id}/rulings")
async def publish_ruling(
    request: Request,
    seat: JudgeFormDep,
    repository: RepositoryDep,
    cache: ViewerCacheDep,
    title: Annotated[str, Form(max_length=120)] = "",
    note: Annotated[str, Form(max_length=2000)] = "",
    viewpoint: Annotated[list[str] | None, Form()] = None,
    version: Annotated[str, Form(max_length=10)] = "",
    open_on: Annotated[str, Form(max_length=50)] = "",
) -> Response:
    """The judge's "publish a ruling" form: an immutable copy of this moment, a short link.
    A form without a title or a viewpoint comes back inline, as typed."""
    try:
        pinned = optional_number(version, max_digits=9)
    except MalformedNumber:
        return refused(request, "error.invalid", 422, message="version")
    # Typed: "seat:<player>", "role:spectator", "role:judge" (app/web/game_service.py).
    names = [v[:50] for v in (viewpoint or [])][:6]
    typed = PublishForm(title=title, note=note, ticked=tuple(names), open_on=open_on)
    if not names:
        typed = replace(typed, error="ruling.pick_viewpoint", error_field="viewpoint")
    elif not title.strip():
        typed = replace(typed, error="ruling.need_title", error_field="title")
    if typed.error is not None:
        return await run_in_threadpool(
            refused_inline, request, seat, repository, cache, pinned, typed
        )
    # The ruling opens on its first viewpoint: the one the question is about goes first.
    names = open_first(names, title, open_on)
    return await run_in_threadpool(
        _publish, request, repository, seat.game_id, pinned, names, title.strip(), note.strip()
    )
