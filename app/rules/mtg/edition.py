"""What the 2004 rules (seed 002, section 504) did not have yet."""

from __future__ import annotations

from app.rules.core.errors import RuleError
from app.rules.mtg.state import MtgCtx


def is_2004(ctx: MtgCtx) -> bool:
    return ctx.state.ruleset == "mtg-2004"


def require_current_rules(ctx: MtgCtx, what_en: str, what_fr: str) -> None:
    """504.1 (2004): only Illusionary Mask and morph could make things face down."""
    if is_2004(ctx):
        raise RuleError(
            ["707.1"],
            f"{what_en} does not exist under the 2004 rules: 504.1 lists only Illusionary "
            "Mask and morph.",
            f"{what_fr} n'existe pas dans les règles de 2004 : la 504.1 ne cite que "
            "le Masque illusoire et la mue.",
        )
