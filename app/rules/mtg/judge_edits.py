"""The judge edits a Magic table (issue 15): add a card anywhere, move anything anywhere and
set its status, remove a card, set a life total. No game rule does this: the judge rebuilds a
situation to judge it, or corrects a table. Each edit is one logged event whose public text
names only what every seat may see, with the card's name as a private detail for whoever may
see its face (and the judge), so time travel and rulings show how the table was built and
nothing leaks.

A zone change makes a new object with a new id (400.7), and so does turning face down (DESIGN
invariant 3), exactly as in play; a card is put face down the way setup does it
(face_down.mark_entered: the public order of face-down permanents, 707.6)."""

from __future__ import annotations

from typing import Any

from app.rules.core.context import Ctx
from app.rules.core.errors import RuleError
from app.rules.core.events import Text
from app.rules.core.family import Move
from app.rules.core.judge import (
    JudgeRemove,
    joined,
    name_for,
    ordinal_from_top,
    put_at,
    remove_from_game,
    require_judge,
)
from app.rules.mtg import characteristics, look_back
from app.rules.mtg.edition import is_2004
from app.rules.mtg.face_down import mark_entered
from app.rules.mtg.hideaway import control_changed
from app.rules.mtg.judge_actions import (
    Counters,
    JudgeAddCard,
    JudgeMove,
    JudgeSetLife,
)
from app.rules.mtg.labels import describe, public_label
from app.rules.mtg.state import FaceDownVia, MtgObject, Zone
from app.rules.mtg.visibility import face_known_to

RULE = "judge.edit"
_IN_PLAY = (Zone.BATTLEFIELD, Zone.STACK, Zone.PHASED_OUT)
_ON_TABLE = (Zone.BATTLEFIELD, Zone.PHASED_OUT)
_HIDDEN_ZONES = (Zone.HAND, Zone.LIBRARY)
# Where a card may be face down: a spell, a permanent, a card exiled face down (406.3).
_FACE_DOWN_ZONES = (Zone.BATTLEFIELD, Zone.STACK, Zone.EXILE, Zone.PHASED_OUT)
# 707.4: the ways a spell is cast face down.
_SPELL_VIAS = ("morph", "megamorph", "disguise")


# --- how the log names things -------------------------------------------------------------


def _is_hidden(obj: MtgObject) -> bool:
    return obj.zone in _HIDDEN_ZONES or obj.face_down


def _shown(ctx: Ctx, obj: MtgObject) -> Text:
    """The object as every seat may name it: never a hidden card's name."""
    if obj.zone == Zone.HAND:
        return Text(en=f"a card in {obj.owner}'s hand", fr=f"une carte de la main de {obj.owner}")
    if obj.zone == Zone.LIBRARY:
        return Text(
            en=f"a card in {obj.owner}'s library",
            fr=f"une carte de la bibliothèque de {obj.owner}",
        )
    if obj.face_down:
        return public_label(ctx.state, obj)
    name = describe(ctx.state, obj, face=True)
    if obj.is_token:
        return Text(en=f"the token {name.en}", fr=f"le jeton {name.fr}")
    return name


def _where(ctx: Ctx, obj: MtgObject) -> Text:
    """Where the object is now, as a destination."""
    who, owner = obj.controller, obj.owner
    if obj.zone in _ON_TABLE:
        return Text(
            en=f"onto the battlefield under {who}'s control",
            fr=f"sur le champ de bataille sous le contrôle de {who}",
        )
    if obj.zone == Zone.STACK:
        return Text(en=f"on the stack under {who}'s control", fr=f"sur la pile ({who})")
    if obj.zone == Zone.LIBRARY:
        index = [o.id for o in ctx.state.in_zone(Zone.LIBRARY, owner)].index(obj.id)
        en, fr = ordinal_from_top(index)
        return Text(en=f"into {owner}'s library, {en}", fr=f"dans la bibliothèque de {owner}, {fr}")
    if obj.zone == Zone.HAND:
        return Text(en=f"into {owner}'s hand", fr=f"dans la main de {owner}")
    if obj.zone == Zone.GRAVEYARD:
        return Text(en=f"into {owner}'s graveyard", fr=f"dans le cimetière de {owner}")
    down = (" face down", " face cachée") if obj.face_down else ("", "")
    return Text(en=f"into exile{down[0]} ({owner}'s)", fr=f"en exil{down[1]} (à {owner})")


