"""Numbers typed into page forms and headers: ASCII digits only.

`str.isdigit()` accepts "²" and "١", which `int()` then refuses or reads: a number field holds
0-9 and nothing else, or it is malformed (a 4xx, never a 500).
"""

from __future__ import annotations

import functools
import re

from app.rules.families import family_of

_DIGITS = re.compile(r"[0-9]+")


class MalformedNumber(ValueError):
    """A number field holding something other than ASCII digits (or too many of them)."""


def optional_number(raw: str | None, max_digits: int) -> int | None:
    """None for an absent or empty field; the number for 1 to `max_digits` ASCII digits;
    MalformedNumber for anything else."""
    if raw is None or raw == "":
        return None
    if len(raw) > max_digits or not _DIGITS.fullmatch(raw):
        raise MalformedNumber(raw[:20])
    return int(raw)


# The "Table" panel's number fields (partials/table_actions.html): how many cards, how much
# life or how many points, how many sides. A typed number replaces the button's own; for
# `amount` the button gives the direction (gain or lose) and the number the size.
TABLE_NUMBER_FIELDS = ("count", "amount", "sides")


@functools.cache
def table_number_field(ruleset: str, action_type: str) -> str | None:
    """The number a table action takes beside its button, as its family's model has it."""
    move = family_of(ruleset).rules.moves_by_type.get(action_type)
    fields = move.model.model_fields if move is not None else {}
    return next((f for f in TABLE_NUMBER_FIELDS if f in fields), None)
