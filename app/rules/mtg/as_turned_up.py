"""Effects that apply "as this is turned face up" (708.11; seed 707.11): replacement-style
effects that apply while a permanent turns face up, so nothing ever sees it face up without
them.

A card states them as data (`MtgCard.as_turned_face_up`): counters put on it (Hooded Hydra's
five +1/+1 counters), a copy of another permanent (Vesuvan Shapeshifter), a choice that is
no object ("choose a color") or one that sets its power and toughness (Aquamorph Entity's
5/1 or 1/5), stated by its controller as it turns, and what the engine does not apply itself,
told as applying while it turns (614.1e: a replacement effect, never a trigger).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from app.rules.core.errors import RuleError
from app.rules.core.events import Text
from app.rules.mtg import characteristics
from app.rules.mtg.labels import describe
from app.rules.mtg.state import MtgCtx, MtgGame, MtgObject, Zone
from app.rules.mtg.visibility import can_see_face

_NUMBER_WORDS = {1: ("one", "un"), 2: ("two", "deux"), 3: ("three", "trois"),
                 4: ("four", "quatre"), 5: ("five", "cinq")}  # fmt: skip


class Turning(NamedTuple):
    """What the effect did, for the turn-up event: its rule keys and a sentence."""

    keys: list[str]
    note: Text


def _amount(n: int) -> Text:
    en, fr = _NUMBER_WORDS.get(n, (str(n), str(n)))
    return Text(en=en, fr=fr)


def choice_candidates(
    state: MtgGame, obj: MtgObject, actor: str | None
) -> list[tuple[dict[str, Any], Text]]:
    """One "turn face up" button per power and toughness its controller may choose as it
    turns (Aquamorph Entity: 5/1, 1/5), offered only to a viewer who may see its face (its
    controller, the judge: 708.5): another seat's buttons must not tell the card apart."""
    if not obj.face_down or (actor is not None and not can_see_face(state, obj, actor)):
        return []
    effect = characteristics.if_face_up(obj).as_turned_face_up
    if effect is None or not effect.pt_choice:
        return []
    return [
        (
            {"type": "turn_face_up", "object": obj.id, "stated_choice": pt},
            Text(en=f"Turn face up as a {pt}", fr=f"Retourner face visible en {pt}"),
        )
        for pt in effect.pt_choice
    ]


def apply(
    ctx: MtgCtx,
    obj: MtgObject,
    *,
    via: str,
    choice: str | None,
    stated_choice: str | None,
) -> Turning:
    """Apply `obj`'s "as this is turned face up" effect to it while it is still face down.
    `choice`: the permanent a copy effect copies; `stated_choice`: what its controller says
    for a choice that is no object. Raises before changing anything when a needed choice is
    missing. Called by the one who may see the card (its controller or the judge)."""
    # What it would be face up, with the effects on it (an effect that takes its abilities
    # away takes this one too: 613.1f, as for its morph cost, 702.37e).
    face_up = characteristics.if_face_up(obj)
    effect = face_up.as_turned_face_up
    name = obj.card.name
    if effect is None or effect.choice is None:
        if stated_choice is not None:
            raise RuleError(
                ["707.11"],
                f"{name} has no choice to make as it is turned face up.",
                f"{obj.card.name_fr or name} n'a aucun choix à faire en se retournant.",
            )
    elif stated_choice is None and via != "illusionary_mask":
        raise RuleError(
            ["707.11"],
            f"As {name} is turned face up, its controller chooses {effect.choice}: say which "
            "(stated_choice).",
            f"Au moment où {obj.card.name_fr or name} est retourné face visible, son contrôleur "
            f"choisit ({effect.choice}) : indiquez le choix (stated_choice).",
        )
    keys: list[str] = []
    en: list[str] = []
    fr: list[str] = []
    # Stored states may hold copied values that carry only the older flag.
    copies = face_up.as_turned_face_up_copy or (effect is not None and effect.copies)
    if copies and choice is not None:
        target = ctx.find(choice)
        if target.zone != Zone.BATTLEFIELD or target.id == obj.id:
            raise RuleError(
                ["707.11"],
                "Choose another permanent on the battlefield to copy as it turns face up.",
                "Choisissez un autre permanent sur le champ de bataille à copier.",
            )
        obj.copy_of = characteristics.copiable_values(target)
        shown = describe(ctx.state, target, face=False)
        en.append(f"As it turns face up it becomes a copy of {shown.en}.")
        fr.append(f"En se retournant, il devient une copie de {shown.fr}.")
    if effect is not None and effect.counters:
        for counter, amount in effect.counters.items():
            obj.counters[counter] = obj.counters.get(counter, 0) + amount
        said = [(_amount(n), c) for c, n in effect.counters.items()]
        en.append(
            "As it turns face up it gets "
            + " and ".join(f"{n.en} {c} counter{'s' if n.en != 'one' else ''}" for n, c in said)
            + "."
        )
        fr.append(
            "En se retournant, il reçoit "
            + " et ".join(f"{n.fr} marqueur{'s' if n.fr != 'un' else ''} {c}" for n, c in said)
            + "."
        )
    if effect is not None and effect.pt_choice and stated_choice is not None:
        # 613.4b: the choice sets its power and toughness; its controller's to make.
        stated_choice = "".join(stated_choice.split())
        if stated_choice not in effect.pt_choice:
            options = " or ".join(effect.pt_choice)
            options_fr = " ou ".join(effect.pt_choice)
            raise RuleError(
                ["707.11"],
                f"As {name} is turned face up, it becomes {options}: choose one of those.",
                f"En se retournant, {obj.card.name_fr or name} devient {options_fr} : choisissez "
                "l'une de ces valeurs.",
            )
    if effect is not None and effect.choice is not None and stated_choice is not None:
        obj.turned_up_choice = stated_choice
        en.append(f"As it turns face up, {obj.controller} chooses {stated_choice}.")
        fr.append(f"En le retournant, {obj.controller} choisit : {stated_choice}.")
    if effect is not None and effect.text is not None:
        # The engine does not apply it: said as what happens while it turns, for its
        # controller (or the judge) to carry out; a "may" in it stays its controller's.
        en.append(f"As it turns face up (a replacement effect, not a trigger): {effect.text}")
        fr.append(
            f"En se retournant (un effet de remplacement, pas un déclenchement) : {effect.text}"
        )
    if en:
        keys.append("707.11")
    return Turning(
        keys=keys,
        note=Text(en="".join(f" {s}" for s in en), fr="".join(f" {s}" for s in fr)),
    )