def _counters_text(counters: Counters) -> Text:
    if not counters:
        return Text(en="no counters", fr="aucun marqueur")
    shown = ", ".join(f"{n} {kind}" for kind, n in sorted(counters.items()))
    return Text(en=f"counters: {shown}", fr=f"marqueurs : {shown}")


def _event_objects(obj: MtgObject) -> list[str]:
    """An id every seat may be given: not one in a hand or a library."""
    return [] if obj.zone in _HIDDEN_ZONES else [obj.id]


# --- checks --------------------------------------------------------------------------------


def _refuse(rules: list[str], en: str, fr: str) -> RuleError:
    return RuleError(rules, en, fr)


def _check_face_down(zone: Zone, via: FaceDownVia | None) -> None:
    if via is None:
        return
    if zone not in _FACE_DOWN_ZONES:
        raise _refuse(
            ["707.1"],
            "Only a spell, a permanent or an exiled card can be face down.",
            "Seuls un sort, un permanent ou une carte exilée peuvent être face cachée.",
        )
    if zone == Zone.STACK and via not in _SPELL_VIAS:
        raise _refuse(
            ["707.4"],
            "A spell is face down only when cast with morph, megamorph or disguise.",
            "Un sort n'est face cachée que lancé avec la mue, megamorph ou le déguisement.",
        )


def _controller(ctx: Ctx, zone: Zone, asked: str | None, default: str, owner: str) -> str:
    """110.2: only a spell or a permanent has a controller other than its owner."""
    if asked is None:
        return default if zone in _IN_PLAY else owner
    player = ctx.player(asked)
    if zone not in _IN_PLAY and player != owner:
        raise _refuse(
            ["110.2"],
            "Only a spell or a permanent can be controlled by a player other than its owner.",
            "Seuls un sort ou un permanent peuvent être contrôlés par un autre joueur que leur "
            "propriétaire.",
        )
    return player


def _check_position(zone: Zone, position: int | None) -> None:
    if position is not None and zone != Zone.LIBRARY:
        raise _refuse(
            [RULE],
            "A position is given only for a card put into a library.",
            "Une position ne se donne que pour une carte mise dans une bibliothèque.",
        )


# --- changes -------------------------------------------------------------------------------


def _mark_face_down(ctx: Ctx, obj: MtgObject, via: FaceDownVia) -> None:
    """Face down as setup puts it: a spell gets its public cast order, a permanent its
    face-down order (707.6); an exiled card is just unseen (406.3)."""
    obj.face_down = True
    obj.face_down_via = via
    obj.cast_order = None
    obj.entered_order = None
    if obj.zone == Zone.STACK:
        count = ctx.state.cast_counts.get(obj.controller, 0) + 1
        ctx.state.cast_counts[obj.controller] = count
        obj.cast_order = count
    elif obj.zone in _ON_TABLE:
        mark_entered(ctx, obj)


def _turn_face_up(obj: MtgObject) -> None:
    obj.face_down = False
    obj.face_down_via = None
    obj.entered_order = None
    obj.known_to = []


