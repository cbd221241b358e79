"""The actions a seat page offers to take back: its log's newest entries after the setup.

A Jinja global (templates/partials/take_back_offer.html). The template's own
`log|selectattr("version", "gt", 0)|list` tested every entry of the page's log through
Jinja's filter machinery and listed them all to keep three: a tenth of a seat's live region
at every version, for spectators too, whose page shows none of it.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import islice

from app.rules.core.view import LogEntryView

# How many of the newest actions the offer lists.
OFFERED = 3


def recent_actions(log: Iterable[LogEntryView], n: int = OFFERED) -> list[LogEntryView]:
    """The first `n` entries of `log` (newest first) that are actions, not the setup."""
    return list(islice((e for e in log if e.version > 0), n))
