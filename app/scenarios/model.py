"""The scenario file format (versioned): setup + steps, the question and its answer.

Steps name objects as "@Card Name" (the one object of that card at that moment: readable,
and it survives the new ids every zone change brings, 400.7) or, in exports, as "#k": the
k-th object the game created, which the same steps recreate in any game.
"""

from __future__ import annotations

from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field

from app.rules.families import DEFAULT_RULESET, Ruleset

FORMAT: Final = "facedown-scenario/1"


class SetupEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")

    owner: str
    # One of the family's setup zones (its setup model checks it).
    zone: str = Field(min_length=1, max_length=40)
    card: str | dict[str, Any]
    controller: str | None = None
    face_down: str | None = None
    tapped: bool = False
    counters: dict[str, int] = Field(default_factory=dict)
    is_token: bool = False
    # Riftbound: the battlefield a unit or facedown card is at (its name or "bf1").
    location: str | None = None


class Step(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    # None: the judge, acting for whoever the action concerns.
    as_: str | None = Field(default=None, alias="as")
    action: dict[str, Any]
    # A step that must be refused (a rules answer "no"), with the rules it cites.
    refused: list[str] | None = None


class Expectation(BaseModel):
    """What a viewer's view and log must (not) contain once all steps ran."""

    model_config = ConfigDict(extra="forbid")

    viewer: str
    contains: list[str] = Field(default_factory=list)
    absent: list[str] = Field(default_factory=list)


class Scenario(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: Literal["facedown-scenario/1"] = FORMAT
    key: str = Field(min_length=1, max_length=80)
    title: str = Field(min_length=1, max_length=200)
    title_fr: str = ""
    question: str = ""
    question_fr: str = ""
    answer: str = ""
    answer_fr: str = ""
    rules: list[str] = Field(default_factory=list)
    ruleset: Ruleset = DEFAULT_RULESET
    # Where editions differ (hideaway look rights, bottom order): which one the game applies.
    # The family's game options (its setup model checks them).
    options: dict[str, Any] = Field(default_factory=dict)
    players: list[str] = Field(default_factory=lambda: ["Alice", "Bob"])
    setup: list[SetupEntry]
    steps: list[Step] = Field(default_factory=list)
    expect: list[Expectation] = Field(default_factory=list)