def _set_status(
    ctx: Ctx,
    obj: MtgObject,
    *,
    tapped: bool | None,
    flipped: bool | None,
    counters: Counters | None,
    attacking: bool | None,
    phased_out: bool | None,
) -> list[Text]:
    """Status (110.5), counters (122.1), attacking (508.1), phasing (702.26); None leaves it.
    Returns what changed, as the log says it."""
    asked = (tapped, flipped, attacking, phased_out)
    if obj.zone not in _ON_TABLE and (any(asked) or counters):
        raise _refuse(
            ["110.5"],
            "Only a permanent on the battlefield is tapped, flipped, attacking, phased out "
            "or has counters.",
            "Seul un permanent sur le champ de bataille peut être engagé, inversé, attaquant, "
            "hors phase ou avoir des marqueurs.",
        )
    said: list[Text] = []
    if tapped is not None:
        obj.tapped = tapped
        said.append(Text(en="tapped", fr="engagé") if tapped else Text(en="untapped", fr="dégagé"))
    if flipped is not None:
        if flipped and not obj.flipped:
            _check_flip(ctx, obj)
        obj.flipped = flipped
        said.append(
            Text(en="flipped", fr="inversé") if flipped else Text(en="unflipped", fr="non inversé")
        )
    if counters is not None:
        obj.counters = {kind: n for kind, n in counters.items() if n > 0}
        said.append(_counters_text(obj.counters))
    if attacking is not None:
        _set_attacking(ctx, obj, attacking)
        said.append(
            Text(en="attacking", fr="attaquant")
            if attacking
            else Text(en="not attacking", fr="non attaquant")
        )
    if phased_out is not None:
        _set_phased_out(ctx, obj, phased_out)
        said.append(
            Text(en="phased out", fr="hors phase")
            if phased_out
            else Text(en="phased in", fr="en phase")
        )
    return said


def _check_flip(ctx: Ctx, obj: MtgObject) -> None:
    if is_2004(ctx):
        raise _refuse(
            ["709.1"],
            "Flip cards came after the January 2004 rules.",
            "Les cartes à inversion sont arrivées après les règles de janvier 2004.",
        )
    if obj.face_down:
        raise _refuse(
            ["707.2", "709.1a"],
            "A face-down permanent has no text: it can't be flipped.",
            "Un permanent face cachée n'a pas de texte : il ne peut pas être inversé.",
        )
    if characteristics.current(obj, ctx.state).flip is None:
        raise _refuse(
            ["709.1"],
            "It is not a flip card: it has no upside-down half.",
            "Ce n'est pas une carte à inversion : elle n'a pas de partie inversée.",
        )


def _set_attacking(ctx: Ctx, obj: MtgObject, attacking: bool) -> None:
    """Attacking this turn; counted for "if you attacked with N creatures" (hideaway)."""
    counts = ctx.state.attackers_this_turn
    was = obj.attacked_turn == ctx.state.turn
    if attacking and not was:
        if not characteristics.current(obj, ctx.state).is_creature():
            raise _refuse(
                ["508.1"], "Only creatures can attack.", "Seules les créatures attaquent."
            )
        obj.attacked_turn = ctx.state.turn
        counts[obj.controller] = counts.get(obj.controller, 0) + 1
    elif not attacking and was:
        obj.attacked_turn = None
        counts[obj.controller] = max(0, counts.get(obj.controller, 0) - 1)


def _set_phased_out(ctx: Ctx, obj: MtgObject, phased_out: bool) -> None:
    """702.26; the 2004 rules moved a phased-out permanent to its own zone (seed 002)."""
    if is_2004(ctx):
        if phased_out and obj.zone == Zone.BATTLEFIELD:
            obj.zone = Zone.PHASED_OUT
            obj.last_controller = obj.controller
        elif not phased_out and obj.zone == Zone.PHASED_OUT:
            obj.zone = Zone.BATTLEFIELD
        return
    obj.phased_out = phased_out


# --- the edits -----------------------------------------------------------------------------


