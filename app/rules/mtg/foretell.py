"""Foretell (702.143): during their own turn a player pays {2} and exiles a card with
foretell from their hand face down (a special action: 702.143b); only they may look at it
while it stays exiled (702.143a, 406.3). On a later turn they may cast it for its foretell
cost (702.143a), turned face up just before (406.3a): app.rules.mtg.exile.cast_from_exile
asks `foretold_cost` here. Mana is shown, not tracked.

Effects complete it: foretelling on any player's turn (Cosmos Charger), foretell given to
cards in hand with a cost of their mana cost reduced by {2} (Dream Devourer) — both
permission effects (app.rules.mtg.permissions) — and a card that becomes foretold by an
effect (702.143d: Ethereal Valkyrie, `become_foretold`)."""

from __future__ import annotations

from app.rules.core.errors import RuleError
from app.rules.core.events import Text
from app.rules.core.timing import refuse_seat_off_timing, say_off_timing
from app.rules.mtg.edition import require_current_rules
from app.rules.mtg.exile_actions import BecomeForetold, Foretell
from app.rules.mtg.exile_record import ExiledFaceDown
from app.rules.mtg.labels import exile_pile_label
from app.rules.mtg.mana import reduced
from app.rules.mtg.permissions import permission_for
from app.rules.mtg.state import MtgCtx, MtgObject, Zone
from app.rules.mtg.timing import foretell_timing

# What foretelling costs, whatever the card (702.143a).
FORETELL_PAYMENT = "{2}"


def foretell(ctx: MtgCtx, action: Foretell) -> None:
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
    any_turn = None
    off = None
    if state.active_player != player:
        # Cosmos Charger: "can be done on any player's turn".
        any_turn = permission_for(ctx, obj, "foretell_any_turn")
        if any_turn is None:
            off = refuse_seat_off_timing(ctx, foretell_timing(state, player))  # 116.2h
    card = obj.card
    given = None
    if card.foretell is None:
        # Dream Devourer: a nonland card without foretell has it, for its mana cost
        # reduced by {2}; the card keeps that cost once foretold, whatever happens to the
        # effect's source (it is the foretold card's own from then on).
        grant = permission_for(ctx, obj, "gain_foretell")
        given = reduced(card.mana_cost, 2) if grant is not None else None
        if given is None:
            raise RuleError(
                ["702.143a"],
                "That card has no foretell.",
                "Cette carte n'a pas la prédiction.",
            )
    # A new object (400.7): nothing links it to the card that was in the hand, and what
    # others knew of the cards left in that hand is forgotten (Ctx.relocate).
    exiled = ctx.relocate(obj, Zone.EXILE, face_down=True)
    exiled.known_to = [player]
    label, cost = _foretold(ctx, exiled, player, given)
    when_en = (
        f" on {state.active_player}'s turn ({any_turn.source or 'an effect'})" if any_turn else ""
    )
    when_fr = (
        f" pendant le tour de {state.active_player} ({any_turn.source or 'un effet'})"
        if any_turn
        else ""
    )
    ctx.emit(
        "foretell",
        ["702.143a", "702.143b", "406.3", "406.4"],
        Text(
            en=f"{player} pays {FORETELL_PAYMENT} and foretells a card{when_en}: exiled from "
            f"their hand face down ({label.en}). {_foretold_en(player)}",
            fr=f"{player} paie {FORETELL_PAYMENT} et prédit une carte{when_fr} : exilée de sa "
            f"main face cachée ({label.fr}). {_foretold_fr(player)}",
        ),
        private=Text(
            en=f"It is {card.name} (foretell {cost}).",
            fr=f"C'est {card.name_fr or card.name} (prédiction {cost}).",
        ),
        private_to=[player],
        objects=[exiled.id],
    )
    say_off_timing(ctx, off)


def _foretold(
    ctx: MtgCtx, exiled: MtgObject, player: str, given: str | None, source: str = ""
) -> tuple[Text, str | None]:
    """`exiled` (face down in exile) is foretold by its owner `player` now (702.143a, d):
    only they may look at it (406.3). `given`: a foretell cost an effect gave it. Its public
    label, and the foretell cost it will be cast for."""
    exiled.exiled = ExiledFaceDown(
        via="foretell", by=player, turn=ctx.state.turn, look="owner", source=source
    )
    exiled.foretell_cost = given
    label = exile_pile_label(exiled)
    assert label is not None
    return label, given or exiled.card.foretell


