"""Which player names a new game accepts: each seat, and each line of the log, must name one
player unambiguously, or a seat could pass itself off as a role or another player.

Refused: a name reserved for a role ("judge", "spectator", in any case or look-alike), one
holding control or format characters (zero-width spaces, bidi overrides: Unicode categories
Cc, Cf and the unassigned or private ones), one not in NFC form (the same letters written two
ways), and two names of one game that look alike ("Alice", "Alice\\u200b", Cyrillic "Аlice").
Names look alike when their skeletons match: compatibility-decomposed, marks stripped,
case-folded, the Latin look-alikes among Cyrillic and Greek letters (and 0/1) mapped.
"""

from __future__ import annotations

import unicodedata
from typing import Literal

RESERVED = frozenset({"judge", "spectator"})
_HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cn", "Co", "Cs", "Zl", "Zp"})

# Letters drawn like Latin ones (after case-folding): the usual spoofing set.
_LOOK_ALIKES = str.maketrans(
    {
        # Cyrillic
        "а": "a", "в": "b", "е": "e", "ё": "e", "һ": "h", "і": "i", "ї": "i", "ј": "j",
        "к": "k", "ӏ": "l", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "ԛ": "q",
        "ѕ": "s", "т": "t", "у": "y", "ԝ": "w", "х": "x", "ԁ": "d", "ɡ": "g", "ү": "y",
        # Greek
        "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o",
        "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ω": "w", "ζ": "z", "μ": "u",
        # Digits and Latin letters drawn alike
        "0": "o", "1": "l", "i": "l", "|": "l",
    }
)  # fmt: skip

Problem = Literal["reserved", "hidden_characters", "not_normalised", "look_alike"]


def skeleton(name: str) -> str:
    """What a name looks like: two names with one skeleton can't be told apart on a page."""
    decomposed = unicodedata.normalize("NFKD", name)
    visible = "".join(
        c
        for c in decomposed
        if unicodedata.category(c) not in _HIDDEN_CATEGORIES and not unicodedata.combining(c)
    )
    # Twice: a look-alike's Latin letter may itself have a look-alike (Cyrillic і, i, l).
    folded = visible.casefold().translate(_LOOK_ALIKES).translate(_LOOK_ALIKES)
    return " ".join(folded.split())


_RESERVED_SKELETONS = frozenset(skeleton(word) for word in RESERVED)


def name_problem(name: str) -> Problem | None:
    """Why one name can't be a player's, on its own; None if it can."""
    if any(unicodedata.category(c) in _HIDDEN_CATEGORIES for c in name):
        return "hidden_characters"
    if unicodedata.normalize("NFC", name) != name:
        return "not_normalised"
    if skeleton(name) in _RESERVED_SKELETONS:
        return "reserved"
    return None


def names_problem(names: list[str]) -> tuple[str, Problem] | None:
    """The first name a game can't have (with why): each on its own, then look-alikes."""
    seen: dict[str, str] = {}
    for name in names:
        problem = name_problem(name)
        if problem is not None:
            return name, problem
        key = skeleton(name)
        if key in seen:
            return name, "look_alike"
        seen[key] = name
    return None


MESSAGES: dict[Problem, str] = {
    "reserved": "'judge' and 'spectator' name roles, not players",
    "hidden_characters": "a player name may not hold control or invisible characters",
    "not_normalised": "a player name must be in Unicode NFC form",
    "look_alike": "two player names look alike",
}
