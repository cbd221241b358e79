"""Face-down spells and permanents: seed 707 (French CR) / today 708 / 2004: 504."""

from __future__ import annotations

from app.rules.core.errors import RuleError
from app.rules.core.events import Text
from app.rules.core.judge import name_for
from app.rules.core.timing import refuse_seat_off_timing, say_off_timing
from app.rules.core.words import plural_pair
from app.rules.mtg import as_turned_up, characteristics
from app.rules.mtg.actions import (
    CastFaceDown,
    Copy,
    Look,
    PutOntoBattlefieldFaceDown,
    TurnFaceDown,
    TurnFaceUp,
)
from app.rules.mtg.attachments import renew_id
from app.rules.mtg.edition import require_current_rules
from app.rules.mtg.labels import describe, public_label, via_fr
from app.rules.mtg.permissions import CAST_FROM, origin_text, source_of_cast, use
from app.rules.mtg.restrictions import refuse_restricted_cast
from app.rules.mtg.state import FaceDownVia, MtgCtx, MtgObject, Zone
from app.rules.mtg.timing import cast_timing
from app.rules.mtg.trigger_stack import put_on_stack, source_facts
from app.rules.mtg.visibility import can_see_face, face_known_to

_ENABLER_RULE = {"morph": "702.37", "megamorph": "702.37b", "disguise": "702.168"}


def mark_entered(ctx: MtgCtx, obj: MtgObject) -> None:
    """707.6: keep the order face-down permanents arrived in, per controller."""
    count = ctx.state.entered_counts.get(obj.controller, 0) + 1
    ctx.state.entered_counts[obj.controller] = count
    obj.entered_order = count


def cast_face_down(ctx: MtgCtx, action: CastFaceDown) -> None:
    """707.4: turned face down before it goes on the stack; the spell is a face-down 2/2.
    From its owner's hand, or from wherever an effect lets the caster cast it (702.37c: a
    morph card may be cast face down whenever it could be cast: Gonti's exile, Cemetery
    Illuminator's top of the library, where it counts as a creature spell: 708.4)."""
    obj = ctx.find(action.object)
    if obj.zone not in CAST_FROM:
        raise RuleError(
            ["601.2"],
            "A card is cast face down from its owner's hand.",
            "Une carte se lance face cachée depuis la main de son propriétaire.",
        )
    caster, perm = source_of_cast(ctx, obj, "cast_face_down", "601.2", face_down=True)
    if action.via != "morph":
        require_current_rules(ctx, action.via.capitalize(), action.via)
    cost = getattr(obj.card, action.via)
    rule = _ENABLER_RULE[action.via]
    if cost is None:
        # The caster sees their own hand card, so naming it leaks nothing.
        raise RuleError(
            [rule, "707.1"],
            f"{obj.card.name} has no {action.via} ability, so it can't be cast face down that way.",
            f"{obj.card.name_fr or obj.card.name} n'a pas la capacité {via_fr(action.via)} : elle ne "
            "peut pas être lancée face cachée ainsi.",
        )
    # No name ban applies (app.rules.mtg.name_bans): turned face down before it is put on the
    # stack (708.4), the spell has no name (708.2), so it has no name in common with any (201.2a).
    # A restriction sees a 2/2 creature spell with mana value 0 (Void Winnower: even).
    refuse_restricted_cast(ctx, obj, caster, face_down=True)
    # 702.37c / 708.2: a face-down 2/2 creature spell with no abilities: sorcery speed, whatever
    # its face says (the refusal tells the others nothing: every face-down spell is alike).
    off = refuse_seat_off_timing(ctx, cast_timing(ctx.state, obj.card, caster, face_down=True))
    card = obj.card
    origin = origin_text(obj, perm)
    if perm is not None:
        use(ctx, perm)
    spell = ctx.relocate(obj, Zone.STACK, controller=caster, face_down=True)
    spell.face_down_via = action.via
    count = ctx.state.cast_counts.get(caster, 0) + 1
    ctx.state.cast_counts[caster] = count
    spell.cast_order = count
    label = public_label(ctx.state, spell)
    # Megamorph is cast exactly like morph (702.37b): its own rule goes with the private part.
    public_rule = _ENABLER_RULE["morph"] if action.via == "megamorph" else rule
    keys = ["707.4", "707.2", public_rule, *(["601.3"] if perm is not None else [])]
    ward = " It has ward {2}." if action.via == "disguise" else ""
    ward_fr = " Il a ward {2}." if action.via == "disguise" else ""
    ctx.emit(
        "cast_face_down",
        keys,
        Text(
            en=f"{caster} casts a face-down creature spell{origin.en} for {{3}}: {label.en}.{ward}",
            fr=f"{caster} lance un sort de créature face cachée{origin.fr} pour {{3}} : "
            f"{label.fr}.{ward_fr}",
        ),
        private=Text(
            en=f"{caster} casts {card.name} face down ({action.via} {cost}).",
            fr=f"{caster} lance {card.name_fr or card.name} face cachée ({via_fr(action.via)} {cost}).",
        ),
        private_to=[caster],
        private_rules=[rule] if rule != public_rule else [],
        objects=[spell.id],
    )
    say_off_timing(ctx, off)


