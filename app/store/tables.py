"""SQLModel tables: games, seats (hashed tokens), the append-only action log, snapshots,
rulings and imported card definitions.

JSON payloads are stored as text we serialise ourselves, so a stored row is exactly the
bytes we wrote. migrations/versions/ must match these tables (tests/store/test_migrations.py).
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from typing import Literal

from sqlalchemy import Index, Table, Text, UniqueConstraint
from sqlmodel import Field, SQLModel

SeatRole = Literal["player", "judge", "spectator"]


def table_of(model: type[SQLModel]) -> Table:
    """A table model's Core table, for the SQL written by hand: SQLModel's metaclass sets
    `__table__` on the class, and its type stubs don't declare it."""
    table: Table = vars(model)["__table__"]
    return table


def new_game_id() -> str:
    """12 url-safe characters, 72 random bits: not guessable, not sequential."""
    return secrets.token_urlsafe(9)


def utcnow() -> datetime:
    return datetime.now(UTC)


class GameBase(SQLModel):
    ruleset: str = Field(max_length=20)
    title: str = Field(default="", max_length=200)


class Game(GameBase, table=True):
    __tablename__ = "games"

    id: str = Field(default_factory=new_game_id, primary_key=True, max_length=16)
    version: int = 0
    finished: bool = False
    created_at: datetime = Field(default_factory=utcnow)
    # The GameSetup the game was created from (JSON), kept for audit and re-creation.
    setup: str = Field(sa_type=Text)


class SeatBase(SQLModel):
    role: str = Field(max_length=10)  # a SeatRole
    player: str | None = Field(default=None, max_length=40)


class Seat(SeatBase, table=True):
    """One token's rights in one game. Only the sha256 of the token is stored."""

    __tablename__ = "seats"

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="games.id", index=True, max_length=16)
    token_hash: str = Field(max_length=64, unique=True, index=True)
    # How many new links the judge issued this seat: its token's derivation (seat_keys.py).
    link_generation: int = Field(default=0, sa_column_kwargs={"server_default": "0"})


class ActionRecordBase(SQLModel):
    version: int
    actor: str | None = Field(default=None, max_length=40)


class ActionRecord(ActionRecordBase, table=True):
    """One applied action and its events: the log is the truth (docs/DESIGN.md invariant 6).
    Version 0 holds the events of the game's creation."""

    __tablename__ = "actions"
    __table_args__ = (
        UniqueConstraint("game_id", "version", name="uq_actions_game_version"),
        UniqueConstraint("game_id", "request_id", name="uq_actions_game_request"),
    )

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="games.id", max_length=16)
    action: str = Field(sa_type=Text)
    events: str = Field(sa_type=Text)
    # A client-chosen key: a retried request returns the stored result, applied once.
    request_id: str | None = Field(default=None, max_length=64)
    created_at: datetime = Field(default_factory=utcnow)


class Snapshot(SQLModel, table=True):
    """The full state at a version; the state at v is the latest snapshot <= v + replay."""

    __tablename__ = "snapshots"

    game_id: str = Field(foreign_key="games.id", primary_key=True, max_length=16)
    version: int = Field(primary_key=True)
    state: str = Field(sa_type=Text)
    created_at: datetime = Field(default_factory=utcnow)


def new_ruling_slug() -> str:
    """16 url-safe characters, 96 random bits: a ruling link can't be enumerated."""
    return secrets.token_urlsafe(12)


class RulingBase(SQLModel):
    title: str = Field(max_length=120)
    note: str = Field(default="", max_length=2000)
    version: int
    ruleset: str = Field(max_length=20)


class Ruling(RulingBase, table=True):
    """An immutable copy of a game at one version, published from chosen viewpoints.
    It holds the raw state and log (server side); pages redact them per viewpoint."""

    __tablename__ = "rulings"

    slug: str = Field(default_factory=new_ruling_slug, primary_key=True, max_length=24)
    game_id: str = Field(foreign_key="games.id", index=True, max_length=16)
    # JSON list of viewers: {"kind": "player"|"judge"|"spectator", "player": name|null}.
    viewpoints: str = Field(sa_type=Text)
    state: str = Field(sa_type=Text)
    log: str = Field(sa_type=Text)
    created_at: datetime = Field(default_factory=utcnow)


class ScenarioBrief(SQLModel, table=True):
    """The question a scenario game was built to answer and its authored answer, in English
    and French: the judge's page shows them and prefills the publish form with them (issue
    17). Only games built from a scenario file have one."""

    __tablename__ = "scenario_briefs"

    game_id: str = Field(foreign_key="games.id", primary_key=True, max_length=16)
    title_fr: str = Field(default="", max_length=200)
    question: str = Field(default="", sa_type=Text)
    question_fr: str = Field(default="", sa_type=Text)
    answer: str = Field(default="", sa_type=Text)
    answer_fr: str = Field(default="", sa_type=Text)


class CardRecord(SQLModel, table=True):
    """One imported card definition (`facedown cards import`): its family's card model as
    JSON, looked up by the normalised English name. Imported cards win over the catalog the
    app ships (app/catalog/stored.py)."""

    __tablename__ = "cards"
    __table_args__ = (
        UniqueConstraint("ruleset", "key", name="uq_cards_ruleset_key"),
        # The newest import of a family, read often to see whether the name index is stale.
        Index("ix_cards_ruleset_updated_at", "ruleset", "updated_at"),
    )

    id: int | None = Field(default=None, primary_key=True)
    # The game family's key ("mtg", "riftbound"): every ruleset of a family shares its cards.
    ruleset: str = Field(max_length=20)
    # normalize_name(name): what a lookup compares.
    key: str = Field(max_length=200)
    name: str = Field(max_length=200)
    name_fr: str | None = Field(default=None, max_length=200)
    # JSON lists, so a search answer's type line needs no card definition loaded.
    types: str = Field(sa_type=Text)
    subtypes: str = Field(sa_type=Text)
    # The card definition (the family's CardDef) as JSON.
    data: str = Field(sa_type=Text)
    # A JSON list of its halves' and faces' names (None: it has none), for the name index.
    face_names: str | None = Field(default=None, sa_type=Text)
    # The file format it came from: mtgjson, scryfall or riftbound.
    source: str = Field(max_length=20)
    updated_at: datetime = Field(default_factory=utcnow)
