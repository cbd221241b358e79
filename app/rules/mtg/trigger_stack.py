"""A triggered ability goes on the stack (603.2, 603.3): who controls it (603.3a), what its
source is to each viewer, and the log line that says it triggered. Its life there (targets,
resolving, countering, copying) is app.rules.mtg.triggers.

A source hidden from a viewer (a face-down permanent with a granted ability) is shown to that
viewer as what is public, its label (708.2, 708.6); its name only to those who may see its
face.
"""

from __future__ import annotations

from typing import Any

from app.rules.core.errors import RuleError
from app.rules.core.events import Text
from app.rules.mtg.ability_kinds import is_targeted
from app.rules.mtg.cards import TriggerEffect
from app.rules.mtg.labels import describe
from app.rules.mtg.state import (
    HIDDEN_ZONES,
    ByHand,
    ByHandWhy,
    MtgCtx,
    MtgGame,
    MtgObject,
    StackAbility,
)
from app.rules.mtg.visibility import face_known_to

# --- the source, as each viewer may know it ------------------------------------------------


def source_facts(state: MtgGame, obj: MtgObject) -> dict[str, Any]:
    """A StackAbility's (or ByHand's) source fields for `obj` as it is now: its name for those
    who may see its face, its public label for everyone else, and its id only while it is
    somewhere public (a hand's or a library's id never leaves its owner)."""
    seers, _ = face_known_to(state, obj)
    name = describe(state, obj, face=True)
    everyone = seers >= set(state.player_names()) and not obj.face_down
    label = name if everyone else describe(state, obj, face=False)
    return {
        "source": obj.id if obj.zone not in HIDDEN_ZONES else "",
        "source_name": name.en,
        "source_name_fr": name.fr,
        "source_label": label.en,
        "source_label_fr": label.fr,
        "source_known_to": None if everyone else tuple(sorted(seers)),
    }


def public_facts(name: Text, source: str = "") -> dict[str, Any]:
    """A source every viewer may name (a face-up permanent, a card revealed as it moved)."""
    return {
        "source": source,
        "source_name": name.en,
        "source_name_fr": name.fr,
        "source_label": name.en,
        "source_label_fr": name.fr,
        "source_known_to": None,
    }


def public_source(item: StackAbility | ByHand) -> Text:
    return Text(
        en=item.source_label or item.source_name, fr=item.source_label_fr or item.source_name_fr
    )


def private_source(item: StackAbility | ByHand) -> dict[str, Any]:
    """The name of a hidden source as an event's private detail, for those who may see it."""
    if item.source_known_to is None:
        return {}
    return {
        "private": Text(
            en=f"(Its source is {item.source_name}.)",
            fr=f"(Sa source est {item.source_name_fr}.)",
        ),
        "private_to": item.source_known_to,
    }


def find_ability(ctx: MtgCtx, ability_id: str) -> StackAbility:
    ability = next((a for a in ctx.state.abilities if a.id == ability_id), None)
    if ability is None:
        raise RuleError(
            ["113.7a"],
            "No such ability on the stack (it may have resolved or left the stack).",
            "Aucune capacité de ce type sur la pile (elle s'est peut-être déjà résolue).",
            kind="not_found",
        )
    return ability


def triggered_ability(ctx: MtgCtx, ability_id: str) -> StackAbility:
    ability = find_ability(ctx, ability_id)
    if ability.kind != "triggered":
        raise RuleError(
            ["603.3"],
            "That is not a triggered ability.",
            "Ce n'est pas une capacité déclenchée.",
        )
    return ability


# --- triggering --------------------------------------------------------------------------


