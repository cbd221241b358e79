"""A triggered ability's life on the stack (603.2, 603.3; putting it there:
app.rules.mtg.trigger_stack): its targets, resolved (608.2), countered (701.6), copied
(707.10).

An ability that triggers does nothing yet (603.2): its controller puts it on the stack
(603.3; 603.3a: whoever controlled its source), choosing its targets (603.3d, 601.2c). Once
there it exists on its own, whatever happens to its source (113.7a). As it resolves, a
target that is gone makes it do nothing when all are (608.2b); what the engine can apply
(`CardTrigger.effect`) it applies, and anything else becomes a task for the judge to apply
by hand (`MtgGame.by_hand`), never logged as done before the judge says it is.

A source hidden from a viewer (a face-down permanent with a granted ability) is shown to that
viewer as what is public, its label; its name only to those who may see its face.
"""

from __future__ import annotations

from typing import Any

from app.rules.core.errors import RuleError
from app.rules.core.events import Text
from app.rules.core.judge import require_judge
from app.rules.core.words import counters_words, life_fr
from app.rules.mtg.ability_kinds import is_a_may
from app.rules.mtg.cards import TriggerEffect
from app.rules.mtg.labels import describe
from app.rules.mtg.state import (
    MtgCtx,
    MtgGame,
    StackAbility,
    Zone,
)
from app.rules.mtg.table import draw_cards, emit_draw
from app.rules.mtg.trigger_actions import ChooseTargets, CopyAbility, CounterAbility, DoneByHand
from app.rules.mtg.trigger_stack import (
    hand_to_judge,
    private_source,
    public_source,
    sentence,
    triggered_ability,
)
from app.rules.mtg.visibility import face_known_to

_TARGETABLE = (Zone.BATTLEFIELD, Zone.STACK, Zone.GRAVEYARD, Zone.EXILE)


# --- targets -----------------------------------------------------------------------------


def target_names(state: MtgGame, ability: StackAbility) -> Text:
    """Its targets as every player may name them (public labels for face-down ones)."""
    en: list[str] = []
    fr: list[str] = []
    for target in ability.targets or ():
        obj = state.get(target)
        if obj is None or obj.zone not in _TARGETABLE:
            en.append("a target that is gone")
            fr.append("une cible disparue")
            continue
        everyone = face_known_to(state, obj)[0] >= set(state.player_names())
        shown = describe(state, obj, face=everyone and not obj.face_down)
        en.append(shown.en)
        fr.append(shown.fr)
    en += list(ability.target_players)
    fr += list(ability.target_players)
    return Text(en=", ".join(en), fr=", ".join(fr))


def choose_targets(ctx: MtgCtx, action: ChooseTargets) -> None:
    ability = triggered_ability(ctx, action.ability)
    ctx.acting_as(
        ability.controller,
        ["603.3d", "601.2c"],
        f"Only its controller ({ability.controller}) chooses its targets.",
        f"Seul son contrôleur ({ability.controller}) en choisit les cibles.",
    )
    if not ability.targeted:
        raise RuleError(
            ["601.2c"],
            "This ability has no targets to choose.",
            "Cette capacité n'a pas de cible à choisir.",
        )
    if ability.targets is not None and not ability.is_copy:
        raise RuleError(
            ["603.3d", "601.2c"],
            "Its targets were chosen as it was put on the stack: they don't change now.",
            "Ses cibles ont été choisies quand elle a été mise sur la pile : elles ne changent "
            "plus.",
        )
    if not action.objects and not action.players:
        # 603.3d: no legal choice can be made: the ability is simply removed from the stack.
        ctx.state.abilities.remove(ability)
        source = public_source(ability)
        ctx.emit(
            "ability_removed",
            ["603.3d"],
            Text(
                en=f"{source.en}'s ability has no legal target: it is removed from the stack "
                "and does nothing.",
                fr=f"La capacité de {source.fr} n'a aucune cible légale : elle est retirée de la "
                "pile et ne fait rien.",
            ),
            **private_source(ability),
        )
        return
    targets: list[str] = []
    for object_id in dict.fromkeys(action.objects):
        obj = ctx.find(object_id)
        if obj.zone not in _TARGETABLE or (
            obj.face_down and obj.zone not in (Zone.BATTLEFIELD, Zone.STACK)
        ):
            raise RuleError(
                ["115.1"],
                "Only a spell, a permanent or a face-up card in a graveyard or in exile can be "
                "targeted.",
                "Seuls un sort, un permanent ou une carte face visible dans un cimetière ou en "
                "exil peuvent être ciblés.",
            )
        targets.append(obj.id)
    players = [ctx.player(p) for p in dict.fromkeys(action.players)]
    chosen = ability.model_copy(
        update={"targets": tuple(targets), "target_players": tuple(players)}
    )
    ctx.state.abilities[ctx.state.abilities.index(ability)] = chosen
    named = target_names(ctx.state, chosen)
    source = public_source(chosen)
    ctx.emit(
        "choose_targets",
        ["603.3d", "601.2c"],
        Text(
            en=f"{chosen.controller} chooses the targets of {source.en}'s ability: {named.en}.",
            fr=f"{chosen.controller} choisit les cibles de la capacité de {source.fr} : "
            f"{named.fr}.",
        ),
        **private_source(chosen),
        objects=targets,
    )


