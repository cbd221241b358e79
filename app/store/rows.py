"""Reading one row by its key: the row, or the store's not-found error for it."""

from __future__ import annotations

from typing import TypeVar

from sqlalchemy import Engine
from sqlmodel import Session, SQLModel

from app.store.retry import with_retry

R = TypeVar("R", bound=SQLModel)


def row_by_key(engine: Engine, table: type[R], key: str, missing: Exception, retries: int) -> R:
    """The row of `table` whose primary key is `key`, read through `with_retry`; `missing`
    raised when there is none (GameNotFound, RulingNotFound)."""

    def read() -> R:
        with Session(engine) as session:
            row = session.get(table, key)
        if row is None:
            raise missing
        return row

    return with_retry(read, retries)
