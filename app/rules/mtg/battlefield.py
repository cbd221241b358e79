"""Permanents on the battlefield: attacking, tapping, counters, pumps, phasing, control."""

from __future__ import annotations

from collections.abc import Callable

from app.rules.core.errors import RuleError
from app.rules.core.events import Text
from app.rules.core.timing import refuse_seat_off_timing, say_off_timing
from app.rules.core.words import counters_words
from app.rules.mtg import characteristics
from app.rules.mtg.actions import (
    AddCounter,
    Attack,
    GainControl,
    PhaseIn,
    PhaseOut,
    Pump,
    Tap,
    Untap,
)
from app.rules.mtg.edition import is_2004
from app.rules.mtg.face_down import turn_up
from app.rules.mtg.hideaway import control_changed
from app.rules.mtg.labels import describe
from app.rules.mtg.permanents import permanent
from app.rules.mtg.state import Modifier, MtgCtx, MtgObject, Zone
from app.rules.mtg.timing import attack_timing
from app.rules.mtg.trigger_stack import put_on_stack, source_facts


def _name(ctx: MtgCtx, obj: MtgObject) -> Text:
    return describe(ctx.state, obj, face=False)


def _announce(
    ctx: MtgCtx, obj: MtgObject, kind: str, rules: list[str], text: Callable[[Text], Text]
) -> None:
    """An event about one permanent, named as every player may see it now (its public
    label if face down): `text` words the event around that name."""
    ctx.emit(kind, rules, text(_name(ctx, obj)), objects=[obj.id])


def _before_tapping(ctx: MtgCtx, obj: MtgObject) -> None:
    """Illusionary Mask: as its face-down creature would become tapped, it turns face up."""
    if (
        obj.face_down
        and obj.face_down_via == "illusionary_mask"
        and not characteristics.cant_turn_face_up(obj)
    ):
        turn_up(ctx, obj, via="illusionary_mask", cost=None)
        ctx.events[-1] = ctx.events[-1].model_copy(
            update={"rules": ("card.illusionary-mask", *ctx.events[-1].rules)}
        )


def attack(ctx: MtgCtx, action: Attack) -> None:
    """508.1: the active player declares attackers among untapped creatures they control."""
    attacker = ctx.acting_as(
        ctx.state.active_player,
        ["508.1"],
        f"Only the active player ({ctx.state.active_player}) declares attackers.",
        f"Seul le joueur actif ({ctx.state.active_player}) déclare des attaquants.",
        kind="rule",
    )
    objs = [permanent(ctx, i) for i in dict.fromkeys(action.objects)]
    for obj in objs:
        if obj.controller != attacker:
            raise RuleError(
                ["508.1"],
                "You can only attack with creatures you control.",
                "Vous ne pouvez attaquer qu'avec des créatures que vous contrôlez.",
            )
        if not characteristics.current(obj, ctx.state).is_creature():
            raise RuleError(
                ["508.1"], "Only creatures can attack.", "Seules les créatures peuvent attaquer."
            )
        if obj.tapped:
            raise RuleError(
                ["508.1"],
                "A tapped creature can't be declared as an attacker.",
                "Une créature engagée ne peut pas être déclarée attaquante.",
            )
    # 508.1, 302.6: the step, and creatures new to their controller this turn.
    off = [refuse_seat_off_timing(ctx, attack_timing(ctx.state, obj)) for obj in objs]
    names_en, names_fr = [], []
    for obj in objs:
        vigilance = "vigilance" in characteristics.current(obj, ctx.state).text.casefold()
        if not vigilance:
            _before_tapping(ctx, obj)
            obj.tapped = True
        obj.attacked_turn = ctx.state.turn
        shown = _name(ctx, obj)
        names_en.append(shown.en)
        names_fr.append(shown.fr)
    # Counted for "if you attacked with three or more creatures this turn" (Windbrisk Heights).
    ctx.state.attackers_this_turn[attacker] = ctx.state.attackers_this_turn.get(attacker, 0) + len(
        objs
    )
    ctx.emit(
        "attack",
        ["508.1", "707.6"],
        Text(
            en=f"{attacker} attacks with {', '.join(names_en)}.",
            fr=f"{attacker} attaque avec {', '.join(names_fr)}.",
        ),
        objects=[o.id for o in objs],
    )
    for problem in dict.fromkeys(p for p in off if p is not None):
        say_off_timing(ctx, problem)
    for obj in objs:
        _attack_triggers(ctx, obj)