def _turn_up_options(obj: MtgObject) -> dict[str, str]:
    """How this face-down permanent may be turned face up, with the cost of each.

    707.7: only what made it face down (or its face-up abilities) can turn it up.
    701.40 / 701.58: a manifested or cloaked creature card, for its mana cost;
    an instant or sorcery can't be turned up that way. Ixidron's and Illusionary
    Mask's creatures only by morph or disguise (or, for the Mask, by its trigger).

    702.37e: the morph (megamorph, disguise) cost is the one it would have face up, with
    the effects on it: one that would lose all abilities has none. 701.40b's mana-cost
    permission is a rule, not an ability, so losing abilities doesn't take it away; an
    effect saying it can't be turned face up takes every way."""
    if characteristics.cant_turn_face_up(obj):
        return {}
    face_up = characteristics.if_face_up(obj)
    options: dict[str, str] = {}
    for via in ("megamorph", "morph", "disguise"):
        cost = getattr(face_up, via)
        if cost is not None:
            options[via] = cost
    if (
        obj.face_down_via in ("manifest", "cloak")
        and not obj.is_token
        and obj.card.is_type("Creature")
        and obj.card.mana_cost is not None
    ):
        options["mana_cost"] = obj.card.mana_cost
    return options


def turn_face_up(ctx: MtgCtx, action: TurnFaceUp) -> None:
    obj = ctx.find(action.object)
    if obj.zone == Zone.STACK:
        raise RuleError(
            ["707.7"],
            "Spells can't be turned face up: only a face-down permanent can.",
            "Un sort ne peut pas être retourné face visible : seul un permanent face cachée "
            "le peut.",
        )
    if obj.zone != Zone.BATTLEFIELD or not obj.face_down:
        raise RuleError(
            ["707.7", "110.5"],
            "Only a face-down permanent can be turned face up; this one is face up.",
            "Seul un permanent face cachée peut être retourné face visible ; celui-ci est "
            "face visible.",
        )
    ctx.require_controller(
        obj, ["707.7", "707.5"], Text(en="turn it face up", fr="le retourner face visible")
    )
    if obj.phased_out:
        raise RuleError(
            ["702.26"],
            "A phased-out permanent is treated as though it doesn't exist: it can't be "
            "turned face up.",
            "Un permanent hors phase est considéré comme inexistant : il ne peut pas être "
            "retourné.",
        )
    options = _turn_up_options(obj)
    # Past the controller check: the actor may see this card, naming it is fine.
    name = obj.card.name
    if not options:
        why_en, why_fr, keys = _no_way_up(obj)
        raise RuleError(keys, f"{name} can't be turned face up: {why_en}", why_fr)
    via: str = action.via or next(iter(options))
    if via not in options:
        # 702.37e: a printed morph (disguise) cost an effect on it takes away.
        lost = via != "mana_cost" and getattr(characteristics.face_up_values(obj), via)
        raise RuleError(
            ["707.7", "702.37e"] if lost else ["707.7"],
            f"{name} can't be turned face up by {via}; it can by: " + ", ".join(options) + ".",
            f"{name} ne peut pas être retourné par {via} ; possible par : "
            + ", ".join(options)
            + ".",
        )
    turn_up(
        ctx,
        obj,
        via=via,
        cost=options[via],
        choice=action.choice,
        stated_choice=action.stated_choice,
    )


