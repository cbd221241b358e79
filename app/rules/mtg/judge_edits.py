"""The judge edits a Magic table: add a card anywhere, move anything anywhere and
set its status, remove a card, set a life total. No game rule does this: the judge rebuilds a
situation to judge it, or corrects a table. Each edit is one logged event whose public text
names only what every seat may see, with the card's name as a private detail for whoever may
see its face (and the judge), so time travel and rulings show how the table was built and
nothing leaks.

A zone change makes a new object with a new id (400.7), and so does turning face down
(docs/DESIGN.md invariant 3), exactly as in play; a card is put face down the way setup does it
(face_down.mark_entered: the public order of face-down permanents, 707.6)."""

from __future__ import annotations

from typing import Any

from app.rules.core.events import Text
from app.rules.core.family import Move
from app.rules.core.judge import (
    JudgeRemove,
    JudgeWords,
    Refusal,
    counters_said,
    now_controlled_by,
    place_in_pile,
    put_at,
    refuse,
    require_judge,
    set_turn,
)
from app.rules.mtg import characteristics, look_back
from app.rules.mtg.attachments import renew_id
from app.rules.mtg.edition import is_2004
from app.rules.mtg.exile_record import ExiledFaceDown
from app.rules.mtg.face_down import mark_entered
from app.rules.mtg.hideaway import control_changed
from app.rules.mtg.judge_actions import (
    Counters,
    JudgeAddCard,
    JudgeExiled,
    JudgeMove,
    JudgeSetLife,
    MtgJudgeSetTurn,
)
from app.rules.mtg.labels import describe, public_label
from app.rules.mtg.state import FaceDownVia, MtgCtx, MtgObject, Zone
from app.rules.mtg.steps import STEPS
from app.rules.mtg.turns import began_turn
from app.rules.mtg.visibility import face_known_to, has_controlled, looking_at

RULE = "judge.edit"
_IN_PLAY = (Zone.BATTLEFIELD, Zone.STACK, Zone.PHASED_OUT)
_ON_TABLE = (Zone.BATTLEFIELD, Zone.PHASED_OUT)
# Where a card may be face down: a spell, a permanent, a card exiled face down (406.3).
_FACE_DOWN_ZONES = (Zone.BATTLEFIELD, Zone.STACK, Zone.EXILE, Zone.PHASED_OUT)
# 707.4: the ways a spell is cast face down.
_SPELL_VIAS = ("morph", "megamorph", "disguise")


# --- how the log names things -------------------------------------------------------------


def _where(ctx: MtgCtx, obj: MtgObject) -> Text:
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
        en, fr = place_in_pile(ctx, obj)
        return Text(en=f"into {owner}'s library, {en}", fr=f"dans la bibliothèque de {owner}, {fr}")
    if obj.zone == Zone.HAND:
        return Text(en=f"into {owner}'s hand", fr=f"dans la main de {owner}")
    if obj.zone == Zone.GRAVEYARD:
        return Text(en=f"into {owner}'s graveyard", fr=f"dans le cimetière de {owner}")
    down = (" face down", " face cachée") if obj.face_down else ("", "")
    return Text(en=f"into exile{down[0]} ({owner}'s)", fr=f"en exil{down[1]} (à {owner})")


# The log names a card in a hand or a library as "a card in Alice's hand": nothing more.
WORDS: JudgeWords[MtgObject] = JudgeWords(
    rule=RULE,
    hidden_zones={
        Zone.HAND: Text(en="hand", fr="main"),
        Zone.LIBRARY: Text(en="library", fr="bibliothèque"),
    },
    face_down_label=public_label,
    face_name=lambda state, obj: describe(state, obj, face=True),
    face_known_to=face_known_to,
    where=_where,
    # 110.2: only a spell or a permanent has a controller other than its owner.
    controlled_zones=_IN_PLAY,
    not_controlled=Refusal(
        ("110.2",),
        "Only a spell or a permanent can be controlled by a player other than its owner: "
        "choose {owner}, or the stack or the battlefield as its zone.",
        "Seuls un sort ou un permanent peuvent être contrôlés par un autre joueur que leur "
        "propriétaire : choisissez {owner}, ou la pile ou le champ de bataille comme zone.",
        "controller",
    ),
    pile_zones=(Zone.LIBRARY,),
    not_a_pile=Refusal(
        (RULE,),
        "A position is given only for a card put into a library: leave it empty, or "
        "choose Library as its zone.",
        "Une position ne se donne que pour une carte mise dans une bibliothèque : "
        "laissez-la vide, ou choisissez la bibliothèque comme zone.",
        "library_position",
    ),
)


