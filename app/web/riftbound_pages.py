"""What the Riftbound board adds to a seat page's context: its game-wide buttons (ending a
showdown sits beside passing and ending the turn) and the judge's "who controls it" buttons,
shown on each battlefield's card rather than behind "More". Public models only."""

from __future__ import annotations

from typing import Any

from app.rules.redact import ActionOption, View

RB_PRIMARY_ACTIONS = ("resolve", "resolve_showdown", "next_turn")
# Options about one battlefield (not one object): shown on that battlefield's card.
RB_FIELD_ACTIONS = ("set_control",)


def riftbound_context(view: View, options: list[ActionOption]) -> dict[str, Any]:
    if getattr(view, "riftbound", None) is None:
        return {}
    loose = [o for o in options if o.object is None]
    return {
        "bar_options": [o for o in loose if o.type in RB_PRIMARY_ACTIONS],
        "more_options": [o for o in loose if o.type not in RB_PRIMARY_ACTIONS + RB_FIELD_ACTIONS],
        "field_options": [o for o in loose if o.type in RB_FIELD_ACTIONS],
    }
