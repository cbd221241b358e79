"""Hideaway: seed 004 (Lorwyn release notes, 502.75 of 2007) / today 702.75 "Hideaway N".

As a hideaway permanent enters, its controller looks at the top N cards of their library
(all of them if fewer), exiles one face down and puts the rest on the bottom: in an order
they choose (Lorwyn) or in a random order (today). The game waits for that choice
(`hideaway_exile`): `MtgGame.hideaway_pending` holds the trigger, and `engine.apply`
refuses every other action but conceding and ending the game until it is made. Priority
isn't modelled, so nothing could happen in between anyway; this keeps the looked-at cards
from moving while only one player knows what they are.

Who may look at the exiled card differs by edition (visibility.hideaway_answers); the
game applies its `hideaway_edition` and the judge is shown both answers.

The permanent's other ability plays the card (`hideaway_play`): activating it puts an
ability on the stack (`MtgGame.abilities`), so control of the permanent can change
before it resolves; `resolve` then plays the card for the player who activated it.
"""

from __future__ import annotations

from app.rules.core.errors import RuleError
from app.rules.core.events import Text
from app.rules.core.words import counted, plural_pair
from app.rules.mtg import characteristics
from app.rules.mtg.actions import HideawayExile, HideawayPlay, HideawayTrigger
from app.rules.mtg.cards import UNTRACKED_CONDITIONS, HideawayCondition
from app.rules.mtg.edition import is_2004
from app.rules.mtg.labels import describe, via_fr
from app.rules.mtg.permanents import on_battlefield, require_phased_in
from app.rules.mtg.printed_pt import known_number
from app.rules.mtg.restrictions import describe as describe_restriction
from app.rules.mtg.restrictions import forbidding
from app.rules.mtg.state import HideawayPending, MtgCtx, MtgGame, MtgObject, StackAbility, Zone
from app.rules.mtg.visibility import face_known_to, hideaway_source

_CONDITION_TEXT: dict[str, tuple[str, str]] = {
    "attacked_with_creatures": (
        "you attacked with {n} or more creatures this turn",
        "vous avez attaqué avec {n:# créature|# créatures} ou plus ce tour-ci",
    ),
    "no_cards_in_hands": ("each player has no cards in hand", "aucun joueur n'a de carte en main"),
    "creatures_total_power": (
        "creatures you control have total power {n} or greater",
        "les créatures que vous contrôlez ont une force totale de {n} ou plus",
    ),
    "library_at_most": (
        "a library has {n} or fewer cards in it",
        "une bibliothèque contient {n:# carte|# cartes} ou moins",
    ),
    "opponent_dealt_damage": (
        "an opponent was dealt {n} or more damage this turn",
        "un adversaire a subi {n:# blessure|# blessures} ou plus ce tour-ci",
    ),
    "creature_power_at_least": (
        "you control a creature with power {n} or greater",
        "vous contrôlez une créature de force {n} ou plus",
    ),
    "creatures_at_least": (
        "you control {n} or more creatures",
        "vous contrôlez {n:# créature|# créatures} ou plus",
    ),
    "graveyard_at_least": (
        "there are {n} or more cards in your graveyard",
        "votre cimetière contient {n:# carte|# cartes} ou plus",
    ),
    "hand_at_least": (
        "you have {n} or more cards in hand",
        "vous avez {n:# carte|# cartes} ou plus en main",
    ),
    "stated": ("its condition holds", "sa condition est remplie"),
}


def condition_text(condition: HideawayCondition | None) -> Text:
    if condition is None:
        return Text(en="", fr="")
    if condition.text:
        return Text(en=condition.text, fr=condition.text_fr or condition.text)
    en, fr = _CONDITION_TEXT[condition.kind]
    n = condition.amount if condition.amount is not None else 0
    # French counts by CLDR's rule: "1 carte ou plus", "2 cartes ou plus".
    return Text(en=counted("en", en, n=n), fr=counted("fr", fr, n=n))


