"""The honest player's issue-16 actions (the contract in notes/issue16-plan.md) with plausible
arguments, for the random games of tests/rules/conformance/test_hidden_information.py and the hostile-seat
harness. Most have no button (a player or the judge types them: a manifest from another
player's library, a shuffled pile, an effect with a source); the others have one too.

A type not yet in ACTION_TYPES (its branch not merged yet) is skipped, and so is a candidate
whose model doesn't take these fields yet (e.g. `add_counter` before named counters): the
generator follows whatever main accepts, and draws every new type once it lands.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from app.rules.core.state import GameState
from app.rules.families import ACTION_TYPES, parse_action

# A face-down token's definition: its face must stay as hidden as any card's.
TOKEN_FACE = {"name": "Zembrol Token", "types": ["Creature"], "power": 1, "toughness": 1}


_SHAPES: dict[tuple[Any, ...], bool] = {}
# Fields whose value (an id, a player) never changes whether the model takes the action.
_REFERENCES = frozenset({"object", "objects", "copy_of", "player", "from_player", "controller"})


def _accepted(action: dict[str, Any]) -> bool:
    """Whether main's action models take this action's type and fields (asked once per
    shape: the ids and players it names never change the answer)."""
    shape = tuple(sorted((k, k if k in _REFERENCES else repr(v)) for k, v in action.items()))
    if shape not in _SHAPES:
        try:
            _SHAPES[shape] = action["type"] in ACTION_TYPES and bool(parse_action(action))
        except ValidationError:
            _SHAPES[shape] = False  # the model doesn't take these fields yet
    return _SHAPES[shape]


def _object_candidates(obj: Any, players: list[str]) -> list[dict[str, Any]]:
    zone, oid = str(obj.zone), obj.id
    out: list[dict[str, Any]] = []
    if zone == "hand":
        out.append({"type": "foretell", "object": oid})
        for look in ("exiler", "owner", "nobody"):
            out.append({"type": "exile_face_down", "object": oid, "look": look,
                        "via": "effect", "source": "Bane Alley Broker"})  # fmt: skip
        out.append({"type": "exile_face_down", "object": oid, "look": "exiler",
                    "via": "imprint", "source": "Summoner's Egg"})  # fmt: skip
    if zone == "exile":
        for via in ("foretell", "effect", None):
            out.append({"type": "cast_from_exile", "object": oid, "via": via})
        out.append({"type": "turn_face_up_in_exile", "object": oid})
        for controller in (None, *players):
            for face_down in (False, True):
                out.append({"type": "return_from_exile", "object": oid,
                            "face_down": face_down, "controller": controller})  # fmt: skip
    if zone in ("graveyard", "exile"):
        for player in players:
            out.append({"type": "manifest_cards", "objects": [oid], "player": player,
                        "random_order": False, "via": "manifest"})  # fmt: skip
    if zone == "battlefield":
        out.append({"type": "apply_effect", "object": oid, "source": "Unable to Scream",
                    "loses_all_abilities": True, "add_subtypes": ["Toy"], "base_power": 0,
                    "base_toughness": 2, "cant_turn_face_up": True})  # fmt: skip
        out.append({"type": "apply_effect", "object": oid, "source": "Mirrorweave",
                    "add_types": ["Artifact"], "until_end_of_turn": True})  # fmt: skip
        # Issue 27: a triggered ability granted to it, face down too (613.1f).
        out.append({"type": "apply_effect", "object": oid, "source": "Tiptoe Banner",
                    "grant_trigger": {"event": "attacks", "effect": {"kind": "counters"},
                                      "text": "Put a +1/+1 counter on target creature."}})  # fmt: skip
        out.append({"type": "apply_effect", "object": oid, "source": "Dread Shroud",
                    "grant_trigger": {"event": "dies", "text": "Each opponent loses 2 life."}})  # fmt: skip
        out.append({"type": "add_counter", "object": oid, "counter": "veil", "amount": 1})
        out.append({"type": "add_counter", "object": oid, "counter": "-1/-1", "amount": 2})
        for player in players:
            out.append({"type": "create_token", "player": player, "copy_of": oid})
    if zone in ("battlefield", "stack"):
        # Reflector Mage: the name as it is now (none when face down: 201.2a).
        for player in players:
            out.append({"type": "forbid_name", "player": player, "object": oid,
                        "source": "Reflector Mage"})  # fmt: skip
    return out


def contract_candidates(state: GameState) -> list[dict[str, Any]]:
    """Every issue-16 action worth trying now, in a stable order; the engine decides which
    are legal (the caller keeps the first legal one of a kind)."""
    return [action for action in all_candidates(state) if _accepted(action)]


def all_candidates(state: GameState) -> list[dict[str, Any]]:
    """The candidates before main's models are asked (test_contract_candidates checks that
    every one of them is accepted now that the whole contract has landed)."""
    players = list(state.player_names())
    out: list[dict[str, Any]] = []
    for obj in sorted(state.objects, key=lambda o: o.position):
        out += _object_candidates(obj, players)
    for player in players:
        for other in players:
            for count in (1, 2):
                for kind in ("manifest", "cloak"):
                    out.append({"type": kind, "player": player, "from_player": other,
                                "count": count})  # fmt: skip
        out.append({"type": "manifest_dread", "player": player})
        out.append({"type": "create_token", "player": player, "card": TOKEN_FACE,
                    "face_down": True})  # fmt: skip
        # Ghastly Conscription: a player's graveyard creature cards, in a random order.
        pile = [o.id for o in state.objects if str(o.zone) == "graveyard" and o.owner == player]
        if pile:
            for manifester in players:
                out.append({"type": "manifest_cards", "objects": pile, "player": manifester,
                            "random_order": True, "via": "manifest"})  # fmt: skip
        # Jeskai Infiltrator: the top card of the library joins the pile.
        out.append({"type": "manifest_cards", "objects": [], "player": player,
                    "random_order": True, "from_library": 1})  # fmt: skip
    dread = getattr(state, "dread_pending", None)
    if dread is not None:
        out += [{"type": "manifest_dread_choose", "object": oid} for oid in dread.looked]
    out.append({"type": "forbid_name", "player": players[-1], "name": "Island",
                "source": "Meddling Mage"})  # fmt: skip
    out.append({"type": "state_based_actions"})
    return out


# Types the issue-16 contract adds; the harness reports which of them it drew (and which are not
# on main yet).
CONTRACT_TYPES = (
    "foretell", "exile_face_down", "cast_from_exile", "turn_face_up_in_exile",
    "return_from_exile", "manifest", "cloak", "manifest_cards", "manifest_dread",
    "manifest_dread_choose", "apply_effect", "add_counter", "state_based_actions",
    "create_token", "forbid_name",
)  # fmt: skip
