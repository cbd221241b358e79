"""The judge edits a Riftbound table: add a card anywhere, move anything anywhere
and set its status, remove a card, set a player's points. No game rule does this: the judge
rebuilds a situation to judge it, or corrects a table. Each edit is one logged event whose
public text names only what every seat may see, with the card's name as a private detail for
whoever may see its face (and the judge).

A card entering or leaving a non-board zone is a new object with a new id, as in play
(zones.put); a move between a base and a battlefield keeps it (a move on the board). A card
is put face down the way setup does it: only a card with Hidden, at a battlefield its
controller controls, with room in that facedown zone (811.1, 107.3)."""

from __future__ import annotations

from typing import Any

from app.rules.core.errors import RuleError
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
from app.rules.riftbound.common import ZONE_EN, ZONE_FR, ZONES_BY_NAME, bf_text, card_name, rb
from app.rules.riftbound.judge_actions import (
    Counters,
    JudgeAddCard,
    JudgeMove,
    JudgeSetPoints,
    RiftboundJudgeSetTurn,
)
from app.rules.riftbound.labels import facedown_label
from app.rules.riftbound.model import BattlefieldState
from app.rules.riftbound.state import RiftboundCtx, RiftboundObject, Zone
from app.rules.riftbound.visibility import face_known_to
from app.rules.riftbound.zones import put

RULE = "rb.judge-edit"
_DECKS = (Zone.MAIN_DECK, Zone.RUNE_DECK)
_PRIVATE_ZONES = (Zone.HAND, *_DECKS)
# Moving between these is a move on the board, not a zone change: the same object.
_BOARD = (Zone.BASE, Zone.BATTLEFIELD)
# Where a card has a controller who may not be its owner.
_CONTROLLED = (Zone.BASE, Zone.BATTLEFIELD, Zone.FACEDOWN, Zone.RUNES)
_AT_A_BATTLEFIELD = (Zone.BATTLEFIELD, Zone.FACEDOWN)


# --- how the log names things -------------------------------------------------------------


def _where(ctx: RiftboundCtx, obj: RiftboundObject) -> Text:
    who, owner = obj.controller, obj.owner
    if obj.zone in _AT_A_BATTLEFIELD:
        bf = bf_text(ctx.state, obj.location)
        down_en, down_fr = ("face down ", "face cachée ") if obj.zone == Zone.FACEDOWN else ("", "")
        return Text(
            en=f"{down_en}at {bf.en} under {who}'s control",
            fr=f"{down_fr}à {bf.fr} sous le contrôle de {who}",
        )
    if obj.zone == Zone.BASE:
        return Text(en=f"into {who}'s base", fr=f"dans la base de {who}")
    if obj.zone == Zone.RUNES:
        return Text(en=f"among {who}'s runes", fr=f"parmi les runes de {who}")
    if obj.zone in _DECKS:
        en, fr = place_in_pile(ctx, obj)
        return Text(
            en=f"into {owner}'s {ZONE_EN[obj.zone]}, {en}",
            fr=f"dans le {ZONE_FR[obj.zone]} de {owner}, {fr}",
        )
    return Text(
        en=f"into {owner}'s {ZONE_EN[obj.zone]}",
        fr=f"vers la zone « {ZONE_FR[obj.zone]} » de {owner}",
    )


# The log names a card in a hand or a deck as "a card in Alice's hand": nothing more.
WORDS: JudgeWords[RiftboundObject] = JudgeWords(
    rule=RULE,
    hidden_zones={zone: Text(en=ZONE_EN[zone], fr=ZONE_FR[zone]) for zone in _PRIVATE_ZONES},
    face_down_label=facedown_label,
    face_name=lambda state, obj: card_name(obj),
    face_known_to=face_known_to,
    where=_where,
    controlled_zones=_CONTROLLED,
    not_controlled=Refusal(
        (RULE,),
        "Only a card on the board can be controlled by a player other than its owner: "
        "choose {owner}, or a zone on the board.",
        "Seule une carte sur le plateau peut être contrôlée par un autre joueur que son "
        "propriétaire : choisissez {owner}, ou une zone du plateau.",
        "controller",
    ),
    pile_zones=_DECKS,
    not_a_pile=Refusal(
        (RULE,),
        "A position is given only for a card put into a deck: leave it empty, or choose "
        "a deck as its zone.",
        "Une position ne se donne que pour une carte mise dans un deck : laissez-la vide, "
        "ou choisissez un deck comme zone.",
        "deck_position",
    ),
)


