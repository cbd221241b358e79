"""Numbers typed into page forms and headers: ASCII digits only.

`str.isdigit()` accepts "²" and "١", which `int()` then refuses or reads: a number field holds
0-9 and nothing else, or it is malformed (a 4xx, never a 500).
"""

from __future__ import annotations

import re

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