def _no_way_up(obj: MtgObject) -> tuple[str, str, list[str]]:
    if characteristics.cant_turn_face_up(obj):
        sources = [m.source for m in obj.modifiers if m.cant_turn_face_up and m.source]
        by = f" ({', '.join(sources)})" if sources else ""
        return (
            f"an effect{by} says it can't be turned face up while it is face down.",
            f"un effet{by} dit qu'il ne peut pas être retourné face visible tant qu'il est "
            "face cachée.",
            ["707.7", "effect.cant-turn-face-up"],
        )
    lost = characteristics.face_up_values(obj)
    if any(getattr(lost, via) for via in ("morph", "megamorph", "disguise")):
        # It has a morph (or disguise) cost printed, but an effect on it takes it away.
        return (
            "it would have no morph or disguise cost if it were face up (an effect on it "
            "removes its abilities), so it can't be turned face up that way.",
            "face visible, il n'aurait aucun coût de mue ni de déguisement (un effet lui "
            "retire ses capacités) : il ne peut pas être retourné ainsi.",
            ["707.7", "702.37e"],
        )
    if obj.face_down_via in ("manifest", "cloak") and not obj.card.is_type("Creature"):
        rule = "701.40" if obj.face_down_via == "manifest" else "701.58"
        return (
            "a manifested or cloaked card that isn't a creature card (an instant or sorcery) "
            "has no way up unless it has morph or disguise.",
            "une carte manifestée ou voilée qui n'est pas une carte de créature n'a aucun "
            "moyen d'être retournée sans mue ni déguisement.",
            ["707.7", rule],
        )
    if obj.face_down_via == "ixidron":
        return (
            "Ixidron's creatures stay face down unless they have morph or disguise.",
            "Les créatures d'Ixidron restent face cachée sauf si elles ont la mue ou le "
            "déguisement.",
            ["707.7", "card.ixidron"],
        )
    if obj.face_down_via == "illusionary_mask":
        return (
            "Illusionary Mask's creature turns face up only when it would deal or be dealt "
            "damage or become tapped.",
            "La créature du Masque illusoire ne se retourne que si elle doit infliger ou subir "
            "des blessures ou être engagée.",
            ["707.7", "card.illusionary-mask"],
        )
    return (
        "nothing that made it face down lets it be turned face up.",
        "rien de ce qui l'a rendu face cachée ne permet de le retourner.",
        ["707.7"],
    )


