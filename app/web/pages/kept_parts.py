"""Live parts kept from one version to the next while what they show stays the same: the
action bar and the "Table" panel.

After a tap, every open page renders its live region again (app/web/pages/region_parts.py),
yet a seat's game-wide buttons and its table actions rarely change from one version to the
next: only the version their forms carry does (app/web/form_version.py). These two parts are
kept blanked under everything they read, and given the new version.

What each reads (its template, with the form fields it includes; StrictUndefined: a read of
anything else is an error, not a silent miss):
- partials/actionbar.html: its buttons (`bar_options`, `more_options`), the seat acted for
  (`acting_as`), where forms post (`urls.act`), the CSRF token, the judge's viewpoint
  (`seat_param`), the language and its words;
- partials/table_actions.html: its buttons (`table_options`), the family's own choices (Magic's
  mulligan bottom: the players who must still put cards on the bottom, and their hands; a
  page with one is never kept), whose page it is (`judge`, `me`, `acting_as`), the family
  (`view.ruleset`), where forms post, the CSRF token, the viewpoint, the language.

A button is the same object for as long as it is the same button (app/rules/offers.py keeps
them by what they are made of), so the buttons are keyed by identity, and kept alive with the
part so that no other object can take their ids. A judge acting as a seat gets copies each
time (app/web/page_buttons.py): never found, always drawn. Only the stock wording is kept.
`tests/web/pages/test_kept_parts.py` checks every scenario's parts, for every viewer, at every
version, against parts drawn afresh.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from app.lru import LRU
from app.web.form_version import at_version, blanked
from app.web.i18n import stock_language

# Two parts for each seat link of a few hundred games, as many as the regions they are
# parts of (live_region.CACHE_SIZE): a judge's panel is about 12 KB.
CACHE_SIZE = 2048

# What a kept part is keyed by, and the objects its key names by identity.
Keyed = tuple[tuple[Any, ...], tuple[Any, ...]]
# key -> (the objects named by identity, kept alive; the part with its forms' version blanked)
KEPT: LRU[tuple[Any, ...], tuple[tuple[Any, ...], str]] = LRU(CACHE_SIZE)


def _ids(objects: Sequence[Any]) -> tuple[int, ...]:
    return tuple(id(o) for o in objects)


def _page(v: Mapping[str, Any]) -> tuple[Any, ...] | None:
    """What both parts read of the page: its language and the language of its words (a
    stock translator's), where forms post, the CSRF token, the viewpoint, the seat acted
    for; None for a page's own wording (never kept)."""
    words = stock_language(v["t"])
    if words is None:
        return None
    return (
        v["lang"],
        words,
        v["urls"]["act"],
        v.get("csrf"),
        v.get("seat_param"),
        v.get("acting_as"),
    )


def _actionbar(v: Mapping[str, Any]) -> Keyed | None:
    page = _page(v)
    if page is None:
        return None
    bar, more = v["bar_options"], v["more_options"]
    return ("actionbar", *page, _ids(bar), _ids(more)), (*bar, *more)


def _table_actions(v: Mapping[str, Any]) -> Keyed | None:
    view = v["view"]
    if any(getattr(p, "mulligans", 0) and not getattr(p, "kept", True) for p in view.players):
        return None  # a player still to put cards on the bottom: the panel shows hands
    page = _page(v)
    if page is None:
        return None
    table = v["table_options"]
    whose = (bool(v.get("judge")), v.get("me"))
    return ("table_actions", *page, view.ruleset, whose, _ids(table)), tuple(table)


KEYS: dict[str, Callable[[Mapping[str, Any]], Keyed | None]] = {
    "partials/actionbar.html": _actionbar,
    "partials/table_actions.html": _table_actions,
}


def _same(kept_objects: tuple[Any, ...], objects: tuple[Any, ...]) -> bool:
    return len(kept_objects) == len(objects) and all(
        a is b for a, b in zip(kept_objects, objects, strict=True)
    )


def kept(name: str, variables: Mapping[str, Any], draw: Callable[[], str]) -> str:
    """The part `name` of this page: kept, when it reads the same as a part drawn before,
    else drawn by `draw` (and kept, when it can be)."""
    keyed = KEYS.get(name)
    found = keyed(variables) if keyed is not None else None
    if found is None:
        return draw()
    key, objects = found
    version: int = variables["view"].version
    known = KEPT.get(key)
    if known is not None and _same(known[0], objects):
        return at_version(known[1], version)
    text = draw()
    KEPT.put(key, (objects, blanked(text)))
    return text
