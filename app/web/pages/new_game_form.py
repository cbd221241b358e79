"""The new-game form, as both of its buttons post it ("New game" to /games, "Build a table"
to /tables): the game, the player fields and the family's game options, read once, and why
its players can't sit (None: they can)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Depends, Form

from app.rules.families import DEFAULT_RULESET
from app.web.pages.family_pages import (
    RULESETS,
    AskedOptionsDep,
    options_for_form,
    players_refusal,
)
from app.web.player_names import names_problem

MAX_PLAYERS = 4


@dataclass(frozen=True)
class NewGameForm:
    ruleset: str
    # Each player field as typed (trimmed; an empty one kept, so a decklist stays beside it).
    seats: list[str]
    options: dict[str, Any]

    @property
    def names(self) -> list[str]:
        return [name for name in self.seats if name]

    def players_problem(self, *, scenario: bool = False) -> tuple[str, dict[str, str]] | None:
        """The message key (and its parameters) when these players can't sit; a judge
        scenario seats its own players, so only an ambiguous name is refused then."""
        names = self.names
        if not scenario and (len(names) < 2 or len({n.casefold() for n in names}) != len(names)):
            return "error.players", {}
        ambiguous = names_problem(names)
        if ambiguous is not None:  # each seat and each log line names one player
            return f"error.player.{ambiguous[1]}", {"name": ambiguous[0]}
        refusal = None if scenario else players_refusal(self.ruleset, names)
        return (refusal, {}) if refusal else None


def _new_game_form(
    asked: AskedOptionsDep,
    ruleset: Annotated[str, Form(max_length=20)] = DEFAULT_RULESET,
    player: Annotated[list[str] | None, Form(max_length=MAX_PLAYERS)] = None,
) -> NewGameForm:
    ruleset = ruleset if ruleset in RULESETS else DEFAULT_RULESET
    seats = [p.strip()[:40] for p in (player or [])]
    return NewGameForm(ruleset, seats, options_for_form(ruleset, asked))


NewGameFormDep = Annotated[NewGameForm, Depends(_new_game_form)]
