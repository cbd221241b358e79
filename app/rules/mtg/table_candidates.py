"""What a casual Magic table offers (app.rules.mtg.table): draw, mill, look, reveal, shuffle,
the London mulligan, life, dice and a coin (a token copy of a permanent is on its sheet:
token_copy_candidate). The engine decides which are legal; a
seat's offer about another player becomes a proposal (app.rules.core.proposals).

The pages show these in the "Table" panel (templates/partials/table_actions.html), where a
number typed beside a button (how many cards, how much life, how many sides) replaces the
action's own `count`, `amount` or `sides` (app/web/pages/game.py)."""

from __future__ import annotations

from typing import Any

from app.rules.core.events import Text
from app.rules.core.words import plural_pair
from app.rules.mtg.labels import describe
from app.rules.mtg.state import MtgGame, MtgObject

# The action types shown in the Table panel rather than the action bar.
TABLE_ACTIONS: tuple[str, ...] = (
    "draw", "mill", "look_top", "reveal_top", "shuffle", "mulligan", "keep", "mulligan_bottom",
    "life", "create_token", "roll_die", "flip_coin",
    "manifest_dread",  # 701.62 (app.rules.mtg.manifest_candidates)
)  # fmt: skip

# A seat acting on another player's library, hand, life or tokens asks them first.
TABLE_PROPOSABLE = frozenset(
    {"draw", "shuffle", "mill", "look_top", "reveal_top", "life", "create_token"}
)


def table_candidates(state: MtgGame, actor: str | None) -> list[tuple[dict[str, Any], Text]]:
    """The judge's for every player; a seat's for itself, plus making another player lose
    life (damage: proposed to them)."""
    out: list[tuple[dict[str, Any], Text]] = []

    def add(action: dict[str, Any], en: str, fr: str) -> None:
        out.append((action, Text(en=en, fr=fr)))

    for player in state.player_names():
        mine = actor is None or actor == player
        if mine:
            for kind, en, fr in (
                ("draw", "Draw", "Piocher"),
                ("mill", "Mill", "Meuler"),
                ("look_top", "Look at the top", "Regarder le dessus"),
                ("reveal_top", "Reveal the top", "Révéler le dessus"),
            ):
                add({"type": kind, "player": player, "count": 1}, f"{en} ({player})",
                    f"{fr} ({player})")  # fmt: skip
            add({"type": "shuffle", "player": player}, f"Shuffle ({player})",
                f"Mélanger ({player})")  # fmt: skip
            add({"type": "mulligan", "player": player}, f"Mulligan ({player})",
                f"Mulligan ({player})")  # fmt: skip
            add({"type": "keep", "player": player}, f"Keep this hand ({player})",
                f"Garder cette main ({player})")  # fmt: skip
            add({"type": "life", "player": player, "amount": 1}, f"Gain life ({player})",
                f"Gagner des points de vie ({player})")  # fmt: skip
        add({"type": "life", "player": player, "amount": -1}, f"Lose life ({player})",
            f"Perdre des points de vie ({player})")  # fmt: skip
    add({"type": "roll_die", "sides": 6}, "Roll a die", "Lancer un dé")
    add({"type": "flip_coin"}, "Flip a coin", "Lancer une pièce")
    return out


def token_copy_candidate(
    state: MtgGame, obj: MtgObject, actor: str | None
) -> tuple[dict[str, Any], Text]:
    """A token copy of a permanent (707.2): a button on its sheet, so the Table panel does not
    grow with the board. A copy takes only copiable values: a face-down one is named by its
    public label (its copy is a nameless 2/2), whoever may see its face. The judge's is for
    the permanent's controller: one button per permanent, not per player."""
    shown = describe(state, obj, face=not obj.face_down)
    player = actor if actor is not None else obj.controller
    return (
        {"type": "create_token", "player": player, "copy_of": obj.id, "count": 1},
        Text(en=f"Token copy of {shown.en} ({player})", fr=f"Jeton copie de {shown.fr} ({player})"),
    )


def describe_table_action(state: MtgGame, action: Any) -> Text:
    """A proposed table action in public words (a proposal's text is public: no names of
    hidden cards; a copied face-down permanent by its public label)."""
    player = action.player
    kind = action.type
    count = getattr(action, "count", 1)
    cards_en, cards_fr = plural_pair(count, ("# card", "# cards"), ("# carte", "# cartes"))
    top_en, top_fr = plural_pair(
        count, ("the top card", "the top # cards"), ("la carte", "les # cartes")
    )
    if kind == "draw":
        return Text(en=f"{player} draws {cards_en}", fr=f"{player} pioche {cards_fr}")
    if kind == "mill":
        return Text(en=f"{player} mills {cards_en}", fr=f"{player} meule {cards_fr}")
    if kind == "look_top":
        return Text(
            en=f"look at {top_en} of {player}'s library",
            fr=f"regarder {top_fr} du dessus de la bibliothèque de {player}",
        )
    if kind == "reveal_top":
        return Text(
            en=f"{player} reveals {top_en} of their library",
            fr=f"{player} révèle {top_fr} du dessus de sa bibliothèque",
        )
    if kind == "shuffle":
        return Text(en=f"{player} shuffles their library", fr=f"{player} mélange sa bibliothèque")
    if kind == "life":
        verb_en, verb_fr = ("gains", "gagne") if action.amount > 0 else ("loses", "perd")
        life_en, life_fr = plural_pair(
            abs(action.amount), ("# life", "# life"), ("# point de vie", "# points de vie")
        )
        return Text(en=f"{player} {verb_en} {life_en}", fr=f"{player} {verb_fr} {life_fr}")
    source = state.get(action.copy_of) if action.copy_of else None
    if getattr(action, "face_down", False):
        # A token created face down: what it is stays hidden from the others (708.2).
        shown = Text(en="face down (2/2)", fr="face cachée (2/2)")
    elif source is not None:
        shown = describe(state, source, face=not source.face_down)
    else:
        card = action.card
        shown = card.shown_name() if card else Text(en="?", fr="?")
    tokens_en, tokens_fr = plural_pair(
        action.count, ("# token", "# tokens"), ("# jeton", "# jetons")
    )
    return Text(
        en=f"{player} creates {tokens_en}: {shown.en}", fr=f"{player} crée {tokens_fr} : {shown.fr}"
    )