def turn_up(
    ctx: MtgCtx,
    obj: MtgObject,
    *,
    via: str,
    cost: str | None,
    choice: str | None = None,
    stated_choice: str | None = None,
) -> None:
    """707.8: the same object, its normal copiable values back, effects and counters kept,
    and no "enters" ability, since it was already on the battlefield. 708.11 (seed 707.11):
    an "as this is turned face up" effect applies while it turns, before anyone sees it
    face up: a copy, counters, a stated choice (see as_turned_up.py)."""
    before = public_label(ctx.state, obj)
    keys = ["707.8"]
    turning = as_turned_up.apply(ctx, obj, via=via, choice=choice, stated_choice=stated_choice)
    keys += turning.keys
    copy_note = turning.note
    obj.face_down = False
    obj.face_down_via = None
    obj.known_to = []
    if via == "megamorph":
        obj.counters["+1/+1"] = obj.counters.get("+1/+1", 0) + 1
        keys.append("702.37b")
    elif via in _ENABLER_RULE:
        keys.append(_ENABLER_RULE[via])
    elif via == "mana_cost":
        keys.append("701.40")
    card = obj.card
    how_en = {"mana_cost": "its mana cost"}.get(via, f"its {via} cost")
    how_fr = {"mana_cost": "son coût de mana"}.get(via, f"son coût de {via}")
    cost_text = f" ({how_en} {cost})" if cost else ""
    cost_text_fr = f" ({how_fr} {cost})" if cost else ""
    extra_en = " It gets a +1/+1 counter." if via == "megamorph" else ""
    extra_fr = " Il reçoit un marqueur +1/+1." if via == "megamorph" else ""
    face_up = characteristics.face_up_values(obj)
    etb = face_up.enters_ability
    # An enters ability that is also a turned-face-up one (Efreet Weaponmaster's trigger,
    # Aquamorph Entity's replacement) does apply: its turned-face-up half is said on its own.
    if etb and etb != face_up.turned_face_up_ability and "turned face up" not in etb:
        extra_en += " Its enters ability does not trigger (707.8)."
        extra_fr += " Sa capacité d'arrivée ne se déclenche pas (707.8)."
    ctx.emit(
        "turn_face_up",
        keys,
        Text(
            en=f"{obj.controller} turns {before.en} face up{cost_text}: it is {card.name}."
            f"{copy_note.en}{extra_en} Same object: counters and effects stay.",
            fr=f"{obj.controller} retourne {before.fr} face visible{cost_text_fr} : c'est "
            f"{card.name_fr or card.name}.{copy_note.fr}{extra_fr} Même objet : marqueurs et "
            "effets restent.",
        ),
        objects=[obj.id],
    )
    # What it has now it is face up (an effect may have taken it away: 613.1f).
    trigger = characteristics.current(obj, ctx.state).turned_face_up_ability
    if trigger:
        # 603.2 / 603.3: it triggers as it turns and goes on the stack; it is face up now,
        # so everyone may name its source.
        put_on_stack(
            ctx,
            Text(
                en=f'{card.name}\'s "when turned face up" ability triggers: {trigger}',
                fr=f"La capacité « quand retourné face visible » de {card.name_fr or card.name} "
                f"se déclenche : {trigger}",
            ),
            ["702.37"],
            facts=source_facts(ctx.state, obj),
            controller=obj.controller,
            text=trigger,
            text_fr=None,
            event="turned_face_up",
            objects=[obj.id],
        )


def put_face_down(ctx: MtgCtx, obj: MtgObject, via: FaceDownVia, controller: str) -> MtgObject:
    """707.3: turned face down before it enters, so its enters abilities never apply.
    (Manifest, cloak and manifest dread use it too: app.rules.mtg.manifest.)"""
    new = ctx.relocate(obj, Zone.BATTLEFIELD, controller=controller, face_down=True)
    new.face_down_via = via
    mark_entered(ctx, new)
    return new


def put_onto_battlefield_face_down(ctx: MtgCtx, action: PutOntoBattlefieldFaceDown) -> None:
    obj = ctx.find(action.object)
    controller = ctx.acting_for(obj.owner)
    if obj.owner != controller and obj.zone == Zone.HAND:
        raise RuleError(
            ["707.3"],
            "You can only use cards from your own hand.",
            "Vous ne pouvez utiliser que les cartes de votre main.",
            kind="forbidden",
        )
    if action.via == "illusionary_mask":
        if obj.zone != Zone.HAND or not obj.card.is_type("Creature"):
            raise RuleError(
                ["card.illusionary-mask"],
                "Illusionary Mask chooses a creature card in your hand.",
                "Le Masque illusoire choisit une carte de créature dans votre main.",
            )
        keys = ["card.illusionary-mask", "707.3", "707.2"]
    else:
        if obj.zone not in (Zone.HAND, Zone.GRAVEYARD, Zone.EXILE, Zone.LIBRARY):
            raise RuleError(
                ["707.3"],
                "Only a card outside the battlefield and the stack can be put onto the "
                "battlefield face down.",
                "Seule une carte hors du champ de bataille et de la pile peut y être mise "
                "face cachée.",
            )
        keys = ["707.3", "707.2a"]
    came_from = obj.zone
    # A card exiled face down (hideaway) was never public.
    public_origin = came_from in (Zone.GRAVEYARD, Zone.EXILE) and not obj.face_down
    card = obj.card
    new = put_face_down(ctx, obj, action.via, controller)
    label = public_label(ctx.state, new)
    origin_en = {Zone.HAND: "hand", Zone.LIBRARY: "library"}.get(came_from, came_from.value)
    # A card leaving a public zone was seen by everyone already; from a hidden zone it wasn't.
    what = f"{card.name} from {origin_en}" if public_origin else f"a card from their {origin_en}"
    ctx.emit(
        "put_face_down",
        keys,
        Text(
            en=f"{controller} puts {what} onto the battlefield face down: {label.en}. "
            "Its enters abilities don't apply (707.3).",
            fr=f"{controller} met une carte sur le champ de bataille face cachée : {label.fr}. "
            "Ses capacités d'arrivée ne s'appliquent pas (707.3).",
        ),
        **name_for(new, {controller}),
        objects=[new.id],
    )


