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

from fastapi import Request

from app.lru import LRU
from app.web.deps import SeatAt
from app.web.i18n import pick_language
from app.web.pages.seat_page import seat_page
from app.web.templating import render

# A few regions per open game (its seats, two languages) for a few hundred games.
CACHE_SIZE = 2048

# (game, version, seat token, judge's viewpoint, language) -> the region's HTML.
RegionKey = tuple[str, int, str, str | None, str]
REGIONS: LRU[RegionKey, str] = LRU(CACHE_SIZE)


def _key(at: SeatAt, version: int, lang: str) -> RegionKey:
    return (at.seat.game_id, version, at.seat.token, at.seat_param, lang)


def live_region(request: Request, at: SeatAt) -> str:
    """The #live block of the game page, as this seat sees the game now."""
    lang = pick_language(request)
    now = at.repository.info(at.seat.game_id).version
    kept = REGIONS.get(_key(at, now, lang))
    if kept is not None:
        return kept
    page = seat_page(request, at)
    html = render("pages/game.html", page.variables(), ["live"])
    return REGIONS.setdefault(_key(at, page.view.version, lang), html)