def judge_add_card(ctx: Ctx, action: JudgeAddCard) -> None:
    require_judge(ctx, RULE)
    owner = ctx.player(action.owner)
    zone = Zone(action.zone)
    controller = _controller(ctx, zone, action.controller, owner, owner)
    _check_face_down(zone, action.face_down)
    _check_position(zone, action.library_position)
    obj = MtgObject(
        id=ctx.new_id(),
        card=action.card,
        is_token=action.is_token,
        owner=owner,
        controller=controller,
        zone=zone,
        position=ctx.next_position(),
    )
    if zone == Zone.BATTLEFIELD:
        obj.controllers = [controller]
    ctx.state.objects.append(obj)
    if zone == Zone.LIBRARY:
        put_at(ctx, obj, action.library_position or 0)
    if action.face_down is not None:
        _mark_face_down(ctx, obj, action.face_down)
    status = _set_status(
        ctx,
        obj,
        tapped=action.tapped or None,
        flipped=action.flipped or None,
        counters=action.counters or None,
        attacking=action.attacking or None,
        phased_out=action.phased_out or None,
    )
    shown, where = _shown(ctx, obj), _where(ctx, obj)
    kind = (
        Text(en="a token", fr="un jeton") if action.is_token else Text(en="a card", fr="une carte")
    )
    if _is_hidden(obj):
        # "puts a card into Alice's hand" / "puts a card onto the battlefield ...: Face-down 2/2".
        what = kind
        tail = (
            Text(en="", fr="")
            if obj.zone in _HIDDEN_ZONES
            else Text(en=f": {shown.en}", fr=f" : {shown.fr}")
        )
        private = name_for(obj, face_known_to(ctx.state, obj)[0])
    else:
        what, tail, private = shown, Text(en="", fr=""), {}
    extra = joined(status)
    extra_en = f" ({extra.en})" if status else ""
    extra_fr = f" ({extra.fr})" if status else ""
    keys = [RULE, "707.2", "707.6"] if obj.face_down and obj.zone in _IN_PLAY else [RULE]
    ctx.emit(
        "judge_add_card",
        keys,
        Text(
            en=f"Judge: puts {what.en} {where.en}{tail.en}{extra_en}.",
            fr=f"L'arbitre met {what.fr} {where.fr}{tail.fr}{extra_fr}.",
        ),
        objects=_event_objects(obj),
        **private,
    )


def _face_down_wanted(
    action: JudgeMove, obj: MtgObject, zone: Zone, moving: bool
) -> FaceDownVia | None:
    """The way it is to be face down after the edit (None: face up). Left out, it stays as it
    is where it is, and in play between the stack and the battlefield; elsewhere a moved card
    arrives face up unless the edit says how it is face down."""
    if "face_down" in action.model_fields_set:
        return action.face_down
    if not obj.face_down:
        return None
    if not moving or (obj.zone in _IN_PLAY and zone in _IN_PLAY):
        via = obj.face_down_via or "effect"
        if zone == Zone.STACK and via not in _SPELL_VIAS:
            return None
        return via
    return None