# --- checks --------------------------------------------------------------------------------


def _check_face_down(zone: Zone, down: bool, via: FaceDownVia | None, in_exile: bool) -> None:
    """`down`: face down after the edit; `via`: how (None for a card exiled face down by
    foretell, another effect or hideaway: `in_exile`)."""
    if in_exile and zone != Zone.EXILE:
        raise refuse(
            ["406.3", "702.143a"],
            "A card is foretold, exiled face down or hidden by hideaway only in exile: choose "
            "Exile as its zone, or another way face down.",
            "Une carte n'est prédite, exilée face cachée ou cachée par une cachette qu'en exil : "
            "choisissez l'exil comme zone, ou une autre manière d'être face cachée.",
            "face_down",
        )
    if not down:
        return
    if zone not in _FACE_DOWN_ZONES:
        raise refuse(
            ["707.1"],
            "Only a spell, a permanent or an exiled card can be face down: choose Face up, or "
            "the stack, the battlefield or exile as its zone.",
            "Seuls un sort, un permanent ou une carte exilée peuvent être face cachée : "
            "choisissez Face visible, ou la pile, le champ de bataille ou l'exil comme zone.",
            "face_down",
        )
    if zone == Zone.STACK and via not in _SPELL_VIAS:
        raise refuse(
            ["707.4"],
            "A spell is face down only when cast with morph, megamorph or disguise: choose one "
            "of them.",
            "Un sort n'est face cachée que lancé avec la mue, megamorph ou le déguisement : "
            "choisissez l'un d'eux.",
            "face_down",
        )


# --- changes -------------------------------------------------------------------------------


def _mark_face_down(ctx: MtgCtx, obj: MtgObject, via: FaceDownVia) -> None:
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
    # A card turned face up in exile is no longer foretold nor hidden (406.3a, 702.143).
    obj.exiled = None
    if obj.zone == Zone.EXILE:
        obj.hideaway_link = None


def _exile_face_down(
    ctx: MtgCtx, obj: MtgObject, exiled: JudgeExiled | None, hideaway_of: str | None
) -> None:
    """A card in exile made face down with its public facts (406.4) and who may look at it
    (406.3): foretold (702.143a: its owner), imprinted or exiled by an effect, or under a
    hideaway permanent (702.75a: whoever has controlled that permanent)."""
    state = ctx.state
    if hideaway_of is not None:
        source = ctx.find(hideaway_of)
        if source.zone not in _ON_TABLE or source is obj:
            raise refuse(
                ["702.75-linked"],
                "A hideaway card is exiled by a permanent on the battlefield: choose one.",
                "Une carte cachée est exilée par un permanent sur le champ de bataille : "
                "choisissez-en un.",
                "hideaway_of",
            )
        if source.hideaway_link is None:
            source.hideaway_link = ctx.new_id()
        lookers = has_controlled(source)
        link, record = source.hideaway_link, None
    else:
        assert exiled is not None
        by = ctx.player(exiled.by) if exiled.by is not None else obj.owner
        turn = exiled.turn if exiled.turn is not None else state.turn
        if turn > state.turn:
            raise refuse(
                ["406.4"],
                f"It is turn {state.turn}: a card was exiled on this turn or an earlier one. "
                f"Give a turn from 1 to {state.turn}, or set the turn first.",
                f"C'est le tour {state.turn} : une carte a été exilée à ce tour ou à un tour "
                f"antérieur. Donnez un tour de 1 à {state.turn}, ou réglez d'abord le tour.",
                "exiled_turn",
            )
        # 702.143a: a foretold card is looked at by its owner; another by its exiler (406.3).
        look = exiled.look or ("owner" if exiled.via == "foretell" else "exiler")
        lookers = {"exiler": {by}, "owner": {obj.owner}, "nobody": set()}[look]
        record = ExiledFaceDown(
            via=exiled.via, by=by, turn=turn, look=look, source=exiled.source.strip()
        )
        link = None
    obj.face_down = True
    obj.face_down_via = None
    obj.cast_order = None
    obj.entered_order = None
    obj.exiled = record
    obj.hideaway_link = link
    obj.known_to = sorted(lookers)


