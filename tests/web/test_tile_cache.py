"""The tile cache (app/web/tile_cache.py): a tile rendered for one viewer's knowledge never
reaches a viewer who knows less, and viewers who know the same share one render."""

from __future__ import annotations

from typing import Any

import pytest

from app.catalog import load_catalog
from app.lru import LRU
from app.rules import engine
from app.rules.core.state import GameState
from app.rules.families import parse_action
from app.rules.mtg.setup import MtgSetup, MtgSetupCard
from app.rules.redact import Viewer, view_for
from app.web import tile_cache
from app.web.i18n import translator
from app.web.pages.ruling_wording import in_third_person
from app.web.templating import ENV

SECRET = "Akroma, Angel of Fury"


def _game(players: tuple[str, ...] = ("Alice", "Bob")) -> GameState:
    catalog = load_catalog()
    cards = [("Alice", "hand", SECRET), ("Bob", "battlefield", "Serra Angel")]
    setup = MtgSetup(
        ruleset="mtg",
        players=list(players),
        cards=[MtgSetupCard(owner=o, zone=z, card=catalog.get(n)) for o, z, n in cards],  # type: ignore[arg-type]
    )
    state = engine.new_game(setup, seed="tile-cache-seed").state
    akroma = next(o.id for o in state.objects if o.card.name == SECRET)
    for action in (
        {"type": "cast_face_down", "object": akroma, "via": "morph"},
        {"type": "resolve"},
    ):
        state = engine.apply(state, parse_action(action), "Alice").state
    return state


STATE = _game()
URLS = {"objects": "/g/G/objects/", "qs": ""}


def _object(viewer: Viewer, face_down: bool) -> tuple[Any, Any]:
    view = view_for(STATE, viewer)
    obj = next(o for o in view.objects if o.zone == "battlefield" and o.face_down == face_down)
    return obj, view


def _inputs(viewer: Viewer, face_down: bool, **flags: Any) -> dict[str, Any]:
    obj, view = _object(viewer, face_down)
    given: dict[str, Any] = {
        "lang": "en",
        "judge": False,
        "urls": URLS,
        "rules_base": "/rules/mtg/",
        "yours": False,
    } | flags
    return tile_cache.tile_inputs(obj, view, **given)


@pytest.fixture
def cache(monkeypatch: pytest.MonkeyPatch) -> LRU[bytes, Any]:
    fresh: LRU[bytes, Any] = LRU(64)
    monkeypatch.setattr(tile_cache, "TILES", fresh)
    return fresh


def test_708_2_the_controller_and_the_opponent_of_a_face_down_permanent_never_share_a_tile(
    cache: LRU[bytes, Any],
) -> None:
    alice, bob = _inputs(Viewer.seat("Alice"), True), _inputs(Viewer.seat("Bob"), True)
    # One object, one version: only what each may know of it differs.
    assert alice["o"].id == bob["o"].id
    assert tile_cache.tile_key(alice) != tile_cache.tile_key(bob)
    # Warm with Alice's tile (she may look at its face: 708.5), then Bob's from the same cache.
    mine = tile_cache.render_tile(ENV, alice)
    theirs = tile_cache.render_tile(ENV, bob)
    assert "Akroma" in mine
    assert "Akroma" not in theirs and "Fury" not in theirs
    assert len(cache) == 2
    # And in the other order, from a cold cache: Alice still sees her card.
    cache.clear()
    assert "Akroma" not in tile_cache.render_tile(ENV, bob)
    assert "Akroma" in tile_cache.render_tile(ENV, alice)


def test_708_2_the_judge_and_a_spectator_never_share_a_face_down_tile(
    cache: LRU[bytes, Any],
) -> None:
    judge = _inputs(Viewer.judge(), True, judge=True)
    spectator = _inputs(Viewer.spectator(), True)
    assert tile_cache.tile_key(judge) != tile_cache.tile_key(spectator)
    assert "Akroma" in tile_cache.render_tile(ENV, judge)
    assert "Akroma" not in tile_cache.render_tile(ENV, spectator)


def test_viewers_who_know_the_same_of_a_face_up_permanent_share_one_render(
    cache: LRU[bytes, Any],
) -> None:
    alice = _inputs(Viewer.seat("Alice"), False)
    bob = _inputs(Viewer.seat("Bob"), False)
    assert tile_cache.tile_key(alice) == tile_cache.tile_key(bob)
    first = tile_cache.render_tile(ENV, alice)
    assert tile_cache.render_tile(ENV, bob) is first
    assert len(cache) == 1
    assert "Serra Angel" in first


@pytest.mark.parametrize(
    "flag",
    [
        {"lang": "fr"},
        {"judge": True},
        {"yours": True},
        {"detail": True},
        {"in_sheet": True},
        {"static": True},
        {"grouped": True},
        {"rules_base": "/rules/mtg-2024/"},
        {"urls": {"objects": "/g/H/objects/", "qs": ""}},
        {"urls": {"objects": "/g/G/objects/", "qs": "?seat=Bob"}},
    ],
)
def test_every_page_input_the_tile_reads_is_in_its_key(flag: dict[str, Any]) -> None:
    plain = _inputs(Viewer.seat("Bob"), False)
    assert tile_cache.tile_key(plain) != tile_cache.tile_key(
        _inputs(Viewer.seat("Bob"), False, **flag)
    )


