"""A card's tile, rendered once: its HTML kept per digest of exactly what the tile reads.

Every tile of every page (a board, a hand, the stack, the sheet, a ruling, the past) is drawn
by `tile()` (the boards' templates call it, the others through partials/tile.html). It
gathers the tile's inputs — the object as this viewer's redacted view gives it (`view_for`:
that *is* what this viewer may know of it), the objects it names (a host it is attached to),
the family's places, the page's language, whether the viewer is the judge, the links, and
the page's few flags — and renders templates/partials/tile_body.html with those inputs and
nothing else (StrictUndefined: a read of anything not given is an error, not a silent miss).
The HTML is therefore a pure function of the inputs, and the cache key is a digest of all of
them: two viewers who know different things of one object give different inputs, so they
never share an entry; two who know the same (a face-up permanent seen by every seat) share
one render.

The key is never sent anywhere: it holds what the viewer may know, but it is a digest of
server-side JSON texts, kept only in this process.

A page's tiles don't work their keys out each time: a frozen object's key is remembered by
the identities of the objects the tile reads, a digest of the page-wide inputs (worked out
once a page) and the tile's flags, which together fix every input (`_KNOWN`, below); the
HTML is still found by the key itself.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup
from pydantic import BaseModel

from app.lru import LRU
from app.rules.families import family_of
from app.web.i18n import Lang, is_stock_translator, translator

TEMPLATE = "partials/tile_body.html"

# A board of 60 objects seen four ways, in a few hundred games, at a few hundred bytes a tile.
CACHE_SIZE = 8192

TILES: LRU[bytes, Markup] = LRU(CACHE_SIZE)


class _Index(threading.local):
    """The last view's objects by id, per thread: a tile looks up the objects it names
    without a pass over the whole board per tile."""

    view: Any = None
    by_id: dict[str, Any] | None = None


_index = _Index()


def _objects_by_id(view: Any) -> dict[str, Any]:
    if _index.view is not view or _index.by_id is None:
        _index.by_id = {o.id: o for o in view.objects}
        _index.view = view  # held, so the identity check above can't be fooled by a new view
    return _index.by_id


def _related(o: BaseModel, view: Any) -> dict[str, Any]:
    """The objects of this view that `o` names by id in one of its fields (a host it is
    attached to), by id: the tile may show their names, as this viewer sees them."""
    by_id = _objects_by_id(view)
    out: dict[str, Any] = {}
    # The fields as stored (iterating the model itself costs a copy of them per tile).
    for name, value in vars(o).items():
        if name != "id" and isinstance(value, str) and value in by_id:
            out[value] = by_id[value]
    return out


def _places(view: Any) -> dict[str, str]:
    """The family's places a card can be at (a Riftbound battlefield), id to name."""
    return dict(family_of(view.ruleset).pages.locations(view))


def _dump(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, Mapping):
        return {str(k): _dump(v) for k, v in value.items()}
    return value


def _json_default(value: Any) -> Any:
    """What `json.dumps` can't write itself: a model, a mapping that isn't a dict."""
    if isinstance(value, BaseModel | Mapping):
        return _dump(value)
    raise TypeError(f"a tile input of type {type(value).__name__}")


def _framed(tag: bytes, data: bytes) -> bytes:
    return tag + len(data).to_bytes(8, "little") + data


# A frozen object's part of the key by the object's identity (the object kept in the entry,
# so its id can't be reused while remembered): an object's view is kept across versions while
# the object is (app/rules/mtg/view_of.py), and frozen, so what it holds never changes.
_DUMPS: LRU[int, tuple[BaseModel, bytes]] = LRU(CACHE_SIZE)


def _model(value: BaseModel) -> bytes:
    frozen = bool(value.model_config.get("frozen"))
    if frozen:
        kept = _DUMPS.get(id(value))
        if kept is not None and kept[0] is value:
            return kept[1]
    kind = type(value)
    dump = _framed(b"c", f"{kind.__module__}.{kind.__qualname__}".encode()) + _framed(
        b"m", value.model_dump_json().encode()
    )
    if frozen:
        _DUMPS.put(id(value), (value, dump))
    return dump


