"""Object ids: a keyed hash of a per-game counter under the game's secret seed.

Not sequential and not guessable without the seed (which never leaves the server), yet the
same log replays to the same ids (docs/DESIGN.md invariants 1 and 3). The counter value k
behind an id is a stable, seed-free reference for exports: "#k" (app/scenarios/export.py).
"""

from __future__ import annotations

import hashlib


def object_id(seed: str, counter: int) -> str:
    return hashlib.blake2b(str(counter).encode(), key=seed.encode()[:64], digest_size=8).hexdigest()


def counters_by_id(seed: str, upto: int) -> dict[str, int]:
    """Every id this seed gave out for counters 1..upto, mapped back to its counter."""
    return {object_id(seed, k): k for k in range(1, upto + 1)}