def _foretold_en(player: str) -> str:
    """What everyone reads of a foretold card (406.3, 702.143a): who may look, and when."""
    return (
        f"Only {player} may look at it while it stays exiled; they may cast it on a later turn "
        "for its foretell cost."
    )


def _foretold_fr(player: str) -> str:
    return (
        f"Seul {player} peut la regarder tant qu'elle reste en exil ; il pourra la lancer lors "
        "d'un tour ultérieur pour son coût de prédiction."
    )


def foretold_cost(ctx: MtgCtx, obj: MtgObject) -> str:
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
    # 702.143d: a cost an effect gave it (Ethereal Valkyrie, Dream Devourer) — else its own.
    cost = obj.foretell_cost or obj.card.foretell
    if cost is None:
        raise RuleError(
            ["702.143a"],
            "That card has no foretell cost to cast it for.",
            "Cette carte n'a pas de coût de prédiction.",
        )
    return cost


def become_foretold(ctx: MtgCtx, action: BecomeForetold) -> None:
    """702.143d: an effect makes a card foretold (Ethereal Valkyrie: "exile a card from your
    hand face down. It becomes foretold. Its foretell cost is its mana cost reduced by {2}").
    Not the special action: no {2}, any turn, any card. A card from the hand is exiled face
    down first; a card already exiled face down (by its owner's effect) just becomes foretold.
    Like a foretold card, it may be cast for that cost on a later turn (702.143a)."""
    obj = ctx.find(action.object)
    require_current_rules(ctx, "Foretell", "La prédiction")
    if obj.zone == Zone.HAND:
        player = ctx.acting_as(
            obj.owner,
            ["702.143d"],
            "Only its owner exiles a card from their hand.",
            "Seul son propriétaire exile une carte de sa main.",
        )
        card = obj.card
        exiled = ctx.relocate(obj, Zone.EXILE, face_down=True)
        exiled.known_to = [player]
        from_en, from_fr = "exiled from their hand face down", "exilée de sa main face cachée"
    elif obj.zone == Zone.EXILE and obj.face_down and obj.exiled is not None:
        player = ctx.acting_as(
            obj.exiled.by,
            ["702.143d"],
            f"Only {obj.exiled.by}, whose effect exiled it, makes it foretold.",
            f"Seul {obj.exiled.by}, dont l'effet l'a exilée, la rend prédite.",
        )
        if player != obj.owner:
            raise RuleError(
                ["702.143d", "702.143a"],
                "A foretold card is cast by its owner: only a card you own becomes foretold.",
                "Une carte prédite se lance par son propriétaire : seule une carte à vous "
                "devient prédite.",
            )
        card = obj.card
        exiled = obj
        from_en, from_fr = "already exiled face down", "déjà exilée face cachée"
    else:
        raise RuleError(
            ["702.143d"],
            "Only a card in its owner's hand or exiled face down can become foretold.",
            "Seule une carte en main ou exilée face cachée peut devenir prédite.",
        )
    given = reduced(card.mana_cost, 2) if action.cost == "mana_cost_minus_2" else None
    label, cost = _foretold(ctx, exiled, player, given, action.source.strip())
    by = f" ({action.source.strip()})" if action.source.strip() else ""
    ctx.emit(
        "become_foretold",
        ["702.143d", "702.143c", "406.3", "406.4"],
        Text(
            en=f"A card of {player}'s becomes foretold{by}: {from_en} ({label.en}). "
            f"{_foretold_en(player)}",
            fr=f"Une carte de {player} devient prédite{by} : {from_fr} ({label.fr}). "
            f"{_foretold_fr(player)}",
        ),
        private=Text(
            en=f"It is {card.name} (foretell cost {cost or 'none'}).",
            fr=f"C'est {card.name_fr or card.name} (coût de prédiction {cost or 'aucun'}).",
        ),
        private_to=[player],
        objects=[exiled.id],
    )
