"""The parts a seat page's live region (#live) is made of, in order, and a region as its parts.

templates/pages/game.html's `live` block includes them in this order, and a catch-up renders
and compares them one by one (app/web/pages/region_parts.py): one list, so the page and its
catch-ups can't disagree on what the region is.
"""

from __future__ import annotations

from dataclasses import dataclass, field

LIVE_PARTS: tuple[str, ...] = (
    "partials/status.html",
    "partials/timetravel.html",
    "partials/pending_choice.html",
    "partials/proposals.html",
    "partials/take_back.html",
    "partials/actionbar.html",
    "partials/table_actions.html",
    "partials/board.html",
    "partials/log.html",
)


@dataclass(frozen=True)
class Region:
    """One viewer's live region at one version: its parts' HTML, and the whole of it."""

    parts: tuple[str, ...]
    html: str = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "html", "".join(self.parts))
