"""The judge's table-builder forms, as the actions they post (the rules' judge edits):
"Add a card" -> `judge_add_card`, a card sheet's "Move / edit" -> `judge_move` (only what
changed) or `judge_remove`, "Set life / points" -> `judge_set_life` / `judge_set_points`,
"Turn and step" -> `judge_set_turn`.

One "face" choice says every way a card can be hidden: face up, face down as a spell or a
permanent, or exiled face down (`exile:<how>`, or under a permanent: the family's
`HiddenUnder` face), with the exile's public facts beside it.

Plain HTML forms send strings, an unchecked box sends nothing: these functions turn a posted
form into the action's JSON, and say which field is wrong (a `FormProblem` with a message
key) instead of guessing. The card is sent as its name: the web layer resolves it in the
game's catalog before the action is applied (app/web/action_body.py), so the stored action
holds the card's definition and a replay never needs the card data.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from app.rules.core.family import HiddenUnder, boxes_by_name
from app.web.form_numbers import MalformedNumber, optional_number

__all__ = [
    "EXILE_PREFIX",
    "FormProblem",
    "JudgeSpec",
    "add_card_action",
    "edit_action",
    "face_of",
    "inline_card",
    "parse_counters",
    "set_score_action",
    "set_turn_action",
]

# The face choice's value for a card exiled face down by one of the family's exile ways.
EXILE_PREFIX = "exile:"
# The exile's public facts as the form posts them (406.4), and their keys in `exiled`.
EXILE_FACTS = {"exiled_by": "by", "exiled_turn": "turn", "exiled_look": "look"}
EXILE_SOURCE = "exiled_source"

_COUNTER_ITEM = re.compile(r"^\s*(?P<name>[^=:]{1,30}?)\s*[=:x×]\s*(?P<n>\d{1,2})\s*$")
_COUNTER_ALONE = re.compile(r"^\s*(?P<n>\d{1,2})\s+(?P<name>.{1,30}?)\s*$")
_TYPE_DASH = re.compile(r"\s+[—–-]+\s+")
# Words of a Magic type line that are supertypes (205.4a).
_SUPERTYPES = {"Basic", "Legendary", "Snow", "World", "Ongoing", "Elite", "Host"}


@dataclass(frozen=True)
class JudgeSpec:
    """What a game family's judge edits take (read from its action and card models by
    app/web/pages/family_pages.py): the forms send only fields the family has."""

    family: str
    zones: tuple[str, ...]
    face_down: tuple[str, ...] = ()  # ways face down; empty: none to choose
    boxes: tuple[str, ...] = ()  # status booleans, as the family lists them
    # Each box as a card of the judge's view holds it now (the family's GamePages.judge_forms).
    boxes_now: Callable[[Any, Any, Sequence[str]], Mapping[str, bool]] = boxes_by_name
    token: bool = False  # judge_add_card has `is_token`
    location: bool = False  # judge_add_card has `location` (a Riftbound battlefield)
    card_costs: tuple[str, ...] = ()  # the card model's cost texts (mana cost, morph...)
    card_numbers: tuple[str, ...] = ()  # its numbers (power, toughness, Might...)
    card_flags: tuple[str, ...] = ()  # its booleans (Riftbound's hidden)
    score: tuple[str, str] | None = None  # ("judge_set_life", "life") or None
    # A zone the forms name by a synonym (Riftbound's main deck is the form's "library").
    zone_aliases: tuple[tuple[str, str], ...] = ()
    exile_ways: tuple[str, ...] = ()  # ways exiled face down (foretell, effect, imprint)
    looks: tuple[str, ...] = ()  # who may look at a card exiled face down
    under: HiddenUnder | None = None  # a card can be exiled face down under a permanent
    attach: bool = False  # a permanent can be attached to another (an Aura, an Equipment)
    turn: bool = False  # the family has judge_set_turn
    step_field: str | None = None  # its step's field: "step" (Magic), "phase" (Riftbound)
    steps: tuple[str, ...] = ()

    def boxes_of(self, view: Any, obj: Any) -> Mapping[str, bool]:
        """Each of the forms' boxes as the card holds it now."""
        return self.boxes_now(view, obj, self.boxes)

    def form_zone(self, zone: str) -> str:
        """The zone as the forms choose it."""
        return dict(self.zone_aliases).get(zone, zone)


