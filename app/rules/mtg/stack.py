"""Casting, resolving and countering spells (601, 608, 701.6) and playing lands (305)."""

from __future__ import annotations

from app.rules.core.actions import Resolve
from app.rules.core.errors import RuleError
from app.rules.core.events import Text
from app.rules.core.judge import name_for
from app.rules.core.timing import OffTiming, refuse_seat_off_timing, say_off_timing
from app.rules.mtg.actions import Cast, Counter, HideawayAccept, HideawayDecline, PlayLand
from app.rules.mtg.enters import announce_enters
from app.rules.mtg.face_down import mark_entered
from app.rules.mtg.hideaway import (
    entered,
    not_played,
    not_played_rules,
    play_hidden,
    resolve_ability,
)
from app.rules.mtg.labels import public_label, short_label
from app.rules.mtg.name_bans import refuse_banned_cast
from app.rules.mtg.permissions import CAST_FROM, origin_text, source_of_cast, use
from app.rules.mtg.restrictions import refuse_restricted_cast
from app.rules.mtg.state import MtgCtx, MtgObject, StackAbility, Zone
from app.rules.mtg.timing import cast_timing, land_timing
from app.rules.mtg.triggers import require_targets, resolve_trigger
from app.rules.mtg.zones import leave


def cast(ctx: MtgCtx, action: Cast) -> None:
    """601.2: from its owner's hand, or from wherever an effect lets the caster (601.3:
    Gonti's exile, Cemetery Illuminator's top of the library, a graveyard). A card exiled
    face down is turned face up just before it is cast (406.3a)."""
    obj = ctx.find(action.object)
    if obj.zone not in CAST_FROM:
        raise RuleError(
            ["601.2"],
            "That card is not in a hand.",
            "Cette carte n'est pas dans une main.",
        )
    caster, perm = source_of_cast(ctx, obj, "cast", "601.2")
    if obj.card.is_type("Land"):
        raise RuleError(
            ["305.1"],
            "A land is played, not cast: use play_land.",
            "Un terrain se joue, il ne se lance pas : utilisez play_land.",
        )
    refuse_banned_cast(ctx, obj, caster)  # Reflector Mage (601.3, 201.2a)
    refuse_restricted_cast(ctx, obj, caster, face_down=False)  # Void Winnower (601.3)
    # 117.1a: its type's timing, wherever it is cast from (a foretold card's too).
    off = refuse_seat_off_timing(ctx, cast_timing(ctx.state, obj.card, caster, face_down=False))
    hidden_before = obj.face_down
    label = public_label(ctx.state, obj) if hidden_before else None
    foretold = obj.exiled is not None and obj.exiled.via == "foretell"
    origin = origin_text(obj, perm)
    if perm is not None:
        use(ctx, perm)
    spell = ctx.relocate(obj, Zone.STACK, controller=caster)
    spell.was_foretold = foretold  # 702.143c, whatever it was cast for
    up = (
        Text(en=f"turns {label.en} face up and ", fr=f"retourne {label.fr} face visible et ")
        if label is not None
        else _NOTHING
    )
    keys = ["601.2"]
    if perm is not None:
        keys.append("601.3")
    if label is not None:
        keys.append("406.3a")
    say_cast(ctx, "cast", keys, caster, spell, up, origin, off)


_NOTHING = Text(en="", fr="")


def say_cast(
    ctx: MtgCtx,
    kind: str,
    keys: list[str],
    caster: str,
    spell: MtgObject,
    up: Text,
    how: Text,
    off: OffTiming | None,
) -> None:
    """The log line of a spell cast, wherever from (601.2): `up`, how it was turned face up
    first (406.3a), if it was; `how`, where from or for what cost; then any off-timing
    warning for the judge."""
    name = spell.card.shown_name()
    ctx.emit(
        kind,
        keys,
        Text(
            en=f"{caster} {up.en}casts {name.en}{how.en}.",
            fr=f"{caster} {up.fr}lance {name.fr}{how.fr}.",
        ),
        objects=[spell.id],
    )
    say_off_timing(ctx, off)


def play_land(ctx: MtgCtx, action: PlayLand) -> None:
    obj = ctx.find(action.object)
    if obj.zone not in CAST_FROM:
        raise RuleError(
            ["305.1"],
            "That card is not in a hand.",
            "Cette carte n'est pas dans une main.",
        )
    player, perm = source_of_cast(ctx, obj, "play_land", "305.1")
    if not obj.card.is_type("Land"):
        raise RuleError(
            ["305.1"], "Only a land can be played this way.", "Seul un terrain se joue ainsi."
        )
    state = ctx.state
    off = refuse_seat_off_timing(ctx, land_timing(state, player))  # 305.1, 305.2
    state.land_plays[player] = state.land_plays.get(player, 0) + 1
    origin = origin_text(obj, perm)
    if perm is not None:
        use(ctx, perm)
    land = ctx.relocate(obj, Zone.BATTLEFIELD, controller=player)
    ctx.emit(
        "play_land",
        ["305.1", "305.2", *(["601.3"] if perm is not None else [])],
        Text(
            en=f"{player} plays {land.card.name}{origin.en}.",
            fr=f"{player} joue {land.card.name_fr or land.card.name}{origin.fr}.",
        ),
        objects=[land.id],
    )
    say_off_timing(ctx, off)
    entered(ctx, land)
    announce_enters(ctx, land)


