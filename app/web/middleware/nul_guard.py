"""Refuse text with the NUL character before it reaches the store.

PostgreSQL's text types cannot hold U+0000 (SQLite can), and no name, title, note or
request id of ours needs it: a request carrying one, in its path, query string or body
(raw, JSON-escaped as \\u0000, or form-encoded as %00), gets a 422 and nothing is stored, on
both databases alike. Form fields count too, decoded: a scenario file pasted into /import
(urlencoded) or uploaded (multipart) is JSON, where \\u0000 is a NUL once parsed. Sits inside
the body limit, which has already read the body (bounded): app/web/middleware/edge.py.
"""

from __future__ import annotations

import re
from urllib.parse import unquote_to_bytes

from starlette.datastructures import Headers
from starlette.types import Scope

# \u0000 preceded by an even number of backslashes is an escape, not the literal text "\u0000".
_JSON_NUL = re.compile(rb"(?<!\\)(?:\\\\)*\\u0000", re.IGNORECASE)

MESSAGE = "Text may not contain the NUL character (U+0000)."


def carries_nul(scope: Scope, body: bytes, content_type: str | None = None) -> bool:
    """Whether the request's path, query string or body (read as its `content_type`, by
    default the request's) carries a NUL."""
    raw_path = scope.get("raw_path") or scope.get("path", "").encode()
    query = scope.get("query_string", b"")
    if b"\x00" in body or "\x00" in scope.get("path", ""):
        return True
    if b"%00" in raw_path or b"%00" in query:
        return True
    if content_type is None:
        content_type = Headers(scope=scope).get("content-type", "")
    if "x-www-form-urlencoded" in content_type:
        body = unquote_to_bytes(body.replace(b"+", b" "))
        return b"\x00" in body or bool(_JSON_NUL.search(body))
    # "0000" first: a plain substring test spares most bodies the regular expression.
    return (
        ("json" in content_type or "multipart/" in content_type)
        and b"0000" in body
        and bool(_JSON_NUL.search(body))
    )