@dataclass(frozen=True)
class FormProblem(Exception):
    """A field of the form that can't be used: the message key (app/web/i18n) and the field."""

    key: str
    field: str


def _text(form: Mapping[str, Any], name: str, limit: int = 120) -> str:
    return str(form.get(name) or "").strip()[:limit]


def _box(form: Mapping[str, Any], name: str) -> bool:
    return str(form.get(name) or "") not in ("", "0", "false", "off")


def _number(form: Mapping[str, Any], name: str, *, signed: bool = False) -> int | None:
    raw = _text(form, name, 8)
    negative = signed and raw.startswith(("-", "\u2212"))
    try:
        value = optional_number(raw.lstrip("-\u2212+") if signed else raw, max_digits=4)
    except MalformedNumber:
        raise FormProblem("builder.error.number", name) from None
    if value is None:
        return None
    return -value if negative else value


def parse_counters(text: str) -> dict[str, int]:
    """ "+1/+1=2, charge=1" (or "2 +1/+1", "charge:1") -> {"+1/+1": 2, "charge": 1}."""
    counters: dict[str, int] = {}
    for item in filter(None, (part.strip() for part in re.split(r"[,;\n]", text))):
        found = _COUNTER_ITEM.match(item) or _COUNTER_ALONE.match(item)
        if found is None:
            raise FormProblem("builder.error.counters", "counters")
        counters[found["name"].strip()] = int(found["n"])
    if len(counters) > 10:
        raise FormProblem("builder.error.counters", "counters")
    return counters


def inline_card(form: Mapping[str, Any], spec: JudgeSpec) -> dict[str, Any]:
    """A card the data doesn't know, from the "define a card" fields (`def_*`)."""
    name = _text(form, "def_name")
    if not name:
        raise FormProblem("builder.error.no_card", "def_name")
    card: dict[str, Any] = {"name": name}
    type_line = _text(form, "def_types", 200)
    if type_line:
        # "Legendary Creature — Angel": supertypes and types, then subtypes after the dash.
        left, right = [*_TYPE_DASH.split(type_line, maxsplit=1), ""][:2]
        words = left.split()
        card["types"] = [w for w in words if w not in _SUPERTYPES][:8]
        supertypes = [w for w in words if w in _SUPERTYPES][:8]
        if supertypes:
            card["supertypes"] = supertypes
        if right:
            card["subtypes"] = right.split()[:8]
    text = _text(form, "def_text", 2000)
    if text:
        card["text"] = text
    for field in spec.card_costs:
        value = _text(form, f"def_{field}", 60)
        if value:
            card[field] = value
    for field in spec.card_numbers:
        raw = _text(form, f"def_{field}", 8).replace(" ", "")
        if "*" in raw:
            # 208.2a: a value defined by an ability ("*", "1+*"), kept as printed.
            card[field] = raw
            continue
        number = _number(form, f"def_{field}", signed=True)
        if number is not None:
            card[field] = number
    for field in spec.card_flags:
        if _box(form, f"def_{field}"):
            card[field] = True
    return card


def _face(form: Mapping[str, Any], spec: JudgeSpec) -> tuple[str, dict[str, Any]]:
    """The face chosen ("" face up) and the action's fields that say it: `face_down`, or
    `exiled` with the exile's facts, or the permanent it is under (None: none chosen)."""
    face = _text(form, "face_down", 30)
    if face.startswith(EXILE_PREFIX) and face.removeprefix(EXILE_PREFIX) in spec.exile_ways:
        exiled: dict[str, Any] = {"via": face.removeprefix(EXILE_PREFIX)}
        by = _text(form, "exiled_by", 40)
        if by:
            exiled["by"] = by
        turn = _number(form, "exiled_turn")
        if turn is not None:
            if turn < 1:
                raise FormProblem("builder.error.turn", "exiled_turn")
            exiled["turn"] = turn
        look = _text(form, "exiled_look", 10)
        if look in spec.looks:
            exiled["look"] = look
        source = _text(form, EXILE_SOURCE, 120)
        if source:
            exiled["source"] = source
        return face, {"exiled": exiled}
    if spec.under is not None and face == spec.under.face:
        return face, {spec.under.field: _text(form, spec.under.field, 64) or None}
    if face and face not in spec.face_down:
        raise FormProblem("builder.error.face_down", "face_down")
    return face, {"face_down": face or None}