# --- countered, copied -------------------------------------------------------------------


def counter_ability(ctx: MtgCtx, action: CounterAbility) -> None:
    """701.6: removed from the stack without any of its effects. Another player's ability is
    countered by a proposal its controller (or the judge) accepts: the engine's consent check
    refuses it from a seat before this runs (GameRules.addressed)."""
    ability = triggered_ability(ctx, action.ability)
    ctx.state.abilities.remove(ability)
    source = public_source(ability)
    ctx.emit(
        "counter_ability",
        ["701.6", "113.7a"],
        Text(
            en=f"{source.en}'s ability is countered: it leaves the stack and does nothing "
            f"({ability.text}).",
            fr=f"La capacité de {source.fr} est contrecarrée : elle quitte la pile et ne fait "
            f"rien ({ability.text_fr or ability.text}).",
        ),
        **private_source(ability),
    )


def copy_ability(ctx: MtgCtx, action: CopyAbility) -> None:
    """707.10: the copy has the ability's text and targets; it is controlled by the player
    who put it on the stack, who may choose new targets for it (707.10c)."""
    ability = triggered_ability(ctx, action.ability)
    controller = ctx.player(action.controller) if action.controller else None
    if ctx.actor is not None:
        if controller is not None and controller != ctx.actor:
            raise RuleError(
                ["707.10"],
                "You put a copy on the stack under your own control.",
                "Vous mettez la copie sur la pile sous votre propre contrôle.",
                kind="forbidden",
            )
        controller = ctx.actor
    owner = controller or ability.controller
    copy = ability.model_copy(
        update={"id": ctx.new_id(), "position": ctx.next_position(), "controller": owner,
                "is_copy": True}
    )  # fmt: skip
    ctx.state.abilities.append(copy)
    source = public_source(ability)
    new_en = f" {owner} may choose new targets for it (707.10c)." if copy.targeted else ""
    new_fr = f" {owner} peut lui choisir de nouvelles cibles (707.10c)." if copy.targeted else ""
    ctx.emit(
        "copy_ability",
        ["707.10-ability"],
        Text(
            en=f"{owner} puts a copy of {source.en}'s ability on the stack: {ability.text}{new_en}",
            fr=f"{owner} met une copie de la capacité de {source.fr} sur la pile : "
            f"{ability.text_fr or ability.text}{new_fr}",
        ),
        **private_source(ability),
    )


# --- resolving ---------------------------------------------------------------------------


def require_targets(ability: StackAbility) -> None:
    """603.3d: a targeted ability resolves only once its targets are chosen."""
    if ability.targeted and ability.targets is None:
        raise RuleError(
            ["603.3d", "601.2c"],
            f"{ability.controller} chooses this ability's targets first (as it is put on the "
            "stack).",
            f"{ability.controller} en choisit d'abord les cibles (en la mettant sur la pile).",
        )


