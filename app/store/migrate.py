"""Run the Alembic migrations in migrations/ programmatically (at app start-up)."""

from __future__ import annotations

import functools
import time
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine
from sqlalchemy.exc import OperationalError

from app.store.db import is_locked_error

# The repository's migrations/ folder, next to the app/ package.
MIGRATIONS_DIR = Path(__file__).resolve().parents[2] / "migrations"


def migrations_dir() -> Path:
    if (MIGRATIONS_DIR / "env.py").is_file():
        return MIGRATIONS_DIR
    # Installed without the source tree: fall back to the working directory's copy.
    fallback = Path.cwd() / "migrations"
    if (fallback / "env.py").is_file():
        return fallback
    raise FileNotFoundError(f"no Alembic migrations found at {MIGRATIONS_DIR} or {fallback}")


def alembic_config(database_url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(migrations_dir()))
    # ConfigParser interpolation: a literal % in a URL (an encoded password) must be doubled.
    config.set_main_option("sqlalchemy.url", database_url.replace("%", "%%"))
    return config


# Several processes starting at once all migrate: on SQLite the others wait for the first
# through busy_timeout (PostgreSQL: an advisory lock in migrations/env.py), which a slow,
# loaded machine can outlast. Waiting again is then right: the schema is being built.
_LOCKED_ATTEMPTS = 6


def upgrade(database_url: str, engine: Engine | None = None, revision: str = "head") -> None:
    """Bring the database to `revision`. With `engine`, migrate through it (needed for an
    in-memory SQLite database, which exists only inside that engine's one connection)."""
    for attempt in range(_LOCKED_ATTEMPTS):
        try:
            _upgrade_once(database_url, engine, revision)
            return
        except OperationalError as exc:
            # "already exists": another process built that table after this one read the
            # schema's version; trying again reads the new version and has less to do.
            retry = is_locked_error(exc) or "already exists" in str(exc.orig)
            if not retry or attempt == _LOCKED_ATTEMPTS - 1:
                raise
            time.sleep(0.2 * (attempt + 1))


@functools.cache
def schema_head() -> str | None:
    """The Alembic revision this code's migrations end at (read once a process: the scripts
    don't change under a running one)."""
    return ScriptDirectory.from_config(alembic_config("sqlite://")).get_current_head()


def _heads(engine: Engine) -> tuple[str, ...]:
    """The revisions the database is at; its own connection, closed before migrating (a read
    on the migration's connection would begin the transaction Alembic means to begin and
    commit itself, and nothing would be committed)."""
    with engine.connect() as connection:
        return tuple(MigrationContext.configure(connection).get_current_heads())


def _upgrade_once(database_url: str, engine: Engine | None, revision: str) -> None:
    if engine is None:
        command.upgrade(alembic_config(database_url), revision)
        return
    if revision == "head" and _heads(engine) == (schema_head(),):
        # Already there (a restart, a second worker, a test's copied database): Alembic's own
        # upgrade would load env.py and every script only to find nothing to do.
        return
    config = alembic_config(database_url)
    with engine.connect() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)