def _attack_triggers(ctx: MtgCtx, obj: MtgObject) -> None:
    """508.2a / 603.2: its "whenever this creature attacks" abilities trigger, a face-down
    one's too when an effect granted them (613.1f); its label names it to the others."""
    for trigger in characteristics.current(obj, ctx.state).triggers:
        if trigger.event != "attacks":
            continue
        facts = source_facts(ctx.state, obj)
        shown = Text(en=facts["source_label"], fr=facts["source_label_fr"])
        put_on_stack(
            ctx,
            Text(
                en=f'{shown.en}\'s "whenever it attacks" ability triggers: {trigger.text}',
                fr=f"La capacité « quand il attaque » de {shown.fr} se déclenche : "
                f"{trigger.text_fr or trigger.text}",
            ),
            ["508.2a"],
            facts=facts,
            controller=obj.controller,
            text=trigger.text,
            text_fr=trigger.text_fr,
            event="attacks",
            effect=trigger.effect,
            objects=[obj.id],
        )


def may_tap(ctx: MtgCtx, action: Tap) -> None:
    """110.5: an untapped permanent (the tap move's precondition)."""
    if permanent(ctx, action.object).tapped:
        raise RuleError(["110.5"], "It is already tapped.", "Il est déjà engagé.")


def tap(ctx: MtgCtx, action: Tap) -> None:
    may_tap(ctx, action)
    obj = permanent(ctx, action.object)
    _before_tapping(ctx, obj)
    obj.tapped = True
    _announce(
        ctx,
        obj,
        "tap",
        ["110.5"],
        lambda n: Text(en=f"{n.en} becomes tapped.", fr=f"{n.fr} est engagé."),
    )


def may_untap(ctx: MtgCtx, action: Untap) -> None:
    """110.5: a tapped permanent (the untap move's precondition)."""
    if not permanent(ctx, action.object).tapped:
        raise RuleError(["110.5"], "It is already untapped.", "Il est déjà dégagé.")


def untap(ctx: MtgCtx, action: Untap) -> None:
    may_untap(ctx, action)
    obj = permanent(ctx, action.object)
    obj.tapped = False
    _announce(
        ctx, obj, "untap", ["110.5"], lambda n: Text(en=f"{n.en} untaps.", fr=f"{n.fr} se dégage.")
    )


def may_act_on_permanent(ctx: MtgCtx, action: AddCounter | Pump | PhaseOut) -> None:
    """A permanent on the battlefield, phased in (110.5, 702.26): all that adding a counter,
    a pump or phasing out asks (their moves' precondition)."""
    permanent(ctx, action.object)


def add_counter(ctx: MtgCtx, action: AddCounter) -> None:
    obj = permanent(ctx, action.object)
    obj.counters[action.counter] = obj.counters.get(action.counter, 0) + action.amount
    counters_en, counters_fr = counters_words(action.amount, action.counter)
    _announce(
        ctx,
        obj,
        "add_counter",
        ["122.1"],
        lambda n: Text(
            en=f"{n.en} gets {counters_en}.",
            fr=f"{n.fr} reçoit {counters_fr}.",
        ),
    )


def pump(ctx: MtgCtx, action: Pump) -> None:
    """An outside effect (e.g. Giant Growth): it keeps applying if the permanent is then
    turned face up (707.8); it ends at cleanup (514.2)."""
    obj = permanent(ctx, action.object)
    obj.modifiers.append(Modifier(power=action.power, toughness=action.toughness))
    pt = f"{action.power:+d}/{action.toughness:+d}"
    _announce(
        ctx,
        obj,
        "pump",
        ["613.4c", "707.8"],
        lambda n: Text(
            en=f"{n.en} gets {pt} until end of turn.",
            fr=f"{n.fr} gagne {pt} jusqu'à la fin du tour.",
        ),
    )