def _creatures_of(state: MtgGame, player: str) -> list[MtgObject]:
    return [
        o
        for o in state.in_zone(Zone.BATTLEFIELD)
        if o.controller == player
        and not o.phased_out
        and characteristics.current(o, state).is_creature()
    ]


def _powers(state: MtgGame, player: str) -> list[int | None]:
    """The powers of the player's creatures; None for one an ability defines ("*": 208.2a,
    604.3), which Facedown doesn't compute and never counts as 0."""
    powers: list[int | None] = []
    for creature in _creatures_of(state, player):
        power = characteristics.current(creature, state).power
        powers.append(0 if power is None else known_number(power))
    return powers


def condition_holds(
    state: MtgGame, condition: HideawayCondition | None, player: str, stated: bool | None
) -> bool | None:
    """Checked as the ability resolves, for the player who controls the ability. None: the
    answer depends on a "*" power (208.2a), which only the players can tell."""
    if condition is None:
        return True
    if condition.kind in UNTRACKED_CONDITIONS:
        return bool(stated)
    n = condition.amount or 0
    if condition.kind == "attacked_with_creatures":
        return state.attackers_this_turn.get(player, 0) >= n
    if condition.kind == "no_cards_in_hands":
        return all(not state.in_zone(Zone.HAND, p) for p in state.player_names())
    if condition.kind == "creatures_total_power":
        powers = _powers(state, player)
        if None in powers:
            return None
        return sum(p for p in powers if p is not None) >= n
    if condition.kind == "library_at_most":
        return any(len(state.in_zone(Zone.LIBRARY, p)) <= n for p in state.player_names())
    if condition.kind == "creature_power_at_least":
        powers = _powers(state, player)
        if any(p is not None and p >= n for p in powers):
            return True
        return None if None in powers else False
    if condition.kind == "creatures_at_least":
        return len(_creatures_of(state, player)) >= n
    if condition.kind == "graveyard_at_least":
        return len(state.in_zone(Zone.GRAVEYARD, player)) >= n
    if condition.kind == "hand_at_least":
        return len(state.in_zone(Zone.HAND, player)) >= n
    return False  # pragma: no cover - every kind is handled above


# --- Entering: enters tapped, and the trigger --------------------------------------------


def entered(ctx: MtgCtx, permanent: MtgObject) -> None:
    """A face-up permanent has just entered the battlefield: "enters tapped" and hideaway.
    (A face-down one has no abilities: 707.3.)"""
    values = characteristics.current(permanent, ctx.state)
    lorwyn = ctx.state.hideaway_edition == "lorwyn"
    if values.hideaway and is_2004(ctx):
        ctx.emit(
            "hideaway_absent",
            ["702.75"],
            Text(
                en="Hideaway did not exist under the January 2004 rules (it came with Lorwyn "
                "in 2007): nothing triggers.",
                fr="La cachette n'existait pas dans les règles de janvier 2004 (elle est "
                "arrivée avec Lorwyn en 2007) : rien ne se déclenche.",
            ),
            objects=[permanent.id],
        )
        return
    if values.enters_tapped or (values.hideaway and lorwyn):
        # Lorwyn's 502.75a: hideaway itself said "enters tapped"; today the card says so.
        permanent.tapped = True
    if values.hideaway:
        _trigger(ctx, permanent, values.hideaway)