# How the log says a status the judge sets: (when it is cleared, when it is set).
_STATUS_WORDS: dict[str, tuple[Text, Text]] = {
    "tapped": (Text(en="untapped", fr="dégagé"), Text(en="tapped", fr="engagé")),
    "flipped": (Text(en="unflipped", fr="non inversé"), Text(en="flipped", fr="inversé")),
    "attacking": (
        Text(en="not attacking", fr="non attaquant"),
        Text(en="attacking", fr="attaquant"),
    ),
    "summoning_sick": (
        Text(
            en="under its controller's control since the turn began",
            fr="sous le contrôle de son contrôleur depuis le début du tour",
        ),
        Text(
            en="under its controller's control since this turn (302.6)",
            fr="sous le contrôle de son contrôleur depuis ce tour-ci (302.6)",
        ),
    ),
    "phased_out": (Text(en="phased in", fr="en phase"), Text(en="phased out", fr="hors phase")),
}


def _set_status(
    ctx: MtgCtx,
    obj: MtgObject,
    *,
    tapped: bool | None,
    flipped: bool | None,
    counters: Counters | None,
    attacking: bool | None,
    phased_out: bool | None,
    summoning_sick: bool | None = None,
) -> list[Text]:
    """Status (110.5), counters (122.1), attacking (508.1), phasing (702.26); None leaves it.
    Returns what changed, as the log says it."""
    asked = {
        "tapped": tapped,
        "flipped": flipped,
        "attacking": attacking,
        "phased_out": phased_out,
        "summoning_sick": summoning_sick,
        # Counters all set to 0 only clear them: fine anywhere.
        "counters": counters is not None and any(counters.values()),
    }
    wrong = next((name for name, value in asked.items() if value), None)
    if obj.zone not in _ON_TABLE and wrong is not None:
        raise refuse(
            ["110.5"],
            "Only a permanent on the battlefield is tapped, flipped, attacking, phased out "
            "or has counters: untick it, or choose Battlefield as its zone.",
            "Seul un permanent sur le champ de bataille peut être engagé, inversé, attaquant, "
            "hors phase ou avoir des marqueurs : décochez-le, ou choisissez le champ de "
            "bataille comme zone.",
            wrong,
        )
    said: list[Text] = []
    if tapped is not None:
        obj.tapped = tapped
        said.append(_STATUS_WORDS["tapped"][tapped])
    if flipped is not None:
        if flipped and not obj.flipped:
            _check_flip(ctx, obj)
        obj.flipped = flipped
        said.append(_STATUS_WORDS["flipped"][flipped])
    if counters is not None:
        obj.counters = {kind: n for kind, n in counters.items() if n > 0}
        said.append(counters_said(obj.counters))
    if attacking is not None:
        _set_attacking(ctx, obj, attacking)
        said.append(_STATUS_WORDS["attacking"][attacking])
    if summoning_sick is not None:
        obj.summoning_sick = summoning_sick
        said.append(_STATUS_WORDS["summoning_sick"][summoning_sick])
    if phased_out is not None:
        _set_phased_out(ctx, obj, phased_out)
        said.append(_STATUS_WORDS["phased_out"][phased_out])
    return said


