"""The Jinja2 environment and the one way pages are rendered: the whole page, or — for an
htmx request — one block of it (jinja2-fragments), from the same template.

Templates receive public models only (views, object views, EventView, LogEntryView, ErrorView,
ActionOption, CitationView) and plain strings: never a GameState.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any
from urllib.parse import quote

from jinja2 import (
    BaseLoader,
    ChoiceLoader,
    Environment,
    FileSystemLoader,
    PrefixLoader,
    StrictUndefined,
    select_autoescape,
)
from jinja2.filters import do_urlencode
from jinja2_fragments import render_block, render_blocks
from markupsafe import Markup
from starlette.responses import HTMLResponse

from app.rules.families import FAMILIES, family_of
from app.web.assets import CSS, HTMX, HTMX_SSE, LIVE_JS, TEMPLATES_DIR, static_url
from app.web.board_zones import board_zones
from app.web.card_words import card_text, keyword, object_text, type_line
from app.web.form_numbers import table_number_field
from app.web.i18n import both
from app.web.json_attr import json_attr
from app.web.judge_forms import exile_facts, face_of
from app.web.live_parts import LIVE_PARTS
from app.web.log_lines import log_lines
from app.web.recent_actions import recent_actions
from app.web.table_items import table_items
from app.web.tile_cache import tile, tiles
from app.web.zone_hiding import zone_hiding

# htmx settings, read from <meta name="htmx-config">: no injected <style> (the CSP allows no
# inline style), no eval, no script tags from responses, no history snapshots (a seat page
# must not be copied into localStorage), and swap the 4xx bodies the pages write (notices
# meant to show); any other failure swaps nothing and static/js/live.js says so.
HTMX_CONFIG = {
    "includeIndicatorStyles": False,
    # Settling an element that keeps its id across a swap copies these attributes back with
    # setAttribute; a `style` Chromium gave it (a resized textarea) would then be an inline
    # style the CSP refuses. htmx's default, without "style".
    "attributesToSettle": ["class", "width", "height"],
    "allowEval": False,
    "allowScriptTags": False,
    "historyEnabled": False,
    "historyCacheSize": 0,
    "selfRequestsOnly": True,
    "responseHandling": [
        {"code": "^204$", "swap": False},
        {"code": "^[23]..$", "swap": True},
        {"code": "^(403|404|409|422)$", "swap": True, "error": False},
        {"code": ".*", "swap": False, "error": True},
    ],
}


@lru_cache(maxsize=4096)
def _quoted(text: str) -> str:
    return quote(text, safe="/")


def _urlencode(value: Any) -> str:
    """Jinja's `urlencode`, remembered for strings: a page quotes the same rule numbers and
    ids over and over (each log entry's rules), which was 5% of a page action in bench/'s profile."""
    if isinstance(value, str):
        return _quoted(value)
    return do_urlencode(value)


def _loader() -> BaseLoader:
    """The app's templates, and each family's own folder as families/<key>/ when its
    registration names one (a family added from outside the app)."""
    own = {f.key: FileSystemLoader(f.pages.templates) for f in FAMILIES if f.pages.templates}
    app = FileSystemLoader(TEMPLATES_DIR)
    if not own:
        return app
    families: dict[str, BaseLoader] = dict(own)
    return ChoiceLoader([PrefixLoader({"families": PrefixLoader(families)}), app])


def make_environment() -> Environment:
    env = Environment(
        loader=_loader(),
        autoescape=select_autoescape(["html"]),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        # Templates are part of the release: without this, every get_template (one per
        # {% include %}, so one per tile of a board) stats its file to see if it changed,
        # which cost a seat page about 15% of its server time (bench/, README "Performance").
        auto_reload=False,
    )
    env.globals.update(
        static_url=static_url,
        css_url=static_url(CSS),
        htmx_url=static_url(HTMX),
        htmx_sse_url=static_url(HTMX_SSE),
        live_js_url=static_url(LIVE_JS),
        htmx_config=json_attr(HTMX_CONFIG),
        both=both,
        zone_hiding=zone_hiding,
        # Every tile of every page, rendered once per digest of what it reads (tile_cache.py).
        tile=tile,
        # A zone's tiles in one call (the same HTML as a loop of tile()).
        tiles=tiles,
        # A view's objects by zone and player, grouped once per view (board_zones.py).
        board_zones=board_zones,
        # Every log entry's line, rendered once per entry and language (log_lines.py).
        log_lines=log_lines,
        # The newest actions the take-back offer lists (recent_actions.py).
        recent_actions=recent_actions,
        # The "Table" panel's forms, each rendered once per what it shows (table_items.py).
        table_items=table_items,
        # The live region's parts, in order (live_parts.py).
        live_parts=LIVE_PARTS,
    )
    env.filters["json_attr"] = json_attr
    env.filters["urlencode"] = _urlencode
    # A card's words in the page's language (card_words.py): `o|type_line(lang)`,
    # `o|card_text(lang)` (an object's or face's text), `text|card_words(lang)` (any text
    # from card data: an ability), `"morph"|keyword(lang)`.
    env.filters["type_line"] = type_line
    env.filters["card_text"] = object_text
    env.filters["card_words"] = lambda text, lang: card_text(lang, text)
    env.filters["keyword"] = lambda word, lang: keyword(lang, word)
    # A card's face as the judge's Move / edit form chooses it, and its exile's facts.
    env.filters["judge_face"] = face_of
    env.filters["exile_facts"] = exile_facts
    # The family whose templates (families/<key>/: the app's or its own folder) draw this view.
    env.globals["family_key"] = lambda view: family_of(view.ruleset).key
    # The number a table action takes beside its button (count, amount, sides), if any.
    env.globals["number_field"] = lambda view, kind: table_number_field(view.ruleset, kind)
    return env


ENV = make_environment()


def render(template: str, context: Mapping[str, Any], blocks: Sequence[str] | None = None) -> str:
    """The whole template, or only `blocks` of it (in order)."""
    if not blocks:
        return ENV.get_template(template).render(**context)
    if len(blocks) == 1:
        return render_block(ENV, template, blocks[0], **context)
    return render_blocks(ENV, template, list(blocks), **context)


def html(content: str, status: int = 200, headers: Mapping[str, str] | None = None) -> HTMLResponse:
    return HTMLResponse(content, status_code=status, headers=dict(headers or {}))


def safe(text: str) -> Markup:
    return Markup(text)