def put_on_stack(
    ctx: MtgCtx,
    announce: Text,
    keys: list[str],
    *,
    facts: dict[str, Any],
    controller: str,
    text: str,
    text_fr: str | None,
    event: str,
    effect: TriggerEffect | None = None,
    objects: list[str] | None = None,
    private: Text | None = None,
    private_to: tuple[str, ...] = (),
) -> StackAbility:
    """603.2 / 603.3: the ability triggered (`announce` says so, in the caller's words) and
    its controller puts it on the stack, where it exists on its own (113.7a)."""
    targeted = is_targeted(text)
    ability = StackAbility(
        id=ctx.new_id(),
        kind="triggered",
        controller=controller,
        link=None,
        position=ctx.next_position(),
        text=text,
        text_fr=text_fr,
        event=event,
        rules=tuple(keys),
        effect=effect,
        targeted=targeted,
        **facts,
    )
    ctx.state.abilities.append(ability)
    targets_en = f" {controller} chooses its targets (603.3d)." if targeted else ""
    targets_fr = f" {controller} en choisit les cibles (603.3d)." if targeted else ""
    hidden = private_source(ability)
    ctx.emit(
        "trigger",
        [*keys, "603.2", "603.3"],
        Text(
            en=f"{announce.en} It goes on the stack under {controller}'s control (603.3)."
            f"{targets_en}",
            fr=f"{announce.fr} Elle va sur la pile sous le contrôle de {controller} (603.3)."
            f"{targets_fr}",
        ),
        private=private or hidden.get("private"),
        private_to=private_to or hidden.get("private_to", ()),
        objects=objects or [],
    )
    return ability


def sentence(text: str) -> str:
    return text.strip().rstrip(".") + "."


def hand_to_judge(
    ctx: MtgCtx,
    *,
    facts: dict[str, Any],
    controller: str,
    text: str,
    text_fr: str | None,
    rules: tuple[str, ...],
    why: ByHandWhy,
    targets: Text | None = None,
) -> ByHand:
    """The engine doesn't apply this itself: a task on the judge's page, logged as waiting
    for the judge (never as done)."""
    targets = targets or Text(en="", fr="")
    task = ByHand(
        id=ctx.new_id(),
        controller=controller,
        text=text,
        text_fr=text_fr,
        targets=targets.en,
        targets_fr=targets.fr,
        why=why,
        rules=rules,
        **{k: v for k, v in facts.items() if k != "source"},
    )
    ctx.state.by_hand.append(task)
    source = public_source(task)
    said, said_fr = sentence(text), sentence(text_fr or text)
    on_en = f" Its targets: {targets.en}." if targets.en else ""
    on_fr = f" Ses cibles : {targets.fr}." if targets.fr else ""
    if why == "replacement":
        keys = ["614.1c"]
        line = Text(
            en=f"{source.en}: {said} A replacement effect (614.1c): it doesn't "
            "trigger and never uses the stack. Facedown doesn't apply it itself: the judge "
            "applies it by hand.",
            fr=f"{source.fr} : {said_fr} Un effet de remplacement (614.1c) : il "
            "ne se déclenche pas et n'utilise jamais la pile. Facedown ne l'applique pas "
            "lui-même : l'arbitre l'applique à la main.",
        )
    elif why == "may":
        keys = ["608.2", "603.5"]
        line = Text(
            en=f'{source.en}\'s ability resolves: {said}{on_en} It says "may": {controller} '
            "chooses (603.5); the judge applies what they choose by hand.",
            fr=f"La capacité de {source.fr} se résout : {said_fr}{on_fr} Elle dit « peut » : "
            f"{controller} choisit (603.5) ; l'arbitre applique son choix à la main.",
        )
    else:
        keys = ["608.2"]
        line = Text(
            en=f"{source.en}'s ability resolves: {said}{on_en} Facedown doesn't apply this "
            "effect itself: the judge applies it by hand.",
            fr=f"La capacité de {source.fr} se résout : {said_fr}{on_fr} Facedown n'applique "
            "pas cet effet lui-même : l'arbitre l'applique à la main.",
        )
    ctx.emit("by_hand", keys, line, **private_source(task))
    return task