def face_of(obj: Any, spec: JudgeSpec) -> str:
    """A card's face as the form's choice says it, from the judge's view of it."""
    exiled = getattr(obj, "exiled", None)
    if exiled is not None and obj.face_down:
        return EXILE_PREFIX + exiled.via
    if spec.under is not None and spec.under.holds(obj):
        return spec.under.face
    via = getattr(obj, "face_down_via", None)
    return (via or "effect") if obj.face_down else ""


def exile_facts(obj: Any) -> dict[str, str]:
    """What the form's exile fields hold for a card exiled face down (406.4), as strings."""
    exiled = getattr(obj, "exiled", None)
    if exiled is None:
        return {}
    return {
        "exiled_by": exiled.by,
        "exiled_turn": str(exiled.turn),
        "exiled_look": exiled.look,
        EXILE_SOURCE: exiled.source,
    }


# Where a card added face down by one of its own ways goes when the form's zone can't hold
# it: a face-down permanent (708.2), a foretold card in exile (702.143a).
_FACE_DOWN_HOME = ("battlefield", "stack")


def _own_way(form: Mapping[str, Any], spec: JudgeSpec) -> Mapping[str, Any]:
    """A search hit's own-way button (`card_as`: "<way> <card name>", e.g. "morph Exalted
    Angel") as the form it stands for: that card, that face, and a zone that can hold it —
    the form's zone when it can (a face-down spell on the stack), else the battlefield, or
    exile for a way that exiles. The other placement fields stay as the judge chose them."""
    way, _, name = _text(form, "card_as", 160).partition(" ")
    exiles = way.startswith(EXILE_PREFIX) and way.removeprefix(EXILE_PREFIX) in spec.exile_ways
    if not name or not (exiles or way in spec.face_down):
        raise FormProblem("builder.error.face_down", "face_down")
    zone = _text(form, "zone", 30)
    if exiles:
        zone = "exile"
    elif zone not in _FACE_DOWN_HOME:
        zone = "battlefield"
    return {**dict(form.items()), "card": name, "face_down": way, "zone": zone}


def add_card_action(form: Mapping[str, Any], spec: JudgeSpec, players: list[str]) -> dict[str, Any]:
    """The "Add a card" panel's form as a `judge_add_card` action (only the fields set)."""
    if _text(form, "card_as"):
        form = _own_way(form, spec)
    name = _text(form, "card")
    card: str | dict[str, Any] = name if name else inline_card(form, spec)
    owner = _text(form, "owner", 40)
    if owner not in players:
        raise FormProblem("builder.error.owner", "owner")
    action: dict[str, Any] = {
        "type": "judge_add_card",
        "card": card,
        "owner": owner,
        "zone": _text(form, "zone", 30) or "battlefield",
    }
    controller = _text(form, "controller", 40)
    if controller and controller != owner:
        if controller not in players:
            raise FormProblem("builder.error.owner", "controller")
        action["controller"] = controller
    position = _number(form, "library_position")
    if action["zone"] == "library" and position is not None:
        action["library_position"] = position
    if spec.face_down and _text(form, "face_down", 30):
        face, fields = _face(form, spec)
        _require_under(spec, face, fields)
        action.update(fields)
    host = _text(form, "attached_to", 64)
    if spec.attach and host:
        action["attached_to"] = host
    if spec.token and _box(form, "token"):
        action["is_token"] = True
    location = _text(form, "location", 120)
    if location and spec.location:
        action["location"] = location
    for box in spec.boxes:
        if _box(form, box):
            action[box] = True
    counters = parse_counters(_text(form, "counters", 200))
    if counters:
        action["counters"] = counters
    return action


