"""Restriction effects on casting (601.3): "can't cast spells with even mana value" (Void
Winnower), "can't cast creature spells". Each is checked against the spell as it will be on
the stack: a spell cast face down is turned face down first (708.4), so it is a colourless
2/2 creature spell with no mana cost, and its mana value is 0 (708.2, 202.3) — even."""

from __future__ import annotations

from app.rules.core.errors import RuleError
from app.rules.core.events import Text
from app.rules.mtg.in_force import in_force, say_ended
from app.rules.mtg.mana import mana_value
from app.rules.mtg.permission_actions import EndRestriction, RestrictCasting
from app.rules.mtg.restriction_record import CastRestriction, RestrictionKind
from app.rules.mtg.state import MtgCtx, MtgGame, MtgObject

_WORDS: dict[RestrictionKind, tuple[str, str]] = {
    "even_mana_value": ("spells with even mana value", "de sorts de valeur de mana paire"),
    "odd_mana_value": ("spells with odd mana value", "de sorts de valeur de mana impaire"),
    "creature": ("creature spells", "de sorts de créature"),
    "noncreature": ("noncreature spells", "de sorts non-créature"),
}


def _forbids(kind: RestrictionKind, types: tuple[str, ...], value: int) -> bool:
    if kind == "even_mana_value":
        return value % 2 == 0
    if kind == "odd_mana_value":
        return value % 2 == 1
    creature = "Creature" in types
    return creature if kind == "creature" else not creature


def _spell_values(obj: MtgObject, face_down: bool) -> tuple[tuple[str, ...], int]:
    if face_down:
        return ("Creature",), 0  # 708.4, 708.2a: no mana cost, mana value 0
    return tuple(obj.card.types), mana_value(obj.card.mana_cost)


def forbidding(
    state: MtgGame, caster: str, obj: MtgObject, *, face_down: bool
) -> CastRestriction | None:
    """The restriction, if any, that forbids `caster` to cast `obj` (face down or not)."""
    types, value = _spell_values(obj, face_down)
    return next(
        (r for r in state.restrictions if r.player == caster and _forbids(r.kind, types, value)),
        None,
    )


def refuse_restricted_cast(ctx: MtgCtx, obj: MtgObject, caster: str, *, face_down: bool) -> None:
    """601.3: the spell can't begin to be cast. For a face-down spell, only its face-down
    values are looked at, so the refusal tells nothing of its face."""
    restriction = forbidding(ctx.state, caster, obj, face_down=face_down)
    if restriction is not None:
        _, value = _spell_values(obj, face_down)
        en, fr = _WORDS[restriction.kind]
        by = f" ({restriction.source})" if restriction.source else ""
        keys = ["601.3", "202.3"]
        what_en = what_fr = ""
        if face_down:
            keys.append("707.4")
            what_en = " A face-down spell is a 2/2 creature spell with mana value 0 (708.4)."
            what_fr = (
                " Un sort face cachée est un sort de créature 2/2 de valeur de mana 0 (708.4)."
            )
        else:
            what_en = f" This spell's mana value is {value}."
            what_fr = f" La valeur de mana de ce sort est {value}."
        raise RuleError(
            keys,
            f"{caster} can't cast {en}{by}.{what_en}",
            f"{caster} ne peut pas lancer {fr}{by}.{what_fr}",
        )


def describe(restriction: CastRestriction) -> Text:
    en, fr = _WORDS[restriction.kind]
    by = f" ({restriction.source})" if restriction.source else ""
    until_en = " until end of turn" if restriction.until == "end_of_turn" else ""
    until_fr = " jusqu'à la fin du tour" if restriction.until == "end_of_turn" else ""
    return Text(
        en=f"{restriction.player} can't cast {en}{until_en}{by}.",
        fr=f"{restriction.player} ne peut pas lancer {fr}{until_fr}{by}.",
    )


def restrict_casting(ctx: MtgCtx, action: RestrictCasting) -> None:
    """Public, like a name ban (Reflector Mage): any player may put it in force from their own
    permanent; the judge for anyone."""
    state: MtgGame = ctx.state
    player = ctx.player(action.player)
    restriction = CastRestriction(
        id=ctx.new_id(),
        player=player,
        kind=action.kind,
        source=action.source.strip(),
        by=ctx.actor or "",
        until=action.until,
        since_turn=state.turn,
    )
    state.restrictions.append(restriction)
    ctx.emit("restrict_casting", ["601.3", "202.3"], describe(restriction))


def end_restriction(ctx: MtgCtx, action: EndRestriction) -> None:
    state: MtgGame = ctx.state
    missing = Text(
        en="No such restriction in force.", fr="Aucune interdiction de ce type en vigueur."
    )
    found = in_force(state.restrictions, action.restriction, missing)
    ctx.acting_as(
        found.by,
        ["601.3"],
        "Only the player whose effect it is ends it (or the judge).",
        "Seul le joueur dont c'est l'effet y met fin (ou l'arbitre).",
    )
    state.restrictions = [r for r in state.restrictions if r.id != found.id]
    say_ended(ctx, "end_restriction", describe(found))


def expire(state: MtgGame) -> None:
    """514.2: "until end of turn" restrictions end in the cleanup step."""
    state.restrictions = [r for r in state.restrictions if r.until != "end_of_turn"]