def _trigger(ctx: MtgCtx, permanent: MtgObject, n: int) -> None:
    player = permanent.controller
    library = ctx.state.in_zone(Zone.LIBRARY, player)
    shown = describe(ctx.state, permanent, face=True)
    tapped_en = " It enters tapped." if permanent.tapped else ""
    tapped_fr = " Il arrive engagé." if permanent.tapped else ""
    if not library:
        ctx.emit(
            "hideaway_empty",
            ["702.75", "702.75-exile-one"],
            Text(
                en=f"{shown.en}: hideaway triggers, but {player}'s library is empty: there is "
                f"nothing to look at or exile.{tapped_en}",
                fr=f"{shown.fr} : la cachette se déclenche, mais la bibliothèque de {player} "
                f"est vide : rien à regarder ni à exiler.{tapped_fr}",
            ),
            objects=[permanent.id],
        )
        return
    looked = library[:n]
    for card in looked:
        if player not in card.known_to:
            card.known_to.append(player)
    # A trigger that happens again for the same permanent (Panharmonicon, Yarok: its enters
    # trigger twice) exiles one more card with it: every card it exiled stays linked to it
    # (607.2a), each with who may look.
    link = permanent.hideaway_link or ctx.new_id()
    ctx.state.hideaway_pending = HideawayPending(
        player=player,
        source=permanent.id,
        source_name=shown.en,
        source_name_fr=shown.fr,
        looked=tuple(c.id for c in looked),
        link=link,
    )
    left_en, left_fr = plural_pair(
        len(looked),
        (" (only # left, so that one)", " (only # left, so all of them)"),
        (" (il n'en reste que # : celle-là)", " (il n'en reste que # : toutes)"),
    )
    fewer_en, fewer_fr = (left_en, left_fr) if len(looked) < n else ("", "")
    top_en, top_fr = plural_pair(
        len(looked), ("the top card", "the top # cards"), ("la carte", "les # cartes")
    )
    them_en, them_fr = plural_pair(len(looked), ("it", "them"), ("la", "les"))
    names_en = ", ".join(c.card.name for c in looked)
    names_fr = ", ".join(c.card.name_fr or c.card.name for c in looked)
    ctx.emit(
        "hideaway_look",
        ["702.75", "702.75-exile-one"],
        Text(
            en=f"{shown.en} enters under {player}'s control.{tapped_en} Hideaway {n}: {player} "
            f"looks at {top_en} of their library{fewer_en}; only they see {them_en}. They must "
            "exile one face down.",
            fr=f"{shown.fr} arrive sous le contrôle de {player}.{tapped_fr} Cachette {n} : "
            f"{player} regarde {top_fr} du dessus de sa bibliothèque"
            f"{fewer_fr} ; lui seul {them_fr} voit. Il doit en exiler une face cachée.",
        ),
        private=Text(en=f"Top first: {names_en}.", fr=f"Du dessus : {names_fr}."),
        private_to=[player],
        objects=[permanent.id],
    )


# --- The choice ------------------------------------------------------------------------


