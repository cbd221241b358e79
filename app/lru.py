"""A small thread-safe least-recently-used map, for this process's caches: a game's state at
a version, a seat's rights, a page's options at a version (values that never go stale), and
each game's latest known version (a hint that only grows: see `merge`)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


def _first(old: V, _new: V) -> V:
    return old


def _newest(_old: V, new: V) -> V:
    return new


class LRU(Generic[K, V]):
    """At most `maxsize` entries (0: remembers nothing); the least recently used goes first."""

    def __init__(self, maxsize: int) -> None:
        self._maxsize = maxsize
        self._items: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def put(self, key: K, value: V) -> None:
        self.merge(key, value, _newest)

    def setdefault(self, key: K, value: V) -> V:
        """The value kept for `key`: the one already there, else `value`."""
        return self.merge(key, value, _first)

    def merge(self, key: K, value: V, choose: Callable[[V, V], V]) -> V:
        """The value kept for `key`: `choose(old, value)` when one is there, else `value`.
        One step under the lock, so two threads' choices never interleave."""
        if self._maxsize <= 0:
            return value
        with self._lock:
            old = self._items.get(key)
            kept = value if old is None else choose(old, value)
            self._items[key] = kept
            self._items.move_to_end(key)
            while len(self._items) > self._maxsize:
                self._items.popitem(last=False)
            return kept

    def pop(self, key: K) -> V | None:
        """Forget `key` (a value that became wrong); what it held, if anything."""
        with self._lock:
            return self._items.pop(key, None)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()

    def __len__(self) -> int:
        with self._lock:
            return len(self._items)
