"""Cards a data file holds that don't fit the card model: one warning line each, naming the
card and the first field at fault, and their count once the file is read."""

from __future__ import annotations

import logging

from pydantic import ValidationError

log = logging.getLogger(__name__)


class Skipped:
    """The skipped cards of one file."""

    def __init__(self, source: str, file_name: str) -> None:
        self._source = source
        self._file_name = file_name
        self.count = 0

    def card(self, name: str, exc: ValidationError) -> None:
        self.count += 1
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "card"
        more = f" (and {exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
        log.warning(
            "%s: %r skipped: it does not fit the card model (%s: %s%s)",
            self._source,
            name[:120],
            where,
            " ".join(str(first["msg"]).split()),
            more,
        )

    def tell_count(self) -> None:
        if self.count:
            log.warning(
                "%s: %d card%s skipped in %s",
                self._source,
                self.count,
                "" if self.count == 1 else "s",
                self._file_name,
            )