def top_of_stack(ctx: MtgCtx) -> MtgObject | StackAbility:
    """The last spell or ability put on the stack."""
    items: list[MtgObject | StackAbility] = [*ctx.state.in_zone(Zone.STACK), *ctx.state.abilities]
    if not items:
        raise RuleError(["608.1"], "The stack is empty.", "La pile est vide.")
    return max(items, key=lambda item: item.position)


def may_resolve(ctx: MtgCtx, action: Resolve) -> None:
    """608.1: the top of the stack resolves, if there is one; a triggered ability once its
    targets are chosen (603.3d)."""
    top = top_of_stack(ctx)
    if isinstance(top, StackAbility) and top.kind == "triggered":
        require_targets(top)


def resolve(ctx: MtgCtx, action: Resolve) -> None:
    may_resolve(ctx, action)
    spell = top_of_stack(ctx)
    if isinstance(spell, StackAbility):
        if spell.kind == "triggered":
            resolve_trigger(ctx, spell)
        else:
            resolve_ability(ctx, spell)
        return
    if spell.face_down:
        # A face-down spell becomes a face-down permanent (707.2): it has no name, no
        # text, so nothing of its face applies on the way in.
        label = short_label(ctx.state, spell)  # the full label comes once, after the colon
        via, order = spell.face_down_via, spell.cast_order
        permanent = ctx.relocate(
            spell, Zone.BATTLEFIELD, controller=spell.controller, face_down=True
        )
        permanent.face_down_via = via
        permanent.cast_order = order
        mark_entered(ctx, permanent)
        after = public_label(ctx.state, permanent)
        ctx.emit(
            "resolve",
            ["608.3", "707.2", "707.3"],
            Text(
                en=f"{label.en} resolves and enters the battlefield face down: {after.en}.",
                fr=f"{label.fr} se résout et arrive face cachée : {after.fr}.",
            ),
            **name_for(permanent, {permanent.controller}),
            objects=[permanent.id],
        )
        return
    if spell.card.is_permanent_card:
        permanent = ctx.relocate(spell, Zone.BATTLEFIELD, controller=spell.controller)
        ctx.emit(
            "resolve",
            ["608.3"],
            Text(
                en=f"{spell.card.name} resolves and enters the battlefield.",
                fr=f"{spell.card.name_fr or spell.card.name} se résout et arrive sur le champ "
                "de bataille.",
            ),
            objects=[permanent.id],
        )
        entered(ctx, permanent)
        # Its "enters" text by its kind: a trigger goes on the stack, a replacement (614.1c)
        # never triggers.
        announce_enters(ctx, permanent)
        return
    leave(ctx, spell, Zone.GRAVEYARD, cause=" after resolving")


def counter(ctx: MtgCtx, action: Counter) -> None:
    """701.6: a countered spell goes to its owner's graveyard; a face-down one is
    revealed as it leaves the stack (707.9)."""
    spell = ctx.find(action.object)
    if spell.zone != Zone.STACK:
        raise RuleError(
            ["701.6"],
            "Only a spell on the stack can be countered.",
            "Seul un sort peut être contré.",
        )
    leave(ctx, spell, Zone.GRAVEYARD, cause=" (countered)")


def _choosing_player(ctx: MtgCtx, ability_id: str | None) -> StackAbility:
    """The hideaway ability on top of the stack, which only its controller (or the judge
    as them) answers: 702.75 "you may play" is theirs (608.2d)."""
    ability = top_of_stack(ctx)
    if (
        not isinstance(ability, StackAbility)
        or ability_id not in (None, ability.id)
        or ability.kind != "hideaway_play"
    ):
        raise RuleError(
            ["608.1"],
            "That ability isn't on top of the stack: only the top of the stack resolves.",
            "Cette capacité n'est pas au-dessus de la pile : seul le haut de la pile se résout.",
        )
    ctx.acting_as(
        ability.controller,
        ["702.75-who-plays", "608.2d"],
        f"Only {ability.controller}, who activated it, chooses whether to play the card.",
        f"Seul {ability.controller}, qui l'a activée, choisit de jouer la carte ou non.",
    )
    return ability


def may_choose_to_play(ctx: MtgCtx, action: HideawayAccept | HideawayDecline) -> None:
    """Whether the hideaway ability's player may answer it now: the precondition of both
    answers, which their handlers check first (`_choosing_player`); nothing after refuses (a
    card that can't be played now stays exiled, told as not played)."""
    _choosing_player(ctx, action.ability)


def accept(ctx: MtgCtx, action: HideawayAccept) -> None:
    """702.75: the player plays the hidden card as the ability resolves (or it resolves now
    with that choice)."""
    play_hidden(ctx, _choosing_player(ctx, action.ability))


def decline(ctx: MtgCtx, action: HideawayDecline) -> None:
    """702.75: the player *may* play the hidden card as the ability resolves; they choose not
    to. The ability leaves the stack and the card stays exiled face down."""
    ability = _choosing_player(ctx, action.ability)
    ctx.state.abilities.remove(ability)
    hidden = [
        o
        for o in ctx.state.in_zone(Zone.EXILE)
        if ability.link is not None and o.face_down and o.hideaway_link == ability.link
    ]
    ctx.emit(
        "hideaway_not_played",
        not_played_rules(ctx.state, ability, hidden[0])
        if hidden
        else ["702.75-play-timing", "702.75-who-plays"],
        not_played(ability.source_name, ability.source_name_fr, ability.controller),
        objects=[o.id for o in hidden],
    )
