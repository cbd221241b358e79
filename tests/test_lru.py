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


def test_merge_keeps_what_choose_picks_from_the_old_and_new_values():
    lru: LRU[str, int] = LRU(4)
    assert lru.merge("k", 3, max) == 3  # nothing there yet: the new value
    assert lru.merge("k", 1, max) == 3  # an older value loses
    assert lru.merge("k", 5, max) == 5
    assert lru.get("k") == 5


def test_merge_counts_as_a_use():
    lru: LRU[str, int] = LRU(2)
    lru.put("a", 1)
    lru.put("b", 2)
    lru.merge("a", 0, max)  # "b" is now the least recently used
    lru.put("c", 3)
    assert (lru.get("a"), lru.get("b"), lru.get("c")) == (1, None, 3)