def _check_flip(ctx: MtgCtx, obj: MtgObject) -> None:
    if is_2004(ctx):
        raise refuse(
            ["709.1"],
            "Flip cards came after the January 2004 rules: untick Flipped.",
            "Les cartes à inversion sont arrivées après les règles de janvier 2004 : décochez "
            "Inversé.",
            "flipped",
        )
    if obj.face_down:
        raise refuse(
            ["707.2", "709.1a"],
            "A face-down permanent has no text: it can't be flipped. Untick Flipped, or turn "
            "it face up.",
            "Un permanent face cachée n'a pas de texte : il ne peut pas être inversé. Décochez "
            "Inversé, ou retournez-le face visible.",
            "flipped",
        )
    if characteristics.current(obj, ctx.state).flip is None:
        raise refuse(
            ["709.1"],
            "It is not a flip card: it has no upside-down half. Untick Flipped.",
            "Ce n'est pas une carte à inversion : elle n'a pas de partie inversée. Décochez "
            "Inversé.",
            "flipped",
        )


def _set_attacking(ctx: MtgCtx, obj: MtgObject, attacking: bool) -> None:
    """Attacking this turn; counted for "if you attacked with N creatures" (hideaway)."""
    counts = ctx.state.attackers_this_turn
    was = obj.attacked_turn == ctx.state.turn
    if attacking and not was:
        if not characteristics.current(obj, ctx.state).is_creature():
            raise refuse(
                ["508.1"],
                "Only creatures can attack: untick Attacking.",
                "Seules les créatures attaquent : décochez Attaquant.",
                "attacking",
            )
        obj.attacked_turn = ctx.state.turn
        counts[obj.controller] = counts.get(obj.controller, 0) + 1
    elif not attacking and was:
        obj.attacked_turn = None
        counts[obj.controller] = max(0, counts.get(obj.controller, 0) - 1)


def _set_phased_out(ctx: MtgCtx, obj: MtgObject, phased_out: bool) -> None:
    """702.26; the 2004 rules moved a phased-out permanent to its own zone (seed 002)."""
    if is_2004(ctx):
        if phased_out and obj.zone == Zone.BATTLEFIELD:
            obj.zone = Zone.PHASED_OUT
            obj.last_controller = obj.controller
        elif not phased_out and obj.zone == Zone.PHASED_OUT:
            obj.zone = Zone.BATTLEFIELD
        return
    obj.phased_out = phased_out


def _attach(ctx: MtgCtx, obj: MtgObject, host_id: str | None) -> Text:
    """301.5, 303.4: attached to a permanent (None: unattached). What the log says."""
    if host_id is None:
        obj.attached_to = None
        return Text(en="unattached", fr="détaché")
    if obj.zone not in _ON_TABLE:
        raise refuse(
            ["303.4", "301.5"],
            "Only a permanent on the battlefield is attached to another: choose Battlefield as "
            "its zone, or leave Attached to empty.",
            "Seul un permanent sur le champ de bataille est attaché à un autre : choisissez le "
            "champ de bataille comme zone, ou laissez « Attaché à » vide.",
            "attached_to",
        )
    host = ctx.find(host_id)
    if host is obj or host.zone not in _ON_TABLE:
        raise refuse(
            ["303.4", "301.5"],
            "It is attached to another permanent on the battlefield: choose one.",
            "On l'attache à un autre permanent sur le champ de bataille : choisissez-en un.",
            "attached_to",
        )
    obj.attached_to = host.id
    shown = WORDS.shown(ctx, host)
    return Text(en=f"attached to {shown.en}", fr=f"attaché à {shown.fr}")


# --- the edits -----------------------------------------------------------------------------