@dataclass(frozen=True)
class Placed:
    """What a "Move / edit" form is compared with: the card as the judge sees it now."""

    id: str
    zone: str
    controller: str
    face_down_via: str | None
    counters: Mapping[str, int]
    status: Mapping[str, bool]
    # The permanent it is attached to now (its id), "" for none.
    attached_to: str = ""
    # The form's face choice now (face_of; None: its way face down, or face up) and the
    # exile's facts (exile_facts).
    face: str | None = None
    exile: Mapping[str, str] = dataclasses.field(default_factory=dict)


def edit_action(form: Mapping[str, Any], spec: JudgeSpec, placed: Placed) -> dict[str, Any]:
    """A card sheet's judge form: `judge_remove`, or a `judge_move` holding only what the
    judge changed (a field left out stays as it is; a zone sent means a move, a new object)."""
    if _text(form, "do", 10) == "remove":
        return {"type": "judge_remove", "object": placed.id}
    action: dict[str, Any] = {"type": "judge_move", "object": placed.id}
    zone = _text(form, "zone", 30)
    if zone and zone != placed.zone:
        action["zone"] = zone
    position = _number(form, "library_position")
    if position is not None and (zone or placed.zone) == "library":
        action["library_position"] = position
    controller = _text(form, "controller", 40)
    if controller and controller != placed.controller:
        action["controller"] = controller
    if spec.face_down and "face_down" in form:
        face, fields = _face(form, spec)
        now = placed.face if placed.face is not None else (placed.face_down_via or "")
        if face != now:
            _require_under(spec, face, fields)
            action.update(fields)  # `face_down: null`: turned face up
        elif "exiled" in fields and _exile_changed(form, placed):
            action.update(fields)
        elif spec.under is not None and fields.get(spec.under.field):
            action.update(fields)  # under another permanent
    location = _text(form, "location", 120)
    if location and spec.location:
        action["location"] = location
    if spec.attach and "attached_to" in form:
        host = _text(form, "attached_to", 64)
        if host != placed.attached_to:
            action["attached_to"] = host or None  # null: unattached
    for box in spec.boxes:
        wanted = _box(form, box)
        if wanted != placed.status.get(box, False):
            action[box] = wanted
    counters = parse_counters(_text(form, "counters", 200))
    if counters != dict(placed.counters):
        # Replaces every counter: a kind left out is removed (0).
        action["counters"] = {**{k: 0 for k in placed.counters}, **counters}
    return action


def _require_under(spec: JudgeSpec, face: str, fields: Mapping[str, Any]) -> None:
    """A card exiled under a permanent needs the permanent."""
    under = spec.under
    if under is not None and face == under.face and fields[under.field] is None:
        raise FormProblem(f"builder.error.{under.field}", under.field)


def _exile_changed(form: Mapping[str, Any], placed: Placed) -> bool:
    return any(
        _text(form, name, 120) != placed.exile.get(name, "")
        for name in (*EXILE_FACTS, EXILE_SOURCE)
        if name in form
    )


def set_turn_action(form: Mapping[str, Any], spec: JudgeSpec, players: list[str]) -> dict[str, Any]:
    """ "Turn and step": whose turn, its number and its step (500.1) or phase, all sent."""
    player = _text(form, "active_player", 40)
    if player not in players:
        raise FormProblem("builder.error.owner", "active_player")
    turn = _number(form, "turn")
    if turn is None or not 1 <= turn <= 999:
        raise FormProblem("builder.error.turn", "turn")
    action: dict[str, Any] = {"type": "judge_set_turn", "turn": turn, "active_player": player}
    if spec.step_field is not None:
        step = _text(form, "step", 30)
        if step and step not in spec.steps:
            raise FormProblem("builder.error.step", "step")
        action[spec.step_field] = step or None
    return action


def set_score_action(
    form: Mapping[str, Any], spec: JudgeSpec, players: list[str]
) -> dict[str, Any]:
    """ "Set life / points": Magic's life total (119.1), Riftbound's points."""
    if spec.score is None:
        raise FormProblem("builder.error.no_score", "amount")
    player = _text(form, "player", 40)
    if player not in players:
        raise FormProblem("builder.error.owner", "player")
    value = _number(form, "amount", signed=True)
    if value is None:
        raise FormProblem("builder.error.number", "amount")
    action_type, field = spec.score
    return {"type": action_type, "player": player, field: value}
