"""Riftbound's timing: when a card may be played or hidden now, from public facts (whose turn,
a chain, a showdown, the turn a card was hidden). `None` when the rules allow it now, else
an `OffTiming`: the moves refuse a seat and warn the judge (app.rules.core.timing).

* Playing a card normally (811.3): on your own turn with no chain and no showdown; Action also
  in a showdown on any turn (806); Reaction any time, chain or not (813).
* Hiding (811.1.b): a card from your hand or champion zone, on your turn, in an Open State.
* Playing a hidden card (811.1.b, 811.6): from the turn after it was hidden, with Reaction.

These words never name the card: playing or hiding it is what shows it, and a warning is
public (811.6.a: a hidden card's Reaction is not publicly known).
"""

from __future__ import annotations

from app.rules.core.events import Text
from app.rules.core.timing import OffTiming
from app.rules.riftbound.common import has_keyword, rb
from app.rules.riftbound.state import RiftboundGame, RiftboundObject

_PLAY_NOW = Text(en="Not a time to play this card", fr="Pas le moment de jouer cette carte")
_HIDE_NOW = Text(en="Not a time to hide a card", fr="Pas le moment de cacher une carte")


def play_timing(
    state: RiftboundGame, obj: RiftboundObject, player: str, *, reaction: bool
) -> OffTiming | None:
    """Reaction: any turn, even in a Closed State (813). Action: also in showdowns on any
    turn (806). Otherwise: your own turn, no chain, no showdown."""
    riftbound = rb(state)
    if reaction or has_keyword(obj, "Reaction"):
        return None
    if riftbound.chain:
        return OffTiming(
            rules=("rb.states", "rb.813"),
            headline=_PLAY_NOW,
            why=Text(
                en="a chain exists (Closed State): only a card with Reaction can be played now",
                fr="une chaîne existe (état fermé) : seule une carte avec Réaction peut être "
                "jouée maintenant",
            ),
        )
    if has_keyword(obj, "Action"):
        if riftbound.showdown is not None or state.active_player == player:
            return None
        return OffTiming(
            rules=("rb.806",),
            headline=_PLAY_NOW,
            why=Text(
                en=f"a card with Action is played on your turn or during a showdown, and it is "
                f"{state.active_player}'s turn",
                fr=f"une carte avec Action se joue pendant votre tour ou pendant un "
                f"affrontement, et c'est le tour de {state.active_player}",
            ),
        )
    if state.active_player != player or riftbound.showdown is not None:
        return OffTiming(
            rules=("rb.states", "rb.806"),
            headline=_PLAY_NOW,
            why=Text(
                en="it can be played only on your own turn, outside showdowns, with no chain",
                fr="elle ne se joue que pendant votre tour, hors affrontement, sans chaîne",
            ),
        )
    return None


def hidden_play_timing(state: RiftboundGame, obj: RiftboundObject) -> OffTiming | None:
    """811.1.b: a hidden card is played from the turn after it was hidden."""
    if obj.hidden_turn is None or state.turn > obj.hidden_turn:
        return None
    return OffTiming(
        rules=("rb.811.1.b",),
        headline=_PLAY_NOW,
        why=Text(
            en="it was hidden this turn: it can be played from the next turn on",
            fr="elle a été cachée ce tour-ci : elle pourra être jouée à partir du prochain tour",
        ),
    )


def hide_timing(state: RiftboundGame, player: str) -> OffTiming | None:
    """811.1.b: on your own turn, in an Open State (no chain)."""
    if state.active_player != player:
        return OffTiming(
            rules=("rb.811.1.b",),
            headline=_HIDE_NOW,
            why=Text(
                en=f"you can hide a card only on your own turn; it is {state.active_player}'s turn",
                fr=f"on ne peut cacher une carte que pendant son propre tour ; c'est le tour de "
                f"{state.active_player}",
            ),
        )
    if rb(state).chain:
        return OffTiming(
            rules=("rb.811.1.b", "rb.states"),
            headline=_HIDE_NOW,
            why=Text(
                en="a card can be hidden only in an Open State: a chain exists (Closed State)",
                fr="on ne peut cacher une carte que dans un état ouvert : une chaîne existe "
                "(état fermé)",
            ),
        )
    return None
