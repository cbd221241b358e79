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
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Mapping
from typing import Any

from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup
from pydantic import BaseModel

from app.lru import LRU
from app.rules.families import family_of
from app.web.i18n import Lang, translator

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
    inputs: dict[str, Any] = {
        "o": o,
        "related": _related(o, view),
        "places": _places(view),
        "players_count": len(view.players),
        "family": family_of(view.ruleset).key,
        "lang": lang,
        "judge": judge,
        "urls": {"objects": urls.get("objects", ""), "qs": urls.get("qs", "")},
        "rules_base": rules_base,
        "yours": yours,
        "in_sheet": in_sheet,
        "grouped": grouped,
    }
    # Tested with `is defined` by the families' templates: given only when set.
    if detail:
        inputs["detail"] = True
    if static:
        inputs["tiles_static"] = True
    return inputs


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


# The page's own translator's code: a page that words its labels another way (a ruling's
# third person: "Alice sees this" for "Only you") declares how in `t_wording`, else its
# tiles are drawn without the cache.
_STOCK_T = translator("en").__code__


def render_tile(env: Any, inputs: Mapping[str, Any], t: Any = None) -> Markup:
    """The tile's HTML: the cached one for these inputs, else rendered (and kept). `t`: the
    page's translator when it isn't the stock one for `lang` (its wording is in `inputs`)."""
    key = tile_key(inputs)
    cached = TILES.get(key)
    if cached is not None:
        return cached
    context = dict(inputs) | {"t": t or translator(inputs["lang"])}
    html = Markup(env.get_template(TEMPLATE).render(context))
    return TILES.setdefault(key, html)


@pass_context
def tile(context: Context, o: BaseModel, detail: bool = False, grouped: Any = None) -> Markup:
    """The tile of `o` on the page being rendered (a Jinja global: partials/tile.html)."""
    sheet_obj = context.get("sheet_obj")
    me = context.get("me")
    inputs = tile_inputs(
        o,
        context["view"],
        lang=context["lang"],
        judge=bool(context.get("judge")),
        urls=context.get("urls") or {},
        rules_base=context.get("rules_base", ""),
        # The viewer's own card is marked (no trial of its buttons: they are worked out
        # when its sheet opens); a static tile (a ruling) marks nobody's.
        yours=bool(me) and getattr(o, "controller", None) == me and not context.get("tiles_static"),
        detail=detail,
        in_sheet=detail and sheet_obj is not None and sheet_obj.id == getattr(o, "id", None),
        static=bool(context.get("tiles_static")),
        grouped=bool(grouped),
    )
    t = context.get("t")
    if getattr(t, "__code__", _STOCK_T) is _STOCK_T:
        return render_tile(context.environment, inputs)
    wording = context.get("t_wording")
    if wording is None:  # worded its own way, undeclared: drawn afresh, never kept
        body = context.environment.get_template(TEMPLATE)
        return Markup(body.render(dict(inputs) | {"t": t}))
    return render_tile(context.environment, inputs | {"wording": wording}, t)
