"""Which kind of ability a card's "enters" text is, so the log words it by its kind.

614.1c: "As [this] enters ...", "[This] enters with ..." and "[This] enters as ..." (and "you
may have [this] enter as ...") are replacement effects: they modify how it enters, never
trigger and never use the stack (Ixidron, Vesuvan Shapeshifter, Clone, Hooded Hydra). Any
other "enters" text a card carries is the effect of a "when [this] enters" triggered ability
(603.2), which goes on the stack (603.3).
"""

from __future__ import annotations

import re
from typing import Literal

AbilityKind = Literal["replacement", "triggered"]

# "it", "~", "this creature", "Ixidron"...: whatever names the permanent itself.
_SELF = r"(?:it|~|this [\w-]+|[A-Z][\w,' -]*?)"
_REPLACEMENT = re.compile(
    rf"^(?:As {_SELF} enters\b|{_SELF} enters (?:with|as|tapped)\b|"
    rf"You may have {_SELF} enter\b)",
    re.IGNORECASE,
)


def enters_kind(text: str) -> AbilityKind:
    """614.1c for a replacement effect; 603.2 for a triggered ability."""
    return "replacement" if _REPLACEMENT.match(text.strip()) else "triggered"


def is_targeted(text: str) -> bool:
    """601.2c / 603.3d: an ability that says "target" has targets its controller chooses as
    it is put on the stack."""
    return re.search(r"\btargets?\b", text, re.IGNORECASE) is not None


def is_a_may(text: str) -> bool:
    """A "may" is its player's choice (603.5: optional abilities): never made for them."""
    return re.search(r"\bmay\b", text, re.IGNORECASE) is not None
