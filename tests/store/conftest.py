"""A repository on a fresh, migrated database (SQLite; also PostgreSQL where marked)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy import Engine

from app.store.db import make_engine
from app.store.migrate import upgrade
from app.store.repository import GameRepository
from tests.databases import seed_migrated


@pytest.fixture
def db_url(database_url: str) -> str:
    return database_url


@pytest.fixture
def engine(db_url: str) -> Iterator[Engine]:
    seed_migrated(db_url)  # SQLite: a migrated copy; upgrade then finds it at head
    engine = make_engine(db_url)
    upgrade(db_url, engine=engine)
    yield engine
    engine.dispose()


@pytest.fixture
def repository(engine: Engine) -> GameRepository:
    return GameRepository(engine, snapshot_every=3)