def test_a_cached_tile_is_the_tile_rendered_afresh(cache: LRU[bytes, Any]) -> None:
    for viewer in (Viewer.seat("Alice"), Viewer.seat("Bob"), Viewer.judge(), Viewer.spectator()):
        for face_down in (True, False):
            inputs = _inputs(viewer, face_down, judge=viewer.kind == "judge")
            warm = tile_cache.render_tile(ENV, inputs)
            again = tile_cache.render_tile(ENV, inputs)
            fresh = ENV.get_template(tile_cache.TEMPLATE).render(
                dict(inputs) | {"t": tile_cache.translator("en")}
            )
            assert warm is again and str(warm) == fresh


def _page(viewer: Viewer, t: Any, **more: Any) -> str:
    """One face-down tile as a page draws it, with the page's translator `t`."""
    obj, view = _object(viewer, True)
    context = {
        "view": view,
        "lang": "en",
        "judge": False,
        "urls": URLS,
        "rules_base": "/rules/mtg/",
        "me": None,
        "t": t,
    } | more
    return ENV.from_string("{{ tile(o) }}").render(context | {"o": obj})


def test_a_ruling_worded_for_alice_never_shares_a_tile_with_alices_own_page(
    cache: LRU[bytes, Any],
) -> None:
    alice = Viewer.seat("Alice")
    stock = translator("en")
    third = in_third_person(stock, "Alice")
    own = _page(alice, stock)
    ruling = _page(alice, third, t_wording="third-person:Alice")
    undeclared = _page(alice, third)
    assert "Only you" in own and "Alice sees this" not in own
    assert "Alice sees this" in ruling and "Only you" not in ruling
    assert undeclared == ruling
    # Warm in the other order too: the page's own wording still comes back.
    cache.clear()
    assert "Alice sees this" in _page(alice, third, t_wording="third-person:Alice")
    assert "Only you" in _page(alice, stock)
    assert len(cache) == 2  # the undeclared wording is never kept


# -- the key remembered by identity (tile_cache._KNOWN): what `tile()` hands TILES ----------

PAGES = [  # (viewer, the page's own context): the judge's first, so a seat comes after it
    (Viewer.judge(), {"judge": True, "me": None}),
    (Viewer.seat("Alice"), {"judge": False, "me": "Alice"}),
    (Viewer.seat("Bob"), {"judge": False, "me": "Bob"}),
    (Viewer.spectator(), {"judge": False, "me": None}),
]
BOARD = "{% for o in view.objects %}{{ tile(o) }}{% endfor %}"
# The boards' zones draw their tiles in one call (the Jinja global `tiles`).
ZONE = "{{ tiles(view.objects) }}"
IN_SHEET = "{% for o in view.objects %}{{ tile(o, detail=True) }}{% endfor %}"
ZONE_IN_SHEET = "{{ tiles(view.objects, detail=True) }}"


def _board(
    viewer: Viewer,
    own: dict[str, Any],
    state: GameState = STATE,
    board: str = BOARD,
    **more: Any,
) -> str:
    """Every tile of `viewer`'s view, as a page draws them (the Jinja global `tile`)."""
    context = {
        "view": view_for(state, viewer),
        "lang": "en",
        "urls": URLS,
        "rules_base": "/rules/mtg/",
        "t": translator("en"),
    } | own
    return ENV.from_string(board).render(context | more)


def _shown_to_bob() -> GameState:
    """708.5: Alice let Bob look at her face-down Akroma, Carol not (a spectator sees it only
    once every player may). Bob's page and a spectator's give its tile the same page-wide
    inputs and flags; only what each knows of it differs."""
    shown = _game(("Alice", "Bob", "Carol")).clone(lazy_objects=True)
    shown.settle()
    shown.version += 1
    akroma = next(o for o in shown.objects if o.face_down)
    told = akroma.copy_for_change()
    told.known_to = ["Bob"]  # as face_down.look leaves it
    shown.objects[shown.objects.index(akroma)] = told
    return shown


SHOWN = _shown_to_bob()


@pytest.fixture
def known(monkeypatch: pytest.MonkeyPatch) -> LRU[int, Any]:
    fresh: LRU[int, Any] = LRU(64)
    monkeypatch.setattr(tile_cache, "_KNOWN", fresh)
    return fresh


def _afresh(
    monkeypatch: pytest.MonkeyPatch, viewer: Viewer, own: dict[str, Any], state: GameState
) -> str:
    with monkeypatch.context() as m:
        m.setattr(tile_cache, "TILES", LRU(0))
        m.setattr(tile_cache, "_KNOWN", LRU(0))
        return _board(viewer, own, state)


