"""One request's memory of the games' heads it read: a game's ruleset and title (which never
change) and its version are read once per request, however many helpers ask.

A request's own write moves the remembered head forward (the version it committed), so the
page it renders next shows that version without reading the head again; a later request
reads afresh. Never shared between requests: a head read by one would hide from another a
version committed since.
"""

from __future__ import annotations

from app.store.compare_and_set import GameInfo


class RequestHeads:
    def __init__(self) -> None:
        self._heads: dict[str, GameInfo] = {}

    def get(self, game_id: str) -> GameInfo | None:
        return self._heads.get(game_id)

    def put(self, head: GameInfo) -> None:
        self._heads[head.id] = head

    def forget(self, game_id: str) -> None:
        self._heads.pop(game_id, None)
