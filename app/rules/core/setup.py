"""What a new game starts from: players and where each card is. Cards arrive resolved.

Each family narrows these to its own zones, cards and options (app.rules.mtg.setup,
app.rules.riftbound.setup); app.rules.families joins them by `ruleset`."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field

from app.rules.core.cards import CardDef
from app.rules.core.errors import RuleError


class SetupCard(BaseModel):
    """One card placed at setup. Library entries are listed top first."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    owner: str
    zone: str
    card: CardDef
    controller: str | None = None
    tapped: bool = False
    counters: dict[str, int] = Field(default_factory=dict)
    is_token: bool = False


class GameOptions(BaseModel):
    """Per-game choices where rules editions answer differently (a family's own)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class GameSetup(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    ruleset: str
    players: list[str]
    # A sequence here, a list of its own entries in each family's setup (which narrows it).
    cards: Sequence[SetupCard] = Field(default_factory=list)
    options: GameOptions = Field(default_factory=GameOptions)
    # A casual game from decklists: shuffle each library with the game's secret seed and draw
    # the opening hands (each family's rule says how many).
    deal: bool = False

    def check_players(self, rule: str) -> None:
        """`rule` (Magic's 103.1): at least two players with different names, and every setup entry names
        one of them."""
        names = self.players
        if len(names) < 2 or len(set(names)) != len(names):
            raise RuleError(
                [rule],
                "A game needs at least two players with different names.",
                "Une partie demande au moins deux joueurs aux noms différents.",
            )
        for entry in self.cards:
            for who in (entry.owner, entry.controller):
                if who is not None and who not in names:
                    raise RuleError(
                        [],
                        f"The setup names {who!r}, who is not a player of this game.",
                        f"La mise en place nomme {who!r}, qui ne joue pas dans cette partie.",
                    )
