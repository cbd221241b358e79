"""The per-process caches' LRU: bounded, least recently used out first, first value kept."""

from __future__ import annotations

from app.lru import LRU


def test_the_least_recently_used_entry_goes_first():
    lru: LRU[str, int] = LRU(2)
    lru.put("a", 1)
    lru.put("b", 2)
    assert lru.get("a") == 1  # "b" is now the least recently used
    lru.put("c", 3)
    assert (lru.get("a"), lru.get("b"), lru.get("c")) == (1, None, 3)
    assert len(lru) == 2


def test_setdefault_keeps_the_first_value_and_put_replaces_it():
    lru: LRU[str, str] = LRU(4)
    assert lru.setdefault("k", "first") == "first"
    assert lru.setdefault("k", "second") == "first"
    lru.put("k", "third")
    assert lru.get("k") == "third"


def test_size_zero_remembers_nothing_and_clear_forgets():
    off: LRU[str, int] = LRU(0)
    assert off.setdefault("k", 1) == 1
    assert off.get("k") is None and len(off) == 0
    lru: LRU[str, int] = LRU(3)
    lru.put("k", 1)
    lru.clear()
    assert lru.get("k") is None
