"""A seat page's live region (#live: the board, the buttons, the log), rendered once per game
version for all the pages of one seat link in one language.

After a tap, every open page of the game asks for its live region (app/web/live.py tells
them the new version). The pages of one seat link — a phone and a laptop, a second tab, every
spectator watching through the spectators' link — ask for the same thing: the region is a
function of the game at that version, the seat (its token: whose eyes, and the CSRF token its
forms carry), the judge's viewpoint and the language. It is kept under exactly those, so the
second asks cost a dictionary lookup; a page of another seat never gets it (its token is in
the key). The key is read before the render (the game's head) and the render is kept under
the version it actually shows, so a change committed in between can't file a newer region
under an older version.

The judge's region too: the table builder and the publish form (which read what was typed
and a saved draft) are outside #live, and the viewpoint the judge looks from (`?seat=`) is
in the key.
"""

from __future__ import annotations

from dataclasses import dataclass

from fastapi import Request
from markupsafe import Markup

from app.lru import LRU
from app.single_flight import SingleFlight
from app.store.seats import hash_token
from app.web.deps import SeatAt
from app.web.form_numbers import MalformedNumber, optional_number
from app.web.i18n import pick_language
from app.web.live import Patch
from app.web.live_parts import Region
from app.web.live_patch import kept_patch, live_patch
from app.web.pages.region_parts import render_region
from app.web.pages.seat_page import seat_page
from app.web.pages.table_page import TablePage

# A few regions per open game (its seats, two languages) for a few hundred games.
CACHE_SIZE = 2048

# (game, version, seat token's digest, judge's viewpoint, language) -> the region, by parts.
RegionKey = tuple[str, int, str, str | None, str]
REGIONS: LRU[RegionKey, Region] = LRU(CACHE_SIZE)
# The regions being built now, by the key they were asked under (the head's version then).
BUILDING: SingleFlight[tuple[Region, int]] = SingleFlight()


def seat_link(at: SeatAt) -> tuple[str, str]:
    """The game and the seat link (its token's digest) a page belongs to."""
    return (at.seat.game_id, hash_token(at.seat.token))


def _key(at: SeatAt, version: int, lang: str) -> RegionKey:
    # The token's digest, not the token: a seat's secret is kept nowhere in the clear, the
    # memory of this process included (tokens are stored hashed).
    return (at.seat.game_id, version, hash_token(at.seat.token), at.seat_param, lang)


def live_region(request: Request, at: SeatAt) -> tuple[Region, int]:
    """The #live block of the game page as this seat sees the game now, and its version."""
    lang = pick_language(request)
    now = at.repository.info(at.seat.game_id).version
    key = _key(at, now, lang)
    kept = REGIONS.get(key)
    if kept is not None:
        return kept, now

    def build() -> tuple[Region, int]:
        # Only the region is rendered: the judge's forms outside it are left out.
        page = seat_page(request, at, with_publish=False, with_builder=False)
        return _region(request, at, page), page.view.version

    # The pages of this seat link told of this version at once share one build.
    return BUILDING.run(key, build)


def _region(request: Request, at: SeatAt, page: TablePage) -> Region:
    key = _key(at, page.view.version, pick_language(request))
    kept = REGIONS.get(key)
    if kept is None:
        kept = REGIONS.setdefault(key, render_region(page.variables()))
    return kept


def region_of(request: Request, at: SeatAt, page: TablePage) -> Markup:
    """The region of this built page: the one kept for its version, else rendered and kept
    (the whole page shows it too, so its next catch-up can be only what changed)."""
    return Markup(_region(request, at, page).html)


def keep_region(request: Request, at: SeatAt, version: int, region: Region) -> None:
    """Remember the region a page was just given some other way (its own tap's answer), so
    its next catch-up can be only what changed."""
    REGIONS.setdefault(_key(at, version, pick_language(request)), region)


@dataclass(frozen=True)
class LiveAnswer:
    """What a page that asked for its live region gets: the whole region, or (`patch`) only
    the out-of-band swaps from the version it shows."""

    html: str
    patch: bool


def live_answer(request: Request, at: SeatAt) -> LiveAnswer:
    """The live region for a page that shows version `?since=` (if it says): only what
    changed for this viewer when the region it shows is known here, else the whole region
    (a page that missed versions this process can't diff from: a reconnect after a
    restart, a page first drawn whole, a version long gone from the cache)."""
    region, version = live_region(request, at)
    since = _since(request)
    if since == version:
        return LiveAnswer("", patch=True)  # it shows this version already
    patch = patch_since(request, at, since, region, version)
    if patch is None:
        return LiveAnswer(region.html, patch=False)
    return LiveAnswer(patch, patch=True)


def patch_since(
    request: Request, at: SeatAt, since: int | None, region: Region, version: int
) -> str | None:
    """Only what changed between the region this seat's page shows (version `since`) and
    `region` (at `version`), as out-of-band swaps; None when that region isn't known here
    (the page then gets `region` whole)."""
    if since is None or since >= version:
        return None
    shown = REGIONS.get(_key(at, since, pick_language(request)))
    return live_patch(shown, region) if shown is not None else None


def region_key(request: Request, at: SeatAt, version: int) -> RegionKey:
    """What this seat's page shows at `version` is kept under (and worked out once for)."""
    return _key(at, version, pick_language(request))


def stream_patch_at_once(
    request: Request, at: SeatAt, shown: int, latest: int
) -> Patch | int | None:
    """What a stream can tell its page, which shows version `shown`, with no read and no
    render: the version `latest` alone when this process doesn't hold the region the page
    shows (a restart, a page another worker drew: the page fetches its region), the patch to
    `latest` when it is kept already (both regions and their patch: the pages of this seat
    link asked for them a moment ago); None when it must be made (`stream_patch`)."""
    lang = pick_language(request)
    old = REGIONS.get(_key(at, shown, lang))
    if old is None:
        return latest
    new = REGIONS.get(_key(at, latest, lang))
    known = kept_patch(old, new) if new is not None else None
    if known is None or known[0] is None:
        return None
    return Patch(shown, latest, known[0], lang)


def stream_patch(request: Request, at: SeatAt, shown: int) -> Patch | int:
    """What a stream tells its page, which shows version `shown`, when the game moved on
    (app/web/live.py): only what changed for this viewer, as a catch-up fetch from that page
    would get it (the same region, the same key, the same patch: each is kept, so the
    page's own catch-up or a second tab of this seat link costs a lookup), or the version
    now alone when there is no patch (the page then fetches its region)."""
    region, version = live_region(request, at)
    if shown >= version:
        return version
    patch = patch_since(request, at, shown, region, version)
    if patch is None:
        return version
    return Patch(shown, version, patch, pick_language(request))


def shown_version(request: Request) -> int | None:
    """The version the asking page's #live shows, as static/js/live.js tells it with a tap
    (`X-Live-Version`); None without scripts, or for anything but a number."""
    try:
        return optional_number(request.headers.get("x-live-version"), max_digits=11)
    except MalformedNumber:
        return None


def _since(request: Request) -> int | None:
    try:
        return optional_number(request.query_params.get("since"), max_digits=11)
    except MalformedNumber:
        return None  # not a version: the whole region
