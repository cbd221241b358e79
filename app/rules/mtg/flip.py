"""Flip cards: seed 709 (French CR) / today 710.

A flip card has its normal characteristics on top and alternative ones upside down
(709.1). Only a permanent on the battlefield that has flipped uses the alternative name,
text, type line, power and toughness (709.1b, 709.2); colour, mana cost and outside
effects don't change (709.1c). Flipping is one-way; a flipped permanent that leaves the
battlefield forgets it (709.4: a new object, 400.7). Flipped status is shown tapped or
untapped (709.3: see labels.flipped_note).
"""

from __future__ import annotations

from app.rules.core.errors import RuleError
from app.rules.core.events import Text
from app.rules.mtg import characteristics
from app.rules.mtg.actions import Flip
from app.rules.mtg.edition import is_2004
from app.rules.mtg.labels import describe
from app.rules.mtg.permanents import require_phased_in
from app.rules.mtg.state import MtgCtx, Zone


def flip(ctx: MtgCtx, action: Flip) -> None:
    """Its controller flips it, as its own ability says ("flip it") once its condition
    holds; the engine trusts the condition (it tracks no damage or deaths)."""
    obj = ctx.find(action.object)
    if is_2004(ctx):
        raise RuleError(
            ["709.1"],
            "Flip cards came with Champions of Kamigawa (October 2004), after these "
            "January 2004 rules.",
            "Les cartes à inversion sont arrivées avec Champions de Kamigawa (octobre 2004), "
            "après ces règles de janvier 2004.",
        )
    if obj.zone != Zone.BATTLEFIELD:
        raise RuleError(
            ["709.1b", "709.2"],
            "Only a permanent on the battlefield can flip; elsewhere a flip card has only "
            "its normal characteristics.",
            "Seul un permanent sur le champ de bataille peut s'inverser ; ailleurs, une carte "
            "à inversion n'a que ses caractéristiques normales.",
        )
    ctx.require_controller(obj, ["709.1a"], Text(en="flip it", fr="l'inverser"))
    require_phased_in(obj)
    if obj.face_down:
        raise RuleError(
            ["707.2", "709.1a"],
            "A face-down permanent has no text, so nothing can make it flip.",
            "Un permanent face cachée n'a pas de texte : rien ne peut l'inverser.",
        )
    if obj.flipped:
        raise RuleError(
            ["709.4"],
            "It is already flipped, and flipping is one-way: it can't flip again or unflip.",
            "Il est déjà inversé, et l'inversion est à sens unique : il ne peut ni s'inverser "
            "à nouveau, ni revenir.",
        )
    values = characteristics.current(obj, ctx.state)
    if values.flip is None:
        shown = describe(ctx.state, obj, face=True)
        raise RuleError(
            ["709.1"],
            f"{shown.en} is not a flip card: it has no upside-down half.",
            f"{shown.fr} n'est pas une carte à inversion : elle n'a pas de partie inversée.",
        )
    before = describe(ctx.state, obj, face=True)
    obj.flipped = True
    now = characteristics.current(obj, ctx.state)
    kind_en = " ".join([*now.supertypes, *now.types])
    pt = f" {now.power}/{now.toughness}" if now.power is not None else ""
    ctx.emit(
        "flip",
        ["709.2", "709.1b", "709.1c", "110.5"],
        Text(
            en=f"{obj.controller} flips {before.en}: it is now {now.name} ({kind_en}{pt}). "
            "Same permanent: colour, mana cost, counters and effects stay; it shows as "
            "flipped, tapped or untapped.",
            fr=f"{obj.controller} inverse {before.fr} : c'est maintenant "
            f"{now.name_fr or now.name}{pt}. Même permanent : couleur, coût de mana, "
            "marqueurs et effets restent ; il est montré inversé, engagé ou non.",
        ),
        objects=[obj.id],
    )