def resolve_trigger(ctx: MtgCtx, ability: StackAbility) -> None:
    """608.2: checks its targets (608.2b), then does what it says: what the engine models it
    applies, the rest is handed to the judge to apply by hand."""
    state = ctx.state
    require_targets(ability)
    state.abilities.remove(ability)
    source = public_source(ability)
    hidden = private_source(ability)
    legal = [t for t in ability.targets or () if _still_there(state, t)]
    if ability.targeted and not legal and not ability.target_players:
        ctx.emit(
            "ability_fizzles",
            ["608.2b"],
            Text(
                en=f"{source.en}'s ability doesn't resolve: its targets are all gone (each "
                "changed zones and is a new object). It does nothing.",
                fr=f"La capacité de {source.fr} ne se résout pas : toutes ses cibles ont "
                "disparu (chacune a changé de zone et est un nouvel objet). Elle ne fait rien.",
            ),
            **hidden,
        )
        return
    if ability.effect is not None and not is_a_may(ability.text):
        _apply(ctx, ability, ability.effect, legal, source, hidden)
        return
    hand_to_judge(
        ctx,
        facts=_facts_of(ability),
        controller=ability.controller,
        text=ability.text,
        text_fr=ability.text_fr,
        rules=ability.rules,
        why="may" if is_a_may(ability.text) else "not_modelled",
        targets=target_names(state, ability),
    )


def _facts_of(item: StackAbility) -> dict[str, Any]:
    return {
        "source": item.source,
        "source_name": item.source_name,
        "source_name_fr": item.source_name_fr,
        "source_label": item.source_label,
        "source_label_fr": item.source_label_fr,
        "source_known_to": item.source_known_to,
    }


def _still_there(state: MtgGame, object_id: str) -> bool:
    obj = state.get(object_id)
    return obj is not None and obj.zone in _TARGETABLE


def _apply(
    ctx: MtgCtx,
    ability: StackAbility,
    effect: TriggerEffect,
    legal: list[str],
    source: Text,
    hidden: dict[str, Any],
) -> None:
    """The effects the engine models (TriggerEffect), each said in the log as it happens."""
    state = ctx.state
    player = ability.controller
    ctx.emit(
        "resolve_ability",
        ["608.2"],
        Text(
            en=f"{source.en}'s ability resolves: {ability.text}",
            fr=f"La capacité de {source.fr} se résout : {ability.text_fr or ability.text}",
        ),
        **hidden,
    )
    if effect.kind == "draw":
        emit_draw(ctx, player, draw_cards(ctx, player, effect.amount), effect.amount)
        return
    if effect.kind in ("gain_life", "lose_life"):
        sign = 1 if effect.kind == "gain_life" else -1
        for name in ability.target_players or (player,):
            who = next(p for p in state.players if p.name == name)
            who.life += sign * effect.amount
            verb_en, verb_fr = ("gains", "gagne") if sign > 0 else ("loses", "perd")
            ctx.emit(
                "life",
                ["119.3"],
                Text(
                    en=f"{name} {verb_en} {effect.amount} life ({who.life}).",
                    fr=f"{name} {verb_fr} {life_fr(effect.amount)} ({who.life}).",
                ),
            )
        return
    # Counters: on each target still there, or on its source if it has no targets.
    on = legal if ability.targeted else [ability.source]
    for object_id in on:
        obj = state.get(object_id)
        if obj is None or obj.zone != Zone.BATTLEFIELD:
            continue
        obj.counters[effect.counter] = obj.counters.get(effect.counter, 0) + effect.amount
        everyone = face_known_to(state, obj)[0] >= set(state.player_names())
        shown = describe(state, obj, face=everyone and not obj.face_down)
        ctx.emit(
            "add_counter",
            ["122.1"],
            Text(
                en=f"{shown.en} gets {counters_words(effect.amount, effect.counter)[0]}.",
                fr=f"{shown.fr} reçoit {counters_words(effect.amount, effect.counter)[1]}.",
            ),
            objects=[obj.id],
        )


def done_by_hand(ctx: MtgCtx, action: DoneByHand) -> None:
    """The judge says they have applied it: only now is it logged as done."""
    require_judge(ctx, "judge.by-hand")
    task = next((t for t in ctx.state.by_hand if t.id == action.task), None)
    if task is None:
        raise RuleError(
            [],
            "No such task for the judge (it may be done already).",
            "Aucune tâche de ce type pour l'arbitre (elle est peut-être déjà faite).",
            kind="not_found",
        )
    ctx.state.by_hand.remove(task)
    source = public_source(task)
    ctx.emit(
        "done_by_hand",
        ["judge.by-hand", *task.rules],
        Text(
            en=f"Judge: applied by hand ({source.en}): {sentence(task.text)}",
            fr=f"L'arbitre a appliqué à la main ({source.fr}) : "
            f"{sentence(task.text_fr or task.text)}",
        ),
        **private_source(task),
    )