def judge_add_card(ctx: MtgCtx, action: JudgeAddCard) -> None:
    require_judge(ctx, RULE)
    owner = ctx.player(action.owner)
    zone = Zone(action.zone)
    controller = WORDS.controller(ctx, zone, action.controller, owner, owner)
    in_exile = action.exiled is not None or action.hideaway_of is not None
    down = action.face_down is not None or in_exile
    _check_face_down(zone, down, action.face_down, in_exile)
    WORDS.check_position(zone, action.library_position)
    obj = WORDS.add(ctx, MtgObject, action, owner, controller, zone, action.library_position)
    if zone == Zone.BATTLEFIELD:
        obj.controllers = [controller]
    if action.face_down is not None and not in_exile:
        _mark_face_down(ctx, obj, action.face_down)
    if in_exile:
        _exile_face_down(ctx, obj, action.exiled, action.hideaway_of)
    status = _set_status(
        ctx,
        obj,
        tapped=action.tapped or None,
        flipped=action.flipped or None,
        counters=action.counters or None,
        attacking=action.attacking or None,
        phased_out=action.phased_out or None,
        summoning_sick=action.summoning_sick or None,
    )
    if action.attached_to is not None:
        status.append(_attach(ctx, obj, action.attached_to))
    keys = [RULE, "707.2", "707.6"] if obj.face_down and obj.zone in _IN_PLAY else [RULE]
    WORDS.say_added(ctx, obj, status, keys)


def _face_down_wanted(
    action: JudgeMove, obj: MtgObject, zone: Zone, moving: bool
) -> tuple[bool, FaceDownVia | None]:
    """Whether it is to be face down after the edit, and how (None: face up, or exiled face
    down with its own record). Left out, it stays as it is where it is, and in play between
    the stack and the battlefield; elsewhere a moved card arrives face up unless the edit
    says how it is face down."""
    if action.exiled is not None or action.hideaway_of is not None:
        return True, None
    if "face_down" in action.model_fields_set:
        return action.face_down is not None, action.face_down
    if not obj.face_down:
        return False, None
    if not moving:
        return True, obj.face_down_via
    if obj.zone in _IN_PLAY and zone in _IN_PLAY:
        via = obj.face_down_via or "effect"
        if zone == Zone.STACK and via not in _SPELL_VIAS:
            return False, None
        return True, via
    return False, None


def _not_being_looked_at(ctx: MtgCtx, obj: MtgObject) -> None:
    """A card a player is looking at for a choice the game waits for (hideaway, manifest
    dread) stays where it is until they choose: the choice names it."""
    looker = looking_at(ctx.state, obj)
    if looker is not None:
        raise refuse(
            ["702.75", "701.62a"],
            f"{looker} is looking at this card to choose: let them choose first, then edit it.",
            f"{looker} regarde cette carte pour choisir : laissez-le choisir d'abord, puis "
            "modifiez-la.",
        )


