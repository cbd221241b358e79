"""Keep raw tokens out of the server's logs: seat links carry one in their path."""

from __future__ import annotations

import logging
import re

_JOIN = re.compile(r"/join/[^/?#\s\"]+")
_QUERY_TOKEN = re.compile(r"([?&](?:token|t)=)[^&#\s\"]+")


def redact(text: str) -> str:
    return _QUERY_TOKEN.sub(r"\1…", _JOIN.sub("/join/…", text))


class RedactTokens(logging.Filter):
    """Rewrites uvicorn's access-log arguments (and any message) before they are written."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        elif isinstance(record.msg, str):
            record.msg = redact(record.msg)
        return True


def install() -> None:
    """Idempotent: one filter on uvicorn's access and error loggers of this process."""
    for name in ("uvicorn.access", "uvicorn.error"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())
