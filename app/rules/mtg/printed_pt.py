"""Power and toughness as printed: a number, or a value a characteristic-defining ability
defines ("*", "1+*", "*+1", "2-*": 208.2a, 604.3). The rules never read such a value as 0:
shown, it keeps its "*" with the modifiers added after it; a condition that needs the
number says it is unknown."""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import BeforeValidator, Field, StringConstraints

_INTEGER = re.compile(r"^[+-]?\d+$")


def _numbers_as_int(value: Any) -> Any:
    # Data files print every P/T as a string ("3"): a number stays a number.
    if isinstance(value, str) and _INTEGER.match(value.strip()):
        return int(value)
    return value


# 208.2a: "*" values ("1+*", "2-*", "*²") and the odd "∞", "?" or "1.5" of un-sets, as printed:
# digits, signs and those marks only (a word such as "big" is no power).
DefinedValue = Annotated[
    str,
    StringConstraints(min_length=1, max_length=8, pattern=r"^[0-9+\-]*[*.?²½∞][0-9+\-*.?²½∞]*$"),
]
PrintedPT = Annotated[
    Annotated[int, Field(ge=-99, le=99)] | DefinedValue, BeforeValidator(_numbers_as_int)
]


def with_modifiers(value: int | str, delta: int) -> int | str:
    """The value once counters and pumps add `delta` (613.4: they apply after the
    characteristic-defining ability): a number is added to; a "*" value keeps its print and
    shows what is added, e.g. "*" and +2 -> "*+2"."""
    if isinstance(value, int):
        return value + delta
    if delta == 0:
        return value
    return f"{value}{delta:+d}"


def known_number(value: int | str | None) -> int | None:
    """The value as a number when it is one; None when unknown (no value, or "*")."""
    return value if isinstance(value, int) else None


_SUM = re.compile(r"^[+-]?(?:\d+|\*)(?:[+-](?:\d+|\*))*$")
_TERM = re.compile(r"([+-]?)(\d+|\*)")


def star_as_zero(value: int | str) -> int | str:
    """A "*" value whose defining ability is gone (an effect removed it: 613.1f): there is
    nothing left to define the "*", so it is 0 ("1+*" -> 1, "2-*" -> 2). A value that is no
    plain sum ("*²", "∞", "?") stays as printed: no rule says what it is."""
    if isinstance(value, int) or not _SUM.match(value):
        return value
    total = 0
    for sign, term in _TERM.findall(value):
        number = 0 if term == "*" else int(term)
        total += -number if sign == "-" else number
    return total