def ixidron_turns(ctx: MtgCtx, source: str | None) -> list[MtgObject]:
    """What Ixidron's "as it enters, turn all other nontoken creatures face down" turns: the
    nontoken creatures on the battlefield but `source`, face up (708.2b: one already face
    down stays as it is) and phased in (702.26b: a phased-out one is treated as though it
    doesn't exist)."""
    return [
        o
        for o in ctx.state.in_zone(Zone.BATTLEFIELD)
        if o.id != source
        and not o.is_token
        and not o.face_down
        and not o.phased_out
        and characteristics.current(o, ctx.state).is_creature()
    ]


def turn_face_down(ctx: MtgCtx, action: TurnFaceDown) -> None:
    """Ixidron: other nontoken face-up creatures turn face down (707.2a: nameless 2/2s).
    Today's 708.2b: something already face down stays as it is."""
    if action.via == "ixidron":
        require_current_rules(ctx, "Ixidron", "Ixidron")
    if action.objects is None:
        if action.via != "ixidron":
            raise RuleError(
                ["707.2a"],
                "List the permanents the effect turns face down.",
                "Indiquez les permanents que l'effet retourne face cachée.",
            )
        targets = ixidron_turns(ctx, action.source)
    else:
        targets = [ctx.find(i) for i in dict.fromkeys(action.objects)]
    turned: list[MtgObject] = []
    already: list[MtgObject] = []
    for obj in targets:
        if obj.zone != Zone.BATTLEFIELD:
            raise RuleError(
                ["707.2a"],
                "Only permanents on the battlefield can be turned face down.",
                "Seuls les permanents sur le champ de bataille peuvent être retournés.",
            )
        if obj.face_down:
            already.append(obj)
            continue
        if action.via == "ixidron" and (
            obj.is_token or not characteristics.current(obj, ctx.state).is_creature()
        ):
            raise RuleError(
                ["card.ixidron"],
                "Ixidron turns face down only nontoken face-up creatures.",
                "Ixidron ne retourne que les créatures face visible qui ne sont pas des jetons.",
            )
        turned.append(obj)
    names_en: list[str] = []
    names_fr: list[str] = []
    new_ids: list[str] = []
    for obj in turned:
        shown = describe(ctx.state, obj, face=True)
        names_en.append(shown.en)
        names_fr.append(shown.fr)
        # docs/DESIGN.md invariant 3: a card turning face down gets a new id, so it can't be
        # followed. By the rules it is the same permanent: status, counters and what is
        # attached to it stay.
        renew_id(ctx, obj)
        obj.face_down = True
        obj.face_down_via = action.via
        obj.cast_order = None
        mark_entered(ctx, obj)
        new_ids.append(obj.id)
    if turned:
        ctx.emit(
            "turn_face_down",
            ["card.ixidron" if action.via == "ixidron" else "707.2a", "707.2a"],
            Text(
                en=f"Turned face down (each now a nameless 2/2): {', '.join(names_en)}.",
                fr=f"Retournés face cachée (chacun un 2/2 sans nom) : {', '.join(names_fr)}.",
            ),
            objects=new_ids,
        )
    if already:
        stay_en, stay_fr = plural_pair(
            len(already),
            (
                "# permanent already face down stays as it is.",
                "# permanents already face down stay as they are.",
            ),
            (
                "# permanent déjà face cachée reste inchangé.",
                "# permanents déjà face cachée restent inchangés.",
            ),
        )
        ctx.emit(
            "already_face_down",
            ["708.2b"],
            Text(en=stay_en, fr=stay_fr),
            objects=[o.id for o in already],
        )
    if not turned and not already:
        raise RuleError(
            ["707.2a"],
            "There is nothing to turn face down.",
            "Il n'y a rien à retourner face cachée.",
        )


