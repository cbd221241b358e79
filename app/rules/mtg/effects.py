"""Continuous effects on one permanent (apply_effect): stored with its pumps as a Modifier
and applied layer by layer by characteristics.current (613). They stay when it turns face
up or down (708.8; seed 707.8: the same object), and go with a zone change (400.7)."""

from __future__ import annotations

from app.rules.core.events import Text
from app.rules.mtg.effect_actions import ApplyEffect
from app.rules.mtg.labels import describe
from app.rules.mtg.permanents import permanent
from app.rules.mtg.state import Modifier, MtgCtx

_TYPES_FR = {
    "Artifact": "artefact", "Battle": "bataille", "Creature": "créature",
    "Enchantment": "enchantement", "Kindred": "tribal", "Land": "terrain",
    "Planeswalker": "planeswalker",
}  # fmt: skip


def _what_it_does(action: ApplyEffect) -> tuple[list[str], list[str], list[str]]:
    """What the effect does, in English and French, and the rule of each part."""
    en: list[str] = []
    fr: list[str] = []
    rules: list[str] = []
    if action.add_types or action.add_subtypes:
        kinds = " ".join([*action.add_subtypes, *action.add_types])
        kinds_fr = " ".join([*(_TYPES_FR[t] for t in action.add_types), *action.add_subtypes])
        en.append(f"is a {kinds} in addition to its other types")
        fr.append(f"est un(e) {kinds_fr} en plus de ses autres types")
        rules.append("613.1d")
    if action.loses_all_abilities:
        en.append("loses all abilities")
        fr.append("perd toutes ses capacités")
        rules.append("613.1f")
    if action.base_power is not None or action.base_toughness is not None:
        p = "—" if action.base_power is None else str(action.base_power)
        t = "—" if action.base_toughness is None else str(action.base_toughness)
        en.append(f"has base power and toughness {p}/{t}")
        fr.append(f"a une force et une endurance de base de {p}/{t}")
        rules.append("613.4b")
    granted = action.grant_trigger
    if granted is not None:
        # The effect is public, so the ability's text is too, even on a face-down permanent.
        en.append(f'gains "{granted.text}"')
        fr.append(f"gagne « {granted.text_fr or granted.text} »")
        rules.append("613.1f")
    if action.cant_turn_face_up:
        en.append("can't be turned face up while it is face down")
        fr.append("ne peut pas être retourné face visible tant qu'il est face cachée")
        rules.append("effect.cant-turn-face-up")
    return en, fr, rules


def apply_effect(ctx: MtgCtx, action: ApplyEffect) -> None:
    """A continuous effect from outside on a permanent; its latest timestamp (613.7) puts
    it after the effects already there within each layer."""
    obj = permanent(ctx, action.object)
    # Named as everyone may see it now: its public label if face down.
    shown = describe(ctx.state, obj, face=False)
    obj.modifiers.append(
        Modifier(
            until_end_of_turn=action.until_end_of_turn,
            source=action.source.strip(),
            add_types=tuple(action.add_types),
            add_subtypes=tuple(action.add_subtypes),
            loses_all_abilities=action.loses_all_abilities,
            base_power=action.base_power,
            base_toughness=action.base_toughness,
            cant_turn_face_up=action.cant_turn_face_up,
            grants=(action.grant_trigger,) if action.grant_trigger is not None else (),
        )
    )
    en, fr, rules = _what_it_does(action)
    source = action.source.strip()
    by = f" ({source})" if source else ""
    until_en = " until end of turn" if action.until_end_of_turn else ""
    until_fr = " jusqu'à la fin du tour" if action.until_end_of_turn else ""
    ctx.emit(
        "apply_effect",
        [*rules, "707.8"],
        Text(
            en=f"{shown.en}{by} {', '.join(en)}{until_en}.",
            fr=f"{shown.fr}{by} {', '.join(fr)}{until_fr}.",
        ),
        objects=[obj.id],
    )