def hideaway_exile(ctx: MtgCtx, action: HideawayExile) -> None:
    pending = ctx.state.hideaway_pending
    if pending is None:
        raise RuleError(
            ["702.75"],
            "No hideaway ability is waiting for a choice.",
            "Aucune capacité de cachette n'attend de choix.",
        )
    player = pending.player
    ctx.acting_as(
        player,
        ["702.75"],
        f"Only {player} chooses the card to hide: they looked at the cards.",
        f"Seul {player} choisit la carte à cacher : c'est lui qui a regardé les cartes.",
    )
    looked = list(pending.looked)
    if action.object not in looked:
        raise RuleError(
            ["702.75-exile-one"],
            "Choose one of the cards you looked at.",
            "Choisissez une des cartes que vous avez regardées.",
        )
    rest = [i for i in looked if i != action.object]
    lorwyn = ctx.state.hideaway_edition == "lorwyn"
    if action.bottom_order is not None and sorted(action.bottom_order) != sorted(rest):
        raise RuleError(
            ["702.75-bottom-order"],
            "List every other card you looked at exactly once, in the order they go to the "
            "bottom (top first).",
            "Indiquez chacune des autres cartes regardées une seule fois, dans l'ordre où "
            "elles vont au-dessous (de haut en bas).",
        )
    if lorwyn:
        order = list(action.bottom_order) if action.bottom_order is not None else rest
        how_en, how_fr = "in an order they chose", "dans l'ordre de son choix"
    elif action.bottom_order is not None and ctx.actor is None:
        # A judge rebuilding a real table sets the order its shuffle gave (and an exported
        # game replays the same way under any seed).
        order = list(action.bottom_order)
        how_en = "in a random order (as the judge recorded it)"
        how_fr = "dans un ordre aléatoire (tel que noté par l'arbitre)"
    else:
        order = ctx.shuffled(rest)
        how_en, how_fr = "in a random order", "dans un ordre aléatoire"
        if action.bottom_order is not None:
            how_en += " (today's 702.75a: the order asked for is not used)"
            how_fr += " (702.75a actuelle : l'ordre demandé n'est pas utilisé)"
    state = ctx.state
    chosen = state.get(action.object)
    assert chosen is not None  # looked ids are library cards until this resolves
    hidden_name = Text(en=chosen.card.name, fr=chosen.card.name_fr or chosen.card.name)
    exiled = ctx.relocate(chosen, Zone.EXILE, face_down=True)
    exiled.hideaway_link = pending.link
    exiled.known_to = [player]
    # New objects (400.7) are made in the order looked at, whatever the bottom order, so
    # ids never depend on the shuffle; positions follow the bottom order.
    moved = {object_id: state.get(object_id) for object_id in rest}
    new_objects = {}
    for object_id in rest:
        card = moved[object_id]
        assert card is not None
        new_objects[object_id] = ctx.relocate(card, Zone.LIBRARY)
    positions = sorted(o.position for o in new_objects.values())
    bottom_names: list[Text] = []
    for object_id, position in zip(order, positions, strict=True):
        new = new_objects[object_id]
        new.position = position
        # They know which card is where only if they chose the order.
        new.known_to = [player] if lorwyn else []
        bottom_names.append(Text(en=new.card.name, fr=new.card.name_fr or new.card.name))
    source = state.get(pending.source)
    if source is not None and source.zone == Zone.BATTLEFIELD:
        source.hideaway_link = pending.link
    state.hideaway_pending = None
    rule = "702.75-bottom-order"
    if order:
        rest_en, rest_fr = plural_pair(
            len(order),
            (" and puts the other one on the bottom of their library",
             " and puts the other # on the bottom of their library"),
            (" et met l'autre au-dessous de sa bibliothèque",
             " et met les # autres au-dessous de sa bibliothèque"),
        )  # fmt: skip
        # The order of one card is no news: "in a random order" only for two or more.
        if len(order) > 1:
            rest_en, rest_fr = f"{rest_en} {how_en}", f"{rest_fr} {how_fr}"
    else:
        rest_en, rest_fr = (
            "; no other card goes to the bottom",
            " ; aucune autre carte ne va au-dessous",
        )
    ctx.emit(
        "hideaway_exile",
        ["702.75", rule, "702.75-look" if not lorwyn else "702.75-lorwyn-look"],
        Text(
            en=f"{player} exiles a card face down with {pending.source_name}{rest_en}.",
            fr=f"{player} exile une carte face cachée avec {pending.source_name_fr}{rest_fr}.",
        ),
        private=Text(
            en=f"The hidden card is {hidden_name.en}"
            + (f"; to the bottom: {', '.join(t.en for t in bottom_names)}." if lorwyn else "."),
            fr=f"La carte cachée est {hidden_name.fr}"
            + (f" ; au-dessous : {', '.join(t.fr for t in bottom_names)}." if lorwyn else "."),
        ),
        private_to=[player],
        objects=[exiled.id],
    )


# --- Control changes: who may look --------------------------------------------------------


