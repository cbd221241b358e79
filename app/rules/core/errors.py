"""The one exception the core raises: an illegal action, with the rules that forbid it."""

from __future__ import annotations

from typing import Literal

from app.rules.core.words import elide_fr

ErrorKind = Literal["rule", "not_found", "forbidden", "game_over"]


class RuleError(Exception):
    """An action the rules refuse. The state it was applied to is untouched.

    Messages must only name what the acting viewer may see (docs/DESIGN.md invariant 2):
    callers pass names of hidden cards only when the actor is allowed to see them.
    """

    def __init__(
        self,
        rules: list[str],
        message_en: str,
        message_fr: str,
        kind: ErrorKind = "rule",
        *,
        field: str | None = None,
    ) -> None:
        super().__init__(message_en)
        self.rules = list(rules)
        self.message_en = message_en
        self.message_fr = elide_fr(message_fr)  # "de Alice" -> "d'Alice"
        self.kind: ErrorKind = kind
        # The action's field the refusal is about (a judge's form shows it beside that field).
        self.field = field