# --- checks --------------------------------------------------------------------------------


def _locate(ctx: RiftboundCtx, zone: Zone, where: str | None) -> str | None:
    """The battlefield id a unit there or a facedown card is at (its id or its name)."""
    if zone not in _AT_A_BATTLEFIELD:
        if where is not None:
            raise refuse(
                [RULE],
                "Only a unit at a battlefield or a facedown card is at a battlefield: leave "
                "the battlefield empty, or choose Battlefield or Facedown as its zone.",
                "Seules une unité sur un champ de bataille ou une carte face cachée y sont : "
                "laissez le champ de bataille vide, ou choisissez Champ de bataille ou Face "
                "cachée comme zone.",
                "location",
            )
        return None
    for bf in rb(ctx.state).battlefields:
        if where is not None and where.casefold() in (bf.id, bf.name.casefold()):
            return bf.id
    raise RuleError(
        [RULE],
        "Say at which of this game's battlefields.",
        "Indiquez sur quel champ de bataille de cette partie.",
        kind="not_found" if where is not None else "rule",
        field="location",
    )


def _check_facedown(ctx: RiftboundCtx, obj: RiftboundObject) -> None:
    """As setup checks it: Hidden (811.1), a battlefield its controller controls (107.3.c),
    room in its facedown zone (107.3.b)."""
    bf = rb(ctx.state).battlefield(obj.location or "")
    assert bf is not None
    name = bf.name
    if not obj.card.hidden:
        raise refuse(
            ["rb.811.1"],
            "Only a card with Hidden can be face down at a battlefield: choose another zone.",
            "Seule une carte avec Caché peut être face cachée sur un champ de bataille : "
            "choisissez une autre zone.",
        )
    if bf.controller != obj.controller:
        raise refuse(
            ["rb.107.3.c"],
            f"A card can be face down at {name} only if its controller controls {name}: "
            "choose that battlefield's controller, or another battlefield.",
            f"Une carte ne peut être face cachée à {bf.name_fr or name} que si son contrôleur "
            "le contrôle : choisissez le contrôleur de ce champ de bataille, ou un autre.",
            "controller",
        )
    here = [o for o in ctx.state.objects if o.face_down and o.location == bf.id]
    if len(here) > bf.facedown_capacity:
        raise refuse(
            ["rb.107.3.b"],
            f"The facedown zone of {name} is full: choose another battlefield.",
            f"La zone face cachée de {bf.name_fr or name} est pleine : choisissez un autre "
            "champ de bataille.",
            "location",
        )


# --- changes -------------------------------------------------------------------------------


def _set_status(
    ctx: RiftboundCtx,
    obj: RiftboundObject,
    *,
    exhausted: bool | None,
    counters: Counters | None,
    hidden_this_turn: bool | None,
) -> list[Text]:
    """Exhausted (a unit, gear or rune on the board), counters (a buff), when a facedown card
    was hidden (811.1.b); None leaves it. Returns what changed, as the log says it."""
    said: list[Text] = []
    if exhausted is not None:
        if exhausted and obj.zone not in (*_BOARD, Zone.RUNES):
            raise refuse(
                [RULE],
                "Only a card on the board or a rune can be exhausted: untick Exhausted.",
                "Seules une carte sur le plateau ou une rune peuvent être épuisées : décochez "
                "Épuisé.",
                "exhausted",
            )
        obj.tapped = exhausted
        said.append(Text(en="exhausted", fr="épuisé") if exhausted else Text(en="ready", fr="prêt"))
    if counters is not None:
        if any(counters.values()) and obj.zone not in _BOARD:
            raise refuse(
                [RULE],
                "Only a card on the board has counters: clear them, or choose a zone on the board.",
                "Seule une carte sur le plateau porte des marqueurs : effacez-les, ou "
                "choisissez une zone du plateau.",
                "counters",
            )
        obj.counters = {kind: n for kind, n in counters.items() if n > 0}
        said.append(counters_said(obj.counters))
    if hidden_this_turn is not None:
        if obj.zone != Zone.FACEDOWN:
            raise refuse(
                ["rb.811.1.b"],
                "Only a facedown card was hidden on some turn: untick it, or choose Facedown "
                "as its zone.",
                "Seule une carte face cachée a été cachée à un tour donné : décochez-la, ou "
                "choisissez Face cachée comme zone.",
                "hidden_this_turn",
            )
        # 811.1.b: playable from the turn after it was hidden; 0: before this game's turns.
        obj.hidden_turn = ctx.state.turn if hidden_this_turn else 0
        said.append(
            Text(en="hidden this turn", fr="cachée ce tour")
            if hidden_this_turn
            else Text(en="hidden before this turn", fr="cachée avant ce tour")
        )
    return said