def page_inputs(
    view: Any,
    *,
    lang: Lang,
    judge: bool,
    urls: Mapping[str, str],
    rules_base: str,
    static: bool = False,
) -> dict[str, Any]:
    """What tile_body.html reads that is the same for every tile of a page."""
    inputs: dict[str, Any] = {
        "places": _places(view),
        "players_count": len(view.players),
        "family": family_of(view.ruleset).key,
        "lang": lang,
        "judge": judge,
        "urls": {"objects": urls.get("objects", ""), "qs": urls.get("qs", "")},
        "rules_base": rules_base,
    }
    # Tested with `is defined` by the families' templates: given only when set.
    if static:
        inputs["tiles_static"] = True
    return inputs


def tile_flags(
    *, yours: bool, detail: bool = False, in_sheet: bool = False, grouped: bool = False
) -> dict[str, bool]:
    """What tile_body.html reads of the tile's place on its page (besides the objects)."""
    flags = {"yours": yours, "in_sheet": in_sheet, "grouped": grouped}
    if detail:  # tested with `is defined`: given only when set
        flags["detail"] = True
    return flags


def tile_inputs(
    o: BaseModel,
    view: Any,
    *,
    lang: Lang,
    judge: bool,
    urls: Mapping[str, str],
    rules_base: str,
    yours: bool,
    detail: bool = False,
    in_sheet: bool = False,
    static: bool = False,
    grouped: bool = False,
) -> dict[str, Any]:
    """Everything tile_body.html reads, and nothing else."""
    page = page_inputs(
        view, lang=lang, judge=judge, urls=urls, rules_base=rules_base, static=static
    )
    flags = tile_flags(yours=yours, detail=detail, in_sheet=in_sheet, grouped=grouped)
    return {"o": o, "related": _related(o, view)} | page | flags


def tile_key(inputs: Mapping[str, Any]) -> bytes:
    """A digest of every input: the HTML is a function of it.

    The objects (the tile's own and those it names) are each dumped whole by pydantic's
    serializer (`model_dump_json`: every field, as `model_dump(mode="json")` has them, and a
    dict's items in their order, which the tile draws in) with their class's name; the page's
    other inputs as one sorted JSON text. Each part goes into the digest tagged and prefixed
    by its length, so two different sets of inputs never give one text to digest. Dumping
    each object through `json.dumps(sort_keys=True)` as well was most of a tile's cost on a
    cached board."""
    parts: list[bytes] = []
    rest: dict[str, Any] = {}
    for name in sorted(inputs):
        value = inputs[name]
        if isinstance(value, BaseModel):
            parts += (_framed(b"k", name.encode()), _model(value))
        elif (
            type(value) is dict and value and all(isinstance(v, BaseModel) for v in value.values())
        ):
            parts += (_framed(b"k", name.encode()), _framed(b"n", str(len(value)).encode()))
            for key in sorted(value, key=str):
                parts += (_framed(b"i", str(key).encode()), _model(value[key]))
        else:
            rest[name] = value
    text = json.dumps(
        rest, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=_json_default
    )
    parts.append(_framed(b"r", text.encode()))
    return hashlib.blake2b(b"".join(parts), digest_size=20).digest()


# A page that words its labels another way than the stock translator (a ruling's third
# person: "Alice sees this" for "Only you") declares how in `t_wording`, else its tiles are
# drawn without the cache.


def render_tile(env: Any, inputs: Mapping[str, Any], t: Any = None) -> Markup:
    """The tile's HTML: the cached one for these inputs, else rendered (and kept). `t`: the
    page's translator when it isn't the stock one for `lang` (its wording is in `inputs`)."""
    return _drawn(env, tile_key(inputs), inputs, t)


def _drawn(env: Any, key: bytes, inputs: Mapping[str, Any], t: Any = None) -> Markup:
    cached = TILES.get(key)
    if cached is not None:
        return cached
    context = dict(inputs) | {"t": t or translator(inputs["lang"])}
    html = Markup(env.get_template(TEMPLATE).render(context))
    return TILES.setdefault(key, html)