def control_changed(ctx: MtgCtx, permanent: MtgObject, before: str, new_controller: str) -> None:
    """The new controller of a hideaway permanent may look at the card it hid (both
    editions); today, 406.3 keeps every earlier controller able to look too."""
    if before not in permanent.controllers:
        permanent.controllers.insert(0, before)
    if new_controller not in permanent.controllers:
        permanent.controllers.append(new_controller)
    if permanent.hideaway_link is None:
        return
    for obj in ctx.state.objects:
        if (
            obj.zone == Zone.EXILE
            and obj.face_down
            and obj.hideaway_link == permanent.hideaway_link
        ):
            if new_controller not in obj.known_to:
                obj.known_to.append(new_controller)
            ctx.emit(
                "hideaway_look_right",
                ["702.75-look", "702.75-lorwyn-look", "406.3"],
                Text(
                    en=f"{new_controller} now controls the hideaway permanent and may look at "
                    "the card it hid; earlier controllers may still look at it too.",
                    fr=f"{new_controller} contrôle maintenant le permanent à cachette et peut "
                    "regarder la carte qu'il a cachée ; les contrôleurs précédents aussi.",
                ),
                private=Text(
                    en=f"The hidden card is {obj.card.name}.",
                    fr=f"La carte cachée est {obj.card.name_fr or obj.card.name}.",
                ),
                private_to=[new_controller],
                objects=[obj.id],
            )


# --- Playing the hidden card -----------------------------------------------------------


def hidden_cards(state: MtgGame, link: str | None) -> list[MtgObject]:
    """The cards a hideaway permanent exiled and still holds, in the order they were hidden
    (one per time its ability triggered)."""
    if link is None:
        return []
    return sorted(
        (o for o in state.in_zone(Zone.EXILE) if o.face_down and o.hideaway_link == link),
        key=lambda o: o.position,
    )


def hideaway_trigger(ctx: MtgCtx, action: HideawayTrigger) -> None:
    """The hideaway ability triggers once more for the same permanent (an effect makes its
    enters trigger happen twice: Panharmonicon, Yarok the Desecrated): one more card is
    exiled face down with it, linked to it like the first."""
    source = on_battlefield(ctx, action.source)
    values = characteristics.current(source, ctx.state)
    if not values.hideaway:
        raise RuleError(
            ["702.75"],
            "That permanent has no hideaway ability.",
            "Ce permanent n'a pas la capacité de cachette.",
        )
    ctx.require_controller(
        source, ["702.75"], Text(en="have its ability trigger", fr="faire déclencher sa capacité")
    )
    if is_2004(ctx):
        raise RuleError(
            ["702.75"],
            "Hideaway did not exist under the January 2004 rules.",
            "La cachette n'existait pas dans les règles de janvier 2004.",
        )
    _trigger(ctx, source, values.hideaway)


def _chosen_card(ctx: MtgCtx, source: MtgObject, card: str | None) -> str | None:
    """With more than one hidden card, its player says which one the ability plays."""
    cards = hidden_cards(ctx.state, source.hideaway_link)
    if card is not None:
        if card not in {c.id for c in cards}:
            raise RuleError(
                ["702.75-linked"],
                "That is not a card this permanent hid.",
                "Ce n'est pas une carte que ce permanent a mise en cachette.",
            )
        return card
    if len(cards) > 1:
        raise RuleError(
            ["702.75-linked"],
            f"This permanent hid {len(cards)} cards: say which one to play (card).",
            f"Ce permanent a mis {len(cards)} cartes en cachette : indiquez laquelle jouer (card).",
        )
    return None


