"""The buttons of a triggered ability on the stack and of the judge's "apply by hand" tasks:
its controller chooses targets (603.3d), it may be countered (701.6) or copied (707.10), the
judge says a task is done. Each button belongs to its ability (or task), shown beside it in
the stack region; the engine decides which are legal (app.rules.offers)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.rules.core.events import Text
from app.rules.mtg.state import MtgGame, Zone

# The action types whose button belongs to an ability on the stack, or to a judge's task.
ABILITY_ACTIONS = frozenset({"choose_targets", "counter_ability", "copy_ability"})
TASK_ACTIONS = frozenset({"judge_done_by_hand"})
_TARGETABLE = (Zone.BATTLEFIELD, Zone.STACK, Zone.GRAVEYARD, Zone.EXILE)


def trigger_candidates(
    state: MtgGame, actor: str | None, name_of: Mapping[str, Text]
) -> list[tuple[dict[str, Any], Text]]:
    """Every button a triggered ability or a task could have for `actor`, legal or not."""
    out: list[tuple[dict[str, Any], Text]] = []
    for ability in sorted(state.abilities, key=lambda a: a.position):
        if ability.kind != "triggered":
            continue
        base = {"ability": ability.id}
        if ability.targeted and (ability.targets is None or ability.is_copy):
            for obj in sorted(state.objects, key=lambda o: o.position):
                shown = name_of.get(obj.id)
                if shown is None or obj.zone not in _TARGETABLE:
                    continue
                out.append(
                    (
                        {"type": "choose_targets", **base, "objects": [obj.id]},
                        Text(en=f"Target {shown.en}", fr=f"Cibler {shown.fr}"),
                    )
                )
            for player in state.player_names():
                out.append(
                    (
                        {"type": "choose_targets", **base, "players": [player]},
                        Text(en=f"Target {player}", fr=f"Cibler {player}"),
                    )
                )
            out.append(
                (
                    {"type": "choose_targets", **base},
                    Text(
                        en="No legal target: remove it (603.3d)",
                        fr="Aucune cible légale : la retirer (603.3d)",
                    ),
                )
            )
        out.append(
            (
                {"type": "counter_ability", **base},
                Text(en="Counter this ability", fr="Contrecarrer cette capacité"),
            )
        )
        out.append(
            (
                {"type": "copy_ability", **base},
                Text(en="Copy this ability", fr="Copier cette capacité"),
            )
        )
    for task in state.by_hand:
        out.append(
            (
                {"type": "judge_done_by_hand", "task": task.id},
                Text(en="Done: applied by hand", fr="Fait : appliqué à la main"),
            )
        )
    return out


def trigger_offer_target(action: dict[str, Any]) -> str | None:
    """The ability (or task) a button belongs to; None for any other action."""
    if action["type"] in ABILITY_ACTIONS:
        return str(action["ability"])
    if action["type"] in TASK_ACTIONS:
        return str(action["task"])
    return None
