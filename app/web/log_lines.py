"""A log entry's line, rendered once: kept per (entry, language, the judge's eye, rules' base).

Every page shows its viewer's newest log entries, and every version shows them again: the
page log keeps each entry from one version to the next (app/web/viewer_memo.py), so an entry
is the same object at every version it is shown at. Its line
(templates/partials/log_entry.html) reads the entry, the language, whether the viewer is the
judge and where the rules are linked, nothing else (StrictUndefined: a read of anything not
given is an error, not a silent miss), so it is kept under those. The entry is this viewer's
redacted entry (`log_for`): another viewer's entry is another object, and never shares a line.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from app.lru import LRU
from app.rules.core.view import LogEntryView
from app.web.i18n import Lang, is_stock_translator, translator

TEMPLATE = "partials/log_entry.html"

# A page's 30 entries for each viewer of a few hundred games.
CACHE_SIZE = 8192

# (id(entry), language, judge, rules' base) -> (the entry, kept so its id can't be reused
# while remembered; its line).
LineKey = tuple[int, str, bool, str]
LINES: LRU[LineKey, tuple[LogEntryView, str]] = LRU(CACHE_SIZE)


@pass_context
def log_lines(context: Context, log: Sequence[LogEntryView]) -> Markup:
    """The lines of the page's log entries, each followed by a newline (a Jinja global:
    partials/log.html), the page's language and eye read once for them all."""
    lang: Lang = context["lang"]
    judge = bool(context.get("judge"))
    rules_base: str = context.get("rules_base", "")
    t: Any = context.get("t")
    keep = is_stock_translator(t)
    lines: list[str] = []
    for e in log:
        key = (id(e), lang, judge, rules_base)
        kept = LINES.get(key) if keep else None
        if kept is not None and kept[0] is e:
            lines.append(kept[1])
            continue
        line = _draw(context, e, lang, judge, rules_base, t if not keep else translator(lang))
        # Kept only when drawn with the stock translator of the key's language (a function
        # of the key), and only a frozen entry (one that can't change under its line).
        if keep and e.model_config.get("frozen"):
            LINES.put(key, (e, line))
        lines.append(line)
    # Joined as plain text (each line is HTML already): Markup's own + escapes its operand.
    return Markup("".join(f"{line}\n" for line in lines))


def _draw(
    context: Context, e: LogEntryView, lang: Lang, judge: bool, rules_base: str, t: Any
) -> str:
    template = context.environment.get_template(TEMPLATE)
    return Markup(template.render(e=e, lang=lang, judge=judge, rules_base=rules_base, t=t))