def judge_move(ctx: Ctx, action: JudgeMove) -> None:
    require_judge(ctx, RULE)
    obj = ctx.find(action.object)
    given = action.model_fields_set - {"type", "object"}
    if not given:
        raise _refuse(
            [RULE],
            "Say what to change: a zone, a controller, face down or up, or a status.",
            "Indiquez quoi changer : une zone, un contrôleur, face cachée ou visible, un statut.",
        )
    origin = obj.zone
    here = Zone.BATTLEFIELD if origin == Zone.PHASED_OUT else origin
    zone = Zone(action.zone) if action.zone is not None else here
    position = action.library_position
    _check_position(zone, position)
    moving = zone != here or (zone == Zone.LIBRARY and position is not None)
    via = _face_down_wanted(action, obj, zone, moving)
    _check_face_down(zone, via)
    default_controller = obj.controller if origin in _IN_PLAY else obj.owner
    controller = _controller(ctx, zone, action.controller, default_controller, obj.owner)
    before = _shown(ctx, obj)
    knew = face_known_to(ctx.state, obj)[0] if _is_hidden(obj) else set()
    changes: list[Text] = []
    keys = [RULE]
    # Issue 16 (W4): what triggers as it changes zones is said after the edit (look_back).
    last_known = look_back.remember(ctx.state, obj) if moving else None
    if moving:
        # 400.7: a new object with a new id and none of the old one's status.
        obj = ctx.relocate(obj, zone, controller=controller, face_down=via is not None)
        if zone == Zone.LIBRARY:
            put_at(ctx, obj, position or 0)
        if via is not None:
            _mark_face_down(ctx, obj, via)
        keys.append("400.7")
    else:
        if controller != obj.controller:
            was_controlled_by = obj.controller
            obj.controller = controller
            if obj.zone in _ON_TABLE:
                control_changed(ctx, obj, was_controlled_by, controller)
            changes.append(
                Text(
                    en=f"now under {controller}'s control",
                    fr=f"désormais contrôlé par {controller}",
                )
            )
            keys.append("110.2")
        if via is not None and not obj.face_down:
            # DESIGN invariant 3: turning face down gives a new id, so it can't be followed.
            obj.id = ctx.new_id()
            _mark_face_down(ctx, obj, via)
            label = public_label(ctx.state, obj)
            changes.append(
                Text(en=f"turned face down: {label.en}", fr=f"retourné face cachée : {label.fr}")
            )
            keys += ["707.2a", "707.6"]
        elif via is not None and via != obj.face_down_via:
            obj.face_down_via = via
            label = public_label(ctx.state, obj)
            changes.append(Text(en=f"now {label.en}", fr=f"désormais {label.fr}"))
        elif via is None and obj.face_down:
            _turn_face_up(obj)
            name = describe(ctx.state, obj, face=True)
            changes.append(
                Text(
                    en=f"turned face up: it is {name.en}",
                    fr=f"retourné face visible : c'est {name.fr}",
                )
            )
            keys.append("707.8")
    changes += _set_status(
        ctx,
        obj,
        tapped=action.tapped,
        flipped=action.flipped,
        counters=action.counters,
        attacking=action.attacking,
        phased_out=action.phased_out,
    )
    # A card that ends up hidden is named only to those who knew it or may see it now; one
    # that ends up public is named by the public text itself.
    private = name_for(obj, knew | face_known_to(ctx.state, obj)[0]) if _is_hidden(obj) else {}
    if moving:
        where = _where(ctx, obj)
        after = _shown(ctx, obj)
        tail = Text(en="", fr="")
        if obj.zone not in _HIDDEN_ZONES and after != before:
            tail = Text(en=f": {after.en}", fr=f" : {after.fr}")
        text = Text(
            en=f"Judge: moves {before.en} {where.en}{tail.en}",
            fr=f"L'arbitre déplace {before.fr} {where.fr}{tail.fr}",
        )
    else:
        text = Text(en=f"Judge: changes {before.en}", fr=f"L'arbitre modifie {before.fr}")
    if changes:
        said = joined(changes)
        text = Text(en=f"{text.en} ({said.en})", fr=f"{text.fr} ({said.fr})")
    ctx.emit(
        "judge_move",
        keys,
        Text(en=f"{text.en}.", fr=f"{text.fr}."),
        objects=_event_objects(obj),
        **private,
    )
    if last_known is not None:
        look_back.announce(ctx, last_known, obj.zone, obj)


def judge_remove(ctx: Ctx, action: JudgeRemove) -> None:
    """The card leaves the game altogether (no zone: a correction, not an effect)."""
    require_judge(ctx, RULE)
    obj = ctx.find(action.object)
    seen_by = face_known_to(ctx.state, obj)[0] if _is_hidden(obj) else None
    remove_from_game(ctx, obj, _shown(ctx, obj), seen_by, RULE)


def judge_set_life(ctx: Ctx, action: JudgeSetLife) -> None:
    require_judge(ctx, RULE)
    name = ctx.player(action.player)
    player = next(p for p in ctx.state.players if p.name == name)
    before = player.life
    player.life = action.life
    ctx.emit(
        "judge_set_life",
        [RULE],
        Text(
            en=f"Judge: sets {name}'s life total to {action.life} (it was {before}).",
            fr=f"L'arbitre fixe le total de points de vie de {name} à {action.life} "
            f"(il était de {before}).",
        ),
    )


JUDGE_MOVES: tuple[Move[Any], ...] = (
    Move(JudgeAddCard, judge_add_card),
    Move(JudgeMove, judge_move),
    Move(JudgeRemove, judge_remove),
    Move(JudgeSetLife, judge_set_life),
)