def hideaway_play(ctx: MtgCtx, action: HideawayPlay) -> None:
    """Activate (or, for a triggered one, put on the stack) the ability that plays the card
    this permanent hid. Its cost: {T} when the ability says so (mana is shown only)."""
    source = on_battlefield(ctx, action.source)
    values = characteristics.current(source, ctx.state)
    ability = values.hideaway_ability
    if ability is None or not values.hideaway:
        raise RuleError(
            ["702.75"],
            "That permanent has no ability that plays a hidden card.",
            "Ce permanent n'a pas de capacité qui joue une carte cachée.",
        )
    ctx.require_controller(
        source,
        ["702.75", "602.2"],
        Text(en="activate its abilities", fr="activer ses capacités"),
    )
    player = ctx.acting_for(source.controller)
    require_phased_in(source)
    chosen = _chosen_card(ctx, source, action.card)
    if action.via is not None:
        raise RuleError(
            ["702.75-no-alt-costs"],
            f"A card played without paying its mana cost can't be played for an alternative "
            f"cost such as {action.via}: it is played face up or not at all (additional costs "
            "may still be paid).",
            f"Une carte jouée sans payer son coût de mana ne peut pas l'être pour un coût "
            f"alternatif comme {via_fr(action.via)} : elle est jouée face visible ou pas du tout (les "
            "coûts supplémentaires peuvent être payés).",
        )
    condition = ability.condition
    untracked = condition is not None and condition.kind in UNTRACKED_CONDITIONS
    if untracked and action.condition_met is None:
        text = condition_text(condition)
        raise RuleError(
            ["702.75-cant-play"],
            f"Facedown doesn't track whether {text.en}: say so with condition_met (true or false).",
            f"Facedown ne suit pas si {text.fr} : indiquez-le avec condition_met (true ou false).",
        )
    if action.condition_met is None and condition_holds(ctx.state, condition, player, None) is None:
        text = condition_text(condition)
        raise RuleError(
            ["702.75-cant-play", "208.2a"],
            f"Whether {text.en} depends on a power an ability defines (“*”), which Facedown "
            "doesn't compute: say whether it holds with condition_met (true or false).",
            f"Savoir si {text.fr} dépend d'une force définie par une capacité (« * »), que "
            "Facedown ne calcule pas : indiquez-le avec condition_met (true ou false).",
        )
    if ability.tap:
        if source.tapped:
            raise RuleError(
                ["107.5"],
                "{T} is part of the cost and this permanent is already tapped.",
                "{T} fait partie du coût et ce permanent est déjà engagé.",
            )
        source.tapped = True
    shown = describe(ctx.state, source, face=True)
    cost = ", ".join(c for c in (ability.cost, "{T}" if ability.tap else None) if c)
    how_en = (
        f"activates {shown.en} ({cost})"
        if ability.trigger is None
        else (f"lets {shown.en}'s ability resolve ({ability.trigger})")
    )
    how_fr = (
        f"active {shown.fr} ({cost})"
        if ability.trigger is None
        else (f"laisse la capacité de {shown.fr} se résoudre ({ability.trigger})")
    )
    stacked = StackAbility(
        id=ctx.new_id(),
        source=source.id,
        source_name=shown.en,
        source_name_fr=shown.fr,
        controller=player,
        link=source.hideaway_link,
        position=ctx.next_position(),
        condition=condition,
        condition_met=action.condition_met,
        card=chosen,
    )
    ctx.state.abilities.append(stacked)
    cond = condition_text(condition)
    ctx.emit(
        "hideaway_activate",
        ["702.75", "702.75-linked", "702.75-play-timing"],
        Text(
            en=f"{player} {how_en}: as it resolves, they may play the hidden card without "
            "paying its mana cost" + (f" if {cond.en}" if cond.en else "") + ".",
            fr=f"{player} {how_fr} : à la résolution, il pourra jouer la carte cachée sans "
            "payer son coût de mana" + (f" si {cond.fr}" if cond.fr else "") + ".",
        ),
        objects=[source.id],
    )


def not_played_rules(state: MtgGame, ability: StackAbility, card: MtgObject) -> list[str]:
    """The public rules of the ability's outcome: the same whether its player declined or
    chose to play a card that can't be played now (the others can't tell the two apart)."""
    keys = ["702.75-play-timing", "702.75-who-plays"]
    source = hideaway_source(state, card)
    if source is not None and source.controller != ability.controller:
        keys.append("702.75-lose-control")
    return keys


def not_played(name_en: str, name_fr: str, player: str) -> Text:
    return Text(
        en=f"{name_en}'s ability resolves: {player} doesn't play the hidden card, which stays "
        "exiled face down (it can be tried again later).",
        fr=f"La capacité de {name_fr} se résout : {player} ne joue pas la carte cachée, qui reste "
        "exilée face cachée (on pourra réessayer plus tard).",
    )