def judge_move(ctx: MtgCtx, action: JudgeMove) -> None:
    require_judge(ctx, RULE)
    obj = ctx.find(action.object)
    _not_being_looked_at(ctx, obj)
    given = action.model_fields_set - {"type", "object"}
    if not given:
        raise refuse(
            [RULE],
            "Say what to change: a zone, a controller, face down or up, or a status.",
            "Indiquez quoi changer : une zone, un contrôleur, face cachée ou visible, un statut.",
        )
    origin = obj.zone
    here = Zone.BATTLEFIELD if origin == Zone.PHASED_OUT else origin
    zone = Zone(action.zone) if action.zone is not None else here
    position = action.library_position
    WORDS.check_position(zone, position)
    moving = zone != here or (zone == Zone.LIBRARY and position is not None)
    in_exile = action.exiled is not None or action.hideaway_of is not None
    down, via = _face_down_wanted(action, obj, zone, moving)
    _check_face_down(zone, down, via, in_exile)
    controller = WORDS.controller(ctx, zone, action.controller, WORDS.controlled_by(obj), obj.owner)
    before, knew = WORDS.shown(ctx, obj), WORDS.seen_by(ctx, obj)
    changes: list[Text] = []
    keys = [RULE]
    # 603.6, 603.10a: what triggers as it changes zones is said after the edit (look_back).
    last_known = look_back.remember(ctx.state, obj) if moving else None
    if moving:
        # 400.7: a new object with a new id and none of the old one's status.
        obj = ctx.relocate(obj, zone, controller=controller, face_down=down)
        if zone == Zone.LIBRARY:
            put_at(ctx, obj, position or 0)
        if in_exile:
            _exile_face_down(ctx, obj, action.exiled, action.hideaway_of)
            keys += ["406.3", "406.4"]
        elif via is not None:
            _mark_face_down(ctx, obj, via)
        keys.append("400.7")
        # The judge rebuilds a table: taken as controlled since the turn began, unless said.
        obj.summoning_sick = False
    else:
        if controller != obj.controller:
            was_controlled_by = obj.controller
            obj.controller = controller
            if obj.zone in _ON_TABLE:
                control_changed(ctx, obj, was_controlled_by, controller)
            changes.append(now_controlled_by(controller))
            keys.append("110.2")
        if down and not obj.face_down:
            # docs/DESIGN.md invariant 3: turning face down gives a new id, so it can't be followed
            # (what is attached to it stays attached: the same permanent).
            renew_id(ctx, obj)
            if in_exile:
                _exile_face_down(ctx, obj, action.exiled, action.hideaway_of)
                keys += ["406.3", "406.4"]
            else:
                assert via is not None
                _mark_face_down(ctx, obj, via)
                keys += ["707.2a", "707.6"]
            label = public_label(ctx.state, obj)
            changes.append(
                Text(en=f"turned face down: {label.en}", fr=f"retourné face cachée : {label.fr}")
            )
        elif down and in_exile:
            # Already face down in exile: its public facts and who may look, corrected.
            _exile_face_down(ctx, obj, action.exiled, action.hideaway_of)
            label = public_label(ctx.state, obj)
            changes.append(Text(en=f"now {label.en}", fr=f"désormais {label.fr}"))
            keys += ["406.3", "406.4"]
        elif down and via != obj.face_down_via:
            obj.face_down_via = via
            obj.exiled = None
            label = public_label(ctx.state, obj)
            changes.append(Text(en=f"now {label.en}", fr=f"désormais {label.fr}"))
        elif not down and obj.face_down:
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
        summoning_sick=action.summoning_sick,
    )
    if "attached_to" in action.model_fields_set:
        changes.append(_attach(ctx, obj, action.attached_to))
        keys.append("303.4")
    WORDS.say_moved(ctx, obj, before, knew, moved=moving, changes=changes, keys=keys)
    if last_known is not None:
        look_back.announce(ctx, last_known, obj.zone, obj)


def judge_remove(ctx: MtgCtx, action: JudgeRemove) -> None:
    """The card leaves the game altogether (no zone: a correction, not an effect)."""
    require_judge(ctx, RULE)
    obj = ctx.find(action.object)
    _not_being_looked_at(ctx, obj)
    WORDS.remove(ctx, obj)


def judge_set_life(ctx: MtgCtx, action: JudgeSetLife) -> None:
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


def judge_set_turn(ctx: MtgCtx, action: MtgJudgeSetTurn) -> None:
    """500.1: whose turn, which turn, which step the built table is at."""
    require_judge(ctx, RULE)
    step = None
    if "step" in action.model_fields_set:
        ctx.state.step = action.step
        step = STEPS[action.step] if action.step is not None else None
    before = (ctx.state.turn, ctx.state.active_player)
    set_turn(ctx, action, [RULE, "500.1"], step)
    if (ctx.state.turn, ctx.state.active_player) != before:
        began_turn(ctx.state, ctx.state.active_player)  # 302.6: a turn began


JUDGE_MOVES: tuple[Move[Any], ...] = (
    Move(JudgeAddCard, judge_add_card),
    Move(JudgeMove, judge_move),
    Move(JudgeRemove, judge_remove),
    Move(JudgeSetLife, judge_set_life),
    Move(MtgJudgeSetTurn, judge_set_turn),
)
