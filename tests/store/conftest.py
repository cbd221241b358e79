"""A repository on a fresh, migrated SQLite file."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy import Engine

from app.store.db import make_engine
from app.store.migrate import upgrade
from app.store.repository import GameRepository


@pytest.fixture
def db_url(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'store.db'}"


@pytest.fixture
def engine(db_url: str) -> Iterator[Engine]:
    engine = make_engine(db_url)
    upgrade(db_url, engine=engine)
    yield engine
    engine.dispose()


@pytest.fixture
def repository(engine: Engine) -> GameRepository:
    return GameRepository(engine, snapshot_every=3)