@pytest.mark.parametrize(
    ("state", "seeing"),
    [(STATE, {"judge", "Alice"}), (SHOWN, {"judge", "Alice", "Bob"})],
    ids=["Alice's own", "shown to Bob"],
)
def test_708_2_a_key_remembered_for_a_viewer_who_sees_a_face_never_reaches_one_who_doesnt(
    cache: LRU[bytes, Any],
    known: LRU[int, Any],
    monkeypatch: pytest.MonkeyPatch,
    state: GameState,
    seeing: set[str],
) -> None:
    """The judge, Alice (and Bob once shown it) see the face-down Akroma's name; their
    tiles' keys are remembered first, then every page comes from the warm caches: each is
    its render afresh, and the others' never name it."""
    fresh = {v: _afresh(monkeypatch, v, own, state) for v, own in PAGES}
    for _ in range(2):  # the second time round, every key comes from the memo
        for viewer, own in PAGES:
            page = _board(viewer, own, state)
            assert page == fresh[viewer], viewer
            assert (SECRET in page) == ((viewer.player or viewer.kind) in seeing), viewer
    assert len(known) > 0
    # And the memo is what answered: no key worked out again.
    monkeypatch.setattr(tile_cache, "tile_key", _no_key)
    for viewer, own in PAGES:
        assert _board(viewer, own, state) == fresh[viewer]


def _no_key(inputs: Any) -> bytes:
    raise AssertionError("a key worked out again for a page drawn before")


JUDGE_PAGE, SEAT_PAGE = {"judge": True, "me": None}, {"judge": False, "me": "Alice"}


@pytest.mark.parametrize(
    ("own", "flag"),
    [
        (JUDGE_PAGE, {"lang": "fr", "t": translator("fr")}),
        (JUDGE_PAGE, {"judge": False}),
        (JUDGE_PAGE, {"me": "Bob"}),
        (JUDGE_PAGE, {"tiles_static": True}),
        (JUDGE_PAGE, {"rules_base": "/rules/mtg-2024/"}),
        (JUDGE_PAGE, {"urls": {"objects": "/g/H/objects/", "qs": ""}}),
        (JUDGE_PAGE, {"urls": {"objects": "/g/G/objects/", "qs": "?seat=Bob"}}),
        (SEAT_PAGE, {"t": in_third_person(translator("en"), "Alice"), "t_wording": "3p:Alice"}),
    ],
)
def test_one_object_drawn_on_pages_that_differ_in_one_input_gets_each_its_own_tile(
    cache: LRU[bytes, Any],
    known: LRU[int, Any],
    monkeypatch: pytest.MonkeyPatch,
    own: dict[str, Any],
    flag: dict[str, Any],
) -> None:
    """The very same objects (one view) on two pages: the remembered key tells every page-wide
    input apart."""
    viewer = Viewer.judge() if own["judge"] else Viewer.seat("Alice")
    view = view_for(STATE, viewer)  # the objects both pages draw
    plain = _board(viewer, own, view=view)
    other = _board(viewer, own | flag, view=view)
    with monkeypatch.context() as m:
        m.setattr(tile_cache, "TILES", LRU(0))
        m.setattr(tile_cache, "_KNOWN", LRU(0))
        assert other == _board(viewer, own | flag, view=view)
        assert plain == _board(viewer, own, view=view)
    assert other != plain


@pytest.mark.parametrize(("state"), [STATE, SHOWN], ids=["Alice's own", "shown to Bob"])
@pytest.mark.parametrize(
    ("one_by_one", "in_one_call"), [(BOARD, ZONE), (IN_SHEET, ZONE_IN_SHEET)], ids=["zone", "sheet"]
)
def test_708_2_a_zones_tiles_drawn_in_one_call_are_its_tiles_drawn_one_by_one(
    cache: LRU[bytes, Any],
    known: LRU[int, Any],
    monkeypatch: pytest.MonkeyPatch,
    state: GameState,
    one_by_one: str,
    in_one_call: str,
) -> None:
    """`tiles(objects)` is `tile(o)` for each object in turn, cold and warm, for every
    viewer: the same HTML, so the same knowledge (the face-down Akroma named only to those
    who see it), with the sheet's own card marked as in a sheet."""
    sheet_obj = next(o for o in view_for(state, Viewer.judge()).objects if o.face_down)
    for viewer, own in PAGES:
        own = own | {"sheet_obj": sheet_obj}
        with monkeypatch.context() as m:
            m.setattr(tile_cache, "TILES", LRU(0))
            m.setattr(tile_cache, "_KNOWN", LRU(0))
            expected = _board(viewer, own, state, one_by_one)
            assert _board(viewer, own, state, in_one_call) == expected, viewer
        for _ in range(2):  # into the caches, then out of them
            assert _board(viewer, own, state, in_one_call) == expected, viewer
        objects = view_for(state, viewer).objects
        assert expected.count("<li") == len(objects)
        # The sheet's own card is drawn as in the sheet (no link to open it again).
        in_sheet = sum(o.id == sheet_obj.id for o in objects) if one_by_one == IN_SHEET else 0
        assert expected.count('<div class="tile-main">') == in_sheet
