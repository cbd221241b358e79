"""Issue 27's actions with plausible arguments, for the random games of
tests/rules/conformance/test_hidden_information.py: permission effects (Gonti, Cemetery Illuminator, Cosmos
Charger, Dream Devourer), restrictions (Void Winnower), cards becoming foretold (Ethereal
Valkyrie) and a hideaway trigger happening twice. The casts and plays they allow are offered
by the game's own buttons (app.rules.mtg.candidates) once a permission is in force."""

from __future__ import annotations

from typing import Any

from app.rules.core.state import GameState
from app.rules.families import ACTION_TYPES

_EVERYWHERE = ["cast", "cast_face_down", "play_land"]


def permission_candidates(state: GameState) -> list[dict[str, Any]]:
    players = list(state.player_names())
    out: list[dict[str, Any]] = []
    for obj in sorted(state.objects, key=lambda o: o.position):
        zone, oid = str(obj.zone), obj.id
        if zone in ("exile", "graveyard"):
            for player in players:
                out.append({"type": "grant_permission", "player": player, "object": oid,
                            "allows": _EVERYWHERE, "until": "while_it_stays",
                            "source": "Gonti, Lord of Luxury"})  # fmt: skip
        if zone == "hand" or (zone == "exile" and obj.face_down):
            out.append({"type": "become_foretold", "object": oid, "source": "Ethereal Valkyrie"})
        if zone == "battlefield":
            out.append({"type": "hideaway_trigger", "source": oid})
    for player in players:
        out.append({"type": "grant_permission", "player": player, "zone": "library_top",
                    "allows": _EVERYWHERE, "types": ["Creature", "Land"],
                    "once_each_turn": True, "until": "until_ended",
                    "source": "Cemetery Illuminator"})  # fmt: skip
        out.append({"type": "grant_permission", "player": player, "zone": "hand",
                    "allows": ["foretell_any_turn", "gain_foretell"], "except_types": ["Land"],
                    "until": "until_ended", "source": "Dream Devourer"})  # fmt: skip
        for other in players:
            out.append({"type": "grant_permission", "player": player, "zone": "graveyard",
                        "from_player": other, "allows": _EVERYWHERE,
                        "source": "Dire Fleet Daredevil"})  # fmt: skip
            out.append({"type": "restrict_casting", "player": other, "kind": "even_mana_value",
                        "source": "Void Winnower"})  # fmt: skip
        out.append({"type": "look_top", "player": player, "count": 1})
    for perm in getattr(state, "permissions", []):
        out.append({"type": "end_permission", "permission": perm.id})
    for restriction in getattr(state, "restrictions", []):
        out.append({"type": "end_restriction", "restriction": restriction.id})
    return [a for a in out if a["type"] in ACTION_TYPES]
