"""A page request refused before its route runs (by a dependency): the pages' exception
handler turns it into a notice a person can read, in the page's language."""

from __future__ import annotations

from collections.abc import Mapping


class PageRefusal(Exception):
    """`key` names the message in app/web/i18n.py; `params` fill it in."""

    def __init__(
        self,
        status: int,
        key: str,
        headers: Mapping[str, str] | None = None,
        **params: str,
    ) -> None:
        super().__init__(key)
        self.status = status
        self.key = key
        self.headers = dict(headers or {})
        self.params = params
