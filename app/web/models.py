"""The public models of the JSON API (requests and answers), which the pages reuse: what
leaves through here is built from views (app.rules.redact), never from a GameState."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from app.rules.families import DEFAULT_RULESET, AnyOptions, Ruleset
from app.rules.redact import EventView, LogEntryView, View, Viewer, VisibilityRow
from app.scenarios.model import SetupEntry as ScenarioSetupEntry
from app.store.repository import CreatedGame
from app.web.player_names import MESSAGES, names_problem

PlayerName = Annotated[str, Field(min_length=1, max_length=40)]
CardName = Annotated[str, Field(min_length=1, max_length=120)]
CounterName = Annotated[str, Field(min_length=1, max_length=20)]
CounterAmount = Annotated[int, Field(ge=0, le=99)]
# A pasted decklist (app/catalog/decklist.py): 250 lines of up to 80 characters.
DecklistText = Annotated[str, Field(max_length=20_000)]


# -- games -------------------------------------------------------------------------------------


class SetupEntry(ScenarioSetupEntry):
    """One card placed at setup: a scenario file's entry, with the API's bounds. `card` is a
    catalog name (English or French) or an inline definition with the catalog's shape."""

    owner: PlayerName
    card: CardName | dict[str, Any]
    controller: PlayerName | None = None
    # How a permanent starts face down (morph, manifest...), for a family that has it.
    face_down: Annotated[str, Field(min_length=1, max_length=40)] | None = None
    counters: dict[CounterName, CounterAmount] = Field(default_factory=dict, max_length=8)
    # The place (a battlefield's name or id "bf1") a card is at, for a family that has it.
    location: Annotated[str, Field(min_length=1, max_length=120)] | None = None


class GameCreate(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "examples": [
                {
                    "ruleset": DEFAULT_RULESET,
                    "players": ["Alice", "Bob"],
                    "setup": [
                        {"owner": "Alice", "zone": "hand", "card": "Akki Lavarunner"},
                        {"owner": "Bob", "zone": "battlefield", "card": "Ixidron"},
                    ],
                    "title": "Ixidron ruling",
                }
            ]
        },
    )

    ruleset: Ruleset = DEFAULT_RULESET
    players: list[PlayerName] = Field(min_length=2, max_length=4)
    # Library entries are listed top first.
    setup: list[SetupEntry] = Field(default_factory=list, max_length=500)
    title: str = Field(default="", max_length=200)
    # Where rules editions differ, the game options its family takes (GameRules.options_model).
    options: AnyOptions | None = None
    # A decklist per seat, pasted as text ("4 Exalted Angel"...): the seat's library, then
    # shuffled with the server's secret seed and opening hands drawn (GameSetup.deal).
    decks: dict[PlayerName, DecklistText] = Field(default_factory=dict, max_length=4)

    @field_validator("players")
    @classmethod
    def _distinct_names(cls, players: list[str]) -> list[str]:
        stripped = [p.strip() for p in players]
        if any(not p for p in stripped):
            raise ValueError("a player name cannot be blank")
        if len({p.casefold() for p in stripped}) != len(stripped):
            raise ValueError("player names must all be different")
        return checked_names(stripped)


class TokenLink(BaseModel):
    token: str
    url: str


class SeatLink(TokenLink):
    player: str


class GameCreated(BaseModel):
    """Tokens are shown once: only their hashes are stored."""

    id: str
    version: int
    ruleset: str
    title: str
    seats: list[SeatLink]
    judge: TokenLink
    spectator: TokenLink

    @classmethod
    def of(cls, created: CreatedGame, title: str) -> GameCreated:
        """A new game's answer: its links, each with its token (the one time they show)."""
        return cls(
            id=created.id,
            version=created.version,
            ruleset=created.ruleset,
            title=title,
            seats=[
                SeatLink(player=s.player, token=s.token, url=join_url(s.token))
                for s in created.seats
            ],
            judge=TokenLink(token=created.judge_token, url=join_url(created.judge_token)),
            spectator=TokenLink(
                token=created.spectator_token, url=join_url(created.spectator_token)
            ),
        )


def checked_names(names: list[str]) -> list[str]:
    """`names`, if each names one player unambiguously (app/web/player_names.py)."""
    found = names_problem(names)
    if found is not None:
        name, problem = found
        raise ValueError(f"{MESSAGES[problem]}: {name!r}")
    return names


def join_url(token: str) -> str:
    return f"/join/{token}"


class ActionEnvelope(BaseModel):
    """The optional fields sent alongside an action."""

    model_config = ConfigDict(populate_by_name=True)

    expected_version: Annotated[int, Field(strict=True, ge=0)] | None = None
    request_id: Annotated[str, Field(min_length=1, max_length=64)] | None = None
    as_: PlayerName | None = Field(default=None, alias="as")


class ActionResult(BaseModel):
    version: int
    events: list[EventView]
    # True when request_id matched an earlier request: the stored result, not applied again.
    replayed: bool = False


class GameLog(BaseModel):
    version: int
    entries: list[LogEntryView]


# -- rulings -----------------------------------------------------------------------------------


class RulingCreate(BaseModel):
    model_config = ConfigDict(extra="forbid")

    version: int | None = Field(default=None, ge=0, description="Default: the current version")
    # Typed ("seat:Alice", "role:spectator", "role:judge"), or plain ("Alice", "spectator",
    # "judge"); one or several.
    viewpoint: str | list[str] = Field(
        description='"seat:<player>", "role:spectator" or "role:judge" (or plainly a player '
        'name, "spectator" or "judge")'
    )
    title: str = Field(min_length=1, max_length=120)
    note: str = Field(default="", max_length=2000)


class RulingCreated(BaseModel):
    slug: str
    url: str
    version: int


class Viewpoint(BaseModel):
    viewer: Viewer
    view: View
    log: list[LogEntryView]


class RulingPublic(BaseModel):
    """Exactly what the ruling publishes: each viewpoint's redacted view and log."""

    slug: str
    url: str
    title: str
    note: str
    version: int
    ruleset: str
    created_at: str
    viewpoints: list[Viewpoint]
    visibility: list[VisibilityRow]


# -- scenarios ---------------------------------------------------------------------------------


class ScenarioPublic(BaseModel):
    key: str
    title: str
    title_fr: str
    question: str
    question_fr: str
    answer: str
    answer_fr: str
    rules: list[str]
    ruleset: str
    players: list[str]


class ScenarioGameCreate(BaseModel):
    model_config = ConfigDict(extra="forbid")

    players: list[Annotated[str, Field(min_length=1, max_length=40)]] | None = Field(
        default=None, min_length=2, max_length=4
    )

    @field_validator("players")
    @classmethod
    def _unambiguous(cls, players: list[str] | None) -> list[str] | None:
        return None if players is None else checked_names(players)
