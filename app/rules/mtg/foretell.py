"""Foretell (702.143): during their own turn a player pays {2} and exiles a card with
foretell from their hand face down (a special action: 702.143b); only they may look at it
while it stays exiled (702.143a, 406.3). On a later turn they may cast it for its foretell
cost (702.143a), turned face up just before (406.3a): app.rules.mtg.exile.cast_from_exile
asks `foretold_cost` here. Mana is shown, not tracked."""

from __future__ import annotations

from app.rules.core.context import Ctx
from app.rules.core.errors import RuleError
from app.rules.core.events import Text
from app.rules.mtg.edition import require_current_rules
from app.rules.mtg.exile_actions import Foretell
from app.rules.mtg.exile_record import ExiledFaceDown
from app.rules.mtg.labels import exile_pile_label
from app.rules.mtg.state import MtgObject, Zone

# What foretelling costs, whatever the card (702.143a).
FORETELL_PAYMENT = "{2}"


def foretell(ctx: Ctx, action: Foretell) -> None:
    obj = ctx.find(action.object)
    require_current_rules(ctx, "Foretell", "La prédiction")
    if obj.zone != Zone.HAND:
        raise RuleError(
            ["702.143a"],
            "Only a card in its owner's hand can be foretold.",
            "Seule une carte dans la main de son propriétaire peut être prédite.",
        )
    player = ctx.acting_as(
        obj.owner,
        ["702.143a"],
        "Only its owner foretells a card from their hand.",
        "Seul son propriétaire prédit une carte de sa main.",
    )
    state = ctx.state
    if state.active_player != player:
        raise RuleError(
            ["702.143a"],
            f"A card is foretold only during its owner's own turn; it is {state.active_player}'s "
            "turn.",
            f"On ne prédit une carte que pendant son propre tour ; c'est le tour de "
            f"{state.active_player}.",
        )
    card = obj.card
    if card.foretell is None:
        raise RuleError(
            ["702.143a"],
            "That card has no foretell.",
            "Cette carte n'a pas la prédiction.",
        )
    # A new object (400.7): nothing links it to the card that was in the hand, and what
    # others knew of the cards left in that hand is forgotten (Ctx.relocate).
    exiled = ctx.relocate(obj, Zone.EXILE, face_down=True)
    exiled.known_to = [player]
    exiled.exiled = ExiledFaceDown(via="foretell", by=player, turn=state.turn, look="owner")
    label = exile_pile_label(exiled)
    assert label is not None
    ctx.emit(
        "foretell",
        ["702.143a", "702.143b", "406.3", "406.4"],
        Text(
            en=f"{player} pays {FORETELL_PAYMENT} and foretells a card: exiled from their hand "
            f"face down ({label.en}). Only {player} may look at it while it stays exiled; they "
            "may cast it on a later turn for its foretell cost.",
            fr=f"{player} paie {FORETELL_PAYMENT} et prédit une carte : exilée de sa main face "
            f"cachée ({label.fr}). Seul {player} peut la regarder tant qu'elle reste en exil ; il "
            "pourra la lancer lors d'un tour ultérieur pour son coût de prédiction.",
        ),
        private=Text(
            en=f"It is {card.name} (foretell {card.foretell}).",
            fr=f"C'est {card.name_fr or card.name} (prédiction {card.foretell}).",
        ),
        private_to=[player],
        objects=[exiled.id],
    )


def foretold_cost(ctx: Ctx, obj: MtgObject) -> str:
    """The cost a foretold card is cast for now, or the refusal: it must have been foretold
    (702.143c), on an earlier turn (702.143a), and have a foretell cost. The caller has
    checked the caster may look at it (406.3b), so the card's own facts are theirs to hear."""
    record = obj.exiled
    if record is None or record.via != "foretell" or not obj.face_down:
        raise RuleError(
            ["702.143c"],
            "That card was not foretold: only a card exiled face down with its foretell "
            "ability is cast for its foretell cost.",
            "Cette carte n'a pas été prédite : seule une carte exilée face cachée par sa "
            "prédiction se lance pour son coût de prédiction.",
        )
    if ctx.state.turn <= record.turn:
        raise RuleError(
            ["702.143a"],
            f"A foretold card can be cast only on a later turn than the one it was foretold "
            f"on (turn {record.turn}).",
            f"Une carte prédite ne peut être lancée que lors d'un tour ultérieur à celui où "
            f"elle a été prédite (tour {record.turn}).",
        )
    cost = obj.card.foretell
    if cost is None:
        raise RuleError(
            ["702.143a"],
            "That card has no foretell cost to cast it for.",
            "Cette carte n'a pas de coût de prédiction.",
        )
    return cost