# -- a tile's key remembered by identity ---------------------------------------------------
# Working out a key dumps and digests every input, for every tile of every page, though on a
# page after a tap all but one object's view is the very object of the page before (kept
# across versions: app/rules/mtg/view_of.py) and the page-wide inputs are one page's. So a
# frozen object's tile key is remembered under what it is a function of: the object (by
# identity), the objects it names (by identity), a digest of the page-wide inputs (worked out
# once a page) and the tile's flags. Same identities, same digest, same flags: same inputs,
# so the same key `tile_key` would work out, and the HTML stays TILES' (by that key). The
# objects are held in the entry, so their ids can't be reused while remembered.

_MAX_KEYS_PER_OBJECT = 64  # pages (viewers, languages, sheets) one object's view is on


class _Known:
    """One frozen object's view: the strings it holds (the ids it may name) and its tiles'
    keys, by page digest, flags and the objects it names."""

    __slots__ = ("keys", "names", "o")

    def __init__(self, o: BaseModel) -> None:
        self.o = o
        self.names = tuple(v for k, v in vars(o).items() if k != "id" and isinstance(v, str))
        self.keys: dict[tuple[Any, ...], tuple[tuple[BaseModel, ...], bytes]] = {}


_KNOWN: LRU[int, _Known] = LRU(CACHE_SIZE)


def _known(o: BaseModel) -> _Known:
    known = _KNOWN.get(id(o))
    if known is not None and known.o is o:
        return known
    return _KNOWN.setdefault(id(o), _Known(o))


def _frozen(value: BaseModel) -> bool:
    return bool(value.model_config.get("frozen"))


class _Page(threading.local):
    """The page-wide inputs of the page this thread renders, and their digest."""

    view: Any = None  # held, so the identity check can't be fooled by a new view
    given: tuple[Any, ...] = ()
    inputs: dict[str, Any] = {}  # noqa: RUF012 (a thread's own, replaced, never changed)
    digest: bytes = b""


_page = _Page()


def _page_of(view: Any, given: tuple[Any, ...]) -> tuple[dict[str, Any], bytes]:
    """`given`: lang, judge, the objects' url, the query string, rules_base, static, and the
    declared wording (None: the stock one)."""
    if _page.view is view and _page.given == given:
        return _page.inputs, _page.digest
    lang, judge, objects_url, qs, rules_base, static, wording = given
    urls = {"objects": objects_url, "qs": qs}
    inputs = page_inputs(
        view, lang=lang, judge=judge, urls=urls, rules_base=rules_base, static=static
    )
    if wording is not None:
        inputs["wording"] = wording
    text = json.dumps(
        inputs, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=_json_default
    )
    digest = hashlib.blake2b(text.encode(), digest_size=20).digest()
    _page.view, _page.given, _page.inputs, _page.digest = view, given, inputs, digest
    return inputs, digest


def _key_of(
    known: _Known,
    related: dict[str, Any],
    digest: bytes,
    memo_flags: tuple[Any, ...],
    inputs: Callable[[], dict[str, Any]],
) -> bytes:
    """`tile_key(inputs())`, remembered when every object it reads is frozen. `inputs`: the
    object of `known`, `related`, the page-wide inputs of `digest` and the flags whose items
    are `memo_flags` (built only when the key must be worked out)."""
    if not all(_frozen(r) for r in related.values()):
        return tile_key(inputs())
    memo = (digest, memo_flags, tuple((k, id(r)) for k, r in related.items()))
    found = known.keys.get(memo)
    if found is not None and all(a is b for a, b in zip(found[0], related.values(), strict=True)):
        return found[1]
    key = tile_key(inputs())
    if len(known.keys) >= _MAX_KEYS_PER_OBJECT:
        known.keys.clear()
    known.keys[memo] = (tuple(related.values()), key)
    return key


def _drawn_lazily(
    env: Any, key: bytes, inputs: Callable[[], Mapping[str, Any]], t: Any = None
) -> Markup:
    cached = TILES.get(key)
    return cached if cached is not None else _drawn(env, key, inputs(), t)


