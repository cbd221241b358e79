"""The store's own failures (not rule refusals), and `Refused`: a rule refusal tagged with the
game's ruleset so that the web layer can cite the right rules."""

from __future__ import annotations

from app.rules.core.errors import RuleError


class StoreError(Exception):
    """Base of the store's own failures (not rule refusals)."""


class GameNotFound(StoreError):
    pass


class VersionNotFound(StoreError):
    pass


class StaleVersion(StoreError):
    """The client's expected_version is not the game's version: re-read and retry."""

    def __init__(self, current: int) -> None:
        super().__init__(f"the game is at version {current}")
        self.current = current


class RequestIdReused(StoreError):
    """A request_id already recorded for a different action or actor."""


class UnknownActor(StoreError):
    """The judge asked to act as someone who is not a player of this game."""


class RulingNotFound(StoreError):
    pass


class StoreBusy(StoreError):
    """The database stayed locked through every retry."""


class ReplayFailed(StoreError):
    """A recorded action no longer replays: the log and the engine disagree (a bug)."""


class Refused(RuleError):
    """A RuleError from the engine, tagged with the game's ruleset for citing rules."""

    def __init__(self, err: RuleError, ruleset: str) -> None:
        super().__init__(err.rules, err.message_en, err.message_fr, err.kind, field=err.field)
        self.ruleset = ruleset