# --- the edits -----------------------------------------------------------------------------


def _add_battlefield(ctx: RiftboundCtx, action: JudgeAddCard, owner: str) -> None:
    """A battlefield card joins the table, as a setup places one (at most three): its
    controller is the one named, by default its owner (a facedown card needs a battlefield
    its controller controls, 107.3.c). Battlefields are public: the log names it."""
    table = rb(ctx.state)
    if not action.card.is_type("Battlefield"):
        raise refuse(
            [RULE],
            f"{action.card.name} is not a battlefield card: choose another zone.",
            f"{action.card.name_fr or action.card.name} n'est pas une carte de champ de bataille : "
            "choisissez une autre zone.",
        )
    if len(table.battlefields) >= 3:
        raise refuse(
            [RULE],
            "A table has at most three battlefields: choose another zone for this card.",
            "Une table a au plus trois champs de bataille : choisissez une autre zone pour "
            "cette carte.",
        )
    if action.location is not None or action.deck_position is not None:
        raise refuse(
            [RULE],
            "A battlefield is a place of its own: leave its battlefield and position empty.",
            "Un champ de bataille est un lieu à part : laissez vides son champ de bataille et sa "
            "position.",
            "location",
        )
    controller = ctx.player(action.controller) if action.controller is not None else owner
    taken = {bf.id for bf in table.battlefields}
    k = next(n for n in range(1, 5) if f"bf{n}" not in taken)
    table.battlefields.append(
        BattlefieldState(
            id=f"bf{k}",
            name=action.card.name,
            name_fr=action.card.name_fr,
            text=action.card.text,
            owner=owner,
            controller=controller,
            facedown_capacity=action.card.facedown_capacity or 1,
            position=max((bf.position for bf in table.battlefields), default=0) + 1,
        )
    )
    name = action.card.shown_name()
    ctx.emit(
        "judge_add_card",
        [RULE],
        Text(
            en=f"Judge: adds the battlefield {name.en}, controlled by {controller}.",
            fr=f"L'arbitre ajoute le champ de bataille {name.fr}, contrôlé par {controller}.",
        ),
    )


def judge_add_card(ctx: RiftboundCtx, action: JudgeAddCard) -> None:
    require_judge(ctx, RULE)
    owner = ctx.player(action.owner)
    if action.zone == "battlefields":
        _add_battlefield(ctx, action, owner)
        return
    zone = ZONES_BY_NAME[action.zone]
    controller = WORDS.controller(ctx, zone, action.controller, owner, owner)
    location = _locate(ctx, zone, action.location)
    WORDS.check_position(zone, action.deck_position)
    facedown = zone == Zone.FACEDOWN
    obj = WORDS.add(
        ctx, RiftboundObject, action, owner, controller, zone, action.deck_position,
        location=location, face_down=facedown, hidden_turn=0 if facedown else None,
    )  # fmt: skip
    if facedown:
        _check_facedown(ctx, obj)
    status = _set_status(
        ctx,
        obj,
        exhausted=action.exhausted or None,
        counters=action.counters or None,
        hidden_this_turn=action.hidden_this_turn or None,
    )
    keys = [RULE, "rb.811.6.a"] if obj.face_down else [RULE]
    WORDS.say_added(ctx, obj, status, keys)


