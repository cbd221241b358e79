"""What every family's judge edits share: only the judge may make them, an edit's omitted
fields stay omitted when it is stored (so "leave it" and "set it to null" replay alike), and
a card put at a chosen place in a pile (a library, a deck).

A judge edit rebuilds or corrects the table: it is no game rule, so a seat can
never make one, not even the judge acting "as" a seat; the family's handlers log each edit
with a public text that names no hidden card and the details for those who may see them."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Literal, Protocol, TypeVar

from pydantic import (
    BaseModel,
    Field,
    SerializationInfo,
    SerializerFunctionWrapHandler,
    model_serializer,
)

from app.rules.core.actions import ActionModel, ObjectId, PlayerName
from app.rules.core.context import Ctx
from app.rules.core.errors import RuleError
from app.rules.core.events import Text
from app.rules.core.ordinals import ordinal_en, ordinal_fr
from app.rules.core.state import GameObject

Obj = TypeVar("Obj", bound=GameObject)


class JudgeEdit(ActionModel):
    """A judge edit is stored as the fields that were given, and no more (cards included):

    * a field left out means "leave it as it is" while one sent as null may mean something
      (judge_move's `face_down: null` turns a card face up), and stored actions are replayed
      from their JSON;
    * two families define each edit type with their own cards and zones (the union in
      app.rules.families tries both, the engine fits it to the game's family): a stored
      action must fit the family it was applied in, never carry the other's defaults."""

    @model_serializer(mode="wrap")
    def _given_only(
        self, handler: SerializerFunctionWrapHandler, info: SerializationInfo
    ) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        mode = "json" if info.mode_is_json() else "python"
        out: dict[str, Any] = {}
        for key, value in data.items():
            if key != "type" and key not in self.model_fields_set:
                continue
            field = getattr(self, key)
            out[key] = (
                field.model_dump(mode=mode, exclude_unset=True)
                if isinstance(field, BaseModel)
                else value
            )
        return out


class JudgeRemove(JudgeEdit):
    """Take a card out of the game altogether (every family: a correction, not an effect)."""

    type: Literal["judge_remove"]
    object: ObjectId


class JudgeSetTurn(JudgeEdit):
    """Whose turn it is and its number (each family adds its steps or phases): a built table
    starts on the turn the call happened, not always on the first player's first."""

    type: Literal["judge_set_turn"]
    turn: int | None = Field(default=None, ge=1, le=999)
    active_player: PlayerName | None = None


def set_turn(ctx: Ctx[Any], action: JudgeSetTurn, rules: list[str], step: Text | None) -> None:
    """judge_set_turn in every family, after the family has set its step (`step`: how the
    log says it, None when not given). `rules`: the judge-edit key, then the turn's rules.
    Public: every seat sees whose turn it is."""
    rule = rules[0]
    require_judge(ctx, rule)
    state = ctx.state
    if not action.model_fields_set - {"type"}:
        raise RuleError(
            [rule],
            "Say what to change: the turn number, whose turn it is or the step.",
            "Indiquez quoi changer : le numéro du tour, le joueur actif ou l'étape.",
            field="turn",
        )
    if action.active_player is not None:
        state.active_player = ctx.player(action.active_player)
    if action.turn is not None:
        state.turn = action.turn
    at_en = f", {step.en}" if step is not None else ""
    at_fr = f", {step.fr}" if step is not None else ""
    who = state.active_player
    ctx.emit(
        "judge_set_turn",
        rules,
        Text(
            en=f"Judge: it is now turn {state.turn}, {who}'s turn{at_en}.",
            fr=f"L'arbitre : c'est désormais le tour {state.turn}, au tour de {who}{at_fr}.",
        ),
    )


def require_judge(ctx: Ctx[Any], rule: str) -> None:
    """Refused to every seat (and to the judge acting as one) before anything is looked up,
    so a refusal tells nothing about the objects named. `rule`: the family's judge-edit key."""
    if ctx.actor is not None:
        raise RuleError(
            [rule],
            "Only the judge can edit the table.",
            "Seul l'arbitre peut modifier la table.",
            kind="forbidden",
        )


def put_at(ctx: Ctx[Any], obj: GameObject, index: int) -> None:
    """Put `obj` at `index` (0 = top) among its owner's cards of its zone, after any move:
    the pile is renumbered in order (positions of a hidden pile are never shown)."""
    pile = [o for o in ctx.state.in_zone(obj.zone, obj.owner) if o is not obj]
    pile.insert(min(index, len(pile)), obj)
    for card in pile:
        card.position = ctx.next_position()


def place_in_pile(ctx: Ctx[Any], obj: GameObject) -> tuple[str, str]:
    """Where a card is in its owner's pile, as the log says it ("on top", "3rd from the
    top")."""
    index = [o.id for o in ctx.state.in_zone(obj.zone, obj.owner)].index(obj.id)
    if index == 0:
        return "on top", "sur le dessus"
    return f"{ordinal_en(index + 1)} from the top", f"{ordinal_fr(index + 1)} en partant du dessus"


def now_controlled_by(controller: str) -> Text:
    """A change of controller, as an edit's log line says it."""
    return Text(en=f"now under {controller}'s control", fr=f"désormais contrôlé par {controller}")


def joined(parts: list[Text]) -> Text:
    """Several changes said in one breath ("tapped, 2 +1/+1")."""
    return Text(en=", ".join(p.en for p in parts), fr=", ".join(p.fr for p in parts))


def name_for(obj: GameObject, seen_by: set[str], *, past: bool = False) -> dict[str, Any]:
    """The card's name as an event's private detail, for whoever may see its face (the judge
    reads every private detail): the keyword arguments of Ctx.emit."""
    name = obj.card.shown_name()
    verb_en, verb_fr = ("It was", "C'était") if past else ("It is", "C'est")
    return {
        "private": Text(en=f"{verb_en} {name.en}.", fr=f"{verb_fr} {name.fr}."),
        "private_to": sorted(seen_by),
    }


def remove_from_game(
    ctx: Ctx[Any], obj: GameObject, shown: Text, seen_by: set[str] | None, rule: str
) -> None:
    """judge_remove in every family: the card leaves the game altogether (no zone: a
    correction, not an effect). `shown`: the object as every seat may name it; `seen_by`:
    who may see its hidden face (None: nothing about it is hidden)."""
    private = name_for(obj, seen_by, past=True) if seen_by is not None else {}
    ctx.state.remove_object(obj)
    ctx.emit(
        "judge_remove",
        [rule],
        Text(
            en=f"Judge: removes {shown.en} from the game.",
            fr=f"L'arbitre retire {shown.fr} de la partie.",
        ),
        **private,
    )


def refuse(rules: list[str], en: str, fr: str, field: str = "zone") -> RuleError:
    """A refusal that says what to change, about one field of the edit (shown beside it)."""
    return RuleError(rules, en, fr, field=field)


def counters_said(counters: dict[str, int]) -> Text:
    """The counters an edit set, as the log says them ("counters: 2 +1/+1")."""
    if not counters:
        return Text(en="no counters", fr="aucun marqueur")
    shown = ", ".join(f"{n} {kind}" for kind, n in sorted(counters.items()))
    return Text(en=f"counters: {shown}", fr=f"marqueurs : {shown}")


def in_brackets(changes: list[Text]) -> Text:
    """What an edit changed, after what it names: " (tapped, 2 +1/+1)", or nothing."""
    if not changes:
        return Text(en="", fr="")
    said = joined(changes)
    return Text(en=f" ({said.en})", fr=f" ({said.fr})")


_NOTHING = Text(en="", fr="")


class AddsCard(Protocol):
    """What every family's judge_add_card gives: the card, and whether it is a token."""

    @property
    def card(self) -> Any: ...

    @property
    def is_token(self) -> bool: ...


@dataclass(frozen=True)
class Refusal:
    """A judge edit's refusal as a family words it: the rules, the messages ("{owner}" stands
    for the card's owner) and the field of the edit it is about."""

    rules: tuple[str, ...]
    en: str
    fr: str
    field: str

    def error(self, owner: str = "") -> RuleError:
        return refuse(
            list(self.rules), self.en.format(owner=owner), self.fr.format(owner=owner), self.field
        )


@dataclass(frozen=True)
class JudgeWords(Generic[Obj]):
    """A family's words and zones for its judge edits, so that naming a card in the log,
    choosing who sees its name and what the log says of an edit are written once.

    `hidden_zones` (a hand, a library, a deck) hold cards only their owner may know: the log
    names neither the card nor its id there, only "a card in Alice's hand".

    `controlled_zones`: where a card may have a controller other than its owner (elsewhere
    another one is refused with `not_controlled`); `pile_zones`: where an edit may give a
    card's position (elsewhere refused with `not_a_pile`)."""

    rule: str
    hidden_zones: Mapping[Any, Text]
    face_down_label: Callable[[Any, Obj], Text]
    face_name: Callable[[Any, Obj], Text]
    face_known_to: Callable[[Any, Obj], tuple[set[str], str]]
    where: Callable[[Ctx[Any], Obj], Text]
    controlled_zones: Collection[Any]
    not_controlled: Refusal
    pile_zones: Collection[Any]
    not_a_pile: Refusal

    def controlled_by(self, obj: Obj) -> str:
        """Who controls it now: its controller where it has one, else its owner."""
        return obj.controller if obj.zone in self.controlled_zones else obj.owner

    def controller(
        self, ctx: Ctx[Any], zone: Any, asked: str | None, default: str, owner: str
    ) -> str:
        """The controller an edit gives a card put into `zone` (`default` when none is asked)."""
        if asked is None:
            return default if zone in self.controlled_zones else owner
        player = ctx.player(asked)
        if zone not in self.controlled_zones and player != owner:
            raise self.not_controlled.error(owner)
        return player

    def add(
        self,
        ctx: Ctx[Any],
        make: Callable[..., Obj],
        action: AddsCard,
        owner: str,
        controller: str,
        zone: Any,
        position: int | None,
        **more: Any,
    ) -> Obj:
        """judge_add_card's new object (`make`: the family's object type, `more`: its own
        fields), on the table and, in a pile, at `position` from the top (0 by default)."""
        obj = make(
            id=ctx.new_id(),
            card=action.card,
            is_token=action.is_token,
            owner=owner,
            controller=controller,
            zone=zone,
            position=ctx.next_position(),
            **more,
        )
        ctx.state.objects.append(obj)
        if zone in self.pile_zones:
            put_at(ctx, obj, position or 0)
        return obj

    def check_position(self, zone: Any, position: int | None) -> None:
        if position is not None and zone not in self.pile_zones:
            raise self.not_a_pile.error()

    def is_hidden(self, obj: Obj) -> bool:
        return obj.zone in self.hidden_zones or obj.face_down

    def shown(self, ctx: Ctx[Any], obj: Obj) -> Text:
        """The object as every seat may name it: never a hidden card's name."""
        zone = self.hidden_zones.get(obj.zone)
        if zone is not None:
            return Text(
                en=f"a card in {obj.owner}'s {zone.en}",
                fr=f"une carte de la {zone.fr} de {obj.owner}",
            )
        if obj.face_down:
            return self.face_down_label(ctx.state, obj)
        name = self.face_name(ctx.state, obj)
        if obj.is_token:
            return Text(en=f"the token {name.en}", fr=f"le jeton {name.fr}")
        return name

    def seen_by(self, ctx: Ctx[Any], obj: Obj) -> set[str]:
        """Who may see its face now, if it is hidden (nobody to add if it is public)."""
        return self.face_known_to(ctx.state, obj)[0] if self.is_hidden(obj) else set()

    def event_objects(self, obj: Obj) -> list[str]:
        """An id every seat may be given: not one in a hidden zone."""
        return [] if obj.zone in self.hidden_zones else [obj.id]

    def say_added(self, ctx: Ctx[Any], obj: Obj, changes: list[Text], keys: list[str]) -> None:
        """judge_add_card's log line: "Judge: puts a card into Alice's hand" (the name as a
        private detail for who may see it), or the card named when everyone may see it."""
        shown, where, said = self.shown(ctx, obj), self.where(ctx, obj), in_brackets(changes)
        private: dict[str, Any] = {}
        if self.is_hidden(obj):
            what = (
                Text(en="a token", fr="un jeton")
                if obj.is_token
                else Text(en="a card", fr="une carte")
            )
            # "puts a card into Alice's hand" / "puts a card onto the battlefield ...: Face-down
            # 2/2": a hidden zone's card has no public label.
            tail = (
                _NOTHING
                if obj.zone in self.hidden_zones
                else Text(en=f": {shown.en}", fr=f" : {shown.fr}")
            )
            private = name_for(obj, self.seen_by(ctx, obj))
        else:
            what, tail = shown, _NOTHING
        ctx.emit(
            "judge_add_card",
            keys,
            Text(
                en=f"Judge: puts {what.en} {where.en}{tail.en}{said.en}.",
                fr=f"L'arbitre met {what.fr} {where.fr}{tail.fr}{said.fr}.",
            ),
            objects=self.event_objects(obj),
            **private,
        )

    def say_moved(
        self,
        ctx: Ctx[Any],
        obj: Obj,
        before: Text,
        knew: set[str],
        *,
        moved: bool,
        changes: list[Text],
        keys: list[str],
    ) -> None:
        """judge_move's log line. `before`: how every seat named it before the edit; `knew`:
        who could see its face then. A card that ends up hidden is named only to those who
        knew it or may see it now; one that ends up public is named by the public text."""
        private = name_for(obj, knew | self.seen_by(ctx, obj)) if self.is_hidden(obj) else {}
        if moved:
            where, after = self.where(ctx, obj), self.shown(ctx, obj)
            tail = _NOTHING
            if obj.zone not in self.hidden_zones and after != before:
                tail = Text(en=f": {after.en}", fr=f" : {after.fr}")
            text = Text(
                en=f"Judge: moves {before.en} {where.en}{tail.en}",
                fr=f"L'arbitre déplace {before.fr} {where.fr}{tail.fr}",
            )
        else:
            text = Text(en=f"Judge: changes {before.en}", fr=f"L'arbitre modifie {before.fr}")
        said = in_brackets(changes)
        ctx.emit(
            "judge_move",
            keys,
            Text(en=f"{text.en}{said.en}.", fr=f"{text.fr}{said.fr}."),
            objects=self.event_objects(obj),
            **private,
        )

    def remove(self, ctx: Ctx[Any], obj: Obj) -> None:
        """judge_remove: the card leaves the game altogether (a correction, not an effect)."""
        seen_by = self.face_known_to(ctx.state, obj)[0] if self.is_hidden(obj) else None
        remove_from_game(ctx, obj, self.shown(ctx, obj), seen_by, self.rule)
