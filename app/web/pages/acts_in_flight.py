"""Which seat links have a page action on its way in this process.

A page that taps gets its new live region in the action's answer (app/web/pages/acting.py),
built right after the commit. Its live stream hears of the same commit at that moment; were
it to work out the page's patch then (app/web/live.py), it would build the same region a
second time, for a message the page ignores (it shows that version once its answer lands).
So while a seat link's action is on its way, its streams say the version alone: the tapping
page needs nothing more, and another tab of the same link fetches what changed (the region
its answer kept, and the patch, are then a lookup).
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Hashable, Iterator
from contextlib import contextmanager


class ActsInFlight:
    """Counts of actions on their way, per key (a game and a seat token's digest)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._counts: Counter[Hashable] = Counter()

    @contextmanager
    def during(self, key: Hashable) -> Iterator[None]:
        """Marks `key` busy from before the action's commit until its answer is built."""
        with self._lock:
            self._counts[key] += 1
        try:
            yield
        finally:
            with self._lock:
                self._counts[key] -= 1
                if self._counts[key] <= 0:
                    del self._counts[key]

    def busy(self, key: Hashable) -> bool:
        with self._lock:
            return key in self._counts


ACTS = ActsInFlight()