def judge_move(ctx: RiftboundCtx, action: JudgeMove) -> None:
    require_judge(ctx, RULE)
    obj = ctx.find(action.object)
    if not action.model_fields_set - {"type", "object"}:
        raise refuse(
            [RULE],
            "Say what to change: a zone, a place, a controller or a status.",
            "Indiquez quoi changer : une zone, un lieu, un contrôleur ou un statut.",
        )
    origin = obj.zone
    zone = ZONES_BY_NAME[action.zone] if action.zone is not None else origin
    if action.location is not None or zone != origin:
        location = _locate(ctx, zone, action.location)
    else:
        location = obj.location
    WORDS.check_position(zone, action.deck_position)
    controller = WORDS.controller(ctx, zone, action.controller, WORDS.controlled_by(obj), obj.owner)
    before, knew = WORDS.shown(ctx, obj), WORDS.seen_by(ctx, obj)
    new_object = (zone != origin and not (zone in _BOARD and origin in _BOARD)) or (
        zone in _DECKS and action.deck_position is not None
    )
    moved = new_object or zone != origin or location != obj.location
    changes: list[Text] = []
    if new_object:
        # A zone change: a new object with a new id; a facedown zone holds it face down.
        obj = put(ctx, obj, zone, location=location, controller=controller)
        if zone == Zone.FACEDOWN:
            obj.hidden_turn = 0
            _check_facedown(ctx, obj)
        if zone in _DECKS:
            put_at(ctx, obj, action.deck_position or 0)
    else:
        obj.zone, obj.location = zone, location
        if controller != obj.controller:
            obj.controller = controller
            changes.append(now_controlled_by(controller))
        if obj.zone == Zone.FACEDOWN:
            _check_facedown(ctx, obj)
    changes += _set_status(
        ctx,
        obj,
        exhausted=action.exhausted,
        counters=action.counters,
        hidden_this_turn=action.hidden_this_turn,
    )
    keys = [RULE, "rb.811.6.a"] if obj.face_down else [RULE]
    WORDS.say_moved(ctx, obj, before, knew, moved=moved, changes=changes, keys=keys)


def judge_remove(ctx: RiftboundCtx, action: JudgeRemove) -> None:
    """The card leaves the game altogether (no zone: a correction, not an effect)."""
    require_judge(ctx, RULE)
    obj = ctx.find(action.object)
    WORDS.remove(ctx, obj)


def judge_set_points(ctx: RiftboundCtx, action: JudgeSetPoints) -> None:
    """The score as the table says it; reaching the victory score ends nothing by itself
    (the judge ends the game)."""
    require_judge(ctx, RULE)
    player = ctx.player(action.player)
    points = rb(ctx.state).points
    before = points.get(player, 0)
    points[player] = action.points
    ctx.emit(
        "judge_set_points",
        [RULE],
        Text(
            en=f"Judge: sets {player}'s points to {action.points} (they were {before}).",
            fr=f"L'arbitre fixe les points de {player} à {action.points} (avant : {before}).",
        ),
    )


# How the log says each phase.
PHASES: dict[str, Text] = {
    "awaken": Text(en="awaken phase", fr="phase de réveil"),
    "beginning": Text(en="beginning phase", fr="phase de début"),
    "channel": Text(en="channel phase", fr="phase de canalisation"),
    "draw": Text(en="draw phase", fr="phase de pioche"),
    "main": Text(en="main phase", fr="phase principale"),
    "ending": Text(en="ending phase", fr="phase de fin"),
}


def judge_set_turn(ctx: RiftboundCtx, action: RiftboundJudgeSetTurn) -> None:
    """Whose turn, which turn, which phase the built table is at."""
    require_judge(ctx, RULE)
    phase = None
    if action.phase is not None:
        rb(ctx.state).phase = action.phase
        phase = PHASES[action.phase]
    set_turn(ctx, action, [RULE, "rb.turn"], phase)


JUDGE_MOVES: tuple[Move[Any], ...] = (
    Move(JudgeAddCard, judge_add_card),
    Move(JudgeMove, judge_move),
    Move(JudgeRemove, judge_remove),
    Move(JudgeSetPoints, judge_set_points),
    Move(RiftboundJudgeSetTurn, judge_set_turn),
)
