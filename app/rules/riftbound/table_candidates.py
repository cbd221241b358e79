"""What a casual Riftbound table offers (app.rules.riftbound.table): draw, channel runes and
change a score, for the judge for every player, for a seat for itself. Shown in the pages'
"Table" panel, where a number typed beside a button sets `count` or `amount`."""

from __future__ import annotations

from typing import Any

from app.rules.core.events import Text
from app.rules.riftbound.state import RiftboundGame

TABLE_ACTIONS: tuple[str, ...] = ("draw", "channel", "score")


def table_candidates(state: RiftboundGame, actor: str | None) -> list[tuple[dict[str, Any], Text]]:
    out: list[tuple[dict[str, Any], Text]] = []
    for player in state.player_names():
        if actor is not None and actor != player:
            continue
        out += [
            ({"type": "draw", "player": player, "count": 1},
             Text(en=f"Draw ({player})", fr=f"Piocher ({player})")),
            ({"type": "channel", "player": player, "count": 2},
             Text(en=f"Channel runes ({player})", fr=f"Canaliser des runes ({player})")),
            ({"type": "score", "player": player, "amount": 1},
             Text(en=f"Score points ({player})", fr=f"Marquer des points ({player})")),
            ({"type": "score", "player": player, "amount": -1},
             Text(en=f"Lose points ({player})", fr=f"Perdre des points ({player})")),
        ]  # fmt: skip
    return out
