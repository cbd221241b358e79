"""A small thread-safe least-recently-used map, for the per-process caches of values that
never go stale (a game's state at a version, a seat's rights, a page's options at a version)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


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
        self.setdefault(key, value, replace=True)

    def setdefault(self, key: K, value: V, replace: bool = False) -> V:
        """The value kept for `key`: the one already there (unless `replace`), else `value`."""
        if self._maxsize <= 0:
            return value
        with self._lock:
            kept = value if replace else self._items.setdefault(key, value)
            self._items[key] = kept
            self._items.move_to_end(key)
            while len(self._items) > self._maxsize:
                self._items.popitem(last=False)
            return kept

    def clear(self) -> None:
        with self._lock:
            self._items.clear()

    def __len__(self) -> int:
        with self._lock:
            return len(self._items)