def look(ctx: MtgCtx, action: Look) -> None:
    """707.5: look at a face-down spell or permanent you control, even phased out;
    never at one another player controls."""
    obj = ctx.find(action.object)
    if not obj.face_down:
        raise RuleError(
            ["707.5"],
            "That object is face up: there is nothing hidden to look at.",
            "Cet objet est face visible : il n'y a rien de caché à regarder.",
        )
    viewer = ctx.actor
    label = public_label(ctx.state, obj)
    if obj.zone not in (Zone.STACK, Zone.BATTLEFIELD, Zone.PHASED_OUT):
        _look_in_exile(ctx, obj, label)
        return
    if viewer is not None and not can_see_face(ctx.state, obj, viewer) and ctx.consented:
        # An effect its controller let happen lets the viewer look (708.5: rules or effects
        # may allow it); they keep what they saw until it becomes a new object.
        obj.known_to = sorted({*obj.known_to, viewer})
    elif viewer is not None and not can_see_face(ctx.state, obj, viewer):
        if obj.zone == Zone.PHASED_OUT:
            raise RuleError(
                ["2004.phased-out-look"],
                "Under the January 2004 rules you may look only at face-down spells on the "
                "stack and face-down permanents in play, not at cards in the phased-out zone.",
                "Selon les règles de janvier 2004, on ne peut regarder que les sorts face "
                "cachée sur la pile et les permanents face cachée en jeu, pas la zone hors phase.",
            )
        raise RuleError(
            ["707.5"],
            f"You may look only at face-down spells and permanents you control; "
            f"{obj.controller} controls this one.",
            f"Vous ne pouvez regarder que les sorts et permanents face cachée que vous "
            f"contrôlez ; celui-ci est contrôlé par {obj.controller}.",
            kind="rule",
        )
    who = viewer if viewer is not None else obj.controller
    ctx.emit(
        "look",
        ["707.5"],
        # The label once: "It is X." after it, not the label twice.
        Text(en=f"{who} looks at {label.en}.", fr=f"{who} regarde {label.fr}."),
        **name_for(obj, {who}),
        objects=[obj.id],
    )


def _look_in_exile(ctx: MtgCtx, obj: MtgObject, label: Text) -> None:
    """A card exiled face down (hideaway): only the players its instruction allows, as the
    game's edition reads it (702.75a + 406.3 today; the Lorwyn release notes)."""
    allowed, rule = face_known_to(ctx.state, obj)
    viewer = ctx.actor
    if viewer is not None and viewer not in allowed:
        if rule == "702.75-lorwyn-leaves":
            why_en = "under the Lorwyn release notes nobody may, once the hideaway land has left"
            why_fr = "selon les notes de Lorwyn, personne ne le peut une fois le terrain parti"
        elif rule == "702.75-lorwyn-look":
            why_en = "only the players who have controlled its hideaway land may"
            why_fr = "seuls les joueurs qui ont contrôlé son terrain à cachette le peuvent"
        elif rule == "702.143a":
            why_en = "only the player who foretold it may, while it stays exiled"
            why_fr = "seul le joueur qui l'a prédite le peut, tant qu'elle reste en exil"
        elif obj.exiled is not None:
            why_en = "only the players its instruction lets look may"
            why_fr = "seuls les joueurs que son instruction autorise le peuvent"
        elif rule in ("702.75-look", "406.3"):
            why_en = "only the players who have controlled the permanent that exiled it may"
            why_fr = "seuls les joueurs qui ont contrôlé le permanent qui l'a exilée le peuvent"
        else:
            why_en = "no instruction lets you"
            why_fr = "aucune instruction ne vous le permet"
        raise RuleError(
            [rule],
            f"You may not look at that card exiled face down: {why_en}.",
            f"Vous ne pouvez pas regarder cette carte exilée face cachée : {why_fr}.",
        )
    who = viewer if viewer is not None else "The judge"
    who_fr = viewer if viewer is not None else "L'arbitre"
    ctx.emit(
        "look",
        [rule],
        Text(en=f"{who} looks at {label.en}.", fr=f"{who_fr} regarde {label.fr}."),
        # The judge reads every private detail anyway; a player only their own look.
        **name_for(obj, {viewer} if viewer is not None else set()),
        objects=[obj.id],
    )


