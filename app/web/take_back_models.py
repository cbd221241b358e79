"""The public models of a take-back for the JSON API and the pages: only
public facts (who asked, to which version, whose word is awaited), never a state."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class TakeBackPending(BaseModel):
    """A seat's request to take the game back, waiting for the other players' word."""

    model_config = ConfigDict(frozen=True)

    by: str = Field(description="The player who asked")
    to: int = Field(description="The version the game would go back to")
    agreed: list[str] = Field(description="The players who agreed so far")
    waiting_for: list[str] = Field(description="The players whose word is still awaited")


class TakeBackStatus(BaseModel):
    version: int = Field(description="The game's version now")
    pending: TakeBackPending | None = Field(description="The pending request, if any")


class TakeBackRequestBody(BaseModel):
    """Take the game back to version `to`: the judge does it at once; a player asks, and it
    happens once every other player still in the game has agreed."""

    model_config = ConfigDict(extra="forbid")

    to: int = Field(ge=0, le=10**9, description="An earlier version of the game")
    expected_version: int | None = Field(
        default=None, ge=0, le=10**9, description="409 if the game is elsewhere"
    )


class TakeBackAnswerBody(BaseModel):
    """A player's word on the pending request (the judge's: accept it at once or turn it down)."""

    model_config = ConfigDict(extra="forbid")

    agree: bool
    expected_version: int | None = Field(default=None, ge=0, le=10**9)
