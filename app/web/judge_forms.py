"""The judge's table-builder forms, as the actions they post (the rules' judge edits):
"Add a card" -> `judge_add_card`, a card sheet's "Move / edit" -> `judge_move` (only what
changed) or `judge_remove`, "Set life / points" -> `judge_set_life` / `judge_set_points`.

Plain HTML forms send strings, an unchecked box sends nothing: these functions turn a posted
form into the action's JSON, and say which field is wrong (a `FormProblem` with a message
key) instead of guessing. The card is sent as its name: the web layer resolves it in the
game's catalog before the action is applied (app/web/action_body.py), so the stored action
holds the card's definition and a replay never needs the card data.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from app.web.form_numbers import MalformedNumber, optional_number

__all__ = [
    "FormProblem",
    "JudgeSpec",
    "add_card_action",
    "edit_action",
    "inline_card",
    "parse_counters",
    "set_score_action",
]

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
    boxes: tuple[str, ...] = ()  # status booleans: tapped, flipped, attacking...
    token: bool = False  # judge_add_card has `is_token`
    location: bool = False  # judge_add_card has `location` (a Riftbound battlefield)
    card_costs: tuple[str, ...] = ()  # the card model's cost texts (mana cost, morph...)
    card_numbers: tuple[str, ...] = ()  # its numbers (power, toughness, Might...)
    card_flags: tuple[str, ...] = ()  # its booleans (Riftbound's hidden)
    score: tuple[str, str] | None = None  # ("judge_set_life", "life") or None


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
        value = _number(form, f"def_{field}", signed=True)
        if value is not None:
            card[field] = value
    for field in spec.card_flags:
        if _box(form, f"def_{field}"):
            card[field] = True
    return card


def add_card_action(form: Mapping[str, Any], spec: JudgeSpec, players: list[str]) -> dict[str, Any]:
    """The "Add a card" panel's form as a `judge_add_card` action (only the fields set)."""
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
    via = _text(form, "face_down", 30)
    if via and spec.face_down:
        action["face_down"] = via
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
        via = _text(form, "face_down", 30) or None
        if via != placed.face_down_via:
            action["face_down"] = via  # null: turned face up
    location = _text(form, "location", 120)
    if location and spec.location:
        action["location"] = location
    for box in spec.boxes:
        wanted = _box(form, box)
        if wanted != placed.status.get(box, False):
            action[box] = wanted
    counters = parse_counters(_text(form, "counters", 200))
    if counters != dict(placed.counters):
        # Replaces every counter: a kind left out is removed (0).
        action["counters"] = {**{k: 0 for k in placed.counters}, **counters}
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
