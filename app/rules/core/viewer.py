"""Who is looking: a seat (a player), the judge (sees everything) or a spectator (public only)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from pydantic import BaseModel, ConfigDict

ViewerKind = Literal["player", "judge", "spectator"]


class Viewer(BaseModel):
    model_config = ConfigDict(frozen=True)

    kind: ViewerKind
    player: str | None = None

    @classmethod
    def seat(cls, player: str) -> Viewer:
        return cls(kind="player", player=player)

    @classmethod
    def judge(cls) -> Viewer:
        return cls(kind="judge")

    @classmethod
    def spectator(cls) -> Viewer:
        return cls(kind="spectator")

    @property
    def actor(self) -> str | None:
        """The player this viewer acts as: None for the judge (and a spectator acts not)."""
        return self.player if self.kind == "player" else None


def sees_face(
    viewer: Viewer, allowed: set[str], players: Iterable[str], *, spectators_too: bool = True
) -> bool:
    """The one rule for a face: the judge sees all; a seat sees what the rules let it look at;
    a spectator sees only what every player may see (and not even that where the family
    keeps a look private, `spectators_too=False`)."""
    if viewer.kind == "judge":
        return True
    if viewer.kind == "spectator":
        return spectators_too and allowed >= set(players)
    return viewer.player in allowed
