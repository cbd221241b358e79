"""Retrying a short database transaction that met a lock or a unique-key race: every room of
the store runs its reads and writes through `with_retry`."""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable
from typing import TypeVar

from sqlalchemy.exc import IntegrityError, OperationalError

from app.store.db import is_locked_error
from app.store.errors import StoreBusy

log = logging.getLogger(__name__)

T = TypeVar("T")


def with_retry(fn: Callable[[], T], retries: int, retry_integrity: bool = False) -> T:
    """Run fn, retrying when SQLite stays locked past busy_timeout or PostgreSQL reports a
    retryable conflict (and, for writes, on a unique-key race, which re-reads the
    version); StoreBusy after the last of `retries` tries."""
    for attempt in range(retries):
        try:
            return fn()
        except OperationalError as exc:
            if not is_locked_error(exc):
                raise
            if attempt == retries - 1:
                raise StoreBusy("the database is busy") from exc
            log.warning("database locked, retrying (%s)", attempt + 1)
        except IntegrityError:
            if not retry_integrity or attempt == retries - 1:
                raise
        time.sleep(0.02 * (2**attempt) + random.random() * 0.02)
    raise StoreBusy("the database is busy")  # pragma: no cover
