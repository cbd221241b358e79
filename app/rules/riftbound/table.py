"""A casual Riftbound table: dealing, drawing, channelling runes, changing a score.

A drawn card is known to its owner only (the public text counts cards); a deck shuffle
renews ids and forgets what anyone knew (app.rules.core.piles); every zone change is a new
object. Only the player (or the judge) acts on their own deck and score."""

from __future__ import annotations

from collections.abc import Sequence

from app.rules.core.errors import RuleError
from app.rules.core.events import Text
from app.rules.core.piles import shuffle_pile
from app.rules.core.table_actions import names_of, only_the_player, say_dealt, say_drawn
from app.rules.core.words import plural_pair
from app.rules.riftbound.common import rb
from app.rules.riftbound.ending import finish
from app.rules.riftbound.runes import runes_said
from app.rules.riftbound.state import RiftboundCtx, RiftboundObject, Zone
from app.rules.riftbound.table_actions import Channel, Draw, Score
from app.rules.riftbound.zones import take_top

# The opening hand of a Riftbound game (rb.setup-deal).
OPENING_HAND = 4


def draw_cards(ctx: RiftboundCtx, player: str, count: int) -> list[RiftboundObject]:
    return take_top(ctx, player, Zone.MAIN_DECK, Zone.HAND, count)


def deal(ctx: RiftboundCtx, players: Sequence[str]) -> None:
    """Each player's main deck and rune deck shuffled, then an opening hand drawn."""
    for player in players:
        shuffle_pile(ctx, ctx.state.in_zone(Zone.MAIN_DECK, player))
        shuffle_pile(ctx, ctx.state.in_zone(Zone.RUNE_DECK, player))
        drawn = draw_cards(ctx, player, OPENING_HAND)
        shuffles = Text(en="shuffles their decks", fr="mélange ses decks")
        say_dealt(ctx, player, drawn, ["rb.setup-deal", "rb.privacy"], shuffles)


def _own(ctx: RiftboundCtx, player: str, what: Text) -> str:
    return only_the_player(ctx, player, ["rb.privacy"], what)


def may_draw(ctx: RiftboundCtx, action: Draw) -> None:
    """rb.privacy: the player's own (the judge for them), from a main deck with a card in it."""
    player = _own(ctx, action.player, Text(en="draw from their deck", fr="piocher dans son deck"))
    if not ctx.state.in_zone(Zone.MAIN_DECK, player):
        raise RuleError(
            ["rb.turn"],
            f"{player}'s main deck is empty.",
            f"Le deck principal de {player} est vide.",
        )


def draw(ctx: RiftboundCtx, action: Draw) -> None:
    may_draw(ctx, action)
    player = action.player
    say_drawn(ctx, player, draw_cards(ctx, player, action.count), ["rb.turn", "rb.privacy"])


def may_channel(ctx: RiftboundCtx, action: Channel) -> None:
    """rb.runes: the player's own (the judge for them), from a rune deck with a rune in it."""
    player = _own(ctx, action.player, Text(en="channel their runes", fr="canaliser ses runes"))
    if not ctx.state.in_zone(Zone.RUNE_DECK, player):
        raise RuleError(
            ["rb.runes"],
            f"{player}'s rune deck is empty.",
            f"Le deck de runes de {player} est vide.",
        )


def channel(ctx: RiftboundCtx, action: Channel) -> None:
    """Runes go from the top of the rune deck onto the board, face up: everyone sees them."""
    may_channel(ctx, action)
    player = action.player
    runes = take_top(ctx, player, Zone.RUNE_DECK, Zone.RUNES, action.count)
    count = runes_said(len(runes))
    ctx.emit(
        "channel",
        ["rb.turn", "rb.runes"],
        Text(
            en=f"{player} channels {count.en}: {names_of(runes).en}.",
            fr=f"{player} canalise {count.fr} : {names_of(runes).fr}.",
        ),
        objects=[r.id for r in runes],
    )


def may_score(ctx: RiftboundCtx, action: Score) -> None:
    """rb.conquer-hold: the player's own score (the judge for them), never below 0."""
    player = _own(ctx, action.player, Text(en="change their score", fr="changer son score"))
    if rb(ctx.state).points.get(player, 0) + action.amount < 0:
        raise RuleError(
            ["rb.conquer-hold"],
            "A score can't go below 0.",
            "Un score ne peut pas descendre sous 0.",
        )


def score(ctx: RiftboundCtx, action: Score) -> None:
    may_score(ctx, action)
    player = action.player
    table = rb(ctx.state)
    now = table.points.get(player, 0) + action.amount
    table.points[player] = now
    verb_en, verb_fr = ("scores", "marque") if action.amount > 0 else ("loses", "perd")
    points_en, points_fr = plural_pair(
        abs(action.amount), ("# point", "# points"), ("# point", "# points")
    )
    ctx.emit(
        "score",
        ["rb.conquer-hold"],
        Text(
            en=f"{player} {verb_en} {points_en} ({now}).",
            fr=f"{player} {verb_fr} {points_fr} ({now}).",
        ),
    )
    if action.amount > 0 and now >= table.victory_score:
        finish(ctx, player)