def _cannot_play(
    ctx: MtgCtx,
    ability: StackAbility,
    card: MtgObject,
    keys: list[str],
    rules: list[str],
    why: Text,
) -> None:
    """A hidden card its player may play (702.75) that can't be played now: to the others it
    reads exactly as one its player chose not to play; whoever may look at it reads which card
    it is and why (`why`, after its name; `rules`, the rules that say so)."""
    name = card.card.shown_name()
    ctx.emit(
        "hideaway_not_played",
        keys,
        not_played(ability.source_name, ability.source_name_fr, ability.controller),
        private_rules=rules,
        private=Text(en=f"It is {name.en}{why.en}", fr=f"C'est {name.fr}{why.fr}"),
        private_to=sorted(face_known_to(ctx.state, card)[0]),
        objects=[card.id],
    )


def _hidden_card(state: MtgGame, ability: StackAbility) -> MtgObject | None:
    """The card this ability plays, if it is still exiled face down (702.75): the one its
    player chose when the permanent hid more than one."""
    linked = hidden_cards(state, ability.link)
    if ability.card is not None:
        linked = [o for o in linked if o.id == ability.card]
    return linked[0] if linked else None


def _nothing_to_choose(ctx: MtgCtx, ability: StackAbility, card: MtgObject | None) -> bool:
    """What anyone can tell without the hidden card's face ends the ability: the card left
    exile, or the condition doesn't hold (both public). True when it ended so."""
    name_en, name_fr = ability.source_name, ability.source_name_fr
    if card is None:
        ctx.state.abilities.remove(ability)
        ctx.emit(
            "hideaway_nothing",
            ["702.75-left-exile"],
            Text(
                en=f"{name_en}'s ability resolves, but the card it hid is no longer in exile "
                "(or there is none): the ability does nothing.",
                fr=f"La capacité de {name_fr} se résout, mais la carte cachée n'est plus en exil "
                "(ou il n'y en a pas) : la capacité ne fait rien.",
            ),
        )
        return True
    condition = ability.condition
    holds = condition_holds(ctx.state, condition, ability.controller, ability.condition_met)
    unknown = holds is None and ability.condition_met is None
    if holds is None:
        # 208.2a: a "*" power decides it; the player said at activation whether it holds.
        holds = bool(ability.condition_met)
    if holds:
        return False
    ctx.state.abilities.remove(ability)
    cond = condition_text(condition)
    why_en = (
        " Whether it holds depends on a power an ability defines (“*”), which Facedown "
        "doesn't compute, and nobody said it holds."
        if unknown
        else ""
    )
    why_fr = (
        " Cela dépend d'une force définie par une capacité (« * »), que Facedown ne "
        "calcule pas, et personne n'a dit qu'elle était remplie."
        if unknown
        else ""
    )
    ctx.emit(
        "hideaway_cant_play",
        ["702.75-cant-play", "208.2a"] if unknown else ["702.75-cant-play"],
        Text(
            en=f"{name_en}'s ability resolves, but its condition is not met (“{cond.en}”): "
            f"nothing happens and the card stays exiled face down (it can be tried again "
            f"later).{why_en}",
            fr=f"La capacité de {name_fr} se résout, mais sa condition n'est pas remplie "
            f"(« {cond.fr} ») : rien ne se passe, la carte reste exilée face cachée (on "
            f"pourra réessayer plus tard).{why_fr}",
        ),
        objects=[card.id],
    )
    return True


def resolve_ability(ctx: MtgCtx, ability: StackAbility) -> None:
    """The ability resolves. Whether its player plays the hidden card is theirs to say
    (702.75 "you may play", 608.2d): whoever resolved it, the ability waits for that choice
    (hideaway_accept / hideaway_decline), told the same way whatever the card is, so that
    nobody learns from the resolution whether it could have been played."""
    card = _hidden_card(ctx.state, ability)
    if _nothing_to_choose(ctx, ability, card):
        return
    assert card is not None  # _nothing_to_choose ended the ability otherwise
    index = ctx.state.abilities.index(ability)
    ctx.state.abilities[index] = ability.model_copy(update={"choosing": True})
    player = ability.controller
    ctx.emit(
        "hideaway_choosing",
        ["702.75-play-timing", "702.75-who-plays", "608.2d"],
        Text(
            en=f"{ability.source_name}'s ability resolves: {player} may play the hidden card "
            "without paying its mana cost. The game waits for their choice.",
            fr=f"La capacité de {ability.source_name_fr} se résout : {player} peut jouer la "
            "carte cachée sans payer son coût de mana. La partie attend son choix.",
        ),
        objects=[card.id],
    )


