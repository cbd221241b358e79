"""The end of a Riftbound game, whoever ends it: a player reaching the victory score
(battlefields), the last player left (turn) or the judge; every facedown card is then shown to
everyone (421.4)."""

from __future__ import annotations

from app.rules.core.ending import reveal_to_all
from app.rules.core.events import Text
from app.rules.riftbound.labels import facedown_label
from app.rules.riftbound.state import RiftboundCtx, Zone


def finish(ctx: RiftboundCtx, winner: str | None) -> None:
    """The game ends: every facedown card is revealed to all (421.4)."""
    shown = reveal_to_all(
        ctx,
        ctx.state.in_zone(Zone.FACEDOWN),
        lambda obj: facedown_label(ctx.state, obj),
        nothing=Text(en="none.", fr="aucune."),
    )
    ctx.state.finished = True
    ctx.state.winner = winner
    ctx.emit(
        "end_game",
        ["rb.end-game", "rb.421.4"],
        Text(
            en=(f"{winner} wins. " if winner else "")
            + "The game ends; every facedown card is revealed: "
            + shown.en,
            fr=(f"{winner} gagne. " if winner else "")
            + "La partie se termine ; toutes les cartes face cachée sont révélées : "
            + shown.fr,
        ),
    )