def phase_out(ctx: MtgCtx, action: PhaseOut) -> None:
    """702.26: treated as though it doesn't exist; its controller may still look at it
    if face down (707.5). 2004 rules: it moves to the phased-out zone (504.2)."""
    obj = permanent(ctx, action.object)
    shown = _name(ctx, obj)
    if is_2004(ctx):
        obj.zone = Zone.PHASED_OUT
        obj.last_controller = obj.controller
        keys = ["702.26", "2004.phased-out-zone"]
    else:
        obj.phased_out = True
        keys = ["702.26", "707.5"]
    ctx.emit(
        "phase_out",
        keys,
        Text(en=f"{shown.en} phases out.", fr=f"{shown.fr} passe hors phase."),
        objects=[obj.id],
    )


def may_phase_in(ctx: MtgCtx, action: PhaseIn) -> None:
    """702.26: a phased-out permanent (the phase-in move's precondition)."""
    obj = ctx.find(action.object)
    if not (obj.zone == Zone.PHASED_OUT or (obj.zone == Zone.BATTLEFIELD and obj.phased_out)):
        raise RuleError(["702.26"], "It is not phased out.", "Il n'est pas hors phase.")


def phase_in(ctx: MtgCtx, action: PhaseIn) -> None:
    may_phase_in(ctx, action)
    obj = ctx.find(action.object)
    if obj.zone == Zone.PHASED_OUT:
        obj.zone = Zone.BATTLEFIELD
        keys = ["702.26", "2004.phased-out-zone"]
    else:
        obj.phased_out = False
        keys = ["702.26"]
    _announce(
        ctx,
        obj,
        "phase_in",
        keys,
        lambda n: Text(en=f"{n.en} phases in.", fr=f"{n.fr} revient en phase."),
    )


def may_gain_control(ctx: MtgCtx, action: GainControl) -> None:
    """110.2: a spell or a permanent, not already the player's (the move's precondition)."""
    obj = ctx.find(action.object)
    player = ctx.player(action.player)
    if obj.zone not in (Zone.BATTLEFIELD, Zone.STACK):
        raise RuleError(
            ["110.2"],
            "Only a spell or a permanent has a controller that can change.",
            "Seuls un sort ou un permanent ont un contrôleur qui peut changer.",
        )
    if obj.controller == player:
        raise RuleError(["110.2"], f"{player} already controls it.", f"{player} le contrôle déjà.")


def gain_control(ctx: MtgCtx, action: GainControl) -> None:
    """Control changes; the right to look at a face-down permanent follows it (707.5)."""
    may_gain_control(ctx, action)
    obj = ctx.find(action.object)
    player = action.player
    shown = _name(ctx, obj)
    before = obj.controller
    obj.controller = player
    obj.summoning_sick = obj.zone == Zone.BATTLEFIELD  # 302.6: new to its controller
    keys = ["110.2", "707.5"] if obj.face_down else ["110.2"]
    private = None
    if obj.face_down:
        card = obj.card
        private = Text(
            en=f"{player} may now look at it: it is {card.name}.",
            fr=f"{player} peut maintenant le regarder : c'est {card.name_fr or card.name}.",
        )
    ctx.emit(
        "gain_control",
        keys,
        Text(
            en=f"{player} gains control of {shown.en} from {before}."
            + (" Only the new controller may look at it now." if obj.face_down else ""),
            fr=f"{player} prend le contrôle de {shown.fr} (avant : {before})."
            + (" Seul le nouveau contrôleur peut le regarder." if obj.face_down else ""),
        ),
        private=private,
        private_to=[player] if private else [],
        objects=[obj.id],
    )
    if obj.zone == Zone.BATTLEFIELD:
        control_changed(ctx, obj, before, player)