class _Drawer:
    """What every tile of one page reads of the page (its context), read once: a zone's
    tiles are drawn in one loop (`tiles`) rather than one template call each, which cost a
    board of 200 objects a tenth of its render."""

    __slots__ = (
        "by_id",
        "digest",
        "env",
        "flags",
        "me",
        "page",
        "sheet_id",
        "static",
        "stock",
        "t",
        "view",
        "wording",
    )

    def __init__(self, context: Context) -> None:
        self.env = context.environment
        self.view = view = context["view"]
        sheet_obj = context.get("sheet_obj")
        self.sheet_id = sheet_obj.id if sheet_obj is not None else None
        self.me = context.get("me")
        self.static = static = bool(context.get("tiles_static"))
        self.t = t = context.get("t")
        self.stock = stock = not hasattr(t, "__code__") or is_stock_translator(t)
        self.wording = wording = None if stock else context.get("t_wording")
        urls = context.get("urls") or {}
        self.page, self.digest = _page_of(
            view,
            (
                context["lang"],
                bool(context.get("judge")),
                urls.get("objects", ""),
                urls.get("qs", ""),
                context.get("rules_base", ""),
                static,
                wording,
            ),
        )
        self.by_id: dict[str, Any] | None = None
        # The flags' few combinations on a page, each with its part of the memo's key.
        self.flags: dict[tuple[bool, ...], tuple[dict[str, bool], tuple[Any, ...]]] = {}

    def _flags(
        self, o: BaseModel, detail: bool, grouped: bool
    ) -> tuple[dict[str, bool], tuple[Any, ...]]:
        # The viewer's own card is marked (no trial of its buttons: they are worked out when
        # its sheet opens); a static tile (a ruling) marks nobody's.
        yours = bool(self.me) and getattr(o, "controller", None) == self.me and not self.static
        in_sheet = detail and self.sheet_id is not None and self.sheet_id == getattr(o, "id", None)
        which = (yours, detail, in_sheet, grouped)
        found = self.flags.get(which)
        if found is None:
            flags = tile_flags(yours=yours, detail=detail, in_sheet=in_sheet, grouped=grouped)
            found = self.flags[which] = (flags, tuple(flags.items()))
        return found

    def draw(self, o: BaseModel, detail: bool, grouped: bool) -> Markup:
        flags, memo_flags = self._flags(o, detail, grouped)
        page, view = self.page, self.view
        if not self.stock and self.wording is None:
            # Worded its own way, undeclared: drawn afresh, never kept.
            body = self.env.get_template(TEMPLATE)
            inputs = {"o": o, "related": _related(o, view)} | page | flags
            return Markup(body.render(inputs | {"t": self.t}))
        t = None if self.stock else self.t
        if not _frozen(o):
            inputs = {"o": o, "related": _related(o, view)} | page | flags
            return _drawn(self.env, tile_key(inputs), inputs, t)
        known = _known(o)
        if self.by_id is None:
            self.by_id = _objects_by_id(view)
        by_id = self.by_id
        related = {name: by_id[name] for name in known.names if name in by_id}

        def gathered() -> dict[str, Any]:
            return {"o": o, "related": related} | page | flags

        key = _key_of(known, related, self.digest, memo_flags, gathered)
        return _drawn_lazily(self.env, key, gathered, t)


@pass_context
def tile(context: Context, o: BaseModel, detail: bool = False, grouped: Any = None) -> Markup:
    """The tile of `o` on the page being rendered (a Jinja global: partials/tile.html)."""
    return _Drawer(context).draw(o, detail, bool(grouped))


@pass_context
def tiles(
    context: Context, objects: Iterable[BaseModel], detail: bool = False, grouped: Any = None
) -> Markup:
    """The tiles of `objects`, one after the other: what `{% for o in objects %}{{ tile(o,
    ...) }}{% endfor %}` gives, in one call (a Jinja global: the boards' zones)."""
    drawer = _Drawer(context)
    flag = bool(grouped)
    return Markup("").join([drawer.draw(o, detail, flag) for o in objects])
