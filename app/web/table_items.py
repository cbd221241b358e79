"""The "Table" panel's forms, each rendered once per what it shows.

The panel (partials/table_actions.html) lists a seat's casual table actions — draw, mill, look
at the top, life, tokens, dice — one small form each, and every page of every viewer draws it
again at every version though its buttons rarely change. Each form
(partials/table_item.html) reads its option (the action, its labels), the number field its
action takes, the language, where the forms post, and the page's form fields (the CSRF token,
the version the page shows, the judge's viewpoint), nothing else (StrictUndefined). The form
fields change at every version: a form is kept as the text before them and the text after
them, under everything else it reads, and the page's fields go between.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from app.lru import LRU
from app.rules.offers import ActionOption, action_key
from app.web.form_numbers import table_number_field
from app.web.i18n import Lang, is_stock_translator, translator
from app.web.json_attr import json_attr

TEMPLATE = "partials/table_item.html"

# A panel's twenty forms for each seat and language of a few hundred games.
CACHE_SIZE = 4096

# Where the page's form fields go: a NUL never reaches a page (the requests that could carry
# one are refused at the edge: app/web/middleware/nul_guard.py), so no label can hold it.
_FIELDS = "\x00fields\x00"

# (language, where forms post, option's type, its action, labels, number field)
ItemKey = tuple[str, str, str, str | bytes, str, str, str | None]
ITEMS: LRU[ItemKey, tuple[str, str]] = LRU(CACHE_SIZE)


def _posted_key(action: dict[str, Any]) -> str | bytes:
    """The action a form posts, as a key: its exact JSON by orjson (`action_key`: a tenth of
    the cost of the template's own `json_attr`, which the form's text still uses), or by
    `json_attr` for what orjson won't write."""
    key = action_key(action)
    return json_attr(action) if key is None else key


@pass_context
def table_items(context: Context, options: Sequence[ActionOption], fields: str) -> Markup:
    """The panel's forms, each followed by a newline (a Jinja global: the panel's template),
    the page's form fields in each."""
    lang: Lang = context["lang"]
    act: str = context["urls"]["act"]
    ruleset: str = context["view"].ruleset
    t: Any = context.get("t")
    keep = is_stock_translator(t)
    out: list[str] = []
    for o in options:
        inner = o.action["action"] if o.type == "propose" else o.action
        field = table_number_field(ruleset, inner["type"])
        posted = _posted_key(o.action)
        key = (lang, act, o.type, posted, o.label, o.label_fr, field)
        halves = ITEMS.get(key) if keep else None
        if halves is None:
            drawn = context.environment.get_template(TEMPLATE).render(
                o=o,
                inner=inner,
                field=field,
                lang=lang,
                urls={"act": act},
                fields=Markup(_FIELDS),
                t=translator(lang) if keep else t,
            )
            before, _, after = drawn.partition(_FIELDS)
            halves = (before, after)
            if keep:
                ITEMS.put(key, halves)
        out.append(f"{halves[0]}{fields}{halves[1]}\n")
    return Markup("".join(out))
