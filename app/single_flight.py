"""One computation per key at a time: a caller that asks for a key already being worked out
waits for that work's result instead of doing it again.

After a tap, the open pages of one seat link (a phone and a laptop, every spectator on the
spectators' link) are told at the same instant and ask at the same instant for the same
thing; each would miss the cache the first one is about to fill, and all of them would
build it. Here they share the first one's work (and its exception, if it fails).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class _Flight(Generic[V]):
    __slots__ = ("done", "error", "value")

    def __init__(self) -> None:
        self.done = threading.Event()
        self.value: V | None = None
        self.error: BaseException | None = None


class SingleFlight(Generic[V]):
    """`run(key, work)`: `work()`'s result, worked out once for every caller that asks for
    `key` while it is being worked out (thread-safe)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._flights: dict[Hashable, _Flight[V]] = {}

    def run(self, key: Hashable, work: Callable[[], V]) -> V:
        with self._lock:
            flight = self._flights.get(key)
            leading = flight is None
            if flight is None:
                flight = self._flights[key] = _Flight()
        if not leading:
            flight.done.wait()
            if flight.error is not None:
                raise flight.error
            return flight.value  # type: ignore[return-value]  # set before `done`
        try:
            flight.value = work()
            return flight.value
        except BaseException as error:
            flight.error = error
            raise
        finally:
            with self._lock:
                del self._flights[key]
            flight.done.set()

    def __len__(self) -> int:
        with self._lock:
            return len(self._flights)