def may_copy(ctx: MtgCtx, action: Copy) -> None:
    """707.2: a permanent becomes a copy of another permanent on the battlefield (the copy
    move's precondition)."""
    obj = ctx.find(action.object)
    source = ctx.find(action.source)
    if obj.zone != Zone.BATTLEFIELD or source.zone != Zone.BATTLEFIELD or obj.id == source.id:
        raise RuleError(
            ["707.2-copy"],
            "A permanent can become a copy of another permanent on the battlefield.",
            "Un permanent peut devenir la copie d'un autre permanent sur le champ de bataille.",
        )


def copy(ctx: MtgCtx, action: Copy) -> None:
    """707.10: a face-down permanent that becomes a copy keeps its face-down values until
    turned face up. A face-up permanent copying a face-down one gets the face-down
    copiable values: a nameless 2/2 that can't be turned face up."""
    may_copy(ctx, action)
    obj = ctx.find(action.object)
    source = ctx.find(action.source)
    obj.copy_of = characteristics.copiable_values(source)
    shown_src = describe(ctx.state, source, face=False)
    shown_obj = describe(ctx.state, obj, face=False)
    if obj.face_down:
        keys = ["707.10"]
        tail_en = "It keeps its face-down characteristics until it is turned face up."
        tail_fr = "Il garde ses caractéristiques face cachée jusqu'à ce qu'il soit retourné."
    elif source.face_down:
        keys = ["707.2", "707.2-copy"]
        tail_en = "It copies the face-down values: a face-up, nameless, colourless 2/2."
        tail_fr = "Il copie les valeurs face cachée : un 2/2 incolore sans nom, face visible."
    else:
        keys = ["707.2-copy"]
        tail_en = tail_fr = ""
    if not obj.face_down and obj.copy_of is not None and obj.copy_of.flip is not None:
        # 706.3 / 707.3: both halves are copied; status isn't, so the copy is flipped only
        # if it is itself flipped (Vesuvan Doppelganger ruling, 2004-12-01).
        keys.append("706.3")
        own = "flipped" if obj.flipped else "unflipped"
        own_fr = "inversée" if obj.flipped else "non inversée"
        tail_en = (
            f"{tail_en} It copies both halves of the flip card and, being {own} itself, uses "
            f"the {'flipped' if obj.flipped else 'normal'} half; status is not copied."
        ).strip()
        tail_fr = (
            f"{tail_fr} Elle copie les deux parties de la carte à inversion et, étant elle-même "
            f"{own_fr}, utilise la partie {'inversée' if obj.flipped else 'normale'} ; le "
            "statut n'est pas copié."
        ).strip()
    ctx.emit(
        "copy",
        keys,
        Text(
            en=f"{shown_obj.en} becomes a copy of {shown_src.en}. {tail_en}".strip(),
            fr=f"{shown_obj.fr} devient une copie de {shown_src.fr}. {tail_fr}".strip(),
        ),
        objects=[obj.id, source.id],
    )