def choosing_ability(state: MtgGame) -> StackAbility | None:
    """The hideaway ability waiting for its player's choice, if any (the game waits)."""
    return next((a for a in state.abilities if a.choosing), None)


def play_hidden(ctx: MtgCtx, ability: StackAbility) -> None:
    """Its player chose to play the hidden card: cast it, or play it if it is a land that
    can be played now; a land that can't reads, to the others, as a card not played."""
    state = ctx.state
    card = _hidden_card(state, ability)
    if not ability.choosing and _nothing_to_choose(ctx, ability, card):
        return
    assert card is not None  # nothing happens while the choice waits (moves.check)
    state.abilities.remove(ability)
    player = ability.controller
    name_en, name_fr = ability.source_name, ability.source_name_fr
    keys = not_played_rules(state, ability, card)
    hidden = card.card
    if hidden.is_type("Land"):
        if state.active_player != player or state.land_plays.get(player, 0) >= 1:
            why_en = (
                "it isn't their turn"
                if state.active_player != player
                else "they already played a land this turn"
            )
            why_fr = (
                "ce n'est pas son tour"
                if state.active_player != player
                else "il a déjà joué un terrain ce tour-ci"
            )
            # A land would otherwise be told apart from a card its player chose not to play.
            why = Text(
                en=f", a land: it can be played only on {player}'s own turn with a land play "
                f"left, and {why_en}.",
                fr=f", un terrain : il ne se joue que pendant le tour de {player}, s'il lui "
                f"reste un terrain à jouer, et {why_fr}.",
            )
            _cannot_play(ctx, ability, card, keys, ["702.75-play-land", "702.75-cant-play"], why)
            return
        state.land_plays[player] = state.land_plays.get(player, 0) + 1
        land = ctx.relocate(card, Zone.BATTLEFIELD, controller=player)
        ctx.emit(
            "hideaway_play",
            [*keys, "702.75-play-land", "305.2"],
            Text(
                en=f"{player} plays {hidden.name} from exile with {name_en}'s ability, without "
                "paying its mana cost; it counts as their land for the turn.",
                fr=f"{player} joue {hidden.name_fr or hidden.name} depuis l'exil grâce à "
                f"{name_fr}, sans payer son coût de mana ; c'est son terrain du tour.",
            ),
            objects=[land.id],
        )
        entered(ctx, land)
        return
    restriction = forbidding(state, player, card, face_down=False)
    if restriction is not None:
        # 601.3: a restriction (Void Winnower) stops the cast; told to the others exactly as
        # a card not played, or its mana value's parity would show.
        said = describe_restriction(restriction)
        why = Text(
            en=f": it can't be cast. {said.en}", fr=f" : il ne peut pas être lancé. {said.fr}"
        )
        _cannot_play(ctx, ability, card, keys, ["601.3", "202.3"], why)
        return
    spell = ctx.relocate(card, Zone.STACK, controller=player)
    ctx.emit(
        "hideaway_play",
        [*keys, "702.75-no-alt-costs"],
        Text(
            en=f"{player} casts {hidden.name} from exile with {name_en}'s ability, without "
            "paying its mana cost (timing restrictions of its card type are ignored; others, "
            'such as "only during combat", still apply).',
            fr=f"{player} lance {hidden.name_fr or hidden.name} depuis l'exil grâce à "
            f"{name_fr}, sans payer son coût de mana (les restrictions de moment liées à son "
            "type sont ignorées ; les autres, comme « seulement pendant le combat », "
            "s'appliquent).",
        ),
        objects=[spell.id],
    )
